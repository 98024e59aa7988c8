import QRCode from "qrcode";
import { epcPayload, type EpcTransfer } from "~/domain/epc-qr";

/**
 * The EPC QR code ("GiroCode") of a bank transfer, drawn on the server with `qrcode` (decision
 * 019): error correction level M as EPC069-12 requires, a quiet zone of four modules. The SVG
 * goes into pages as a data URL (the CSP allows data: images; no script, no inline markup), the
 * PNG into e-mails as an inline attachment, which mail clients show where they block data URLs.
 */
const options = { errorCorrectionLevel: "M", margin: 4 } as const;

export async function paymentQrSvgDataUrl(transfer: EpcTransfer): Promise<string> {
  const svg = await QRCode.toString(epcPayload(transfer), { ...options, type: "svg" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

export async function paymentQrPng(transfer: EpcTransfer): Promise<Buffer> {
  return QRCode.toBuffer(epcPayload(transfer), { ...options, type: "png", width: 264 });
}
