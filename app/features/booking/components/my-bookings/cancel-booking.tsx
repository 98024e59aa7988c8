import { Form, useNavigation } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import type { MyBookingDetail } from "~/features/booking/my-bookings.server";
import type { CancelBookingError } from "~/features/booking/my-bookings.schema";
import { formatDate, formatMoney, type Language } from "~/lib/i18n";
import "~/locales/texts/my-bookings";

const berlinTime = (language: Language) =>
  new Intl.DateTimeFormat(language === "en" ? "en-GB" : "de-DE", {
    timeZone: "Europe/Berlin",
    hour: "2-digit",
    minute: "2-digit",
  });
const berlinDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" });

/**
 * The cancel dialog's content: the fee at this moment (or "kostenlos"), the terms the booking
 * was made under (stored with it, decision 080), and a POST form confirming it. The shown fee
 * travels with the form; the server never charges more.
 */
export function CancelBooking({
  booking,
  quote,
  error,
  keepTo,
}: {
  booking: MyBookingDetail;
  /** null when the booking cannot be cancelled (anymore) */
  quote: { fee: number; isFree: boolean; freeUntil: string } | null;
  error: CancelBookingError | null;
  keepTo: string;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const money = (cents: number) => formatMoney(cents, language);
  const freeUntil = quote ? new Date(quote.freeUntil) : null;
  const terms = booking.cancellationTerms;

  return (
    <div className="space-y-4">
      {error && <Banner tone="error">{t(`myBookings.cancel.errors.${error}`)}</Banner>}
      <p className="text-slate-800">
        {t("myBookings.cancel.question", {
          number: booking.number,
          property: booking.property.title,
          checkIn: formatDate(booking.checkIn, language),
          checkOut: formatDate(booking.checkOut, language),
        })}
      </p>
      {quote && freeUntil ? (
        <>
          <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200" data-testid="cancel-fee">
            {quote.isFree ? (
              <>
                <p className="font-semibold text-green-900">{t("myBookings.cancel.free")}</p>
                <p className="text-sm text-slate-700">
                  {t("myBookings.cancel.freeUntil", {
                    date: formatDate(berlinDay.format(freeUntil), language),
                    time: berlinTime(language).format(freeUntil),
                  })}
                </p>
              </>
            ) : (
              <p className="font-semibold text-red-900">
                {t("myBookings.cancel.fee", {
                  fee: money(quote.fee),
                  percentage: terms.cancellationFeePercentage,
                  total: money(booking.price.totalPrice),
                })}
              </p>
            )}
          </div>
          <p className="text-sm text-slate-700">
            {t("myBookings.cancel.terms", {
              hours: terms.freeCancellationHours,
              percentage: terms.cancellationFeePercentage,
            })}
          </p>
          <Form method="post" preventScrollReset className="flex flex-wrap justify-end gap-3">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="bookingId" value={booking.id} />
            <input type="hidden" name="quotedFee" value={quote.fee} />
            <LinkButton to={keepTo} preventScrollReset replace variant="subtle" size="md">
              {t("myBookings.cancel.keep")}
            </LinkButton>
            <Button type="submit" variant="danger" disabled={isSubmitting}>
              {quote.isFree
                ? t("myBookings.cancel.confirm")
                : t("myBookings.cancel.confirmWithFee")}
            </Button>
          </Form>
        </>
      ) : (
        <p className="font-medium text-slate-900">{t("myBookings.cancel.notCancellable")}</p>
      )}
    </div>
  );
}
