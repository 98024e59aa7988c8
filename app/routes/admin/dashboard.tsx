import "~/locales/admin-texts";
import { ArrowDownRight, ArrowUpRight, FileSpreadsheet, Minus } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { goLiveChecklist } from "~/features/go-live/checklist.server";
import { GoLiveChecklist } from "~/features/go-live/components/go-live-checklist";
import { demoTotal } from "~/features/go-live/demo-counts";
import { removeDemoData } from "~/features/go-live/demo-data.server";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { Table, Td, Th } from "~/components/ui/table";
import { addDays } from "~/domain/calendar-day";
import { KEY_FIGURE_SPANS, type KeyFigureSpan } from "~/domain/key-figures";
import { requireAdmin } from "~/features/accounts/session.server";
import { dashboardData } from "~/features/admin-dashboard/dashboard.server";
import { MAX_BALANCE_ATTEMPTS } from "~/features/booking/balance-charges.server";
import { calendarWarnings } from "~/features/calendar/ical-import.server";
import { getOfferedPaymentMethods, offeredOnly } from "~/features/company/payment-methods.server";
import { adminBookingsHref } from "~/features/booking/admin-bookings.schema";
import { openRefunds } from "~/features/booking/refunds.server";
import { formatDate, formatMoney, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/dashboard";
import type { loader as adminLayoutLoader } from "./layout";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const raw = params.get("span");
  const span: KeyFigureSpan = KEY_FIGURE_SPANS.includes(raw as KeyFigureSpan)
    ? (raw as KeyFigureSpan)
    : "this-month";
  const propertyId = params.get("property") || null;
  // The go-live checklist (decision 033) and the figures load side by side, each on its own:
  // a failure of one leaves the other shown.
  const [checklist, data, calendar, offered, refunds] = await Promise.all([
    goLiveChecklist({ viewerId: admin.id }).catch((error: unknown) => {
      logger.error({ err: error }, "loading the go-live checklist failed");
      return null;
    }),
    dashboardData({ span, propertyId }, new Date()).catch((error: unknown) => {
      logger.error({ err: error }, "loading the dashboard figures failed");
      return null;
    }),
    // Open calendar conflicts and stale imported calendars (decision 045), until resolved.
    calendarWarnings().catch((error: unknown) => {
      logger.error({ err: error }, "loading the calendar warnings failed");
      return null;
    }),
    // Decision 098: the booking page's own answer to "which methods can a guest use".
    getOfferedPaymentMethods().then(offeredOnly, (error: unknown) => {
      logger.error({ err: error }, "loading the offered payment methods failed");
      return null;
    }),
    // Refunds owed to guests that wait for the admin (decision 098).
    openRefunds().catch((error: unknown) => {
      logger.error({ err: error }, "loading the open refunds failed");
      return null;
    }),
  ]);
  const now = Date.now();
  const calendarAlerts = calendar && {
    conflicts: calendar.conflicts,
    stale: calendar.stale.map((feed) => ({
      propertyId: feed.propertyId,
      propertyTitle: feed.propertyTitle,
      feedName: feed.feedName,
      hasEverSynced: feed.lastSuccessAt !== null,
      hours: Math.floor((now - (feed.lastSuccessAt ?? feed.createdAt).getTime()) / 3_600_000),
    })),
  };
  return {
    span,
    propertyId,
    data,
    checklist,
    calendarAlerts,
    // The balance job's limit, for "Versuch 2 von 4" in the overdue list (decision 052).
    maxBalanceAttempts: MAX_BALANCE_ATTEMPTS,
    demoDialog: params.get("demodaten") === "entfernen",
    /** no payment method is offered: guests cannot book at all (decision 098) */
    noPaymentMethod: offered !== null && offered.length === 0,
    refunds,
  };
}

/** "Demodaten entfernen" (decision 033): the dashboard's one action. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ status: "invalid" as const }, { status: 400 });
  }
  if (form.get("intent") !== "remove-demo-data") {
    return data({ status: "invalid" as const }, { status: 400 });
  }
  const result = await removeDemoData(admin);
  if (result.ok) {
    return { status: "removed" as const, removed: result.removed, keptSelf: result.keptSelf };
  }
  if (result.error === "foreignBookings") {
    return data({ status: "foreignBookings" as const, count: result.count }, { status: 409 });
  }
  return data({ status: "failed" as const }, { status: 500 });
}

export const meta = () => [
  { title: "Dashboard – Administration" },
  { name: "robots", content: "noindex" },
];

// The spec's refresh: every 5 minutes while the page is seen, and when the window gets focus.
const REFRESH_MS = 5 * 60_000;
function useRefresh() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && state === "idle")
        void revalidate().catch(() => undefined);
    };
    const timer = setInterval(refresh, REFRESH_MS);
    window.addEventListener("focus", refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", refresh);
    };
  }, [revalidate, state]);
}

function changeText(change: number | null, language: Language) {
  if (change === null) return null;
  const formatted = new Intl.NumberFormat(language === "en" ? "en-GB" : "de-DE", {
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(change);
  return `${formatted} %`;
}

/** "+12,5 % seit letztem Monat" in green, a decrease in red, "–" without a comparison. */
function Change({ change, template }: { change: number | null; template: string }) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const text = changeText(change, language);
  if (text === null || change === null) {
    return (
      <p
        className="mt-1 flex items-center gap-1 text-sm text-slate-600"
        title={t("adminDashboard.noChangeHint")}
      >
        <Minus aria-hidden className="size-4" />
        <span>{t("adminDashboard.noChange")}</span>
        <span className="sr-only">{t("adminDashboard.noChangeHint")}</span>
      </p>
    );
  }
  const up = change > 0;
  const Icon = up ? ArrowUpRight : change < 0 ? ArrowDownRight : Minus;
  return (
    <p
      className={`mt-1 flex items-center gap-1 text-sm font-medium ${up ? "text-green-800" : change < 0 ? "text-red-800" : "text-slate-700"}`}
      data-testid="change"
    >
      <Icon aria-hidden className="size-4" />
      {t(template as "adminDashboard.change", { change: text })}
    </p>
  );
}

/** The checklist, the result of a removal and the confirm dialog (open while `?demodaten=entfernen`). */
function GoLive({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { checklist, demoDialog } = loaderData;
  // The signed-in admin is a demo account: the removal keeps it (the dialog says so).
  const isSelfDemo =
    checklist?.find((point) => point.id === "demoData")?.detail?.viewerIsDemo === 1;
  const adminEmail = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout")?.email;
  const removed = actionData?.status === "removed" ? actionData : null;
  const isRemoving = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <>
      {removed && (
        <Banner tone="success" testId="demo-removed">
          {demoTotal(removed.removed) === 0
            ? t("adminFacts.demoRemoval.nothing")
            : t("adminFacts.demoRemoval.removed", removed.removed)}
          {removed.keptSelf && ` ${t("adminFacts.checklist.hints.demoDataSelf")}`}
        </Banner>
      )}
      {checklist ? (
        <GoLiveChecklist points={checklist} />
      ) : (
        // Its own words: the statistics below may well have loaded.
        <Banner tone="error">{t("adminFacts.checklist.failed")}</Banner>
      )}
      {demoDialog && !removed && (
        <UrlDialog
          title={t("adminFacts.demoRemoval.title")}
          closeTo="/admin"
          size="md"
          testId="demo-removal"
        >
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="remove-demo-data" />
            {actionData?.status === "foreignBookings" && (
              <Banner tone="error">
                {t("adminFacts.demoRemoval.foreignBookings", { count: actionData.count })}
              </Banner>
            )}
            {actionData && (actionData.status === "failed" || actionData.status === "invalid") && (
              <Banner tone="error">{t("adminFacts.demoRemoval.failed")}</Banner>
            )}
            <p>{t("adminFacts.demoRemoval.text")}</p>
            {isSelfDemo && (
              <p className="text-sm text-slate-700">
                {t("adminFacts.demoRemoval.keepsSelf", { email: adminEmail })}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              {/* The focus starts on the harmless choice. */}
              <LinkButton
                to="/admin"
                variant="subtle"
                size="md"
                replace
                preventScrollReset
                data-autofocus
              >
                {t("adminFacts.demoRemoval.cancel")}
              </LinkButton>
              <Button type="submit" variant="danger" disabled={isRemoving}>
                {t("adminFacts.demoRemoval.confirm")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}
    </>
  );
}

/** Calendar conflicts and stale imported calendars, shown red until resolved (decision 045). */
function CalendarAlerts({
  alerts,
}: {
  alerts: Route.ComponentProps["loaderData"]["calendarAlerts"];
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  if (!alerts || (alerts.conflicts.length === 0 && alerts.stale.length === 0)) return null;
  const calendarLink = (propertyId: string) => `/admin/properties/${propertyId}/kalender`;
  return (
    <section
      aria-labelledby="calendar-alerts-heading"
      className="space-y-2"
      data-testid="calendar-alerts"
    >
      <h2 id="calendar-alerts-heading" className="text-lg font-semibold text-slate-900">
        {t("adminCalendar.dashboard.heading")}
      </h2>
      <ul className="space-y-2">
        {alerts.stale.map((feed) => (
          <li key={`stale-${feed.propertyId}-${feed.feedName}`}>
            <Banner tone="error" announce="none">
              {feed.hasEverSynced
                ? t("adminCalendar.feeds.stale", { name: feed.feedName, hours: feed.hours })
                : t("adminCalendar.feeds.staleNever", { name: feed.feedName })}{" "}
              ({feed.propertyTitle}){" "}
              <Link to={calendarLink(feed.propertyId)} className="font-medium underline">
                {t("adminCalendar.dashboard.open")}
              </Link>
            </Banner>
          </li>
        ))}
        {alerts.conflicts.map((conflict) => (
          <li key={`conflict-${conflict.propertyId}-${conflict.checkIn}-${conflict.feedName}`}>
            <Banner tone="error" announce="none">
              {t("adminCalendar.dashboard.conflict", {
                property: conflict.propertyTitle,
                feed: conflict.feedName,
                from: formatDate(conflict.checkIn, language),
                to: formatDate(conflict.checkOut, language),
              })}{" "}
              <Link to={calendarLink(conflict.propertyId)} className="font-medium underline">
                {t("adminCalendar.dashboard.open")}
              </Link>
            </Banner>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Guests cannot book: no payment method is offered (decision 098), e.g. Stripe keys removed. */
function NoPaymentMethod() {
  const { t } = useTranslation();
  return (
    <Banner tone="error" testId="no-payment-method">
      {t("adminDashboard.noPaymentMethod")}{" "}
      <Link to="/admin/settings?tab=buchungen" className="font-medium underline">
        {t("adminDashboard.noPaymentMethodLink")}
      </Link>
    </Banner>
  );
}

/** Refunds owed to guests that wait for the admin (decision 098); shown only when there are. */
function OpenRefunds({ refunds }: { refunds: Route.ComponentProps["loaderData"]["refunds"] }) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const money = (cents: number) => formatMoney(cents, language);
  if (!refunds || refunds.total === 0) return null;
  return (
    <section
      aria-labelledby="refunds-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 shadow-sm"
      data-testid="open-refunds"
    >
      <h2 id="refunds-heading" className="text-lg font-semibold text-slate-900">
        {t("adminDashboard.refundsHeading")}
      </h2>
      <p className="mt-1 text-sm font-medium text-amber-900" data-testid="open-refunds-count">
        {t("adminDashboard.refundsCount", {
          count: refunds.total,
          amount: money(refunds.amount),
        })}
      </p>
      <ul className="mt-2 space-y-2 text-sm">
        {refunds.refunds.map((item) => (
          <li key={item.id} data-testid="open-refund">
            <Link
              to={`/admin/bookings/${item.bookingId}`}
              className="font-mono text-secondary underline"
            >
              {item.number}
            </Link>
            {` · ${item.guestName} · `}
            {t("adminDashboard.refundOpenedOn", { date: formatDate(item.openedOn, language) })}
            <span className="block font-medium text-slate-900">
              {item.method === "bank-transfer"
                ? t("adminDashboard.refundTransfer", { amount: money(item.amount) })
                : t("adminDashboard.refundGivenUp", { amount: money(item.amount) })}
            </span>
            {item.lastError && (
              <span className="block break-words text-slate-700">{item.lastError}</span>
            )}
          </li>
        ))}
      </ul>
      <Link
        to={adminBookingsHref({ refund: true })}
        className="mt-3 inline-block text-sm font-medium text-secondary underline"
      >
        {t("adminDashboard.refundsAll")}
      </Link>
    </section>
  );
}

export default function AdminDashboard({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const money = (cents: number) => formatMoney(cents, language);
  const date = (day: string) => formatDate(day, language);
  useRefresh();
  const { data, span, propertyId } = loaderData;

  if (!data) {
    return (
      <main id="main" className="space-y-8">
        <h1 className="text-2xl font-semibold text-slate-900">{t("adminDashboard.title")}</h1>
        <Banner tone="error">{t("adminDashboard.failed")}</Banner>
        {loaderData.noPaymentMethod && <NoPaymentMethod />}
        <GoLive loaderData={loaderData} actionData={actionData} />
        <CalendarAlerts alerts={loaderData.calendarAlerts} />
        <OpenRefunds refunds={loaderData.refunds} />
      </main>
    );
  }
  const { cards, series, report, properties, next7, pending, overdue } = data;
  const cardList = [
    { key: "users", value: String(cards.users.value), change: cards.users.change },
    { key: "properties", value: String(cards.properties.value), change: cards.properties.change },
    { key: "bookings", value: String(cards.bookings.value), change: cards.bookings.change },
    { key: "revenue", value: money(cards.revenue.value), change: cards.revenue.change },
  ] as const;
  const number = (value: number, digits = 1) =>
    new Intl.NumberFormat(language === "en" ? "en-GB" : "de-DE", {
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    }).format(value);
  const figureValue = (name: string, value: number | null) => {
    if (value === null) return "–";
    if (name === "occupancy" || name === "cancellationRate") return `${number(value * 100)} %`;
    if (name === "adr" || name === "revpar") return money(value);
    if (name === "averageStay") return t("adminDashboard.nights", { value: number(value) });
    return t("adminDashboard.days", { value: number(value) });
  };

  return (
    <main id="main" className="space-y-8">
      <h1 className="text-2xl font-semibold text-slate-900">{t("adminDashboard.title")}</h1>

      {loaderData.noPaymentMethod && <NoPaymentMethod />}
      <GoLive loaderData={loaderData} actionData={actionData} />
      <CalendarAlerts alerts={loaderData.calendarAlerts} />
      <OpenRefunds refunds={loaderData.refunds} />

      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cardList.map((card) => (
          <li
            key={card.key}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            data-testid={`card-${card.key}`}
          >
            <h2 className="text-sm font-medium text-slate-700">
              {t(`adminDashboard.cards.${card.key}`)}
            </h2>
            <p className="mt-1 text-3xl font-semibold text-slate-900" data-testid="value">
              {card.value}
            </p>
            <p className="text-xs text-slate-600">{t(`adminDashboard.cardHints.${card.key}`)}</p>
            <Change change={card.change} template="adminDashboard.change" />
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="chart-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id="chart-heading" className="text-lg font-semibold text-slate-900">
              {t("adminDashboard.chart")}
            </h2>
            <p className="text-sm text-slate-600">{t("adminDashboard.chartHint")}</p>
          </div>
          <a
            href="/admin/dashboard.csv"
            download
            className="inline-flex items-center gap-2 rounded-lg border border-secondary px-3 py-1.5 text-sm font-medium text-secondary hover:bg-slate-100"
          >
            <FileSpreadsheet aria-hidden className="size-4" />
            {t("adminDashboard.csv")}
          </a>
        </div>
        <MonthChart series={series} language={language} />
        <Table caption={t("adminDashboard.chart")} hideCaption className="mt-4" testId="monthly">
          <thead>
            <tr>
              <Th>{t("adminDashboard.month")}</Th>
              <Th className="text-right">{t("adminDashboard.bookings")}</Th>
              <Th className="text-right">{t("adminDashboard.revenue")}</Th>
            </tr>
          </thead>
          <tbody>
            {series.map((row) => (
              <tr key={row.month}>
                <Th scope="row">{monthName(row.month, language)}</Th>
                <Td className="text-right tabular-nums">{row.bookings}</Td>
                <Td className="text-right tabular-nums">{money(row.revenue)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>

      <section
        aria-labelledby="figures-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="figures-heading" className="text-lg font-semibold text-slate-900">
          {t("adminDashboard.figures")}
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <Field label={t("adminDashboard.span")}>
            <Select name="span" defaultValue={span}>
              {KEY_FIGURE_SPANS.map((value) => (
                <option key={value} value={value}>
                  {t(`adminDashboard.spans.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("adminDashboard.property")}>
            <Select name="property" defaultValue={propertyId ?? ""}>
              <option value="">{t("adminDashboard.allProperties")}</option>
              {properties.map((property) => (
                <option key={property.id} value={property.id}>
                  {property.title}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" size="md">
            {t("adminDashboard.show")}
          </Button>
        </Form>
        <p className="mt-2 text-sm text-slate-600">
          {t("adminDashboard.spanRange", {
            from: date(report.span.start),
            to: date(addDays(report.span.end, -1)),
          })}
        </p>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="key-figures">
          {report.figures.map((figure) => (
            <div key={figure.name} className="rounded-lg bg-slate-50 p-4" data-figure={figure.name}>
              <dt className="text-sm font-medium text-slate-700">
                {t(`adminDashboard.figureNames.${figure.name}`)}
              </dt>
              <dd>
                <p className="text-2xl font-semibold text-slate-900" data-testid="value">
                  {figureValue(figure.name, figure.value)}
                </p>
                <p className="text-xs text-slate-600">
                  {t(`adminDashboard.figureHints.${figure.name}`)}
                </p>
                <Change change={figure.change} template="adminDashboard.vsPrevious" />
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="next7-heading"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="next7-heading" className="text-lg font-semibold text-slate-900">
            {t("adminDashboard.next7")}
          </h2>
          {(["arrivals", "departures"] as const).map((kind) => (
            <div key={kind} className="mt-3">
              <h3 className="font-medium text-slate-800">{t(`adminDashboard.${kind}`)}</h3>
              {next7[kind].length === 0 ? (
                <p className="text-sm text-slate-600">
                  {t(
                    kind === "arrivals"
                      ? "adminDashboard.noArrivals"
                      : "adminDashboard.noDepartures",
                  )}
                </p>
              ) : (
                <ul className="mt-1 space-y-1 text-sm" data-testid={kind}>
                  {next7[kind].map((entry) => (
                    <li key={`${kind}-${entry.id}`}>
                      <span className="tabular-nums">{date(entry.day)}</span>
                      {" · "}
                      <Link to={`/admin/bookings/${entry.id}`} className="text-secondary underline">
                        {entry.guestName}
                      </Link>
                      {` · ${entry.propertyTitle}`}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </section>

        <section
          aria-labelledby="pending-heading"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="pending-heading" className="text-lg font-semibold text-slate-900">
            {t("adminDashboard.pending")}
          </h2>
          {pending.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t("adminDashboard.noPending")}</p>
          ) : (
            <ul className="mt-2 space-y-2 text-sm" data-testid="pending">
              {pending.map((entry) => (
                <li key={entry.id}>
                  <Link
                    to={`/admin/bookings/${entry.id}`}
                    className="font-mono text-secondary underline"
                  >
                    {entry.number}
                  </Link>
                  {` · ${entry.guestName} · ${entry.propertyTitle}`}
                  <br />
                  <span className="text-slate-700">
                    {t("adminDashboard.waiting", { count: entry.daysWaiting })}
                    {" · "}
                    {entry.dueDate
                      ? t("adminDashboard.dueBy", {
                          amount: money(entry.due),
                          date: date(entry.dueDate),
                        })
                      : t("adminDashboard.due", { amount: money(entry.due) })}
                  </span>
                  {entry.isDebitProcessing ? (
                    <span className="ml-2 font-medium text-amber-900">
                      {t("adminDashboard.debitProcessing")}
                    </span>
                  ) : (
                    entry.isOverdue && (
                      <span className="ml-2 font-medium text-red-800">
                        {t("adminDashboard.overdue")}
                      </span>
                    )
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section
          aria-labelledby="overdue-heading"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2"
        >
          <h2 id="overdue-heading" className="text-lg font-semibold text-slate-900">
            {t("adminDashboard.overdueHeading")}
          </h2>
          {overdue.total === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t("adminDashboard.noOverdue")}</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-600">
                {t("adminDashboard.overdueCount", { count: overdue.total })}
              </p>
              <ul className="mt-2 space-y-2 text-sm" data-testid="overdue">
                {overdue.bookings.map((entry) => (
                  <li key={entry.id}>
                    <Link
                      to={`/admin/bookings/${entry.id}`}
                      className="font-mono text-secondary underline"
                    >
                      {entry.number}
                    </Link>
                    {` · ${entry.guestName} · ${entry.propertyTitle}`}
                    <br />
                    <span className="text-slate-700">
                      {`${t(`paymentMethods.${entry.paymentMethod}` as "paymentMethods.bank-transfer")} · `}
                      {t("adminDashboard.overdueOpen", { amount: money(entry.amountOpen) })}
                      {" · "}
                    </span>
                    <span className="font-medium text-red-800">
                      {t("adminDashboard.overdueDays", {
                        count: entry.daysOverdue,
                        date: date(entry.dueDate),
                      })}
                    </span>
                    {entry.noticeDeadline && (
                      <span className="block text-slate-800" data-testid="overdue-notice">
                        {t("adminDashboard.overdueNotice", { date: date(entry.noticeDeadline) })}
                      </span>
                    )}
                    {entry.paymentMethod !== "bank-transfer" && (
                      <span
                        className="block font-medium text-slate-800"
                        data-testid="overdue-charge"
                      >
                        {overdueChargeText(entry.charge, loaderData.maxBalanceAttempts, t)}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </main>
  );
}

/**
 * How an online booking's overdue instalment is stuck (decision 052): the balance job's last
 * attempt and whether the guest got a payment link, or that nothing was charged at all.
 */
function overdueChargeText(
  charge: {
    status: "processing" | "failed" | "succeeded";
    attempts: number;
    isLinkSent: boolean;
  } | null,
  maxAttempts: number,
  t: ReturnType<typeof useTranslation>["t"],
) {
  if (!charge || charge.status === "succeeded") return t("adminDashboard.overdueNoCharge");
  const attempt = { attempt: String(charge.attempts), max: String(maxAttempts) };
  if (charge.status === "processing") return t("adminDashboard.overdueChargeRunning", attempt);
  const parts = [t("adminDashboard.overdueChargeFailed", attempt)];
  if (charge.isLinkSent) parts.push(t("adminDashboard.overdueLinkSent"));
  if (charge.attempts >= maxAttempts) parts.push(t("adminDashboard.overdueGivenUp"));
  return parts.join(", ");
}

function monthName(month: string, language: Language) {
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "de-DE", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * Bars for the revenue, dots joined by a line for the number of bookings, drawn on the server
 * as SVG (no chart library in the browser; decision 024). The table below carries the numbers
 * for screen readers, so the drawing itself is hidden from them.
 */
function MonthChart({
  series,
  language,
}: {
  series: { month: string; bookings: number; revenue: number }[];
  language: Language;
}) {
  const width = 720;
  const height = 220;
  const pad = { top: 16, bottom: 28, left: 8, right: 8 };
  const inner = { w: width - pad.left - pad.right, h: height - pad.top - pad.bottom };
  const maxRevenue = Math.max(1, ...series.map((s) => s.revenue));
  const maxBookings = Math.max(1, ...series.map((s) => s.bookings));
  const step = inner.w / series.length;
  const points = series.map((s, i) => ({
    x: pad.left + step * i + step / 2,
    y: pad.top + inner.h - (s.bookings / maxBookings) * inner.h,
  }));
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="mt-4 h-auto w-full"
      aria-hidden
      focusable="false"
      data-testid="chart"
    >
      {series.map((s, i) => {
        const h = (s.revenue / maxRevenue) * inner.h;
        return (
          <g key={s.month}>
            <rect
              x={pad.left + step * i + step * 0.15}
              y={pad.top + inner.h - h}
              width={step * 0.7}
              height={h}
              rx={3}
              className="fill-sky-200"
            />
            <text
              x={pad.left + step * i + step / 2}
              y={height - 8}
              textAnchor="middle"
              className="fill-slate-600 text-[11px]"
            >
              {monthName(s.month, language).split(" ")[0]}
            </text>
          </g>
        );
      })}
      <polyline
        points={points.map((p) => `${p.x},${p.y}`).join(" ")}
        className="fill-none stroke-secondary"
        strokeWidth={2}
      />
      {points.map((p, i) => (
        <circle key={series[i].month} cx={p.x} cy={p.y} r={3.5} className="fill-secondary" />
      ))}
    </svg>
  );
}
