import "~/locales/admin-texts";
import { CalendarDays, Send } from "lucide-react";
import { Form, Link } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Checkbox, Input, Select } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { requireAdmin } from "~/features/accounts/session.server";
import {
  ADMIN_BOOKING_STATUS_FILTERS,
  adminBookingFilter,
  adminBookingsHref,
  REFUND_FILTER_PARAM,
} from "~/features/booking/admin-bookings.schema";
import { listAdminBookings } from "~/features/booking/admin-bookings.server";
import { formatDate, formatMoney, getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/bookings";
import { DebitProcessingBadge } from "~/features/booking/components/debit-processing-badge";
import { PaymentStatusBadge } from "~/features/booking/components/admin/payment-status-badge";
import { RefundStateBadge } from "~/features/booking/components/admin/refund-state-badge";
import { StatusBadge } from "~/features/booking/components/my-bookings/status-badge";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const filter = adminBookingFilter(new URL(request.url).searchParams);
  try {
    return {
      title: t("adminBookings.title"),
      filter,
      loadFailed: false,
      ...(await listAdminBookings(filter)),
    };
  } catch (error) {
    logger.error({ err: error }, "loading the admin booking list failed");
    return {
      title: t("adminBookings.title"),
      filter,
      loadFailed: true,
      bookings: [],
      total: 0,
      isCapped: false,
      pageCount: 1,
      user: null,
    };
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Buchungen" },
  { name: "robots", content: "noindex" },
];

export default function AdminBookingsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "de";
  const { filter, bookings, total, isCapped, pageCount, user, loadFailed } = loaderData;
  const isFiltered = Boolean(
    filter.q || filter.status !== "alle" || filter.from || filter.to || filter.refund,
  );

  return (
    <main id="main">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <CalendarDays aria-hidden className="size-6 text-secondary" />
        {t("adminBookings.title")}
      </h1>
      <p className="mt-1 text-slate-700">{t("adminBookings.intro")}</p>

      {filter.user && (
        <Banner tone="info" className="mt-4" announce="none">
          {user
            ? t("adminBookings.ofUser", { name: user.name, email: user.email })
            : t("adminBookings.unknownUser")}{" "}
          <Link to={adminBookingsHref({ ...filter, user: null })} className="font-medium underline">
            {t("adminBookings.showAll")}
          </Link>
        </Banner>
      )}

      <Form
        method="get"
        role="search"
        className="mt-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
      >
        {filter.user && <input type="hidden" name="user" value={filter.user} />}
        <Field label={t("adminBookings.search")}>
          <Input
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={100}
            placeholder={t("adminBookings.searchPlaceholder")}
          />
        </Field>
        <Field label={t("adminBookings.status")}>
          <Select name="status" defaultValue={filter.status}>
            {ADMIN_BOOKING_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {status === "alle"
                  ? t("adminBookings.statusAll")
                  : t(`adminBookings.statuses.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("adminBookings.arrivalFrom")}>
          <Input type="date" name="from" defaultValue={filter.from ?? ""} />
        </Field>
        <Field label={t("adminBookings.arrivalTo")}>
          <Input type="date" name="to" defaultValue={filter.to ?? ""} />
        </Field>
        <div className="sm:col-span-2 lg:order-last lg:col-span-5">
          <Checkbox
            name={REFUND_FILTER_PARAM.name}
            value={REFUND_FILTER_PARAM.value}
            defaultChecked={filter.refund}
            label={t("adminBookings.refundOpenFilter")}
          />
        </div>
        <div className="flex items-end gap-2">
          <Button type="submit" size="md">
            {t("adminBookings.apply")}
          </Button>
        </div>
      </Form>

      {loadFailed ? (
        <Banner tone="error" className="mt-6">
          {t("adminBookings.loadFailed")}
        </Banner>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-2">
            <p role="status" className="text-sm text-slate-700">
              {isCapped
                ? t("adminBookings.countMore", { count: total })
                : t("adminBookings.count", { count: total })}
            </p>
            {isFiltered && (
              <Link
                to={adminBookingsHref({ user: filter.user })}
                className="text-sm font-medium text-secondary underline"
              >
                {t("adminBookings.reset")}
              </Link>
            )}
          </div>
          {bookings.length === 0 ? (
            <p className="mt-4 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              {t("adminBookings.empty")}
            </p>
          ) : (
            <ul className="mt-3 grid grid-cols-1 gap-3" data-testid="admin-bookings">
              {bookings.map((booking) => (
                <li
                  key={booking.id}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                  data-testid="admin-booking"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="font-mono text-base font-semibold text-slate-900">
                        <Link
                          to={`/admin/bookings/${booking.id}`}
                          className="hover:underline"
                          aria-label={t("adminBookings.detailsOf", { number: booking.number })}
                        >
                          {booking.number}
                        </Link>
                      </h2>
                      <p className="truncate text-slate-800">
                        {booking.guestName}{" "}
                        <span className="text-sm text-slate-600">{booking.guestEmail}</span>
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <StatusBadge status={booking.status} />
                      {booking.cancelledMoney ? (
                        // What is owed back, as on the booking's page: "Bezahlt" beside
                        // "Storniert" read as settled while money was still owed (decision 108).
                        <RefundStateBadge state={booking.cancelledMoney} />
                      ) : (
                        <PaymentStatusBadge status={booking.paymentStatus} />
                      )}
                      {booking.isDebitProcessing && <DebitProcessingBadge />}
                      {booking.isRefundOpen && !booking.cancelledMoney && (
                        // Money owed to the guest that waits for the admin (decision 098): red,
                        // beside a green "Bezahlt" that only says what came in.
                        <span
                          className="inline-flex w-fit shrink-0 items-center rounded-full bg-red-50 px-3 py-0.5 text-sm font-medium text-red-800 ring-1 ring-red-300 ring-inset"
                          data-testid="refund-open"
                        >
                          {t("adminBookings.refundOpenBadge")}
                        </span>
                      )}
                    </div>
                  </div>
                  <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
                    <div>
                      <dt className="text-slate-600">{t("adminBookings.property")}</dt>
                      <dd className="text-slate-900">{booking.propertyTitle}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">{t("adminBookings.dates")}</dt>
                      <dd className="text-slate-900">
                        {`${formatDate(booking.checkIn, language)} – ${formatDate(booking.checkOut, language)}`}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">{t("adminBookings.total")}</dt>
                      <dd className="font-semibold text-slate-900">
                        {formatMoney(booking.totalPrice, language)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">{t("adminBookings.paymentMethod")}</dt>
                      <dd className="text-slate-900">
                        {t(`paymentMethods.${booking.paymentMethod}`)}
                      </dd>
                    </div>
                  </dl>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <LinkButton to={`/admin/bookings/${booking.id}`} variant="secondary" size="sm">
                      {t("adminBookings.details")}
                    </LinkButton>
                    {booking.status !== "cancelled" &&
                      booking.paymentMethod === "bank-transfer" &&
                      booking.amountPaid < booking.totalPrice && (
                        <LinkButton
                          to={`/admin/bookings/${booking.id}?dialog=zahlungsdaten`}
                          variant="subtle"
                          size="sm"
                          aria-label={t("adminBookings.sendDetailsOf", { number: booking.number })}
                        >
                          <Send aria-hidden className="size-4" />
                          {t("adminBookings.sendDetails")}
                        </LinkButton>
                      )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={filter.page}
            pageCount={pageCount}
            hasMore={isCapped}
            label={t("adminBookings.pagesLabel")}
            href={(page) => adminBookingsHref(filter, page)}
          />
        </>
      )}
    </main>
  );
}
