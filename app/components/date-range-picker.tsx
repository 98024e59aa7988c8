import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import {
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Button } from "~/components/ui/button";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import {
  isDaySelectable,
  isNightBooked,
  limitHints,
  selectDay,
  unavailableDayReason,
  type ActiveField,
  type BookedStay,
  type StayRules,
  type StaySelection,
} from "~/domain/availability";
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
import { formatDate, type Language } from "~/lib/i18n";

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

export type DateRangePickerProps = {
  /** Prefix for element ids (unique on the page). */
  idPrefix: string;
  value: StaySelection;
  onChange: (value: StaySelection) => void;
  /** Today in Europe/Berlin, "YYYY-MM-DD", from the loader. */
  today: string;
  /** Non-cancelled stays of the property: their nights cannot be chosen. */
  bookedStays: readonly BookedStay[];
  minStayDays: number;
  maxStayDays: number;
  /** The latest Anreise (booking horizon): later days cannot be chosen as Anreise. */
  lastCheckIn: string;
  /**
   * Form field names: hidden inputs once hydrated; before that (and without JavaScript) the
   * fields are plain date inputs with these names, so a GET form still carries the dates.
   */
  names?: { checkIn: string; checkOut: string };
  /** "compact": smaller fields and a one-month calendar (booking page summary). */
  variant?: "default" | "compact";
  /** Id of a message about the chosen dates (e.g. "already booked"), for aria-describedby. */
  errorId?: string;
  /** Lets the page open the calendar from elsewhere (the phone's booking bar). */
  handle?: Ref<DateRangePickerHandle>;
};

export type DateRangePickerHandle = {
  /** Opens the calendar at the date still missing (Anreise, else Abreise) and focuses a day. */
  openCalendar: () => void;
};

/**
 * Anreise and Abreise as one date-range picker (spec 03 "Price box"): two fields that open a
 * calendar of two months (one on narrow screens and in the compact variant). Days before today
 * and booked nights cannot be chosen as Anreise; as Abreise only days that give a bookable stay
 * (no booked night in between, within the minimum and maximum stay). Arrow keys, Page Up/Down,
 * Home/End move between days; Escape closes.
 */
export function DateRangePicker({
  idPrefix,
  value,
  onChange,
  today,
  bookedStays,
  minStayDays,
  maxStayDays,
  lastCheckIn,
  names,
  variant = "default",
  errorId,
  handle,
}: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === "en" ? "en" : "de") satisfies Language;
  const isHydrated = useIsHydrated();
  const rules: StayRules = { today, lastCheckIn, stays: bookedStays, minStayDays, maxStayDays };
  const uid = useId();
  const ids = {
    checkIn: `${idPrefix}-check-in`,
    checkOut: `${idPrefix}-check-out`,
    dialog: `${idPrefix}-calendar`,
    status: `${idPrefix}-calendar-status`,
    booked: `${idPrefix}${uid}booked`,
    isCheckIn: `${idPrefix}${uid}is-check-in`,
    isCheckOut: `${idPrefix}${uid}is-check-out`,
  };

  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState<ActiveField>("checkIn");
  const [firstMonth, setFirstMonth] = useState<Month>(() => monthOf(today));
  const [focusDay, setFocusDay] = useState(today);
  const [hoverDay, setHoverDay] = useState<string | null>(null);
  /** Why the last clicked day could not be chosen; said in the live region until the next step. */
  const [notice, setNotice] = useState<string | null>(null);
  const [isWide, setIsWide] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRefs = useRef<Record<ActiveField, HTMLButtonElement | null>>({
    checkIn: null,
    checkOut: null,
  });
  /** Set when the focused day should receive DOM focus after the next render. */
  const shouldFocusDay = useRef(false);

  const monthCount = variant === "compact" || !isWide ? 1 : 2;
  const todayMonth = monthOf(today);
  // Beyond the latest Abreise there is nothing to choose: the calendar stops there.
  const lastMonth = monthOf(addDays(lastCheckIn, maxStayDays));
  const months = Array.from({ length: monthCount }, (_, i) => addMonths(firstMonth, i));

  useEffect(() => {
    if (variant === "compact") return;
    const query = window.matchMedia("(min-width: 40rem)");
    const update = () => setIsWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [variant]);

  useEffect(() => {
    if (!isOpen || !shouldFocusDay.current) return;
    shouldFocusDay.current = false;
    panelRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  });

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [isOpen]);

  /** Shows the month of `day` (keeping the view when it is already visible). */
  function reveal(day: string, count = monthCount) {
    const month = monthOf(day);
    setFirstMonth((current) => {
      const offset = monthsBetween(current, month);
      if (offset >= 0 && offset < count) return current;
      const first = offset < 0 ? month : addMonths(month, -(count - 1));
      return monthsBetween(todayMonth, first) < 0 ? todayMonth : first;
    });
  }

  useImperativeHandle(handle, () => ({
    openCalendar: () => {
      const field = value.checkIn && !value.checkOut ? "checkOut" : "checkIn";
      if (!isOpen || active !== field) open(field);
      else shouldFocusDay.current = true;
    },
  }));

  function open(field: ActiveField) {
    setNotice(null);
    if (isOpen && active === field) {
      setIsOpen(false);
      return;
    }
    const start =
      field === "checkOut" && value.checkIn
        ? (value.checkOut ?? addDays(value.checkIn, Math.max(1, minStayDays)))
        : (value.checkIn ?? today);
    const day = start < today ? today : start;
    setActive(field);
    setFocusDay(day);
    setHoverDay(null);
    if (!isOpen)
      setFirstMonth(monthOf(field === "checkOut" && value.checkIn ? value.checkIn : day));
    reveal(day);
    setIsOpen(true);
    shouldFocusDay.current = true;
  }

  function close(returnFocusTo: ActiveField = active) {
    setIsOpen(false);
    setHoverDay(null);
    triggerRefs.current[returnFocusTo]?.focus();
  }

  function choose(day: string) {
    const next = selectDay(value, day, active, rules);
    if (!next) {
      setNotice(unavailableText(day));
      return;
    }
    setNotice(null);
    onChange(next.selection);
    setActive(next.active);
    setHoverDay(null);
    if (next.isComplete) close("checkOut");
  }

  /** The sentence that says why `day` cannot be chosen now (issue 16: no silent dead clicks). */
  function unavailableText(day: string) {
    const reason = unavailableDayReason(day, active, value, rules);
    const date = formatDate(day, language);
    switch (reason) {
      case "tooShort":
        return t("priceBox.picker.unavailable.tooShort", { count: minStayDays });
      case "tooLong":
        return t("priceBox.picker.unavailable.tooLong", { count: maxStayDays });
      case "tooFarAhead":
        return t("priceBox.picker.unavailable.tooFarAhead", {
          date: formatDate(lastCheckIn, language),
        });
      case null:
        return null;
      default:
        return t(`priceBox.picker.unavailable.${reason}`, { date });
    }
  }

  function moveFocus(day: string) {
    const earliest = firstDayOfMonth(todayMonth);
    const latest = addDays(firstDayOfMonth(lastMonth), daysInMonth(lastMonth) - 1);
    const target = day < earliest ? earliest : day > latest ? latest : day;
    setFocusDay(target);
    reveal(target);
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
    isOpen &&
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
  const isCompact = variant === "compact";

  const fieldBox = `relative block px-3 text-left ${isCompact ? "py-1.5" : "py-2"}`;
  const fieldLabel = "block text-xs font-semibold uppercase tracking-wide text-slate-700";
  const fieldValue = "block h-6 w-full truncate leading-6 text-slate-900";

  const renderField = (field: ActiveField) => {
    const label = field === "checkIn" ? t("priceBox.checkIn") : t("priceBox.checkOut");
    const day = value[field];
    if (!isHydrated) {
      // Without JavaScript: a native date input in the surrounding GET form.
      return (
        <label htmlFor={ids[field]} className={fieldBox}>
          <span className={fieldLabel}>{label}</span>
          <input
            id={ids[field]}
            name={names?.[field]}
            type="date"
            min={field === "checkIn" ? today : addDays(today, 1)}
            max={field === "checkIn" ? lastCheckIn : addDays(lastCheckIn, maxStayDays)}
            defaultValue={day}
            aria-describedby={errorId}
            className={`${fieldValue} border-0 bg-transparent p-0 focus:outline-none`}
          />
        </label>
      );
    }
    const isDisabled = field === "checkOut" && !value.checkIn;
    const isActive = isOpen && active === field;
    return (
      <button
        ref={(element) => {
          triggerRefs.current[field] = element;
        }}
        id={ids[field]}
        type="button"
        disabled={isDisabled}
        aria-haspopup="dialog"
        aria-expanded={isActive}
        aria-controls={isActive ? ids.dialog : undefined}
        aria-describedby={errorId}
        onClick={() => open(field)}
        className={`${fieldBox} w-full outline-none focus-visible:ring-2 focus-visible:ring-secondary focus-visible:ring-inset disabled:cursor-not-allowed disabled:bg-slate-50 ${field === "checkIn" ? "rounded-l-lg" : "rounded-r-lg"} ${isActive ? "bg-slate-100" : ""}`}
      >
        <span className={fieldLabel}>{label}</span>
        <span className={`${fieldValue} ${day ? "" : "text-slate-600"}`}>
          {day ? formatDate(day, language) : t("priceBox.picker.chooseDate")}
        </span>
      </button>
    );
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (isOpen && next && !rootRef.current?.contains(next)) setIsOpen(false);
      }}
    >
      <div className="grid grid-cols-2 divide-x divide-slate-400 rounded-lg border border-slate-400 bg-white focus-within:border-secondary">
        {renderField("checkIn")}
        {renderField("checkOut")}
      </div>
      {isHydrated && names && (
        <>
          <input type="hidden" name={names.checkIn} value={value.checkIn ?? ""} />
          <input type="hidden" name={names.checkOut} value={value.checkOut ?? ""} />
        </>
      )}
      {!isHydrated && bookedStays.length > 0 && (
        <noscript>
          <p className="mt-2 text-sm text-slate-700">
            {t("priceBox.picker.bookedPeriods")}{" "}
            {bookedStays.map((stay, i) => (
              <span key={stay.checkIn} data-booked-stay>
                {i > 0 && ", "}
                <time dateTime={stay.checkIn}>{formatDate(stay.checkIn, language)}</time>–
                <time dateTime={stay.checkOut}>{formatDate(stay.checkOut, language)}</time>
              </span>
            ))}
          </p>
        </noscript>
      )}

      {isOpen && (
        <div
          ref={panelRef}
          id={ids.dialog}
          role="dialog"
          aria-label={t("priceBox.picker.dialog")}
          aria-describedby={ids.status}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          }}
          className={`absolute right-0 z-30 mt-2 rounded-xl border border-slate-200 bg-white p-4 shadow-xl ${
            monthCount === 2 ? "w-[38rem] max-w-[calc(100vw-2rem)]" : "w-full min-w-[18rem]"
          }`}
        >
          <span id={ids.booked} hidden>
            {t("priceBox.picker.booked")}
          </span>
          <span id={ids.isCheckIn} hidden>
            {t("priceBox.checkIn")}
          </span>
          <span id={ids.isCheckOut} hidden>
            {t("priceBox.checkOut")}
          </span>
          <p
            id={ids.status}
            aria-live="polite"
            data-testid="calendar-status"
            className={`text-sm font-medium ${notice ? "text-red-700" : "text-slate-800"}`}
          >
            {notice ??
              (active === "checkIn"
                ? t("priceBox.picker.chooseCheckIn")
                : t("priceBox.picker.chooseCheckOut"))}
          </p>
          <div className="relative mt-2">
            <div className="absolute inset-x-0 top-0 flex justify-between">
              <button
                type="button"
                aria-label={t("priceBox.picker.previousMonth")}
                disabled={monthsBetween(todayMonth, firstMonth) <= 0}
                onClick={() => showMonth(-1)}
                className="rounded-full p-1.5 text-slate-800 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-secondary disabled:text-slate-300 disabled:hover:bg-transparent"
              >
                <ChevronLeft aria-hidden className="size-5" />
              </button>
              <button
                type="button"
                aria-label={t("priceBox.picker.nextMonth")}
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
                const titleId = `${idPrefix}${uid}month-${first}`;
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
                                !!value.checkIn &&
                                !!rangeEnd &&
                                day > value.checkIn &&
                                day < rangeEnd;
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
            {minStayDays > 1 && (
              <p className={hints.tooShort ? "font-medium text-slate-900" : undefined}>
                {t("priceBox.picker.minStay", { count: minStayDays })}
              </p>
            )}
            {active === "checkIn" && visibleDays.some((day) => day > lastCheckIn) && (
              <p className="font-medium text-slate-900">
                {t("priceBox.picker.lastCheckIn", { date: formatDate(lastCheckIn, language) })}
              </p>
            )}
            {hints.tooLong && (
              <p className="font-medium text-slate-900">
                {t("priceBox.picker.maxStay", { count: maxStayDays })}
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
                {t("priceBox.picker.booked")}
              </span>
              {nights > 0 && (
                <span className="flex items-center gap-1.5">
                  <CalendarDays aria-hidden className="size-4" />
                  {t("priceBox.picker.nights", { count: nights })}
                </span>
              )}
            </span>
            <span className="flex gap-2">
              <Button
                variant="ghost"
                size="sm"
                disabled={!value.checkIn}
                onClick={() => {
                  onChange({});
                  setNotice(null);
                  setActive("checkIn");
                  shouldFocusDay.current = true;
                }}
              >
                {t("priceBox.picker.clear")}
              </Button>
              <Button variant="subtle" size="sm" onClick={() => close()}>
                {t("priceBox.picker.close")}
              </Button>
            </span>
          </div>
        </div>
      )}
    </div>
  );
}
