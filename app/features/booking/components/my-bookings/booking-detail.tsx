import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { LinkButton } from "~/components/ui/button";
import { BookingFacts, StoredBreakdown } from "../stored-breakdown";
import { PaymentInstructions } from "~/features/booking/components/payment-instructions";
import type { MyBookingDetail } from "~/features/booking/my-bookings.server";
import { imageUrls } from "~/lib/image-urls";
import { formatDate, formatMoney, type Language } from "~/lib/i18n";
import { DebitProcessingBadge } from "../debit-processing-badge";
import { StatusBadge } from "./status-badge";
import "~/locales/texts/booking-success";
import "~/locales/texts/my-bookings";

/** The detail dialog's content: the stay, the stored breakdown and, if due, how to pay. */
export function BookingDetail({
  booking,
  cancelTo,
}: {
  booking: MyBookingDetail;
  cancelTo: string;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const money = (cents: number) => formatMoney(cents, language);
  const image = booking.property.image && imageUrls(booking.property.image);
  const { price } = booking;

  const details: [string, ReactNode][] = [
    [
      t("bookingSuccess.number"),
      <span key="n" className="font-mono" data-testid="detail-number">
        {booking.number}
      </span>,
    ],
    [t("bookingSuccess.status"), <StatusBadge key="s" status={booking.status} />],
    [t("bookingSuccess.checkIn"), formatDate(booking.checkIn, language)],
    [t("bookingSuccess.checkOut"), formatDate(booking.checkOut, language)],
    [t("bookingSuccess.nights"), booking.nights],
    [t("bookingSuccess.guests"), booking.guests],
    [t("bookingSuccess.paymentMethod"), t(`paymentMethods.${booking.paymentMethod}`)],
  ];
  // The debit is on its way: said instead of leaving the guest to wonder whether it is open.
  if (booking.isDebitProcessing) {
    details.push([t("myBookings.detail.payment"), <DebitProcessingBadge key="p" />]);
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-4 sm:flex-row">
        {image?.src && (
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes="(min-width: 640px) 192px, 100vw"
            alt=""
            width={192}
            height={128}
            className="aspect-[3/2] w-full rounded-lg object-cover sm:w-48"
          />
        )}
        <div>
          <p className="text-lg font-semibold text-slate-900">
            <Link
              to={`/properties/${booking.property.id}`}
              className="underline-offset-2 hover:underline"
            >
              {booking.property.title}
            </Link>
          </p>
          <p className="text-slate-700">{booking.property.location}</p>
        </div>
      </div>

      <BookingFacts items={details} />
      {booking.isDebitProcessing && (
        <p className="text-slate-700">{t("myBookings.detail.debitProcessingHint")}</p>
      )}

      <section aria-labelledby="detail-breakdown" className="rounded-xl bg-white p-4">
        <h3 id="detail-breakdown" className="text-lg font-semibold text-secondary">
          {t("bookingSuccess.breakdown")}
        </h3>
        <StoredBreakdown price={price} totalTestId="detail-total">
          {booking.status === "cancelled" && booking.cancellationFee !== null && (
            <div className="flex justify-between gap-4 text-slate-700">
              <dt>{t("myBookings.detail.cancellationFee")}</dt>
              <dd className="tabular-nums">
                {booking.cancellationFee === 0
                  ? t("myBookings.list.free")
                  : money(booking.cancellationFee)}
              </dd>
            </div>
          )}
        </StoredBreakdown>
      </section>

      {booking.status !== "cancelled" && (
        <section
          aria-labelledby="detail-payments"
          className="rounded-xl bg-white p-4"
          data-testid="detail-payments"
        >
          <h3 id="detail-payments" className="text-lg font-semibold text-secondary">
            {t("myBookings.detail.paymentsHeading")}
          </h3>
          <dl className="mt-2 space-y-1">
            {booking.payments.items.map((item) => (
              <div
                key={item.kind}
                className="flex flex-wrap justify-between gap-x-4 text-slate-700"
              >
                <dt>
                  {t("myBookings.detail.paymentItem", {
                    kind: t(`myBookings.overview.paymentKinds.${item.kind}`),
                    date: formatDate(item.dueDate, language),
                  })}
                </dt>
                <dd className="tabular-nums">
                  {money(item.amount)} ·{" "}
                  <span
                    className={
                      item.open === 0
                        ? "font-medium text-green-800"
                        : item.isOverdue
                          ? "font-medium text-red-800"
                          : "font-medium text-slate-900"
                    }
                  >
                    {t(
                      item.open === 0
                        ? "myBookings.detail.itemPaid"
                        : item.isOverdue
                          ? "myBookings.detail.itemOverdue"
                          : "myBookings.detail.itemOpen",
                    )}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 font-semibold text-slate-900" data-testid="detail-paid">
            {booking.payments.open === 0
              ? t("myBookings.detail.paidInFull", { total: money(booking.price.totalPrice) })
              : t("myBookings.detail.paidOf", {
                  paid: money(booking.payments.received),
                  total: money(booking.price.totalPrice),
                })}
          </p>
        </section>
      )}

      {booking.status === "cancelled" && booking.amountPaid > 0 && (
        <section
          aria-labelledby="detail-refund"
          className="rounded-xl bg-white p-4"
          data-testid="detail-refund"
        >
          <h3 id="detail-refund" className="text-lg font-semibold text-secondary">
            {t("myBookings.detail.refundHeading")}
          </h3>
          <dl className="mt-2 space-y-1">
            <div className="flex justify-between gap-4 text-slate-700">
              <dt>{t("myBookings.detail.paid")}</dt>
              <dd className="tabular-nums">{money(booking.amountPaid)}</dd>
            </div>
            {booking.refunds.map((refund, index) => (
              <div key={index} className="flex justify-between gap-4 text-slate-900">
                <dt>
                  {refund.status === "refunded" && refund.refundedOn
                    ? t("myBookings.detail.refundedOn", {
                        date: formatDate(refund.refundedOn, language),
                      })
                    : t(
                        refund.method === "bank-transfer"
                          ? "myBookings.detail.refundOpenTransfer"
                          : refund.status === "pending"
                            ? "myBookings.detail.refundPending"
                            : "myBookings.detail.refundOpen",
                      )}
                </dt>
                <dd className="font-semibold tabular-nums">{money(refund.amount)}</dd>
              </div>
            ))}
          </dl>
          {booking.refunds.length === 0 && (
            <p className="mt-2 text-slate-700">{t("myBookings.detail.noRefund")}</p>
          )}
        </section>
      )}

      {booking.paymentMethod === "bank-transfer" &&
        (booking.status === "pending" || booking.paymentQr !== null) && (
          <PaymentInstructions
            bookingNumber={booking.number}
            totalPrice={price.totalPrice}
            bookingDay={booking.bookingDay}
            checkIn={booking.checkIn}
            paymentTerms={booking.paymentTerms}
            bankAccount={booking.bankAccount}
            paymentQr={booking.paymentQr}
            headingLevel="h3"
          />
        )}

      {booking.isCancellable && (
        <p>
          <LinkButton to={cancelTo} preventScrollReset replace variant="dangerOutline" size="md">
            {t("myBookings.list.cancel")}
          </LinkButton>
        </p>
      )}
    </div>
  );
}
