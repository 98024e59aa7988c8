import type { StayCancellationTerms } from "~/domain/cancellation";
import { formatDate, formatMoney, type Language } from "~/lib/i18n";
import "~/locales/texts/booking";
import "~/locales/texts/stay";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The words of a stay's cancellation terms (`stayCancellationTerms`): the headline ("Kostenlos
 * stornierbar bis …", "Nicht kostenlos stornierbar – Stornogebühr …") and, while it is free and
 * a fee follows, the fee after the deadline as a second line. One wording for the booking page
 * beside the order button and the "Buchung bestätigt" e-mail that states the contract
 * (decision 080).
 */
export function stayCancellationLines(
  stay: StayCancellationTerms,
  t: Translate,
  language: Language,
): string[] {
  const money = (cents: number) => formatMoney(cents, language);
  if (stay.kind === "fee")
    return [t("booking.payment.stayCancellation.fee", { fee: money(stay.fee) })];
  if (stay.kind === "none") return [t("booking.payment.stayCancellation.none")];
  const date = formatDate(stay.day, language);
  const lines = [
    stay.time
      ? t("stay.freeCancellationAt", { date, time: stay.time })
      : t("stay.freeCancellation", { date }),
  ];
  if (stay.feeAfter > 0) {
    lines.push(
      t("booking.payment.stayCancellation.feeAfter", {
        fee: money(stay.feeAfter),
        percentage: stay.percentage,
      }),
    );
  }
  return lines;
}
