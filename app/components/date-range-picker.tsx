import {
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ComponentType,
  type Ref,
} from "react";
import { useTranslation } from "~/lib/i18n-react";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import type { BookedStay, StayRules, StaySelection } from "~/domain/availability";
import type { ActiveField } from "~/domain/stay-selection";
import { addDays } from "~/domain/calendar-day";
import type { SeasonRule } from "~/domain/seasons";
import { formatDate, type Language } from "~/lib/i18n";
import type { CalendarRequest, DateRangeCalendarProps } from "./date-range-calendar";
import "~/locales/texts/stay";

// The calendar is seen only after a click on a field: its code loads then, or already on the
// first hover or focus of the fields (decision 043). A plain import() into state rather than
// React.lazy, as for the image viewer (decision 036).
const loadCalendar = () => import("./date-range-calendar");
let loadedCalendar: ComponentType<DateRangeCalendarProps> | null = null;
function preloadCalendar() {
  return loadCalendar().then((module) => (loadedCalendar = module.DateRangeCalendar));
}

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
  /** The property's seasons: their arrival/departure weekdays and minimum stay (decision 046). */
  seasons?: readonly SeasonRule[];
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
  seasons,
  lastCheckIn,
  names,
  variant = "default",
  errorId,
  handle,
}: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === "en" ? "en" : "de") satisfies Language;
  const isHydrated = useIsHydrated();
  const rules: StayRules = {
    today,
    lastCheckIn,
    stays: bookedStays,
    minStayDays,
    maxStayDays,
    seasons,
  };
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
  const [request, setRequest] = useState<CalendarRequest>({
    field: "checkIn",
    seq: 0,
    focusOnly: false,
  });
  const [Calendar, setCalendar] = useState(() => loadedCalendar);
  const [isWide, setIsWide] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRefs = useRef<Record<ActiveField, HTMLButtonElement | null>>({
    checkIn: null,
    checkOut: null,
  });

  const monthCount = variant === "compact" || !isWide ? 1 : 2;

  useEffect(() => {
    if (variant === "compact") return;
    const query = window.matchMedia("(min-width: 40rem)");
    const update = () => setIsWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [variant]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [isOpen]);

  /** Loads the calendar's code once; the fields call it on hover and focus, opening on click. */
  function prepareCalendar() {
    if (Calendar) return;
    void preloadCalendar().then((component) => setCalendar(() => component));
  }

  useImperativeHandle(handle, () => ({
    openCalendar: () => {
      const field = value.checkIn && !value.checkOut ? "checkOut" : "checkIn";
      if (!isOpen || active !== field) open(field);
      else setRequest((current) => ({ field, seq: current.seq + 1, focusOnly: true }));
    },
  }));

  function open(field: ActiveField) {
    if (isOpen && active === field) {
      setIsOpen(false);
      return;
    }
    prepareCalendar();
    setActive(field);
    setRequest((current) => ({ field, seq: current.seq + 1, focusOnly: false }));
    setIsOpen(true);
  }

  function close(returnFocusTo: ActiveField = active) {
    setIsOpen(false);
    triggerRefs.current[returnFocusTo]?.focus();
  }

  const isCompact = variant === "compact";

  const fieldBox = `relative block px-3 text-left ${isCompact ? "py-1.5" : "py-2"}`;
  const fieldLabel = "block text-xs font-semibold uppercase tracking-wide text-slate-700";
  const fieldValue = "block h-6 w-full truncate leading-6 text-slate-900";

  const renderField = (field: ActiveField) => {
    const label = field === "checkIn" ? t("stay.checkIn") : t("stay.checkOut");
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
          {day ? formatDate(day, language) : t("stay.picker.chooseDate")}
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
      <div
        onPointerEnter={prepareCalendar}
        onFocus={prepareCalendar}
        className="grid grid-cols-2 divide-x divide-slate-400 rounded-lg border border-slate-400 bg-white focus-within:border-secondary"
      >
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
            {t("stay.picker.bookedPeriods")}{" "}
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

      {isOpen &&
        (Calendar ? (
          <Calendar
            ids={ids}
            monthIdPrefix={`${idPrefix}${uid}`}
            value={value}
            active={active}
            rules={rules}
            monthCount={monthCount}
            isCompact={isCompact}
            request={request}
            onChoose={(next) => {
              onChange(next.selection);
              setActive(next.active);
              if (next.isComplete) close("checkOut");
            }}
            onClear={() => {
              onChange({});
              setActive("checkIn");
            }}
            onClose={() => close()}
          />
        ) : (
          <p
            id={ids.dialog}
            role="status"
            className="absolute right-0 z-30 mt-2 w-full min-w-[18rem] rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800 shadow-xl"
          >
            {t("stay.picker.loading")}
          </p>
        ))}
    </div>
  );
}
