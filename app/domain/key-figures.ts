import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  firstDayOfMonth,
  monthOf,
  type Month,
} from "./calendar-day";

/**
 * The operator's key figures (spec/06-admin.md "/admin (Dashboard)"): the spans they are
 * computed for, the comparison with the span before, and the formulas. Pure, so the formulas
 * are tested on hand-made numbers; the SQL that feeds them is in
 * app/features/admin-dashboard/dashboard.server.ts. Days are "YYYY-MM-DD" in Europe/Berlin;
 * a span is [start, end) — the end day is not part of it.
 */
export type Span = { start: string; end: string };

export const KEY_FIGURE_SPANS = [
  "this-month",
  "last-month",
  "next-30-days",
  "last-12-months",
] as const;
export type KeyFigureSpan = (typeof KEY_FIGURE_SPANS)[number];

/** The chosen span and the one it is compared with (the same length right before it). */
export function keyFigureSpans(
  span: KeyFigureSpan,
  today: string,
): { current: Span; previous: Span } {
  const month = monthOf(today);
  const monthSpan = (m: Month): Span => ({
    start: firstDayOfMonth(m),
    end: firstDayOfMonth(addMonths(m, 1)),
  });
  if (span === "this-month")
    return { current: monthSpan(month), previous: monthSpan(addMonths(month, -1)) };
  if (span === "last-month") {
    return { current: monthSpan(addMonths(month, -1)), previous: monthSpan(addMonths(month, -2)) };
  }
  if (span === "next-30-days") {
    const current = { start: today, end: addDays(today, 30) };
    return { current, previous: { start: addDays(today, -30), end: today } };
  }
  // The last twelve months: the 365 days up to and including today, and the 365 before.
  const end = addDays(today, 1);
  const start = addDays(end, -365);
  return { current: { start, end }, previous: { start: addDays(start, -365), end: start } };
}

export const spanDays = (span: Span) => daysBetween(span.start, span.end);

/**
 * Month to date and the same part of the month before (1st to the same day; the 31st compares
 * with the last day of a shorter month). Both end after `today`'s day, as [start, end).
 */
export function monthToDate(today: string): { current: Span; previous: Span } {
  const month = monthOf(today);
  const day = Number(today.slice(8, 10));
  const before = addMonths(month, -1);
  const sameDay = Math.min(day, daysInMonth(before));
  return {
    current: { start: firstDayOfMonth(month), end: addDays(today, 1) },
    previous: {
      start: firstDayOfMonth(before),
      end: addDays(firstDayOfMonth(before), sameDay),
    },
  };
}

/**
 * The change from `previous` to `current` in percent, one decimal; null when there is nothing
 * to compare with (previous 0): the page then shows "–" instead of an invented "+100 %".
 */
export function percentChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** What the SQL adds up for one span (cents, nights, days). */
export type StayTotals = {
  /** nights of non-cancelled stays that fall into the span */
  bookedNights: number;
  /**
   * each stay's accommodation revenue (total − cleaning fee − service fee) spread over its
   * nights by `revenueOfNights`, the part of the nights in the span
   */
  accommodationRevenue: number;
  /**
   * published properties × days of the span, less their nights blocked by the operator or taken
   * by an imported calendar event (decision 065)
   */
  bookableNights: number;
  /** non-cancelled bookings arriving in the span */
  arrivals: number;
  /** their nights in total (the whole stay, also beyond the span) */
  arrivalNights: number;
  /** their days from booking day to arrival, in total */
  leadDays: number;
  /** all bookings arriving in the span, cancelled ones included */
  arrivalsAll: number;
  cancelled: number;
};

export type KeyFigures = {
  /** 0–1 */
  occupancy: number | null;
  /** cents per booked night */
  adr: number | null;
  /** cents per bookable night */
  revpar: number | null;
  /** nights */
  averageStay: number | null;
  /** days */
  averageLeadTime: number | null;
  /** 0–1 */
  cancellationRate: number | null;
};

/** The formulas; a figure without a denominator is null ("–"), never 0 or a made-up value. */
export function keyFigures(t: StayTotals): KeyFigures {
  const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
  return {
    occupancy: ratio(t.bookedNights, t.bookableNights),
    adr: t.bookedNights > 0 ? Math.round(t.accommodationRevenue / t.bookedNights) : null,
    revpar: t.bookableNights > 0 ? Math.round(t.accommodationRevenue / t.bookableNights) : null,
    averageStay: ratio(t.arrivalNights, t.arrivals),
    averageLeadTime: ratio(t.leadDays, t.arrivals),
    cancellationRate: ratio(t.cancelled, t.arrivalsAll),
  };
}

/**
 * The part of a stay [checkIn, checkOut) inside a span: the nights that count there, so that a
 * stay across a month end is spread over both months.
 */
export function nightsInSpan(stay: { checkIn: string; checkOut: string }, span: Span): number {
  const start = stay.checkIn > span.start ? stay.checkIn : span.start;
  const end = stay.checkOut < span.end ? stay.checkOut : span.end;
  return Math.max(0, daysBetween(start, end));
}

/**
 * What a booking earned for the nights themselves: its total without the cleaning and the
 * service fee, i.e. the nights' prices (by season) less the long-stay discount. Not the nightly
 * price × nights: the stored nightly price is only the arrival night's.
 */
export function accommodationRevenue(booking: {
  totalPrice: number;
  cleaningFee: number;
  serviceFee: number;
}): number {
  return booking.totalPrice - booking.cleaningFee - booking.serviceFee;
}

/**
 * The cents of nights [from, to) (0 = the arrival night) when `amount` cents are spread over
 * `nights` nights exactly: floor(amount / nights) each, one cent more on each of the first
 * (amount mod nights) nights, so that the nights of any split add up to `amount`. The same rule
 * is in SQL twice: the booking_day_stat trigger (migration 0033) and the one-property query of
 * app/features/admin-dashboard/dashboard.server.ts.
 */
export function revenueOfNights(amount: number, nights: number, from = 0, to = nights): number {
  if (!Number.isInteger(amount) || !Number.isInteger(nights) || nights <= 0) return 0;
  const start = Math.max(0, from);
  const end = Math.min(nights, to);
  if (end <= start) return 0;
  const perNight = Math.floor(amount / nights);
  const extraCents = amount - perNight * nights;
  return perNight * (end - start) + Math.max(0, Math.min(end, extraCents) - start);
}

/** The twelve months up to and including `today`'s, oldest first, as "YYYY-MM". */
export function lastTwelveMonths(today: string): string[] {
  const month = monthOf(today);
  return Array.from({ length: 12 }, (_, i) =>
    firstDayOfMonth(addMonths(month, i - 11)).slice(0, 7),
  );
}
