/**
 * The payload of an EPC QR code ("GiroCode"; European Payments Council, EPC069-12 version 2):
 * what a banking app reads to fill in a SEPA credit transfer. One line per field, in this order:
 *
 *   BCD · 002 · 1 (UTF-8) · SCT · BIC · name · IBAN · EUR<amount> · purpose · structured
 *   reference · unstructured remittance text
 *
 * We put the booking number into the unstructured text (line 11), as the payment instructions
 * ask the guest to do, and leave purpose and structured reference empty. The standard allows at
 * most 331 bytes; names are cut at 70 characters, the text at 140. Amounts are euros with at
 * most two decimals, from 0.01 to 999,999,999.99. The QR code itself must use error correction
 * level M (the image is made on the server, see app/lib/payment-qr.server.ts).
 */
export type EpcTransfer = {
  /** account holder (the payee) */
  name: string;
  iban: string;
  /** optional within the EEA since version 2 */
  bic?: string;
  /** cents, > 0 */
  amount: number;
  /** what the payer's bank passes on: the booking number */
  text: string;
};

const MAX_BYTES = 331;

export function epcPayload(transfer: EpcTransfer): string {
  const iban = transfer.iban.replace(/\s+/g, "").toUpperCase();
  const bic = (transfer.bic ?? "").replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) throw new RangeError("invalid IBAN");
  if (bic && !/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) throw new RangeError("invalid BIC");
  if (!Number.isSafeInteger(transfer.amount) || transfer.amount < 1) {
    throw new RangeError(`invalid amount: ${transfer.amount}`);
  }
  if (transfer.amount > 99_999_999_999) throw new RangeError("amount too large");
  const clean = (value: string, max: number) =>
    Array.from(value.replace(/[\r\n]+/g, " ").trim())
      .slice(0, max)
      .join("");
  const name = clean(transfer.name, 70);
  if (!name) throw new RangeError("the payee's name is required");
  const lines = [
    "BCD",
    "002",
    "1",
    "SCT",
    bic,
    name,
    iban,
    `EUR${(transfer.amount / 100).toFixed(2)}`,
    "",
    "",
    clean(transfer.text, 140),
  ];
  const payload = lines.join("\n");
  if (new TextEncoder().encode(payload).byteLength > MAX_BYTES) {
    throw new RangeError("EPC payload longer than 331 bytes");
  }
  return payload;
}
