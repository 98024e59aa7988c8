/**
 * The cancellation rule (spec/05-account.md "Stornieren", AGB): a guest may cancel a pending or
 * confirmed booking before the check-in day (Europe/Berlin). It is free until
 * `freeCancellationHours` before 00:00 Europe/Berlin of the check-in day; afterwards the fee is
 * `cancellationFeePercentage` % of the stored total, rounded to whole cents (half up).
 *
 * The hours are real elapsed hours counted back from that midnight instant, so a DST change in
 * between moves the wall-clock time of the deadline by one hour (48 h before 00:00 on the Monday
 * after the spring change is 23:00 on Friday), never the length of the window.
 */
import { addDays, dayInBerlin, utcDate } from "./calendar-day";

export const CANCELLABLE_STATUSES = ["pending", "confirmed"] as const;

const HOUR_MS = 3_600_000;

const berlinParts = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Berlin",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Milliseconds Berlin's wall clock is ahead of UTC at `instant` (+1 h or +2 h). */
function berlinOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    berlinParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant 00:00 Europe/Berlin starts the calendar day `day` ("YYYY-MM-DD"). */
export function berlinMidnight(day: string): Date {
  const wallMidnight = utcDate(day).getTime();
  // Berlin switches at 02:00/03:00, so midnight always exists once; two passes settle the offset.
  let instant = wallMidnight - berlinOffsetMs(wallMidnight);
  instant = wallMidnight - berlinOffsetMs(instant);
  return new Date(instant);
}

/** The last instant (exclusive) a booking with this check-in can be cancelled for free. */
export function freeCancellationDeadline(checkIn: string, freeCancellationHours: number): Date {
  return new Date(berlinMidnight(checkIn).getTime() - freeCancellationHours * HOUR_MS);
}

/** The fee as charged: whole percent between 0 and 100, whatever the setting holds. */
export function feePercentage(cancellationFeePercentage: number): number {
  return Math.min(Math.max(Math.trunc(cancellationFeePercentage), 0), 100);
}

/** Whether the guest may still cancel: pending or confirmed, and today is before check-in. */
export function isCancellable(booking: { status: string; checkIn: string }, today: string) {
  return (
    (CANCELLABLE_STATUSES as readonly string[]).includes(booking.status) && today < booking.checkIn
  );
}

export type CancellationQuote = {
  /** cents; 0 while cancelling is free */
  fee: number;
  isFree: boolean;
  /** until when (exclusive) cancelling is free */
  freeUntil: Date;
};

/** The fee for cancelling at `now` a booking with the stored `totalPrice` (cents). */
export function cancellationQuote({
  totalPrice,
  checkIn,
  now,
  freeCancellationHours,
  cancellationFeePercentage,
}: {
  totalPrice: number;
  checkIn: string;
  now: Date;
  freeCancellationHours: number;
  cancellationFeePercentage: number;
}): CancellationQuote {
  if (!Number.isSafeInteger(totalPrice) || totalPrice < 0) {
    throw new RangeError(`invalid total: ${totalPrice}`);
  }
  const percentage = feePercentage(cancellationFeePercentage);
  const freeUntil = freeCancellationDeadline(checkIn, Math.max(freeCancellationHours, 0));
  if (now.getTime() < freeUntil.getTime()) return { fee: 0, isFree: true, freeUntil };
  // Integer arithmetic: total × pct is exact; one division, rounded half up to whole cents.
  const fee = Math.round((totalPrice * percentage) / 100);
  return { fee, isFree: fee === 0, freeUntil };
}

/**
 * What a guest is told before booking (issue 15 part 4, decision 033): until when cancelling a
 * stay with this check-in is free, by the same rule as `cancellationQuote` and the cancellation
 * itself. Without a fee (0 %) it is free for as long as a cancellation is possible at all, which
 * is before the check-in day. `deadline` is exclusive.
 *
 * For the text: a deadline at 00:00 Berlin is shown as the day before ("bis 12.07.2027" = to the
 * end of that day); any other deadline (hours that are no whole days, or a DST change in the
 * window) as its day and wall-clock time ("bis 26.03.2027, 23:00 Uhr"), never rounded up to a
 * later moment than the rule allows.
 */
export type FreeCancellation =
  { isFree: false } | { isFree: true; deadline: Date; day: string; time: string | null };

export function freeCancellationUntil({
  checkIn,
  now,
  freeCancellationHours,
  cancellationFeePercentage,
}: {
  checkIn: string;
  now: Date;
  freeCancellationHours: number;
  cancellationFeePercentage: number;
}): FreeCancellation {
  // Without a fee, 0 hours: the deadline is 00:00 of the check-in day itself.
  const hours = feePercentage(cancellationFeePercentage) === 0 ? 0 : freeCancellationHours;
  const deadline = freeCancellationDeadline(checkIn, Math.max(hours, 0));
  if (now.getTime() >= deadline.getTime()) return { isFree: false };
  const day = dayInBerlin(deadline);
  const time = berlinTime(deadline);
  // The hours are whole (settings), so "00:00" is exactly a midnight: free to the end of the
  // day before.
  if (time === "00:00") return { isFree: true, deadline, day: addDays(day, -1), time: null };
  return { isFree: true, deadline, day, time };
}

/** The Berlin wall-clock time ("HH:MM") of an instant. */
function berlinTime(instant: Date) {
  const parts = Object.fromEntries(
    berlinParts.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts.hour}:${parts.minute}`;
}

/**
 * The cancellation terms of one stay as the guest is told before booking it (issue 16): until
 * when it is free and what it costs afterwards, or, for a last-minute stay, what cancelling
 * costs right away – with the fee in euros from `cancellationQuote`, the function the
 * cancellation itself charges with, for the total the booking will store.
 *
 * - "free": free until `free.day` (`free.time` when the deadline is no midnight); afterwards
 *   `feeAfter` cents (0 when the settings charge nothing).
 * - "fee": not free any more; cancelling now costs `fee` cents.
 * - "none": check-in is today (or past): a guest can no longer cancel (`isCancellable`).
 */
export type StayCancellationTerms =
  | { kind: "free"; day: string; time: string | null; feeAfter: number; percentage: number }
  | { kind: "fee"; fee: number; percentage: number }
  | { kind: "none" };

export function stayCancellationTerms({
  checkIn,
  totalPrice,
  now,
  today,
  freeCancellationHours,
  cancellationFeePercentage,
}: {
  checkIn: string;
  /** cents, the total the booking stores */
  totalPrice: number;
  now: Date;
  /** Europe/Berlin "YYYY-MM-DD" */
  today: string;
  freeCancellationHours: number;
  cancellationFeePercentage: number;
}): StayCancellationTerms {
  if (!isCancellable({ status: "pending", checkIn }, today)) return { kind: "none" };
  const rule = { checkIn, totalPrice, freeCancellationHours, cancellationFeePercentage };
  const percentage = feePercentage(cancellationFeePercentage);
  const free = freeCancellationUntil({
    checkIn,
    now,
    freeCancellationHours,
    cancellationFeePercentage,
  });
  if (free.isFree) {
    // What the cancellation charges from the first instant after the free window.
    const after = cancellationQuote({ ...rule, now: free.deadline });
    return { kind: "free", day: free.day, time: free.time, feeAfter: after.fee, percentage };
  }
  return { kind: "fee", fee: cancellationQuote({ ...rule, now }).fee, percentage };
}
