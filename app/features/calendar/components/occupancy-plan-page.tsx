import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Field } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { UrlDialog } from "~/components/ui/url-dialog";
import { addDays, daysBetween } from "~/domain/calendar-day";
import { formatDate, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import { BLOCK_REASONS } from "../calendar.schema";
import {
  barSpan,
  PLAN_VIEWS,
  periodDays,
  planHref,
  type PlanItem,
  type PlanQuery,
  type PlanRow,
  type PlanView,
} from "../occupancy-plan";

export type PlanActionData =
  | { ok: true; intent: string; message: string; at: number; blockId?: string }
  | {
      ok: false;
      intent: string;
      error: string;
      blockId?: string;
      fieldErrors?: Record<string, string>;
    };

type LoaderData = {
  today: string;
  query: PlanQuery;
  rows: PlanRow[];
  isTruncated: boolean;
  options: { properties: { id: string; title: string }[]; locations: string[] };
};

/** Width of one night's column per view: three months stay readable as thin columns. */
const DAY_WIDTH: Record<PlanView, string> = { "2w": "4.5rem", month: "2.5rem", "3m": "1.75rem" };

/**
 * Colours by kind and status (a legend explains them; every text meets 4.5:1 on its background).
 * Blocks and imported events are hatched, so they differ from bookings without colour too.
 */
const BAR_CLASS = {
  pending: "border-amber-700 bg-amber-200 text-amber-950",
  confirmed: "border-emerald-900 bg-emerald-700 text-white",
  completed: "border-slate-800 bg-slate-600 text-white",
  block: "plan-hatch-block border-slate-600 text-slate-900",
  external: "plan-hatch-external border-blue-800 text-blue-950",
  conflict: "border-red-950 bg-red-700 text-white",
} as const;

const barClassOf = (item: PlanItem) =>
  item.kind === "booking"
    ? (BAR_CLASS[item.status as keyof typeof BAR_CLASS] ?? BAR_CLASS.confirmed)
    : item.kind === "block"
      ? BAR_CLASS.block
      : item.isConflict
        ? BAR_CLASS.conflict
        : BAR_CLASS.external;

type Cursor = { row: number; day: number };

const weekdayFormats = {
  de: new Intl.DateTimeFormat("de-DE", { weekday: "short", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" }),
};
const monthFormats = {
  de: new Intl.DateTimeFormat("de-DE", { month: "short", year: "numeric", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }),
};
const longDayFormats = {
  de: new Intl.DateTimeFormat("de-DE", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }),
  en: new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }),
};
const isConflictItem = (item: PlanItem) => item.kind === "external" && item.isConflict;
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Is any night of `[checkIn, checkOut)` taken in this row? A conflicting import's red bar is not
 * what takes them: the free stretches it holds come as items of their own (decision 064).
 */
const isTaken = (row: PlanRow, checkIn: string, checkOut: string) =>
  row.items.some(
    (item) =>
      !(item.kind === "external" && item.isConflict) &&
      item.checkIn < checkOut &&
      item.checkOut > checkIn,
  );

/**
 * The Belegungsplan's page (decision 050). Server-rendered and complete without JavaScript:
 * every bar is a link, paging and filters are links and a GET form, a block is created with the
 * small form below. With JavaScript, free nights are selected in a row by pointer (drag, or tap
 * the first and the last night) or keyboard, which fills that form.
 */
export function OccupancyPlanPage({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData: PlanActionData | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { today, query, rows, isTruncated, options } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state === "submitting";
  const isHydrated = useIsHydrated();
  const days = periodDays(query.from, query.days);
  const day = (value: string) => formatDate(value, language);
  const lastDay = days[days.length - 1];
  const todayIndex = daysBetween(query.from, today);

  // The create form: filled by a selection on the timeline, or by hand.
  const [draft, setDraft] = useState({ propertyId: "", checkIn: "", checkOut: "" });
  const createdAt = actionData?.ok && actionData.intent === "createBlock" ? actionData.at : null;
  useEffect(() => {
    if (createdAt) setDraft({ propertyId: "", checkIn: "", checkOut: "" });
  }, [createdAt]);

  const [cursor, setCursor] = useState<Cursor>({ row: 0, day: Math.max(0, todayIndex) });
  const [anchor, setAnchor] = useState<Cursor | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const trackRefs = useRef<(HTMLDivElement | null)[]>([]);
  const reasonRef = useRef<HTMLSelectElement>(null);
  const pointerStart = useRef<{
    pointerId: number;
    anchorDay: number;
    isSecondTap: boolean;
  } | null>(null);
  useEffect(() => {
    setCursor((current) => ({
      row: Math.min(current.row, Math.max(0, rows.length - 1)),
      day: Math.min(current.day, query.days - 1),
    }));
    setAnchor(null);
  }, [rows.length, query.days, query.from]);

  const cursorText = (next: Cursor) => {
    const row = rows[next.row];
    const date = days[next.day];
    return t("adminOccupancy.select.cursor", {
      title: row.title,
      day: longDayFormats[language].format(asDate(date)),
      state: isTaken(row, date, addDays(date, 1))
        ? t("adminOccupancy.select.taken")
        : t("adminOccupancy.select.free"),
    });
  };

  const finish = (start: Cursor, end: number) => {
    const row = rows[start.row];
    const first = days[Math.min(start.day, end)];
    const checkOut = addDays(days[Math.max(start.day, end)], 1);
    setAnchor(null);
    if (isTaken(row, first, checkOut)) {
      setAnnouncement(t("adminOccupancy.select.takenRange"));
      return;
    }
    setDraft({ propertyId: row.id, checkIn: first, checkOut });
    setAnnouncement(
      t("adminOccupancy.select.selected", {
        title: row.title,
        count: daysBetween(first, checkOut),
        from: day(first),
        to: day(checkOut),
      }),
    );
    reasonRef.current?.focus();
  };

  const select = (at: Cursor) => {
    if (anchor && anchor.row === at.row) {
      finish(anchor, at.day);
      return;
    }
    setAnchor(at);
    setAnnouncement(
      t("adminOccupancy.select.started", {
        day: longDayFormats[language].format(asDate(days[at.day])),
      }),
    );
  };

  const moveTo = (next: Cursor) => {
    const clamped = {
      row: Math.max(0, Math.min(rows.length - 1, next.row)),
      day: Math.max(0, Math.min(query.days - 1, next.day)),
    };
    setCursor(clamped);
    setAnnouncement(cursorText(clamped));
    if (clamped.row !== cursor.row) trackRefs.current[clamped.row]?.focus();
  };

  const onTrackKey = (event: KeyboardEvent<HTMLDivElement>, rowIndex: number) => {
    if (event.target !== event.currentTarget) return;
    const at = { row: rowIndex, day: cursor.day };
    const moves: Record<string, Cursor> = {
      ArrowLeft: { ...at, day: at.day - 1 },
      ArrowRight: { ...at, day: at.day + 1 },
      ArrowUp: { ...at, row: at.row - 1 },
      ArrowDown: { ...at, row: at.row + 1 },
      Home: { ...at, day: 0 },
      End: { ...at, day: query.days - 1 },
    };
    if (moves[event.key]) {
      event.preventDefault();
      // A selection stays in its row: up and down leave it.
      if (anchor && moves[event.key].row !== anchor.row) setAnchor(null);
      moveTo(moves[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      select(at);
    } else if (event.key === "Escape" && anchor) {
      event.preventDefault();
      setAnchor(null);
      setAnnouncement(t("adminOccupancy.select.cancelled"));
    }
  };

  const dayAt = (element: HTMLElement, clientX: number) => {
    const box = element.getBoundingClientRect();
    const index = Math.floor(((clientX - box.left) / box.width) * query.days);
    return Math.max(0, Math.min(query.days - 1, index));
  };

  const fieldError = (name: string, blockId?: string) => {
    if (!actionData || actionData.ok || !actionData.fieldErrors) return undefined;
    if ((actionData.blockId ?? undefined) !== blockId) return undefined;
    const key = actionData.fieldErrors[name];
    if (!key) return undefined;
    if (key === "property") return t("adminOccupancy.errors.property");
    return t(`adminCalendar.errors.${key === "tooLong" ? "tooLongText" : key}`);
  };
  const blockError = (blockId?: string) =>
    actionData && !actionData.ok && actionData.blockId === blockId && actionData.error !== "invalid"
      ? t(`adminCalendar.errors.${actionData.error}`)
      : null;

  const reasonOptions = BLOCK_REASONS.map((reason) => (
    <option key={reason} value={reason}>
      {t(`adminCalendar.blocks.reasons.${reason}`)}
    </option>
  ));
  const sourceOf = (item: Extract<PlanItem, { kind: "external" }>) =>
    t(`adminCalendar.feeds.channels.${item.channel}`);

  const barLabel = (item: PlanItem) => {
    const range = { from: day(item.checkIn), to: day(item.checkOut) };
    if (item.kind === "booking") {
      return t("adminOccupancy.bar.booking", {
        ...range,
        number: item.number,
        name: item.guestName,
        status: t(`adminBookings.statuses.${item.status}`),
      });
    }
    if (item.kind === "block") {
      return t("adminOccupancy.bar.block", {
        ...range,
        reason: t(`adminCalendar.blocks.reasons.${item.reason}`),
      });
    }
    if (item.isConflict) {
      return t("adminOccupancy.bar.conflict", { ...range, source: sourceOf(item) });
    }
    return t("adminOccupancy.bar.external", {
      ...range,
      source: sourceOf(item),
      kind: t(`adminOccupancy.bar.externalKinds.${item.eventKind}`),
    });
  };
  const barText = (item: PlanItem) =>
    item.kind === "booking"
      ? item.guestName
      : item.kind === "block"
        ? t(`adminCalendar.blocks.reasons.${item.reason}`)
        : sourceOf(item);
  const hrefOf = (item: PlanItem) =>
    item.kind === "booking"
      ? `/admin/bookings/${item.id}`
      : `${planHref(query, { item: item.id })}#detail`;

  // The open detail: a block or an imported event of the rows shown.
  const selected = query.itemId
    ? rows
        .flatMap((row) => row.items.map((item) => ({ row, item })))
        // A conflicting import also has its held stretches in the row: its detail is the conflict.
        .sort((a, b) => Number(isConflictItem(b.item)) - Number(isConflictItem(a.item)))
        .find(({ item }) => item.id === query.itemId && item.kind !== "booking")
    : undefined;

  // Removing a block asks first, like on the property's calendar page (decisions 096, 102): a
  // dialog whose open state is the URL, so it works without JavaScript. A stale or forged id
  // opens nothing.
  const removing = query.removeId
    ? rows
        .flatMap((row) => row.items)
        .find((item) => item.id === query.removeId && item.kind === "block")
    : undefined;

  const style = { "--plan-day": DAY_WIDTH[query.view] } as CSSProperties;
  const trackWidth = `calc(var(--plan-day) * ${query.days})`;
  const at = (start: number) => `calc(var(--plan-day) * ${start})`;

  return (
    <main id="main" className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("adminOccupancy.title")}</h1>
        <p className="mt-1 max-w-3xl text-slate-700">{t("adminOccupancy.intro")}</p>
      </div>

      {actionData?.ok && <Banner tone="success">{actionData.message}</Banner>}

      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-300 bg-white p-3"
        aria-label={t("adminOccupancy.filters.label")}
      >
        <Field label={t("adminOccupancy.filters.view")} id="plan-view">
          <Select name="view" defaultValue={query.view}>
            {(Object.keys(PLAN_VIEWS) as PlanView[]).map((view) => (
              <option key={view} value={view}>
                {t(`adminOccupancy.filters.views.${view}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("adminOccupancy.filters.from")} id="plan-from">
          <Input type="date" name="from" defaultValue={query.from} required />
        </Field>
        <Field label={t("adminOccupancy.filters.property")} id="plan-property">
          <Select name="property" defaultValue={query.propertyId ?? ""}>
            <option value="">{t("adminOccupancy.filters.all")}</option>
            {options.properties.map((property) => (
              <option key={property.id} value={property.id}>
                {property.title}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("adminOccupancy.filters.location")} id="plan-location">
          <Select name="location" defaultValue={query.location ?? ""}>
            <option value="">{t("adminOccupancy.filters.all")}</option>
            {options.locations.map((location) => (
              <option key={location} value={location}>
                {location}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="outline">
          {t("adminOccupancy.filters.apply")}
        </Button>
      </Form>

      <nav
        aria-label={t("adminOccupancy.paging.label")}
        className="flex flex-wrap items-center gap-2"
      >
        <LinkButton
          to={planHref(query, { from: addDays(query.from, -query.days) })}
          variant="outline"
          size="sm"
        >
          <ChevronLeft aria-hidden className="size-4" />
          {t("adminOccupancy.paging.previous")}
        </LinkButton>
        <LinkButton to={planHref(query, { from: today })} variant="outline" size="sm">
          {t("adminOccupancy.paging.today")}
        </LinkButton>
        <LinkButton
          to={planHref(query, { from: addDays(query.from, query.days) })}
          variant="outline"
          size="sm"
        >
          {t("adminOccupancy.paging.next")}
          <ChevronRight aria-hidden className="size-4" />
        </LinkButton>
        <p className="font-medium text-slate-900" aria-live="polite">
          {t("adminOccupancy.period", { from: day(query.from), to: day(lastDay) })}
        </p>
      </nav>

      <Legend />

      {isTruncated && (
        <Banner tone="info" announce="none">
          {t("adminOccupancy.truncated", { count: rows.length })}
        </Banner>
      )}

      {rows.length === 0 ? (
        <p className="text-slate-700">{t("adminOccupancy.empty")}</p>
      ) : (
        <div
          className="overflow-x-auto rounded-lg border border-slate-300 bg-white"
          style={style}
          data-testid="occupancy-plan"
        >
          <p id="plan-instructions" className="sr-only">
            {t("adminOccupancy.select.instructions")}
          </p>
          <div className="min-w-max">
            {/* Day headings are for the eye; every bar's name says its dates. */}
            <div aria-hidden className="flex border-b border-slate-300">
              <div className="sticky left-0 z-20 w-36 shrink-0 border-r border-slate-300 bg-white px-2 py-1 text-sm font-semibold text-slate-900 lg:w-56">
                {t("adminOccupancy.propertyColumn")}
              </div>
              <div style={{ width: trackWidth }}>
                {/* Months in their own line, each as wide as its nights in the period. */}
                <div className="flex border-b border-slate-200">
                  {monthSegments(days).map((segment) => (
                    <div
                      key={segment.first}
                      className="shrink-0 overflow-hidden whitespace-nowrap border-r border-slate-300 px-1 text-xs font-semibold text-slate-900"
                      style={{ width: `calc(var(--plan-day) * ${segment.length})` }}
                    >
                      {monthFormats[language].format(asDate(segment.first))}
                    </div>
                  ))}
                </div>
                <div className="flex">
                  {days.map((date) => {
                    const isToday = date === today;
                    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
                    return (
                      <div
                        key={date}
                        className={cx(
                          "shrink-0 border-r border-slate-200 py-1 text-center text-xs leading-tight",
                          isToday
                            ? "bg-secondary font-bold text-white"
                            : weekday === 0 || weekday === 6
                              ? "bg-slate-100 text-slate-800"
                              : "text-slate-800",
                        )}
                        style={{ width: "var(--plan-day)" }}
                        data-today={isToday || undefined}
                      >
                        <span className="block">
                          {weekdayFormats[language].format(asDate(date)).slice(0, 2)}
                        </span>
                        <span className="block">{Number(date.slice(8))}</span>
                      </div>
                    );
                  })}
                </div>
              </div>
            </div>
            <ul>
              {rows.map((row, rowIndex) => {
                const main = row.items.filter(
                  (item) => !(item.kind === "external" && item.isConflict),
                );
                const conflicts = row.items.filter(
                  (item) => item.kind === "external" && item.isConflict,
                );
                const stale = row.feeds.filter((feed) => feed.staleHours !== null);
                const selection =
                  anchor && anchor.row === rowIndex
                    ? {
                        start: Math.min(
                          anchor.day,
                          cursor.row === rowIndex ? cursor.day : anchor.day,
                        ),
                        end: Math.max(
                          anchor.day,
                          cursor.row === rowIndex ? cursor.day : anchor.day,
                        ),
                      }
                    : null;
                return (
                  <li
                    key={row.id}
                    className="flex border-b border-slate-200 last:border-b-0"
                    data-property={row.title}
                  >
                    <div className="sticky left-0 z-20 w-36 shrink-0 border-r border-slate-300 bg-white px-2 py-1 lg:w-56">
                      <Link
                        to={`/admin/properties/${row.id}/kalender`}
                        className="block truncate text-sm font-medium text-secondary underline"
                        aria-label={t("adminOccupancy.openCalendar", { title: row.title })}
                        title={row.title}
                      >
                        {row.title}
                      </Link>
                      <span className="block truncate text-xs text-slate-700">{row.location}</span>
                      {stale.map((feed) => (
                        <span key={feed.name} className="block text-xs font-semibold text-red-800">
                          {feed.lastSuccessAt
                            ? t("adminOccupancy.stale", {
                                name: feed.name,
                                hours: feed.staleHours ?? 0,
                              })
                            : t("adminOccupancy.staleNever", { name: feed.name })}
                        </span>
                      ))}
                    </div>
                    <div
                      ref={(element) => {
                        trackRefs.current[rowIndex] = element;
                      }}
                      className={cx(
                        "plan-grid group relative shrink-0 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-secondary",
                        conflicts.length > 0 ? "h-[4.5rem]" : "h-11",
                        isHydrated && "cursor-crosshair",
                      )}
                      style={{ width: trackWidth }}
                      role={isHydrated ? "group" : undefined}
                      aria-label={
                        isHydrated
                          ? t("adminOccupancy.select.rowLabel", { title: row.title })
                          : undefined
                      }
                      aria-describedby={isHydrated ? "plan-instructions" : undefined}
                      tabIndex={isHydrated ? (rowIndex === cursor.row ? 0 : -1) : undefined}
                      data-track={row.id}
                      onKeyDown={(event) => onTrackKey(event, rowIndex)}
                      onFocus={(event) => {
                        if (event.target !== event.currentTarget) return;
                        const next = { row: rowIndex, day: cursor.day };
                        if (cursor.row !== rowIndex) setCursor(next);
                        setAnnouncement(cursorText(next));
                      }}
                      onPointerDown={(event) => {
                        if ((event.target as HTMLElement).closest("a")) return;
                        if (event.button !== 0) return;
                        const dayIndex = dayAt(event.currentTarget, event.clientX);
                        const earlier = anchor && anchor.row === rowIndex ? anchor.day : null;
                        pointerStart.current = {
                          pointerId: event.pointerId,
                          anchorDay: earlier ?? dayIndex,
                          isSecondTap: earlier !== null,
                        };
                        setCursor({ row: rowIndex, day: dayIndex });
                        if (earlier === null) setAnchor({ row: rowIndex, day: dayIndex });
                      }}
                      onPointerMove={(event) => {
                        const start = pointerStart.current;
                        if (!start || event.pointerId !== start.pointerId) return;
                        const dayIndex = dayAt(event.currentTarget, event.clientX);
                        if (dayIndex !== cursor.day) setCursor({ row: rowIndex, day: dayIndex });
                      }}
                      onPointerCancel={() => {
                        // The browser took the gesture (a scroll on a tablet): nothing selected.
                        if (pointerStart.current && !pointerStart.current.isSecondTap)
                          setAnchor(null);
                        pointerStart.current = null;
                      }}
                      onPointerUp={(event) => {
                        const start = pointerStart.current;
                        pointerStart.current = null;
                        if (!start || event.pointerId !== start.pointerId) return;
                        const dayIndex = dayAt(event.currentTarget, event.clientX);
                        // A drag, or the second tap, ends the selection; a first tap on one
                        // night starts it (tap the last night next: works on a tablet).
                        if (start.isSecondTap || dayIndex !== start.anchorDay) {
                          finish({ row: rowIndex, day: start.anchorDay }, dayIndex);
                          return;
                        }
                        setAnnouncement(
                          t("adminOccupancy.select.started", {
                            day: longDayFormats[language].format(asDate(days[dayIndex])),
                          }),
                        );
                      }}
                    >
                      {todayIndex >= 0 && todayIndex < query.days && (
                        <div
                          aria-hidden
                          className="absolute inset-y-0 border-x-2 border-secondary bg-sky-50"
                          style={{ left: at(todayIndex), width: "var(--plan-day)" }}
                        />
                      )}
                      {selection && (
                        <div
                          aria-hidden
                          className="absolute inset-y-0 z-10 border-2 border-dashed border-secondary bg-sky-200/60"
                          data-testid="plan-selection"
                          style={{
                            left: at(selection.start),
                            width: at(selection.end - selection.start + 1),
                          }}
                        />
                      )}
                      {isHydrated && cursor.row === rowIndex && !selection && (
                        <div
                          aria-hidden
                          className="absolute inset-y-0 z-10 hidden border-2 border-slate-900 group-focus:block"
                          style={{ left: at(cursor.day), width: "var(--plan-day)" }}
                        />
                      )}
                      {[
                        ...main.map((item) => ({ item, lane: 0 })),
                        ...conflicts.map((item) => ({ item, lane: 1 })),
                      ].map(({ item, lane }) => {
                        const span = barSpan(item, query.from, query.days);
                        if (span.length === 0) return null;
                        return (
                          <Link
                            key={`${lane}-${item.kind}-${item.id}-${item.checkIn}`}
                            to={hrefOf(item)}
                            className={cx(
                              "absolute z-10 flex items-center overflow-hidden whitespace-nowrap rounded border px-1 text-xs font-semibold focus-visible:z-30 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-slate-900",
                              barClassOf(item),
                            )}
                            style={{
                              left: `calc(${at(span.start)} + 2px)`,
                              width: `calc(${at(span.length)} - 4px)`,
                              top: lane === 0 ? "0.375rem" : "2.75rem",
                              height: "1.75rem",
                            }}
                            aria-label={barLabel(item)}
                            title={barLabel(item)}
                            data-kind={
                              item.kind === "external" && item.isConflict ? "conflict" : item.kind
                            }
                          >
                            <span className="truncate">{barText(item)}</span>
                          </Link>
                        );
                      })}
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      )}
      <p className="sr-only" aria-live="polite" data-testid="plan-announcement">
        {announcement}
      </p>

      {removing && (
        <UrlDialog
          title={t("adminCalendar.confirm.blockTitle")}
          closeTo={`${planHref(query, { item: removing.id })}#detail`}
          size="md"
          testId="block-remove"
        >
          {/* Posts to the bare plan: the answer shows there, the dialog and the details gone. */}
          <Form method="post" action={planHref(query)} className="space-y-4">
            <input type="hidden" name="intent" value="deleteBlock" />
            <input type="hidden" name="id" value={removing.id} />
            <p>
              {t("adminCalendar.confirm.blockText", {
                from: day(removing.checkIn),
                to: day(removing.checkOut),
              })}
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              {/* The focus starts on the harmless choice. */}
              <LinkButton
                to={`${planHref(query, { item: removing.id })}#detail`}
                variant="subtle"
                size="md"
                replace
                preventScrollReset
                data-autofocus
              >
                {t("adminCalendar.confirm.cancel")}
              </LinkButton>
              <Button type="submit" variant="danger" disabled={isBusy}>
                {t("adminCalendar.confirm.blockSubmit")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}

      {selected && (
        <section
          id="detail"
          aria-labelledby="detail-heading"
          className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
        >
          {selected.item.kind === "block" ? (
            <>
              <h2 id="detail-heading" className="text-xl font-semibold text-slate-900">
                {t("adminOccupancy.detail.blockHeading", { title: selected.row.title })}
              </h2>
              <Form
                method="post"
                className="space-y-3"
                key={`${selected.item.id}-${selected.item.checkIn}-${selected.item.checkOut}`}
              >
                <input type="hidden" name="id" value={selected.item.id} />
                {blockError(selected.item.id) && (
                  <Banner tone="error">{blockError(selected.item.id)}</Banner>
                )}
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field
                    label={t("adminCalendar.blocks.checkIn")}
                    error={fieldError("checkIn", selected.item.id)}
                    id="detail-check-in"
                  >
                    <Input
                      type="date"
                      name="checkIn"
                      defaultValue={selected.item.checkIn}
                      required
                    />
                  </Field>
                  <Field
                    label={t("adminCalendar.blocks.checkOut")}
                    error={fieldError("checkOut", selected.item.id)}
                    id="detail-check-out"
                  >
                    <Input
                      type="date"
                      name="checkOut"
                      defaultValue={selected.item.checkOut}
                      required
                    />
                  </Field>
                  <Field label={t("adminCalendar.blocks.reason")} id="detail-reason">
                    <Select name="reason" defaultValue={selected.item.reason}>
                      {reasonOptions}
                    </Select>
                  </Field>
                </div>
                <Field
                  label={t("adminCalendar.blocks.note")}
                  error={fieldError("note", selected.item.id)}
                  id="detail-note"
                >
                  <Input name="note" defaultValue={selected.item.note} maxLength={500} />
                </Field>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" name="intent" value="updateBlock" disabled={isBusy}>
                    {t("adminCalendar.blocks.save")}
                  </Button>
                  <LinkButton
                    to={`${planHref(query, { item: selected.item.id, "sperre-entfernen": selected.item.id })}#detail`}
                    variant="dangerOutline"
                    preventScrollReset
                  >
                    {t("adminCalendar.blocks.remove")}
                  </LinkButton>
                  <LinkButton to={planHref(query)} variant="outline">
                    {t("adminOccupancy.detail.close")}
                  </LinkButton>
                </div>
              </Form>
            </>
          ) : selected.item.kind === "external" ? (
            <>
              <h2 id="detail-heading" className="text-xl font-semibold text-slate-900">
                {t(
                  selected.item.isConflict
                    ? "adminOccupancy.detail.conflictHeading"
                    : "adminOccupancy.detail.externalHeading",
                  { title: selected.row.title },
                )}
              </h2>
              {selected.item.isConflict && (
                <Banner tone="error" announce="none">
                  {t("adminOccupancy.detail.conflictHint", { source: sourceOf(selected.item) })}
                </Banner>
              )}
              <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
                <dt className="font-medium text-slate-800">{t("adminOccupancy.detail.source")}</dt>
                <dd className="text-slate-900">
                  {sourceOf(selected.item)} (
                  {t(`adminOccupancy.bar.externalKinds.${selected.item.eventKind}`)})
                </dd>
                <dt className="font-medium text-slate-800">{t("adminOccupancy.detail.feed")}</dt>
                <dd className="text-slate-900">{selected.item.feedName}</dd>
                <dt className="font-medium text-slate-800">{t("adminOccupancy.detail.nights")}</dt>
                <dd className="text-slate-900">
                  {t("adminOccupancy.period", {
                    from: day(selected.item.checkIn),
                    to: day(selected.item.checkOut),
                  })}
                </dd>
                <dt className="font-medium text-slate-800">
                  {t("adminOccupancy.detail.lastSync")}
                </dt>
                <dd className="text-slate-900">
                  {selected.item.lastSuccessAt
                    ? new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", {
                        dateStyle: "medium",
                        timeStyle: "short",
                        timeZone: "Europe/Berlin",
                      }).format(new Date(selected.item.lastSuccessAt))
                    : t("adminOccupancy.detail.neverSynced")}
                </dd>
              </dl>
              <div className="flex flex-wrap gap-2">
                <LinkButton to={`/admin/properties/${selected.row.id}/kalender`} variant="outline">
                  {t("adminOccupancy.detail.openCalendar")}
                </LinkButton>
                <LinkButton to={planHref(query)} variant="outline">
                  {t("adminOccupancy.detail.close")}
                </LinkButton>
              </div>
            </>
          ) : null}
        </section>
      )}

      <Form
        key={createdAt ?? "create-block"}
        method="post"
        id="block-form"
        className="max-w-3xl space-y-3 rounded-lg border border-slate-300 bg-slate-50 p-4"
        aria-labelledby="create-heading"
      >
        <h2 id="create-heading" className="text-xl font-semibold text-slate-900">
          {t("adminOccupancy.create.heading")}
        </h2>
        <p className="text-sm text-slate-700">{t("adminOccupancy.create.hint")}</p>
        {blockError(undefined) && <Banner tone="error">{blockError(undefined)}</Banner>}
        <Field
          label={t("adminOccupancy.create.property")}
          error={fieldError("propertyId")}
          id="create-property"
        >
          <Select
            name="propertyId"
            value={draft.propertyId}
            onChange={(event) => setDraft({ ...draft, propertyId: event.target.value })}
            required
          >
            <option value="">{t("adminOccupancy.create.choose")}</option>
            {options.properties.map((property) => (
              <option key={property.id} value={property.id}>
                {property.title}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field
            label={t("adminCalendar.blocks.checkIn")}
            error={fieldError("checkIn")}
            id="create-check-in"
          >
            <Input
              type="date"
              name="checkIn"
              min={today}
              value={draft.checkIn}
              onChange={(event) => setDraft({ ...draft, checkIn: event.target.value })}
              required
            />
          </Field>
          <Field
            label={t("adminCalendar.blocks.checkOut")}
            error={fieldError("checkOut")}
            id="create-check-out"
          >
            <Input
              type="date"
              name="checkOut"
              min={today}
              value={draft.checkOut}
              onChange={(event) => setDraft({ ...draft, checkOut: event.target.value })}
              required
            />
          </Field>
          <Field label={t("adminCalendar.blocks.reason")} id="create-reason">
            <Select name="reason" defaultValue="own-use" ref={reasonRef}>
              {reasonOptions}
            </Select>
          </Field>
        </div>
        <Field label={t("adminCalendar.blocks.note")} error={fieldError("note")} id="create-note">
          <Textarea name="note" rows={2} maxLength={500} />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="createBlock" disabled={isBusy}>
            {t("adminOccupancy.create.submit")}
          </Button>
        </div>
      </Form>
    </main>
  );
}

/** The months of the period with how many of its nights each covers. */
function monthSegments(days: string[]) {
  const segments: { first: string; length: number }[] = [];
  for (const date of days) {
    const last = segments.at(-1);
    if (last && last.first.slice(0, 7) === date.slice(0, 7)) last.length += 1;
    else segments.push({ first: date, length: 1 });
  }
  return segments;
}

function Legend() {
  const { t } = useTranslation();
  const entries = [
    ["pending", BAR_CLASS.pending],
    ["confirmed", BAR_CLASS.confirmed],
    ["completed", BAR_CLASS.completed],
    ["block", BAR_CLASS.block],
    ["external", BAR_CLASS.external],
    ["conflict", BAR_CLASS.conflict],
  ] as const;
  return (
    <section aria-labelledby="legend-heading">
      <h2 id="legend-heading" className="sr-only">
        {t("adminOccupancy.legend.heading")}
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-800">
        {entries.map(([key, className]) => (
          <li key={key} className="flex items-center gap-1.5">
            <span aria-hidden className={cx("inline-block h-4 w-6 rounded border", className)} />
            {t(`adminOccupancy.legend.${key}`)}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden
            className="inline-block h-4 w-6 border-x-2 border-secondary bg-sky-50"
          />
          {t("adminOccupancy.legend.today")}
        </li>
      </ul>
    </section>
  );
}
