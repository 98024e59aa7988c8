/**
 * An admin with a session on /admin/bookings/{id}, and the detail page's action as their browser
 * posts it (intent, seenStatus, seenAmountPaid …): the refund tests act through the page the
 * operator uses, not through the functions behind it.
 */
import { action } from "~/routes/admin/booking-detail";
import { createUser, sessionCookie } from "./factories";
import { callRoute } from "./route-call";

export async function adminOnThePage(name = "Anton Admin") {
  const admin = await createUser({ role: "admin", name });
  const cookie = await sessionCookie(admin.email);
  const post = (bookingId: string, form: Record<string, string>) =>
    callRoute<{ error: string }>(action, {
      url: `/admin/bookings/${bookingId}`,
      cookie,
      params: { id: bookingId },
      form,
    });
  return { admin, post };
}
