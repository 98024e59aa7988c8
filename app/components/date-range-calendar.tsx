/**
 * The calendar of the date-range picker (spec 03 "Price box"): the months, the day grid with its
 * keyboard moves, the limits and the "Daten löschen"/"Schließen" row. A visitor sees it only
 * after a click on Anreise or Abreise, so it is its own chunk that the picker loads then (or on
 * the first hover or focus of the fields): about half of the picker's code stays off the
 * property and booking pages until it is needed (issue 16 point 3, decision 043).
 */
import { CalendarDays, ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Button } from "~/components/ui/button";
import { isNightBooked, type StayRules, type StaySelection } from "~/domain/availability";
import {
  isDaySelectable,
  limitHints,
  selectDay,
  unavailableDayReason,
  type ActiveField,
} from "~/domain/stay-selection";
import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  firstDayOfMonth,
  monthGrid,
  monthOf,
  monthsBetween,
  utcDate,
  weekdayIndex,
  type Month,
} from "~/domain/calendar-day";
import { EVERY_WEEKDAY, minStayFor, weekdaysOf } from "~/domain/seasons";
import { formatDate, type Language } from "~/lib/i18n";
import "~/locales/texts/stay";
import "~/locales/texts/calendar";

const intlLocales: Record<Language, string> = { de: "de-DE", en: "en-GB" };
const formats = new Map<string, Intl.DateTimeFormat>();

/** Long dates for accessible names ("Donnerstag, 24. Dezember 2026"), month titles, weekdays. */
function formatDay(
  day: string,
  language: Language,
  style: "full" | "month" | "weekdayShort" | "weekdayLong",
) {
  const key = `${language}:${style}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      full: { weekday: "long", day: "numeric", month: "long", year: "numeric" } as const,
      month: { month: "long", year: "numeric" } as const,
      weekdayShort: { weekday: "short" } as const,
      weekdayLong: { weekday: "long" } as const,
    }[style];
    format = new Intl.DateTimeFormat(intlLocales[language], { ...options, timeZone: "UTC" });
    formats.set(key, format);
  }
  return format.format(utcDate(day));
}

/** Monday to Sunday of a week that starts on a Monday. */
const WEEK = Array.from({ length: 7 }, (_, i) => addDays("2024-01-01", i));

/**
 * What the picker asks of the calendar: open at `field` (a new `seq` each time), or with
 * `focusOnly` just put the focus back on the day (the phone's booking bar).
 */
export type CalendarRequest = { field: ActiveField; seq: number; focusOnly: boolean };

export type DateRangeCalendarProps = {
  ids: { dialog: string; status: string; booked: string; isCheckIn: string; isCheckOut: string };
  /** Prefix of the month titles' ids (unique on the page). */
  monthIdPrefix: string;
  value: StaySelection;
  active: ActiveField;
  rules: StayRules;
  monthCount: 1 | 2;
  isCompact: boolean;
  request: CalendarRequest;
  /** A day was chosen: the new selection, the field to fill next, and whether both are set. */
  onChoose: (next: { selection: StaySelection; active: ActiveField; isComplete: boolean }) => void;
  onClear: () => void;
  onClose: () => void;
};

/** The first month to show so that `day` is visible (keeping the view when it already is). */
function revealMonth(current: Month, day: string, count: number, todayMonth: Month) {
  const month = monthOf(day);
  const offset = monthsBetween(current, month);
  if (offset >= 0 && offset < count) return current;
  const first = offset < 0 ? month : addMonths(month, -(count - 1));
  return monthsBetween(todayMonth, first) < 0 ? todayMonth : first;
}

/** The day the calendar opens on for `field`: the chosen date, else a sensible one. */
function startDay(field: ActiveField, value: StaySelection, rules: StayRules) {
  const start =
    field === "checkOut" && value.checkIn
      ? (value.checkOut ??
        addDays(
          value.checkIn,
          Math.max(1, minStayFor(value.checkIn, rules.seasons, rules.minStayDays)),
        ))
      : (value.checkIn ?? rules.today);
  return start < rules.today ? rules.today : start;
}

export function DateRangeCalendar({
  ids,
  monthIdPrefix,
  value,
  active,
  rules,
  monthCount,
  isCompact,
  request,
  onChoose,
  onClear,
  onClose,
}: DateRangeCalendarProps) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === "en" ? "en" : "de") satisfies Language;
  const { today, lastCheckIn, maxStayDays } = rules;
  // The minimum stay of the chosen Anreise: its season's, else the settings' (decision 046).
  const minStayDays = value.checkIn
    ? minStayFor(value.checkIn, rules.seasons, rules.minStayDays)
    : rules.minStayDays;
  const bookedStays = rules.stays;
  const todayMonth = monthOf(today);
  // Beyond the latest Abreise there is nothing to choose: the calendar stops there.
  const lastMonth = monthOf(addDays(lastCheckIn, maxStayDays));

  const [focusDay, setFocusDay] = useState(() => startDay(request.field, value, rules));
  const [firstMonth, setFirstMonth] = useState<Month>(() => {
    const day = startDay(request.field, value, rules);
    const anchor = monthOf(request.field === "checkOut" && value.checkIn ? value.checkIn : day);
    return revealMonth(anchor, day, monthCount, todayMonth);
  });
  const [hoverDay, setHoverDay] = useState<string | null>(null);
  /** Why the last clicked day could not be chosen; said in the live region until the next step. */
  const [notice, setNotice] = useState<string | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  /** Set when the focused day should receive DOM focus after the next render (and on opening). */
  const shouldFocusDay = useRef(true);
  const seenRequest = useRef(request.seq);

  const months = Array.from({ length: monthCount }, (_, i) => addMonths(firstMonth, i));

  /** Counts requests, so that a request that changes nothing else still renders (and focuses). */
  const [, setRequestCount] = useState(0);

  useEffect(() => {
    if (!shouldFocusDay.current) return;
    shouldFocusDay.current = false;
    panelRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  });

  // A new request while open (the other field was clicked, or the booking bar asked). Declared
  // after the focus effect: the day gets the focus in the render these updates cause.
  useEffect(() => {
    if (seenRequest.current === request.seq) return;
    seenRequest.current = request.seq;
    shouldFocusDay.current = true;
    setRequestCount((count) => count + 1);
    if (request.focusOnly) return;
    const day = startDay(request.field, value, rules);
    setNotice(null);
    setHoverDay(null);
    setFocusDay(day);
    setFirstMonth((current) => revealMonth(current, day, monthCount, todayMonth));
    // Only a new request moves the view; the value and rules it reads are those of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  function choose(day: string) {
    const next = selectDay(value, day, active, rules);
    if (!next) {
      setNotice(unavailableText(day));
      return;
    }
    setNotice(null);
    setHoverDay(null);
    onChoose(next);
  }

  /** The sentence that says why `day` cannot be chosen now (issue 16: no silent dead clicks). */
  function unavailableText(day: string) {
    const reason = unavailableDayReason(day, active, value, rules);
    const date = formatDate(day, language);
    switch (reason) {
      case "tooShort":
        return t("calendar.unavailable.tooShort", { count: minStayDays });
      case "tooLong":
        return t("calendar.unavailable.tooLong", { count: maxStayDays });
      case "tooFarAhead":
        return t("calendar.unavailable.tooFarAhead", {
          date: formatDate(lastCheckIn, language),
        });
      case null:
        return null;
      default:
        return t(`calendar.unavailable.${reason}`, { date });
    }
  }

  function moveFocus(day: string) {
    const earliest = firstDayOfMonth(todayMonth);
    const latest = addDays(firstDayOfMonth(lastMonth), daysInMonth(lastMonth) - 1);
    const target = day < earliest ? earliest : day > latest ? latest : day;
    setFocusDay(target);
    setFirstMonth((current) => revealMonth(current, target, monthCount, todayMonth));
    shouldFocusDay.current = true;
  }

  function onDayKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: string) {
    const sameDayInMonth = (amount: number) => {
      const month = addMonths(monthOf(day), amount);
      const date = Math.min(Number(day.slice(8)), daysInMonth(month));
      return addDays(firstDayOfMonth(month), date - 1);
    };
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -weekdayIndex(day)),
      End: () => addDays(day, 6 - weekdayIndex(day)),
      PageUp: () => sameDayInMonth(-1),
      PageDown: () => sameDayInMonth(1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(move());
  }

  function showMonth(amount: number) {
    const next = addMonths(firstMonth, amount);
    if (monthsBetween(todayMonth, next) < 0) return;
    if (monthsBetween(addMonths(next, monthCount - 1), lastMonth) < 0) return;
    setFirstMonth(next);
    // Keep a tabbable day inside the view.
    const month = addMonths(monthOf(focusDay), amount);
    const date = Math.min(Number(focusDay.slice(8)), daysInMonth(month));
    const day = addDays(firstDayOfMonth(month), date - 1);
    setFocusDay(day < today ? today : day);
  }

  const previewEnd =
    active === "checkOut" &&
    value.checkIn &&
    hoverDay &&
    hoverDay > value.checkIn &&
    isDaySelectable(hoverDay, "checkOut", value, rules)
      ? hoverDay
      : undefined;
  const rangeEnd = previewEnd ?? value.checkOut;
  const visibleDays = months.flatMap((month) =>
    Array.from({ length: daysInMonth(month) }, (_, i) => addDays(firstDayOfMonth(month), i)),
  );
  const hints =
    active === "checkOut"
      ? limitHints(value.checkIn, visibleDays, rules)
      : { tooShort: false, tooLong: false };
  const nights = value.checkIn && value.checkOut ? daysBetween(value.checkIn, value.checkOut) : 0;
  // Seasons in view that fix the weekdays of the date being chosen ("Anreise … nur Samstag").
  const weekdayKey = active === "checkIn" ? "arrivalWeekdays" : "departureWeekdays";
  const firstVisible = visibleDays[0];
  const lastVisible = visibleDays[visibleDays.length - 1];
  const weekdayHints = (rules.seasons ?? [])
    .filter(
      (season) =>
        season[weekdayKey] !== EVERY_WEEKDAY &&
        season.startDate <= lastVisible &&
        // A departure rule reaches the day after the season's last night.
        (active === "checkIn" ? season.endDate : addDays(season.endDate, 1)) >= firstVisible,
    )
    .map((season) =>
      t(active === "checkIn" ? "calendar.arrivalDays" : "calendar.departureDays", {
        from: formatDate(
          active === "checkIn" ? season.startDate : addDays(season.startDate, 1),
          language,
        ),
        to: formatDate(
          active === "checkIn" ? season.endDate : addDays(season.endDate, 1),
          language,
        ),
        days: weekdaysOf(season[weekdayKey])
          .map((i) => formatDay(WEEK[i], language, "weekdayLong"))
          .join(", "),
      }),
    );

  return (
    <div
      ref={panelRef}
      id={ids.dialog}
      role="dialog"
      aria-label={t("calendar.dialog")}
      aria-describedby={ids.status}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
      className={`absolute right-0 z-30 mt-2 rounded-xl border border-slate-200 bg-white p-4 shadow-xl ${
        monthCount === 2 ? "w-[38rem] max-w-[calc(100vw-2rem)]" : "w-full min-w-[18rem]"
      }`}
    >
      <span id={ids.booked} hidden>
        {t("calendar.booked")}
      </span>
      <span id={ids.isCheckIn} hidden>
        {t("stay.checkIn")}
      </span>
      <span id={ids.isCheckOut} hidden>
        {t("stay.checkOut")}
      </span>
      <p
        id={ids.status}
        aria-live="polite"
        data-testid="calendar-status"
        className={`text-sm font-medium ${notice ? "text-red-700" : "text-slate-800"}`}
      >
        {notice ??
          (active === "checkIn" ? t("calendar.chooseCheckIn") : t("calendar.chooseCheckOut"))}
      </p>
      <div className="relative mt-2">
        <div className="absolute inset-x-0 top-0 flex justify-between">
          <button
            type="button"
            aria-label={t("calendar.previousMonth")}
            disabled={monthsBetween(todayMonth, firstMonth) <= 0}
            onClick={() => showMonth(-1)}
            className="rounded-full p-1.5 text-slate-800 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-secondary disabled:text-slate-300 disabled:hover:bg-transparent"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            aria-label={t("calendar.nextMonth")}
            disabled={monthsBetween(months[months.length - 1], lastMonth) <= 0}
            onClick={() => showMonth(1)}
            className="rounded-full p-1.5 text-slate-800 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-secondary disabled:text-slate-300 disabled:hover:bg-transparent"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
        <div className={monthCount === 2 ? "grid grid-cols-2 gap-6" : ""}>
          {months.map((month) => {
            const first = firstDayOfMonth(month);
            const titleId = `${monthIdPrefix}month-${first}`;
            return (
              <div key={first}>
                <p
                  id={titleId}
                  aria-live="polite"
                  className="py-1.5 text-center font-semibold text-slate-900"
                >
                  {formatDay(first, language, "month")}
                </p>
                <table role="grid" aria-labelledby={titleId} className="mt-2 w-full">
                  <thead>
                    <tr>
                      {WEEK.map((day) => (
                        <th
                          key={day}
                          scope="col"
                          abbr={formatDay(day, language, "weekdayLong")}
                          className="pb-1 text-xs font-medium text-slate-600"
                        >
                          {formatDay(day, language, "weekdayShort")}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {monthGrid(month).map((week, w) => (
                      <tr key={w}>
                        {week.map((day, i) => {
                          if (!day) return <td key={i} />;
                          const isSelectable = isDaySelectable(day, active, value, rules);
                          const isStart = day === value.checkIn;
                          const isEnd = day === value.checkOut && !previewEnd;
                          const isPreviewEnd = day === previewEnd;
                          const isInRange =
                            !!value.checkIn && !!rangeEnd && day > value.checkIn && day < rangeEnd;
                          const isBooked =
                            !isSelectable && day >= today && isNightBooked(bookedStays, day);
                          const describedBy = [
                            isBooked && ids.booked,
                            isStart && ids.isCheckIn,
                            day === value.checkOut && ids.isCheckOut,
                          ]
                            .filter(Boolean)
                            .join(" ");
                          let look = "text-slate-900 hover:bg-slate-100";
                          if (isStart || isEnd) look = "bg-primary-strong text-white";
                          else if (isPreviewEnd) look = "bg-secondary/30 text-slate-900";
                          else if (isInRange) look = "bg-secondary/15 text-slate-900";
                          else if (isBooked) look = "bg-slate-100 text-slate-600 line-through";
                          else if (!isSelectable) look = "text-slate-400";
                          return (
                            <td
                              key={day}
                              aria-selected={
                                isStart || day === value.checkOut || (isInRange && !previewEnd)
                              }
                              className="p-0.5 text-center"
                            >
                              <button
                                type="button"
                                data-day={day}
                                tabIndex={day === focusDay ? 0 : -1}
                                aria-label={formatDay(day, language, "full")}
                                aria-disabled={!isSelectable || undefined}
                                aria-describedby={describedBy || undefined}
                                aria-current={day === today ? "date" : undefined}
                                onClick={() => {
                                  setFocusDay(day);
                                  choose(day);
                                }}
                                onKeyDown={(event) => onDayKeyDown(event, day)}
                                onMouseEnter={() => setHoverDay(day)}
                                className={`flex w-full items-center justify-center rounded-lg text-sm outline-none focus-visible:ring-2 focus-visible:ring-secondary focus-visible:ring-offset-1 aria-disabled:cursor-not-allowed ${isCompact ? "h-8" : "h-10"} ${look} ${day === today ? "font-bold underline underline-offset-2" : ""}`}
                              >
                                {Number(day.slice(8))}
                              </button>
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          })}
        </div>
      </div>

      <div className="mt-3 space-y-1 text-sm text-slate-700">
        {weekdayHints.map((hint) => (
          <p key={hint} className="font-medium text-slate-900" data-testid="calendar-weekday-rule">
            {hint}
          </p>
        ))}
        {minStayDays > 1 && (
          <p
            className={hints.tooShort ? "font-medium text-slate-900" : undefined}
            data-testid="calendar-min-stay"
          >
            {t("calendar.minStay", { count: minStayDays })}
          </p>
        )}
        {active === "checkIn" && visibleDays.some((day) => day > lastCheckIn) && (
          <p className="font-medium text-slate-900">
            {t("calendar.lastCheckIn", { date: formatDate(lastCheckIn, language) })}
          </p>
        )}
        {hints.tooLong && (
          <p className="font-medium text-slate-900">
            {t("calendar.maxStay", { count: maxStayDays })}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3 text-sm">
        <span className="flex items-center gap-3 text-slate-700">
          <span className="flex items-center gap-1.5">
            <span
              aria-hidden
              className="inline-flex size-6 items-center justify-center rounded bg-slate-100 text-xs text-slate-600 line-through"
            >
              12
            </span>
            {t("calendar.booked")}
          </span>
          {nights > 0 && (
            <span className="flex items-center gap-1.5">
              <CalendarDays aria-hidden className="size-4" />
              {t("calendar.nights", { count: nights })}
            </span>
          )}
        </span>
        <span className="flex gap-2">
          <Button
            variant="ghost"
            size="sm"
            disabled={!value.checkIn}
            onClick={() => {
              onClear();
              setNotice(null);
              shouldFocusDay.current = true;
            }}
          >
            {t("calendar.clear")}
          </Button>
          <Button variant="subtle" size="sm" onClick={onClose}>
            {t("calendar.close")}
          </Button>
        </span>
      </div>
    </div>
  );
}
