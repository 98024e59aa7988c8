import type { MyBookingsQuery } from "~/features/booking/my-bookings.schema";

/**
 * A /dashboard/bookings URL keeping the current tab, search and filter. Dialogs are part of the
 * URL (`?booking=` detail, `?cancel=` confirmation), so they open without JavaScript too.
 */
export function bookingsUrl(
  query: Pick<MyBookingsQuery, "tab" | "q" | "status">,
  extra: { booking?: string; cancel?: string } = {},
) {
  const params = new URLSearchParams();
  if (query.tab !== "upcoming") params.set("tab", query.tab);
  if (query.q) params.set("q", query.q);
  if (query.status !== "all") params.set("status", query.status);
  if (extra.booking) params.set("booking", extra.booking);
  if (extra.cancel) params.set("cancel", extra.cancel);
  const search = params.toString();
  return search ? `/dashboard/bookings?${search}` : "/dashboard/bookings";
}
