import { z } from "zod";

/**
 * The query of /dashboard/bookings (`?tab=&q=&status=&booking=&cancel=`) and the cancel form.
 * A value that does not fit falls back to the default instead of failing the page: a guest who
 * edits the URL sees their bookings, never an error.
 */
export const MY_BOOKING_TABS = ["upcoming", "past", "cancelled"] as const;
export type MyBookingTab = (typeof MY_BOOKING_TABS)[number];

export const MY_BOOKING_STATUS_FILTERS = [
  "all",
  "pending",
  "confirmed",
  "cancelled",
  "completed",
] as const;
export type MyBookingStatusFilter = (typeof MY_BOOKING_STATUS_FILTERS)[number];

export const SEARCH_MAX_LENGTH = 100;

const bookingId = z
  .uuid()
  .transform((id) => id.toLowerCase())
  .optional()
  .catch(undefined);

export const myBookingsQuerySchema = z.object({
  tab: z.enum(MY_BOOKING_TABS).catch("upcoming"),
  q: z
    .string()
    .transform((value) => value.trim().slice(0, SEARCH_MAX_LENGTH))
    .catch(""),
  status: z.enum(MY_BOOKING_STATUS_FILTERS).catch("all"),
  /** the booking whose detail dialog is open */
  booking: bookingId,
  /** the booking whose cancel dialog is open */
  cancel: bookingId,
});
export type MyBookingsQuery = z.infer<typeof myBookingsQuerySchema>;

export function parseMyBookingsQuery(params: URLSearchParams): MyBookingsQuery {
  return myBookingsQuerySchema.parse({
    tab: params.get("tab") ?? undefined,
    q: params.get("q") ?? "",
    status: params.get("status") ?? undefined,
    booking: params.get("booking") ?? undefined,
    cancel: params.get("cancel") ?? undefined,
  });
}

/**
 * "Stornieren" confirmed in the dialog. `quotedFee` is the fee the dialog showed (cents): the
 * server never charges more than the guest agreed to; when the fee went up meanwhile (the free
 * period ended while the dialog was open) nothing changes and the dialog shows the new fee.
 * A missing or malformed quote counts as 0, the strictest reading.
 */
export const cancelBookingSchema = z.object({
  intent: z.literal("cancel"),
  bookingId: z.uuid().transform((id) => id.toLowerCase()),
  quotedFee: z.coerce.number().int().min(0).catch(0),
});
export type CancelBookingInput = z.infer<typeof cancelBookingSchema>;

/** Keys under `myBookings.cancel.errors`. */
export type CancelBookingError = "notCancellable" | "feeChanged" | "failed";
