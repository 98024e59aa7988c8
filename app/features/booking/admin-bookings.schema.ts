import { z } from "zod";
import { isCalendarDay } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";
import { pageParam } from "~/lib/paging";

/**
 * What /admin/bookings reads from its URL and what the detail page's forms send. Shared by the
 * server (which parses) and the pages (which build links), so both use the same names.
 */
export const ADMIN_BOOKING_STATUS_FILTERS = [
  "alle",
  "pending",
  "confirmed",
  "cancelled",
  "completed",
] as const;
export type AdminBookingStatusFilter = (typeof ADMIN_BOOKING_STATUS_FILTERS)[number];
export const ADMIN_BOOKINGS_PAGE_SIZE = 20;

export type AdminBookingFilter = {
  q: string;
  status: AdminBookingStatusFilter;
  /** arrivals from (calendar day) */
  from: string | null;
  /** arrivals up to and including */
  to: string | null;
  /** the bookings of one account (link from /admin/users) */
  user: string | null;
  /** only bookings with a refund the admin must act on (`?erstattung=offen`, decision 098) */
  refund: boolean;
  page: number;
};

/** The URL's value of the refund filter (German like the page's other URL words). */
export const REFUND_FILTER_PARAM = { name: "erstattung", value: "offen" } as const;

/** Reads the list's filters from a URL; anything malformed is simply not applied. */
export function adminBookingFilter(params: URLSearchParams): AdminBookingFilter {
  const status = params.get("status");
  const day = (key: string) => {
    const value = params.get(key);
    return value && isCalendarDay(value) ? value : null;
  };
  const user = params.get("user");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: ADMIN_BOOKING_STATUS_FILTERS.includes(status as AdminBookingStatusFilter)
      ? (status as AdminBookingStatusFilter)
      : "alle",
    from: day("from"),
    to: day("to"),
    user: user && isUuid(user) ? user.toLowerCase() : null,
    refund: params.get(REFUND_FILTER_PARAM.name) === REFUND_FILTER_PARAM.value,
    page: pageParam(params),
  };
}

export function adminBookingsHref(filter: Partial<AdminBookingFilter>, page = 1) {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status && filter.status !== "alle") params.set("status", filter.status);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.user) params.set("user", filter.user);
  if (filter.refund) params.set(REFUND_FILTER_PARAM.name, REFUND_FILTER_PARAM.value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/bookings${query ? `?${query}` : ""}`;
}

/**
 * An amount as an operator types it: "1.234,50", "1234,5", "200", "200 €" (German decimal
 * comma, optional thousands dots). Returns cents, or null when it is not such an amount. A dot
 * followed by exactly two digits at the end ("12.50") is read as a decimal point too, because
 * that is what someone means who types it.
 */
export function parseEuroAmount(input: string): number | null {
  const text = input.replace(/\s|€/g, "");
  if (!/^\d{1,3}(\.?\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$|^\d+\.\d{2}$/.test(text)) return null;
  let normalized: string;
  if (/^\d+\.\d{2}$/.test(text)) normalized = text;
  else normalized = text.replace(/\./g, "").replace(",", ".");
  const [euros, cents = ""] = normalized.split(".");
  const value = Number(euros) * 100 + Number(cents.padEnd(2, "0"));
  return Number.isSafeInteger(value) ? value : null;
}

/** Largest single payment an admin may record: 1,000,000 € (a typo guard, not a business rule). */
export const MAX_PAYMENT_CENTS = 100_000_000;

export const recordPaymentSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, "amountRequired")
    .transform((value, ctx) => {
      const cents = parseEuroAmount(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: "amountInvalid" });
        return z.NEVER;
      }
      if (cents <= 0 || cents > MAX_PAYMENT_CENTS) {
        ctx.addIssue({ code: "custom", message: "amountRange" });
        return z.NEVER;
      }
      return cents;
    }),
  receivedOn: z.string().trim().refine(isCalendarDay, "dateInvalid"),
  note: z.string().trim().max(500, "noteTooLong").default(""),
  confirm: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  // The surplus in cents the admin confirmed on the second step (decision 097). The server only
  // compares it with the surplus it computes; anything else is no confirmation.
  acceptSurplus: z
    .string()
    .optional()
    .transform((value) => (value && /^\d{1,10}$/.test(value) ? Number(value) : null)),
});
export type RecordPaymentField = "amount" | "receivedOn" | "note";

const bookingStatus = z.enum(["pending", "confirmed", "cancelled", "completed"]);

/**
 * The status the admin's page showed when it was loaded (hidden field `seenStatus` of the status
 * buttons, the cancel dialog and the payment dialog, decision 074): a change is made only while
 * the booking still has it, so a page that went stale (the guest cancelled meanwhile) cannot
 * confirm the booking again or record money on it unseen. Missing or garbled: the form is not
 * one of this page's (or from before this field existed) and is refused.
 */
export const seenStatusSchema = bookingStatus;
export type SeenStatus = z.infer<typeof seenStatusSchema>;

/**
 * What the payment dialog showed as received (hidden field `seenAmountPaid`, cents, the
 * booking's amount_paid when the page was loaded; decision 076). Recording a transfer mostly
 * leaves the status as it is (a deposit, a part, the balance), so `seenStatus` cannot tell two
 * dialogs apart that record the same transfer: the amount received can. Missing or garbled: not
 * this page's form (or from before this field existed), refused like a missing `seenStatus`.
 */
export const seenAmountPaidSchema = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .refine(Number.isSafeInteger);

export const statusChangeSchema = z.object({
  status: bookingStatus,
  /** only for "cancelled": whether the guest's cancellation fee applies */
  fee: z.enum(["guest-terms", "none"]).optional(),
});

/** "Als erstattet markieren" (decision 047): the open refund, the day it was sent, a note. */
export const markRefundedSchema = z.object({
  refundId: z.string().trim().min(1, "notFound"),
  refundedOn: z.string().trim().refine(isCalendarDay, "dateInvalid"),
  note: z.string().trim().max(500, "noteTooLong").default(""),
});
export type MarkRefundedField = "refundedOn" | "note";
