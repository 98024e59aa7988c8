import "~/locales/admin-texts";
import { ArrowLeft, Banknote, Send } from "lucide-react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  useNavigation,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Prose } from "~/components/content/prose";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Checkbox, Input, Select, Textarea } from "~/components/ui/input";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { Table, Td, Th } from "~/components/ui/table";
import { UrlDialog } from "~/components/ui/url-dialog";
import { dayInBerlin } from "~/domain/calendar-day";
import { formatIban } from "~/domain/payment-schedule";
import { storedPriceLines } from "~/domain/price";
import { Fragment } from "react";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  markRefundedSchema,
  recordPaymentSchema,
  seenAmountPaidSchema,
  seenStatusSchema,
  statusChangeSchema,
  type MarkRefundedField,
  type SeenStatus,
  type RecordPaymentField,
} from "~/features/booking/admin-bookings.schema";
import {
  changeBookingStatus,
  getAdminBooking,
  recordPayment,
  sendPaymentDetails,
} from "~/features/booking/admin-bookings.server";
import { DebitProcessingBadge } from "~/features/booking/components/debit-processing-badge";
import { PaymentStatusBadge } from "~/features/booking/components/admin/payment-status-badge";
import { RefundStateBadge } from "~/features/booking/components/admin/refund-state-badge";
import { cancelledMoneyState } from "~/features/booking/refund-state";
import { nextBalanceAttemptText } from "~/features/booking/next-balance-attempt";
import { markRefunded } from "~/features/booking/refunds.server";
import { StatusBadge } from "~/features/booking/components/my-bookings/status-badge";
import { parseForm } from "~/lib/form.server";
import { formatDate, formatMoney, getTranslator, languageFromCookie } from "~/lib/i18n";
import { imageUrls } from "~/lib/image-urls";
import { useTranslation } from "~/lib/i18n-react";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/booking-detail";
import "~/locales/texts/booking-success";

const NOTICES = [
  "status",
  "payment",
  "paymentConfirmed",
  "paymentToRefund",
  "paymentSurplus",
  "sent",
  "refunded",
] as const;
type Notice = (typeof NOTICES)[number];
const DIALOGS = ["stornieren", "zahlung", "zahlungsdaten", "erstattung"] as const;
type DialogName = (typeof DIALOGS)[number];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const url = new URL(request.url);
  const detail = await getAdminBooking(params.id, new Date());
  if (!detail) throw data({ notFound: true }, { status: 404 });
  const notice = url.searchParams.get("hinweis");
  const dialog = url.searchParams.get("dialog");
  return {
    ...detail,
    title: t("adminBookings.bookingTitle", { number: detail.booking.number }),
    today: dayInBerlin(new Date()),
    notice: NOTICES.includes(notice as Notice) ? (notice as Notice) : null,
    dialog: DIALOGS.includes(dialog as DialogName) ? (dialog as DialogName) : null,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Buchung" },
  { name: "robots", content: "noindex" },
];

type FormField = RecordPaymentField | MarkRefundedField;
type ActionData = {
  intent: "status" | "cancel" | "payment" | "send-details" | "mark-refunded";
  error: string;
  /** with "statusChanged": the booking's status now (decision 074) */
  current?: SeenStatus;
  /** with "paymentsChanged": cents received now and as the dialog showed them (decision 076) */
  received?: number;
  seenReceived?: number;
  /** with "exceedsOpen": cents open and the surplus, as the server computed them (decision 097) */
  open?: number;
  surplus?: number;
  fieldErrors?: Partial<Record<FormField, string>>;
  values?: Partial<Record<FormField, string>>;
};

/** The refusals that are not a wrong input (400). */
const ERROR_STATUS: Record<string, number> = {
  notFound: 404,
  failed: 500,
  datesTaken: 409,
  statusChanged: 409,
  paymentsChanged: 409,
  refundAtStripe: 409,
};
const statusOf = (error: string) => ERROR_STATUS[error] ?? 400;

/**
 * Refusals because the booking changed since the page was loaded (its status, decision 074; its
 * payments or a refund that went on its way to Stripe, decision 076) reload the page's data, so the admin
 * sees the booking as it is now next to the message (React Router skips that after a 4xx by
 * default).
 */
const RELOADING_ERRORS = new Set(["statusChanged", "paymentsChanged", "refundAtStripe"]);

export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const error = (actionResult as ActionData | undefined)?.error;
  if (error && RELOADING_ERRORS.has(error)) return true;
  return defaultShouldRevalidate;
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired({ intent: "status" as const });
  const form = await request.formData();
  const intent = form.get("intent");
  const back = (notice: Notice) => redirect(`/admin/bookings/${params.id}?hinweis=${notice}`);
  const fail = (data_: ActionData) => data(data_, { status: statusOf(data_.error) });
  const now = new Date();

  // The status the page showed when the admin clicked (decision 074); a form without it is not
  // this page's (or from before the field existed) and is refused: "Bitte laden Sie die Seite neu".
  const seenStatusOf = () => seenStatusSchema.safeParse(form.get("seenStatus")).data;

  if (intent === "status" || intent === "cancel") {
    const seenStatus = seenStatusOf();
    if (!seenStatus) return fail({ intent, error: "staleForm" });
    const parsed = statusChangeSchema.safeParse({
      status: intent === "cancel" ? "cancelled" : form.get("status"),
      fee: intent === "cancel" ? (form.get("fee") ?? undefined) : undefined,
    });
    if (!parsed.success || (intent === "cancel" && !parsed.data.fee)) {
      return fail({ intent, error: "invalid" });
    }
    const result = await changeBookingStatus({
      bookingId: params.id,
      status: parsed.data.status,
      seenStatus,
      fee: parsed.data.fee,
      actorId: admin.id,
      now,
    });
    if (!result.ok) {
      return fail({
        intent,
        error: result.error,
        ...("current" in result ? { current: result.current } : {}),
      });
    }
    throw back("status");
  }

  if (intent === "payment") {
    const seenStatus = seenStatusOf();
    // And what it showed received (decision 076): the same refusal when missing or garbled.
    const seenAmountPaid = seenAmountPaidSchema.safeParse(form.get("seenAmountPaid")).data;
    if (!seenStatus || seenAmountPaid === undefined) return fail({ intent, error: "staleForm" });
    const parsed = parseForm(form, recordPaymentSchema, {
      fields: ["amount", "receivedOn", "note", "confirm", "acceptSurplus"],
    });
    if (!parsed.ok) {
      return fail({
        intent,
        error: "invalid",
        fieldErrors: parsed.fieldErrors,
        values: parsed.values,
      });
    }
    const result = await recordPayment({
      bookingId: params.id,
      seenStatus,
      seenAmountPaid,
      ...parsed.data,
      actorId: admin.id,
      now,
    });
    if (!result.ok) {
      return fail({
        intent,
        error: result.error,
        ...("current" in result ? { current: result.current } : {}),
        ...("received" in result
          ? { received: result.received, seenReceived: result.seenReceived }
          : {}),
        ...("surplus" in result ? { open: result.open, surplus: result.surplus } : {}),
        fieldErrors:
          result.error === "dateInFuture"
            ? { receivedOn: "dateInFuture" }
            : result.error === "exceedsOpen"
              ? { amount: "exceedsOpen" }
              : undefined,
        values: parsed.values,
      });
    }
    throw back(
      result.refundDue
        ? "paymentToRefund"
        : result.surplus
          ? "paymentSurplus"
          : result.confirmed
            ? "paymentConfirmed"
            : "payment",
    );
  }

  if (intent === "send-details") {
    const account = form.get("bankAccountId");
    const result = await sendPaymentDetails({
      bookingId: params.id,
      bankAccountId: typeof account === "string" ? account : "",
      actorId: admin.id,
      now,
    });
    if (!result.ok) {
      return fail({ intent, error: result.error === "failed" ? "sendFailed" : result.error });
    }
    throw back("sent");
  }

  if (intent === "mark-refunded") {
    const parsed = parseForm(form, markRefundedSchema, {
      fields: ["refundId", "refundedOn", "note"],
    });
    if (!parsed.ok) {
      const { refundId: _refundId, ...fieldErrors } = parsed.fieldErrors;
      return fail({
        intent,
        error: "invalid",
        fieldErrors,
        values: { refundedOn: parsed.values.refundedOn, note: parsed.values.note },
      });
    }
    const result = await markRefunded({
      bookingId: params.id,
      ...parsed.data,
      actorId: admin.id,
      now,
    });
    if (!result.ok) {
      const dateError = result.error === "dateInFuture" || result.error === "dateBeforeRefund";
      return fail({
        intent,
        error: result.error,
        fieldErrors: dateError
          ? {
              refundedOn:
                result.error === "dateInFuture" ? "refundDateInFuture" : "dateBeforeRefund",
            }
          : undefined,
        values: { refundedOn: parsed.data.refundedOn, note: parsed.data.note },
      });
    }
    throw back("refunded");
  }

  return fail({ intent: "status", error: "invalid" });
}

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const sectionHeading = "text-lg font-semibold text-slate-900";

export default function AdminBookingDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "de";
  const money = (cents: number) => formatMoney(cents, language);
  const date = (day: string) => formatDate(day, language);
  const dateTime = (iso: string) =>
    new Date(iso).toLocaleString(language === "en" ? "en-GB" : "de-DE", {
      timeZone: "Europe/Berlin",
      dateStyle: "medium",
      timeStyle: "short",
    });
  const {
    booking,
    payments,
    refunds,
    balanceCharges,
    accounts,
    history,
    guestCancellationFee,
    cancellationRefunds,
    terms,
    notice,
    dialog,
  } = loaderData;
  const propertyImage = booking.propertyImage ? imageUrls(booking.propertyImage) : null;
  // At most one bank-transfer refund is open (one per booking and method, decision 086); it is
  // marked by hand. An online one beside it goes back through Stripe.
  const openRefund =
    refunds.find((refund) => refund.status === "open" && refund.method === "bank-transfer") ?? null;
  const result = useActionAnswer(actionData) as (ActionData & { error: string }) | undefined;
  const navigation = useNavigation();
  const isBusy = navigation.state !== "idle";
  const self = `/admin/bookings/${booking.id}`;
  const errorText = (code: string) =>
    code === "statusChanged" && result?.current
      ? t("adminBookings.errors.statusChanged", {
          status: t(`adminBookings.statuses.${result.current}`),
        })
      : code === "paymentsChanged" &&
          result?.received !== undefined &&
          result.seenReceived !== undefined
        ? t("adminBookings.errors.paymentsChanged", {
            received: money(result.received),
            seen: money(result.seenReceived),
          })
        : code === "exceedsOpen" && result?.open !== undefined
          ? t("adminBookings.errors.exceedsOpen", { open: money(result.open) })
          : t(`adminBookings.errors.${code}` as "adminBookings.errors.failed");
  const fieldError = (field: FormField, intent: ActionData["intent"] = "payment") =>
    result?.intent === intent && result.fieldErrors?.[field]
      ? errorText(result.fieldErrors[field]!)
      : undefined;
  const formError =
    result &&
    result.error !== "sessionExpired" &&
    !(
      (result.intent === "payment" || result.intent === "mark-refunded") &&
      result.fieldErrors &&
      Object.keys(result.fieldErrors).length > 0
    )
      ? errorText(result.error)
      : null;
  // A refused change is shown in its dialog while that dialog is on screen, else above the page
  // (a cancel refused because the guest cancelled meanwhile: the dialog is gone, decision 074).
  const errorInDialog =
    (result?.intent === "cancel" && dialog === "stornieren" && booking.status !== "cancelled") ||
    (result?.intent === "payment" && dialog === "zahlung") ||
    (result?.intent === "mark-refunded" && dialog === "erstattung" && openRefund !== null) ||
    (result?.intent === "send-details" && dialog === "zahlungsdaten" && accounts.length > 0);
  const canPay =
    booking.status !== "cancelled" &&
    booking.paymentMethod === "bank-transfer" &&
    booking.progress.open > 0;
  const defaultAccount = accounts.find((account) => account.isDefault) ?? accounts[0];

  const statusButton = (status: "pending" | "confirmed" | "completed", label: string) => (
    <Form method="post" key={status}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="seenStatus" value={booking.status} />
      <Button
        type="submit"
        size="md"
        variant={status === "confirmed" ? "primary" : "outline"}
        disabled={booking.status === status || isBusy}
      >
        {label}
      </Button>
    </Form>
  );

  return (
    <main id="main" className="space-y-6">
      <p>
        <Link
          to="/admin/bookings"
          className="inline-flex items-center gap-1 font-medium text-secondary hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("adminBookings.back")}
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-mono text-2xl font-semibold text-slate-900">
            {t("adminBookings.bookingTitle", { number: booking.number })}
          </h1>
          <p className="text-slate-700">
            {t("adminBookings.bookedOn", { date: date(booking.bookingDay) })}
          </p>
        </div>
        <div className="flex gap-2">
          <StatusBadge status={booking.status} />
          {booking.status === "cancelled" ? (
            <RefundStateBadge state={cancelledMoneyState(refunds)} />
          ) : (
            <PaymentStatusBadge status={booking.paymentStatus} />
          )}
          {booking.debitProcessingSince && <DebitProcessingBadge />}
        </div>
      </div>

      {/* An earlier success in the URL is not shown beside a refusal of the latest click. */}
      {notice && !result && <Banner tone="success">{t(`adminBookings.notices.${notice}`)}</Banner>}
      {result?.error === "sessionExpired" && <SessionExpiredBanner />}
      {formError && !errorInDialog && <Banner tone="error">{formError}</Banner>}

      <section aria-labelledby="status-heading" className={card}>
        <h2 id="status-heading" className={sectionHeading}>
          {t("adminBookings.statusSection")}
        </h2>
        <p className="mt-1 text-slate-700">
          {t("adminBookings.currentStatus", {
            status: t(`adminBookings.statuses.${booking.status}`),
          })}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {statusButton("confirmed", t("adminBookings.confirm"))}
          {booking.status === "cancelled" ? (
            statusButton("pending", t("adminBookings.reopen"))
          ) : (
            <LinkButton
              to={`${self}?dialog=stornieren`}
              variant="dangerOutline"
              size="md"
              preventScrollReset
            >
              {t("adminBookings.cancel")}
            </LinkButton>
          )}
          {statusButton("completed", t("adminBookings.complete"))}
        </div>
        <p role="status" className="sr-only">
          {isBusy ? t("adminBookings.updating") : ""}
        </p>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="guest-heading" className={card}>
          <h2 id="guest-heading" className={sectionHeading}>
            {t("adminBookings.guestSection")}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-600">{t("adminBookings.name")}</dt>
            <dd>{booking.guestName}</dd>
            <dt className="text-slate-600">{t("adminBookings.email")}</dt>
            <dd className="break-all">
              <a href={`mailto:${booking.guestEmail}`} className="text-secondary underline">
                {booking.guestEmail}
              </a>
            </dd>
            <dt className="text-slate-600">{t("adminBookings.phone")}</dt>
            <dd>{booking.guestPhone || t("adminBookings.notGiven")}</dd>
            {booking.specialRequests && (
              <>
                <dt className="text-slate-600">{t("adminBookings.specialRequests")}</dt>
                <dd className="whitespace-pre-line">{booking.specialRequests}</dd>
              </>
            )}
          </dl>
        </section>

        <section aria-labelledby="property-heading" className={card}>
          <h2 id="property-heading" className={sectionHeading}>
            {t("adminBookings.propertySection")}
          </h2>
          {propertyImage?.src && (
            <img
              src={propertyImage.src}
              srcSet={propertyImage.srcSet}
              sizes="(min-width: 1024px) 28rem, 90vw"
              alt=""
              width={800}
              height={533}
              loading="lazy"
              className="mt-3 aspect-[3/2] w-full max-w-sm rounded-lg bg-slate-100 object-cover"
            />
          )}
          <p className="mt-3 font-medium text-slate-900">
            <Link to={`/properties/${booking.propertyId}`} className="hover:underline">
              {booking.propertyTitle}
            </Link>
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-600">{t("adminBookings.location")}</dt>
            <dd>{booking.propertyLocation}</dd>
            <dt className="text-slate-600">{t("adminBookings.bedrooms")}</dt>
            <dd>{booking.propertyBedrooms}</dd>
            <dt className="text-slate-600">{t("adminBookings.guests")}</dt>
            <dd>{`${booking.guests} / ${booking.propertyMaxGuests}`}</dd>
            <dt className="text-slate-600">{t("adminBookings.bookingDate")}</dt>
            <dd>{date(booking.bookingDay)}</dd>
          </dl>
        </section>
      </div>

      <section aria-labelledby="details-heading" className={card}>
        <h2 id="details-heading" className={sectionHeading}>
          {t("adminBookings.detailsSection")}
        </h2>
        <dl className="mt-3 grid max-w-xl grid-cols-[minmax(0,1fr)_auto] gap-x-6 gap-y-1">
          <dt className="text-slate-600">{t("adminBookings.checkIn")}</dt>
          <dd>{date(booking.checkIn)}</dd>
          <dt className="text-slate-600">{t("adminBookings.checkOut")}</dt>
          <dd>{date(booking.checkOut)}</dd>
          <dt className="text-slate-600">{t("adminBookings.paymentMethod")}</dt>
          <dd>{t(`paymentMethods.${booking.paymentMethod}`)}</dd>
          {storedPriceLines(booking).lines.map((line) => (
            <Fragment key={`${line.price}-${line.regularPrice}`}>
              <dt className="text-slate-600">
                {t("adminBookings.nightsTimesPrice", {
                  price: money(line.price),
                  count: line.nights,
                })}
              </dt>
              <dd className="text-right">{money(line.price * line.nights)}</dd>
            </Fragment>
          ))}
          {booking.priceDetails && booking.priceDetails.discount > 0 && (
            <>
              <dt className="text-slate-600">
                {t("adminBookings.longStayDiscount", {
                  percent: booking.priceDetails.discountPercent,
                })}
              </dt>
              <dd className="text-right">−{money(booking.priceDetails.discount)}</dd>
            </>
          )}
          <dt className="text-slate-600">{t("adminBookings.cleaningFee")}</dt>
          <dd className="text-right">{money(booking.cleaningFee)}</dd>
          <dt className="text-slate-600">{t("adminBookings.serviceFee")}</dt>
          <dd className="text-right">{money(booking.serviceFee)}</dd>
          <dt className="border-t border-slate-200 pt-1 font-semibold">
            {t("adminBookings.total")}
          </dt>
          <dd
            className="border-t border-slate-200 pt-1 text-right font-semibold"
            data-testid="total"
          >
            {money(booking.totalPrice)}
          </dd>
          {booking.cancellationFee !== null && (
            <>
              <dt className="text-slate-600">{t("adminBookings.cancellationFee")}</dt>
              <dd className="text-right">{money(booking.cancellationFee)}</dd>
            </>
          )}
        </dl>
        {/* The AGB the booking was made under (decision 087): which text, and the text itself. */}
        <div className="mt-4 max-w-3xl border-t border-slate-200 pt-3" data-testid="booking-terms">
          <p>
            <span className="text-slate-600">{t("adminBookings.terms")}: </span>
            {terms
              ? [
                  terms.contentVersion !== null && terms.savedAt
                    ? t("adminBookings.termsVersion", {
                        version: terms.contentVersion,
                        date: dateTime(terms.savedAt),
                      })
                    : t("adminBookings.termsShipped"),
                  terms.text.updated,
                  t(`adminBookings.termsLanguage.${terms.language}`),
                ]
                  .filter(Boolean)
                  .join(" · ")
              : t("adminBookings.termsUnknown")}
          </p>
          {terms && (
            <details className="mt-2">
              <summary className="cursor-pointer font-medium text-secondary">
                {t("adminBookings.termsShow")}
              </summary>
              <div lang={terms.language} className="mt-3 space-y-4 text-sm">
                <p className="font-semibold">{terms.text.title}</p>
                <Prose blocks={terms.text.intro} />
                {terms.text.sections.map((section, index) => (
                  <div key={index}>
                    <p className="mb-2 font-semibold">{section.heading}</p>
                    <Prose blocks={section.blocks} />
                  </div>
                ))}
              </div>
            </details>
          )}
        </div>
      </section>

      <section aria-labelledby="payments-heading" className={card} data-testid="payments">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="payments-heading" className={sectionHeading}>
            {t("adminBookings.paymentsSection")}
          </h2>
          <div className="flex flex-wrap gap-2">
            {/* On a cancelled booking too: money that arrived anyway must be in the books, and
                is then owed back (decision 074). */}
            {(booking.status === "cancelled" || booking.progress.open > 0) && (
              <LinkButton
                to={`${self}?dialog=zahlung`}
                size="sm"
                variant={booking.status === "cancelled" ? "outline" : undefined}
                preventScrollReset
              >
                <Banknote aria-hidden className="size-4" />
                {t("adminBookings.recordPayment")}
              </LinkButton>
            )}
            {canPay && (
              <LinkButton
                to={`${self}?dialog=zahlungsdaten`}
                variant="outline"
                size="sm"
                preventScrollReset
              >
                <Send aria-hidden className="size-4" />
                {t("adminBookings.sendDetails")}
              </LinkButton>
            )}
          </div>
        </div>
        <Table caption={t("adminBookings.schedule")} className="mt-3">
          <thead>
            <tr>
              <Th>{t("bookingSuccess.payment.kind")}</Th>
              <Th>{t("adminBookings.dueDate")}</Th>
              <Th className="text-right">{t("adminBookings.amount")}</Th>
              <Th className="text-right">{t("adminBookings.paidPart")}</Th>
              <Th className="text-right">{t("adminBookings.openPart")}</Th>
            </tr>
          </thead>
          <tbody>
            {booking.progress.items.map((item) => (
              <tr key={item.kind}>
                <Td>{t(`adminBookings.kinds.${item.kind}`)}</Td>
                <Td>
                  {date(item.dueDate)}
                  {item.isOverdue &&
                    booking.status !== "cancelled" &&
                    !booking.debitProcessingSince && (
                      <span className="ml-2 font-medium text-red-800">
                        {t("adminBookings.overdue")}
                      </span>
                    )}
                </Td>
                <Td className="text-right">{money(item.amount)}</Td>
                <Td className="text-right">{money(item.paid)}</Td>
                {/* A cancelled booking owes nothing more (decision 097): what it received is
                    settled in the refunds below, so no part is shown as open. */}
                <Td className="text-right" data-testid="schedule-open">
                  {booking.status === "cancelled"
                    ? t("adminBookings.scheduleCancelled")
                    : money(item.open)}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
        <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-1">
          <div>
            <dt className="inline text-slate-600">{`${t("adminBookings.received")}: `}</dt>
            <dd className="inline font-semibold" data-testid="received">
              {money(booking.progress.received)}
            </dd>
          </div>
          {booking.status !== "cancelled" && (
            <div>
              <dt className="inline text-slate-600">{`${t("adminBookings.open")}: `}</dt>
              <dd className="inline font-semibold" data-testid="open">
                {money(booking.progress.open)}
              </dd>
            </div>
          )}
        </dl>
        {booking.debitProcessingSince && (
          <p className="mt-3 text-slate-800" data-testid="debit-processing-note">
            {t("adminBookings.debitProcessingSince", {
              date: dateTime(booking.debitProcessingSince),
            })}
          </p>
        )}
        {balanceCharges.some((charge) => charge.status !== "succeeded") && (
          <div className="mt-4" data-testid="balance-charges">
            <h3 className="font-semibold text-slate-900">{t("adminBookings.chargeHeading")}</h3>
            <ul className="mt-2 space-y-2">
              {balanceCharges
                .filter((charge) => charge.status !== "succeeded")
                .map((charge) => (
                  <li key={charge.dueDate} className="rounded-lg bg-slate-50 p-3">
                    <p className="text-slate-900">
                      {t("adminBookings.chargeDue", {
                        amount: money(charge.amount),
                        date: date(charge.dueDate),
                      })}
                    </p>
                    {charge.status === "processing" ? (
                      <p className="font-medium text-amber-900">
                        {t("adminBookings.chargeRunning", {
                          attempt: String(charge.attempts),
                          max: String(charge.maxAttempts),
                        })}
                      </p>
                    ) : (
                      <>
                        <p className="font-medium text-red-800">
                          {t("adminBookings.chargeFailed", {
                            attempt: String(charge.attempts),
                            max: String(charge.maxAttempts),
                            date: date(charge.lastAttemptOn),
                            error: charge.lastError ?? "–",
                          })}
                        </p>
                        <p className="text-slate-800">
                          {charge.nextAttempt
                            ? nextBalanceAttemptText(charge.nextAttempt, { t, i18n })
                            : t("adminBookings.chargeNoMore")}
                        </p>
                        <p className="text-slate-800">
                          {!charge.link
                            ? t("adminBookings.chargeNoLink")
                            : charge.link.isExpired && charge.link.expiresAt
                              ? t("adminBookings.chargeLinkExpired", {
                                  sent: dateTime(charge.link.sentAt),
                                  until: dateTime(charge.link.expiresAt),
                                })
                              : charge.link.expiresAt
                                ? t("adminBookings.chargeLinkValid", {
                                    sent: dateTime(charge.link.sentAt),
                                    until: dateTime(charge.link.expiresAt),
                                  })
                                : t("adminBookings.chargeLinkSent", {
                                    sent: dateTime(charge.link.sentAt),
                                  })}
                        </p>
                      </>
                    )}
                  </li>
                ))}
            </ul>
          </div>
        )}
        {payments.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("adminBookings.noPayments")}</p>
        ) : (
          <Table caption={t("adminBookings.paymentsCaption")} className="mt-3">
            <thead>
              <tr>
                <Th>{t("adminBookings.receivedOn")}</Th>
                <Th className="text-right">{t("adminBookings.amount")}</Th>
                <Th>{t("adminBookings.note")}</Th>
                <Th>{t("adminBookings.recordedBy")}</Th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <Td>{date(payment.receivedOn)}</Td>
                  <Td className="text-right">{money(payment.amount)}</Td>
                  <Td className="whitespace-pre-line">{payment.note}</Td>
                  <Td>{payment.recordedBy ?? t("adminBookings.system")}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {(refunds.length > 0 || booking.status === "cancelled") && (
          <div className="mt-5" data-testid="refunds">
            <h3 className="font-semibold text-slate-900">{t("adminBookings.refundsHeading")}</h3>
            <dl className="mt-2 flex flex-wrap gap-x-8 gap-y-1">
              <div>
                <dt className="inline text-slate-600">{`${t("adminBookings.paidTotal")}: `}</dt>
                <dd className="inline font-semibold">{money(booking.amountPaid)}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">{`${t("adminBookings.refundedTotal")}: `}</dt>
                <dd className="inline font-semibold" data-testid="refunded">
                  {money(booking.amountRefunded)}
                </dd>
              </div>
              {booking.status === "cancelled" && (
                <div>
                  <dt className="inline text-slate-600">{`${t("adminBookings.feeKept")}: `}</dt>
                  <dd className="inline font-semibold" data-testid="fee-kept">
                    {money(
                      Math.min(
                        booking.cancellationFee ?? 0,
                        booking.amountPaid - booking.amountRefunded,
                      ),
                    )}
                  </dd>
                </div>
              )}
            </dl>
            {refunds.length === 0 ? (
              <p className="mt-2 text-slate-700">{t("adminBookings.noRefund")}</p>
            ) : (
              <Table caption={t("adminBookings.refundsCaption")} className="mt-3">
                <thead>
                  <tr>
                    <Th>{t("adminBookings.refundOpenedOn")}</Th>
                    <Th className="text-right">{t("adminBookings.amount")}</Th>
                    <Th>{t("adminBookings.refundStatus")}</Th>
                  </tr>
                </thead>
                <tbody>
                  {refunds.map((refund) => (
                    <tr key={refund.id}>
                      <Td>{date(dayInBerlin(new Date(refund.createdAt)))}</Td>
                      <Td className="text-right">{money(refund.amount)}</Td>
                      <Td>
                        <span className="block text-sm text-slate-600">
                          {t(`paymentMethods.${refund.method}`)}
                        </span>
                        {refund.status === "refunded" && refund.refundedOn ? (
                          t("adminBookings.refundDone", { date: date(refund.refundedOn) })
                        ) : refund.method === "bank-transfer" ? (
                          <span className="font-medium text-amber-900">
                            {t("adminBookings.refundOpen")}
                          </span>
                        ) : refund.status === "pending" && refund.lastError ? (
                          // Failed at Stripe, waiting for the other open item of the booking
                          // before it is sent again (decision 076).
                          <span className="block font-medium text-red-800" role="alert">
                            {t("adminBookings.refundFailed", { error: refund.lastError })}{" "}
                            {t("adminBookings.refundWaiting")}
                          </span>
                        ) : refund.status === "pending" ? (
                          <span className="font-medium text-amber-900">
                            {t("adminBookings.refundPending")}
                          </span>
                        ) : refund.lastError ? (
                          <span className="block font-medium text-red-800" role="alert">
                            {t("adminBookings.refundFailed", { error: refund.lastError })}{" "}
                            {refund.attempts >= refund.maxAttempts
                              ? t("adminBookings.refundGivenUp")
                              : t("adminBookings.refundRetry", {
                                  attempts: String(refund.attempts),
                                  max: String(refund.maxAttempts),
                                })}
                          </span>
                        ) : (
                          <span className="font-medium text-amber-900">
                            {t("adminBookings.refundSending")}
                          </span>
                        )}
                        {refund.note && (
                          <span className="block whitespace-pre-line text-sm text-slate-600">
                            {refund.note}
                          </span>
                        )}
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            {openRefund && (
              <LinkButton
                to={`${self}?dialog=erstattung`}
                size="sm"
                className="mt-3"
                preventScrollReset
              >
                <Banknote aria-hidden className="size-4" />
                {t("adminBookings.markRefunded")}
              </LinkButton>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="history-heading" className={card}>
        <h2 id="history-heading" className={sectionHeading}>
          {t("adminBookings.historySection")}
        </h2>
        {history.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("adminBookings.historyEmpty")}</p>
        ) : (
          <ol className="mt-3 space-y-3" data-testid="history">
            {history.map((entry) => (
              <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
                <p className="text-sm text-slate-600">
                  <time dateTime={entry.at}>
                    {new Date(entry.at).toLocaleString(language === "en" ? "en-GB" : "de-DE", {
                      timeZone: "Europe/Berlin",
                      dateStyle: "medium",
                      timeStyle: "short",
                    })}
                  </time>
                  {entry.kind === "audit" && ` · ${entry.actor ?? t("adminBookings.system")}`}
                </p>
                <p className="text-slate-900">
                  {entry.kind === "email" ? (
                    <>
                      {`${t(`adminBookings.templates.${entry.template}` as "adminBookings.templates.booking-new", { defaultValue: entry.template })} – ${t("adminBookings.emailTo", { to: entry.to })} (${t(`adminBookings.emailStatuses.${entry.status}` as "adminBookings.emailStatuses.sent", { defaultValue: entry.status })})`}
                    </>
                  ) : (
                    describeAudit(entry, t, money, date)
                  )}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>

      {dialog === "stornieren" && booking.status !== "cancelled" && (
        <UrlDialog title={t("adminBookings.cancelDialog")} closeTo={self} size="md">
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="seenStatus" value={booking.status} />
            {formError && result?.intent === "cancel" && <Banner tone="error">{formError}</Banner>}
            <fieldset>
              <legend className="font-medium text-slate-900">
                {t("adminBookings.cancelQuestion")}
              </legend>
              <label className="mt-2 flex items-center gap-2">
                <input
                  type="radio"
                  name="fee"
                  value="guest-terms"
                  defaultChecked
                  data-autofocus
                  className="size-4 accent-secondary"
                />
                <span>
                  {t("adminBookings.feeGuestTerms", { fee: money(guestCancellationFee) })}
                  <RefundPreview amount={cancellationRefunds.guestTerms} money={money} />
                </span>
              </label>
              <label className="mt-1 flex items-center gap-2">
                <input type="radio" name="fee" value="none" className="size-4 accent-secondary" />
                <span>
                  {t("adminBookings.feeNone")}
                  <RefundPreview amount={cancellationRefunds.none} money={money} />
                </span>
              </label>
            </fieldset>
            <p className="text-sm text-slate-700" data-testid="booked-cancellation-terms">
              {t("adminBookings.bookedTerms", {
                hours: booking.freeCancellationHours,
                percentage: booking.cancellationFeePercentage,
              })}
            </p>
            <p className="text-sm text-slate-700">{t("adminBookings.cancelHint")}</p>
            <Button type="submit" variant="danger" size="md" disabled={isBusy}>
              {isBusy ? t("adminBookings.updating") : t("adminBookings.cancelConfirm")}
            </Button>
          </Form>
        </UrlDialog>
      )}

      {dialog === "zahlung" && (
        <UrlDialog
          title={t("adminBookings.recordDialog")}
          closeTo={self}
          size="md"
          dismissible={false}
        >
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="payment" />
            <input type="hidden" name="seenStatus" value={booking.status} />
            <input type="hidden" name="seenAmountPaid" value={booking.amountPaid} />
            {formError && result?.intent === "payment" && <Banner tone="error">{formError}</Banner>}
            {booking.status === "cancelled" && (
              <Banner tone="warning">{t("adminBookings.recordCancelledHint")}</Banner>
            )}
            <Field
              label={t("adminBookings.amountLabel")}
              hint={t("adminBookings.amountHint")}
              error={fieldError("amount")}
            >
              <Input
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                required
                maxLength={20}
                data-autofocus
                defaultValue={
                  result?.values?.amount ??
                  (booking.progress.next && booking.status !== "cancelled"
                    ? (booking.progress.next.open / 100).toFixed(2).replace(".", ",")
                    : "")
                }
              />
            </Field>
            <Field label={t("adminBookings.receivedOnLabel")} error={fieldError("receivedOn")}>
              <Input
                type="date"
                name="receivedOn"
                required
                max={loaderData.today}
                defaultValue={result?.values?.receivedOn ?? loaderData.today}
              />
            </Field>
            <Field label={t("adminBookings.noteLabel")} error={fieldError("note")}>
              <Textarea
                name="note"
                rows={2}
                maxLength={500}
                defaultValue={result?.values?.note ?? ""}
              />
            </Field>
            {/* The second step (decision 097): only after the server named the surplus, and for
                exactly that surplus; another amount is refused again with its own. */}
            {result?.intent === "payment" &&
              result.error === "exceedsOpen" &&
              result.surplus !== undefined && (
                <Checkbox
                  key={result.surplus}
                  name="acceptSurplus"
                  value={String(result.surplus)}
                  label={t("adminBookings.acceptSurplus", { surplus: money(result.surplus) })}
                />
              )}
            {booking.status === "pending" && (
              <Checkbox name="confirm" label={t("adminBookings.confirmToo")} defaultChecked />
            )}
            <Button type="submit" size="md" disabled={isBusy}>
              {isBusy ? t("adminBookings.updating") : t("adminBookings.save")}
            </Button>
          </Form>
        </UrlDialog>
      )}

      {dialog === "erstattung" && openRefund && (
        <UrlDialog
          title={t("adminBookings.markRefundedDialog")}
          closeTo={self}
          size="md"
          dismissible={false}
        >
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="mark-refunded" />
            <input type="hidden" name="refundId" value={openRefund.id} />
            {formError && result?.intent === "mark-refunded" && (
              <Banner tone="error">{formError}</Banner>
            )}
            <p className="text-slate-700">
              {t("adminBookings.markRefundedIntro", { amount: money(openRefund.amount) })}
            </p>
            <Field
              label={t("adminBookings.refundedOnLabel")}
              error={fieldError("refundedOn", "mark-refunded")}
            >
              <Input
                type="date"
                name="refundedOn"
                required
                max={loaderData.today}
                data-autofocus
                defaultValue={result?.values?.refundedOn ?? loaderData.today}
              />
            </Field>
            <Field label={t("adminBookings.noteLabel")} error={fieldError("note", "mark-refunded")}>
              <Textarea
                name="note"
                rows={2}
                maxLength={500}
                defaultValue={result?.values?.note ?? ""}
              />
            </Field>
            <Button type="submit" size="md" disabled={isBusy}>
              {isBusy ? t("adminBookings.updating") : t("adminBookings.markRefundedConfirm")}
            </Button>
          </Form>
        </UrlDialog>
      )}

      {dialog === "zahlungsdaten" && (
        <UrlDialog title={t("adminBookings.sendDialog")} closeTo={self} size="md">
          {accounts.length === 0 ? (
            <Banner tone="warning">{t("adminBookings.noActiveAccount")}</Banner>
          ) : (
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="send-details" />
              {formError && result?.intent === "send-details" && (
                <Banner tone="error">{formError}</Banner>
              )}
              <p className="text-slate-700">{t("adminBookings.sendIntro")}</p>
              <Field label={t("adminBookings.account")}>
                <Select name="bankAccountId" defaultValue={defaultAccount?.id} data-autofocus>
                  {accounts.map((account) => (
                    <option key={account.id} value={account.id}>
                      {`${account.accountHolder} · ${account.bankName} · ${formatIban(account.iban)}${account.isDefault ? ` (${t("adminBookings.defaultAccount")})` : ""}`}
                    </option>
                  ))}
                </Select>
              </Field>
              <Button type="submit" size="md" disabled={isBusy}>
                <Send aria-hidden className="size-4" />
                {isBusy ? t("adminBookings.sending") : t("adminBookings.send")}
              </Button>
            </Form>
          )}
        </UrlDialog>
      )}
    </main>
  );
}

type HistoryAudit = {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** One audit entry of the booking in plain words: what changed, old → new. */
function describeAudit(
  entry: HistoryAudit,
  t: ReturnType<typeof useTranslation>["t"],
  money: (cents: number) => string,
  date: (day: string) => string,
) {
  const known = [
    "status-change",
    "payment-recorded",
    "payment-details-sent",
    "cancelled-by-guest",
    "online-payment",
    "payment-after-cancellation",
    "payment-reminder-sent",
    "cancelled-unpaid",
    "refund-marked",
    // Decision 049's entries: their labels were in the locales but not here, so the history
    // said "Geändert" for a failed balance charge or a refund at Stripe.
    "refund-sent",
    "refund-confirmed",
    "refund-failed",
    "balance-charge-failed",
    "payment-processing",
  ];
  const label = t(
    `adminBookings.actions.${known.includes(entry.action) ? entry.action : "other"}` as "adminBookings.actions.other",
  );
  const after = entry.after ?? {};
  const before = entry.before ?? {};
  const status = (value: unknown) =>
    typeof value === "string" && ["pending", "confirmed", "cancelled", "completed"].includes(value)
      ? t(`adminBookings.statuses.${value as "pending"}`)
      : null;
  const parts: string[] = [];
  const from = status(before.status);
  const to = status(after.status);
  if (from && to && from !== to) parts.push(t("adminBookings.historyStatus", { from, to }));
  if (
    (entry.action === "payment-recorded" || entry.action === "online-payment") &&
    typeof after.amount === "number"
  ) {
    parts.push(
      t("adminBookings.historyPayment", {
        amount: money(after.amount),
        date: typeof after.receivedOn === "string" ? date(after.receivedOn) : "",
      }),
    );
  }
  if (typeof after.cancellationFee === "number" && after.status === "cancelled") {
    parts.push(t("adminBookings.historyFee", { fee: money(after.cancellationFee) }));
  }
  if (typeof after.refundDue === "number" && after.refundDue > 0) {
    parts.push(t("adminBookings.historyRefund", { amount: money(after.refundDue) }));
    // An online booking's transferred part goes back by hand (decision 086).
    if (typeof after.refundByTransfer === "number" && after.refundByTransfer > 0) {
      parts.push(
        t("adminBookings.historyRefundByTransfer", { amount: money(after.refundByTransfer) }),
      );
    }
  }
  if (entry.action === "balance-charge-failed" && typeof after.amount === "number") {
    parts.push(
      // An entry written before paymentLinkSent existed had sent its link.
      t(
        after.paymentLinkSent === false
          ? "adminBookings.historyBalanceFailedNoLink"
          : "adminBookings.historyBalanceFailed",
        {
          amount: money(after.amount),
          date: typeof after.dueDate === "string" ? date(after.dueDate) : "",
          error: typeof after.error === "string" ? after.error : "",
          attempt: String(after.attempt ?? ""),
          max: String(after.maxAttempts ?? ""),
        },
      ),
    );
  }
  if (entry.action === "refund-sent" && typeof after.amount === "number") {
    parts.push(t("adminBookings.historyRefundSent", { amount: money(after.amount) }));
  }
  if (
    (entry.action === "refund-marked" || entry.action === "refund-confirmed") &&
    typeof after.amount === "number"
  ) {
    parts.push(
      t("adminBookings.historyRefunded", {
        amount: money(after.amount),
        date: typeof after.refundedOn === "string" ? date(after.refundedOn) : "",
      }),
    );
  }
  if (entry.action === "payment-reminder-sent" && typeof after.amountDue === "number") {
    const key =
      after.reminder === "final"
        ? "adminBookings.historyReminderFinal"
        : after.reminder === "overdue"
          ? "adminBookings.historyReminderOverdue"
          : "adminBookings.historyReminderUpcoming";
    parts.push(
      t(key, {
        amount: money(after.amountDue),
        date: typeof after.dueDate === "string" ? date(after.dueDate) : "",
        deadline: typeof after.deadline === "string" ? date(after.deadline) : "",
      }),
    );
  }
  if (typeof after.amountPaid === "number" && after.status === "cancelled") {
    parts.push(t("adminBookings.historyPaid", { amount: money(after.amountPaid) }));
  }
  if (entry.action === "payment-details-sent" && typeof after.to === "string") {
    parts.push(t("adminBookings.emailTo", { to: after.to }));
  }
  return parts.length > 0 ? `${label}: ${parts.join(", ")}` : label;
}

/** Unknown or malformed ids: "Buchung nicht gefunden" inside the admin frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  // Sign-in and role answers (401, 403) are the admin layout's to show.
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) throw error;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="space-y-4">
      <p role="alert" className="text-lg font-semibold text-slate-900">
        {notFound ? t("adminBookings.notFound") : t("adminBookings.detailLoadFailed")}
      </p>
      <Link to="/admin/bookings" className="font-medium text-secondary underline">
        {t("adminBookings.back")}
      </Link>
    </main>
  );
}

/**
 * Under each choice of the cancel dialog: the money that choice owes the guest back, so the
 * admin sees the consequence before the click (the refund item appears only after it).
 */
function RefundPreview({ amount, money }: { amount: number; money: (cents: number) => string }) {
  const { t } = useTranslation();
  return (
    <span className="block text-sm text-slate-600">
      {amount > 0
        ? t("adminBookings.refundPreview", { amount: money(amount) })
        : t("adminBookings.refundPreviewNone")}
    </span>
  );
}
