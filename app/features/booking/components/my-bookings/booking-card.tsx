import { CalendarDays, MapPin, Users } from "~/components/ui/icons";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { LinkButton } from "~/components/ui/button";
import type { MyBooking } from "~/features/booking/my-bookings.server";
import { ReviewAction } from "~/features/reviews/components/review-action";
import { imageUrls } from "~/lib/image-urls";
import { formatDate, formatMoney, type Language } from "~/lib/i18n";
import { DebitProcessingBadge } from "../debit-processing-badge";
import { StatusBadge } from "./status-badge";
import "~/locales/texts/booking-success";
import "~/locales/texts/my-bookings";

/** One booking in "Meine Buchungen": what, when, how much, and what the guest can do with it. */
export function BookingCard({
  booking,
  detailsTo,
  cancelTo,
}: {
  booking: MyBooking;
  detailsTo: string;
  cancelTo: string;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const image = booking.property.image && imageUrls(booking.property.image);
  const headingId = `booking-${booking.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row"
      data-testid="booking-card"
      data-booking-id={booking.id}
    >
      {image?.src ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="(min-width: 640px) 192px, 100vw"
          alt=""
          width={192}
          height={128}
          loading="lazy"
          className="aspect-[3/2] w-full shrink-0 rounded-lg object-cover sm:w-48"
        />
      ) : (
        <div aria-hidden className="aspect-[3/2] w-full shrink-0 rounded-lg bg-slate-200 sm:w-48" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              <Link
                to={`/properties/${booking.property.id}`}
                className="underline-offset-2 hover:underline"
              >
                {booking.property.title}
              </Link>
            </h2>
            <p className="flex items-center gap-1 text-slate-700">
              <MapPin aria-hidden className="size-4 shrink-0" />
              {booking.property.location}
            </p>
            {/* The number the guest quotes on the phone and in a bank transfer. */}
            <p className="mt-1 text-sm text-slate-700">
              {t("myBookings.list.number")}:{" "}
              <span className="font-mono font-medium text-slate-900" data-testid="booking-number">
                {booking.number}
              </span>
            </p>
          </div>
          <StatusBadge status={booking.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-slate-700">{t("myBookings.list.dates")}</dt>
            <dd className="flex items-center gap-1 font-medium text-slate-900">
              <CalendarDays aria-hidden className="size-4 shrink-0" />
              <span>
                {formatDate(booking.checkIn, language)} – {formatDate(booking.checkOut, language)}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">{t("bookingSuccess.nights")}</dt>
            <dd className="font-medium text-slate-900">{booking.nights}</dd>
          </div>
          <div>
            <dt className="text-slate-700">{t("bookingSuccess.guests")}</dt>
            <dd className="flex items-center gap-1 font-medium text-slate-900">
              <Users aria-hidden className="size-4" />
              {booking.guests}
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">{t("bookingSuccess.total")}</dt>
            <dd className="font-medium text-slate-900 tabular-nums" data-testid="booking-total">
              {formatMoney(booking.totalPrice, language)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">{t("bookingSuccess.paymentMethod")}</dt>
            <dd className="font-medium text-slate-900">
              {t(`paymentMethods.${booking.paymentMethod}`)}
              {booking.isDebitProcessing && (
                <span className="mt-1 block">
                  <DebitProcessingBadge />
                </span>
              )}
            </dd>
          </div>
          {booking.status === "cancelled" && booking.cancellationFee !== null && (
            <div>
              <dt className="text-slate-700">{t("myBookings.list.cancellationFee")}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">
                {booking.cancellationFee === 0
                  ? t("myBookings.list.free")
                  : formatMoney(booking.cancellationFee, language)}
              </dd>
            </div>
          )}
        </dl>
        <div className="flex flex-wrap items-center gap-3">
          <LinkButton
            to={detailsTo}
            preventScrollReset
            aria-label={t("myBookings.list.detailsFor", { number: booking.number })}
            variant="outline"
            size="sm"
          >
            {t("myBookings.list.details")}
          </LinkButton>
          {booking.isCancellable && (
            <LinkButton
              to={cancelTo}
              preventScrollReset
              aria-label={t("myBookings.list.cancelFor", { number: booking.number })}
              variant="dangerOutline"
              size="sm"
            >
              {t("myBookings.list.cancel")}
            </LinkButton>
          )}
        </div>
        {booking.isReviewable && (
          <ReviewAction
            booking={{
              id: booking.id,
              propertyTitle: booking.property.title,
              review: booking.review,
            }}
          />
        )}
      </div>
    </article>
  );
}
