import { data, Form, isRouteErrorResponse, Link, redirect, useRouteError } from "react-router";
import { localizedLocation } from "~/lib/country-names.server";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/bookings";
import { ErrorPage } from "~/components/error-page";
import { requireUser } from "~/features/accounts/session.server";
import { cancelBooking, getCancellationPreview } from "~/features/booking/cancellation.server";
import { BookingCard } from "~/features/booking/components/my-bookings/booking-card";
import { BookingDetail } from "~/features/booking/components/my-bookings/booking-detail";
import { bookingsUrl } from "~/features/booking/components/my-bookings/bookings-url";
import { CancelBooking } from "~/features/booking/components/my-bookings/cancel-booking";
import { UrlDialog } from "~/components/ui/url-dialog";
import {
  cancelBookingSchema,
  MY_BOOKING_STATUS_FILTERS,
  MY_BOOKING_TABS,
  parseMyBookingsQuery,
  SEARCH_MAX_LENGTH,
  type CancelBookingError,
} from "~/features/booking/my-bookings.schema";
import { getMyBookingDetail, listMyBookings } from "~/features/booking/my-bookings.server";
import { dayInBerlin } from "~/domain/calendar-day";
import { formatMoney, languageFromCookie, catalogueOf } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { useActionAnswer } from "~/lib/use-action-answer";
import { isUuid } from "~/domain/ids";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import "~/locales/texts/booking-success";
import "~/locales/texts/my-bookings";

const notFound = () => data(null, { status: 404 });

/**
 * /dashboard/bookings (spec 05): the guest's bookings by tab, search and status, all in the URL
 * (a GET form), with the detail (`?booking=`) and cancel (`?cancel=`) dialogs. Every query is
 * scoped to the signed-in guest; someone else's booking id is a 404 like an unknown one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const query = parseMyBookingsQuery(url.searchParams);
  // A dialog id that is malformed is as unknown as a foreign one.
  if (url.searchParams.has("booking") && !query.booking) throw notFound();
  if (url.searchParams.has("cancel") && !query.cancel) throw notFound();
  const now = new Date();
  const today = dayInBerlin(now);
  const cancelledId = url.searchParams.get("cancelled") ?? "";

  const [bookings, detail, cancel, cancelled] = await Promise.all([
    listMyBookings({ userId: user.id, today, tab: query.tab, q: query.q, status: query.status }),
    query.booking ? getMyBookingDetail(user.id, query.booking, today) : null,
    query.cancel ? getCancellationPreview({ userId: user.id, bookingId: query.cancel, now }) : null,
    isUuid(cancelledId) ? getMyBookingDetail(user.id, cancelledId.toLowerCase(), today) : null,
  ]);
  if (query.booking && !detail) throw notFound();
  if (query.cancel && !cancel) throw notFound();

  const language = languageFromCookie(request.headers.get("cookie"));
  const texts = catalogueOf(language).myBookings;
  // The stored location is German ("Sylt, Deutschland"); its country in the page's language.
  const localized = <T extends { property: { location: string } }>(booking: T): T => ({
    ...booking,
    property: {
      ...booking.property,
      location: localizedLocation(booking.property.location, language),
    },
  });
  return {
    query: { tab: query.tab, q: query.q, status: query.status },
    bookings: bookings.map(localized),
    detail: detail ? localized(detail) : null,
    cancel,
    cancelled:
      cancelled?.status === "cancelled"
        ? { number: cancelled.number, fee: cancelled.cancellationFee ?? 0 }
        : null,
    title: texts.list.title,
    description: texts.list.description,
  };
}

/** "Stornieren" confirmed: cancels the guest's own booking, then shows it under "Storniert". */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = cancelBookingSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw notFound();
  const result = await cancelBooking({
    userId: user.id,
    bookingId: parsed.data.bookingId,
    quotedFee: parsed.data.quotedFee,
    now: new Date(),
    language: languageFromCookie(request.headers.get("cookie")),
  });
  if (result.ok) {
    throw redirect(`/dashboard/bookings?tab=cancelled&cancelled=${parsed.data.bookingId}`);
  }
  if (result.error === "notFound") throw notFound();
  return { error: result.error satisfies CancelBookingError };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description, noindex: true });

export default function MyBookingsPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  const { t, i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "de";
  const { query, bookings, detail, cancel, cancelled } = loaderData;
  const here = bookingsUrl(query);
  const isFiltered = query.q !== "" || query.status !== "all";

  return (
    <main id="main">
      <h1 className="text-2xl font-semibold text-secondary md:text-3xl">
        {t("myBookings.list.title")}
      </h1>

      {cancelled && (
        <Banner tone="success" className="mt-4 font-medium" testId="cancelled-notice">
          {cancelled.fee === 0
            ? t("myBookings.list.cancelledFree", { number: cancelled.number })
            : t("myBookings.list.cancelled", {
                number: cancelled.number,
                fee: formatMoney(cancelled.fee, language),
              })}
        </Banner>
      )}

      <nav aria-label={t("myBookings.list.tabsLabel")} className="mt-6 border-b border-slate-300">
        <ul className="-mb-px flex flex-wrap gap-x-1 sm:gap-x-2">
          {MY_BOOKING_TABS.map((tab) => {
            const isCurrent = query.tab === tab;
            return (
              <li key={tab}>
                <Link
                  to={bookingsUrl({ ...query, tab })}
                  aria-current={isCurrent ? "page" : undefined}
                  className={`inline-block border-b-2 px-2 py-2 font-medium sm:px-4 ${
                    isCurrent
                      ? "border-secondary text-secondary"
                      : "border-transparent text-slate-700 hover:border-slate-400"
                  }`}
                >
                  {t(
                    tab === "cancelled" ? "myBookings.list.cancelledTab" : `myBookings.list.${tab}`,
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <Form
        method="get"
        role="search"
        aria-label={t("myBookings.list.filterLabel")}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        {query.tab !== "upcoming" && <input type="hidden" name="tab" value={query.tab} />}
        <Field label={t("myBookings.list.search")} id="bookings-q" className="flex-1">
          <Input type="search" name="q" defaultValue={query.q} maxLength={SEARCH_MAX_LENGTH} />
        </Field>
        <Field label={t("myBookings.list.status")} id="bookings-status" className="sm:w-48">
          <Select name="status" defaultValue={query.status}>
            {MY_BOOKING_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {status === "all"
                  ? t("myBookings.list.statusAll")
                  : t(`bookingSuccess.statuses.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit">{t("myBookings.list.apply")}</Button>
        {isFiltered && (
          <Link
            to={bookingsUrl({ tab: query.tab, q: "", status: "all" })}
            className="self-center text-secondary underline underline-offset-2 hover:no-underline"
          >
            {t("myBookings.list.reset")}
          </Link>
        )}
      </Form>

      <div className="mt-6">
        {detail && (
          <UrlDialog
            key={`detail-${detail.id}`}
            titleId="booking-detail-title"
            title={t("myBookings.detail.title", { number: detail.number })}
            closeTo={here}
            testId="booking-detail"
          >
            <BookingDetail booking={detail} cancelTo={bookingsUrl(query, { cancel: detail.id })} />
          </UrlDialog>
        )}
        {cancel && (
          <UrlDialog
            key={`cancel-${cancel.booking.id}`}
            titleId="cancel-booking-title"
            title={t("myBookings.cancel.title")}
            closeTo={here}
            testId="cancel-dialog"
          >
            <CancelBooking
              booking={cancel.booking}
              quote={cancel.quote}
              error={actionData?.error ?? null}
              keepTo={here}
            />
          </UrlDialog>
        )}

        {bookings.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-slate-700" aria-live="polite">
              {t("myBookings.list.count", { count: bookings.length })}
            </p>
            <ul className="space-y-4" data-testid="booking-list">
              {bookings.map((booking) => (
                <li key={booking.id}>
                  <BookingCard
                    booking={booking}
                    detailsTo={bookingsUrl(query, { booking: booking.id })}
                    cancelTo={bookingsUrl(query, { cancel: booking.id })}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="text-lg font-medium text-slate-900" data-testid="bookings-empty">
              {query.tab === "upcoming"
                ? t("myBookings.list.emptyUpcoming")
                : query.tab === "past"
                  ? t("myBookings.list.emptyPast")
                  : t("myBookings.list.emptyCancelled")}
            </p>
            <LinkButton to="/properties" className="mt-4">
              {t("myBookings.list.discover")}
            </LinkButton>
          </div>
        )}
      </div>
    </main>
  );
}

/** A foreign, unknown or malformed booking id: the German 404 inside the dashboard frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPage status={404} title={t("errors.notFoundTitle")} text={t("errors.notFoundText")} />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 401) {
    return <ErrorPage title={t("errors.sessionExpired")} />;
  }
  return <ErrorPage title={t("errors.serverError")} />;
}
