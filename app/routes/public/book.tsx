import { ArrowLeft } from "~/components/ui/icons";
import { localizedLocation } from "~/lib/country-names.server";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/book";
import { requireUser, sessionExpired, userForSave } from "~/features/accounts/session.server";
import type { BookingErrorCode } from "~/features/booking/booking.schema";
import {
  findOwnBookingOfStay,
  getBookingPageData,
  bookingPageTexts,
  serverWordedError,
} from "~/features/booking/booking-page.server";
import type { PublicRouteHandle } from "~/components/layout/public-chrome";
import { createBooking } from "~/features/booking/booking.server";
import { isOnlineMethod, startCheckout } from "~/features/booking/online-payment.server";
import {
  BOOKING_VALUE_FIELDS,
  BookingForm,
  type BookingActionData,
  type BookingValues,
} from "~/features/booking/components/booking-form";
import { parseInitialStay } from "~/features/properties/property-detail.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { languageFromCookie, translate } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/booking";
import "~/locales/texts/stay";

/** Query values are only echoed into the form; anything longer is not a date. */
const queryDay = (value: string | null) => value?.trim().slice(0, 10) || undefined;

/** The checkout's slim footer: legal links only, nothing that leads away (issue 16). */
export const handle: PublicRouteHandle = { footer: "slim" };

export async function loader({ request, params }: Route.LoaderArgs) {
  // Visitors go to /auth?redirectTo=<this page with its query> and come back after signing in.
  const user = await requireUser(request);
  const url = new URL(request.url);
  const checkIn = queryDay(url.searchParams.get("checkIn"));
  const checkOut = queryDay(url.searchParams.get("checkOut"));
  // Back after booking (or a bookmark of it): the guest's own booking of exactly these dates
  // is shown, not "bereits gebucht" about it. The booking was made by this page's POST, which
  // redirected to the success page; this sends the history entry before it there as well.
  const own = await findOwnBookingOfStay({
    userId: user.id,
    propertyId: params.id,
    checkIn,
    checkOut,
  });
  if (own) throw redirect(`/booking-success?booking=${encodeURIComponent(own)}`);
  const today = todayInBerlin();
  const page = await getBookingPageData({ propertyId: params.id, userId: user.id, today });
  // Unknown ids, malformed ids, drafts and archived properties: the property page's 404.
  if (!page) throw data(null, { status: 404 });
  const { phone, ...rest } = page;
  const language = languageFromCookie(request.headers.get("cookie"));
  rest.property = {
    ...rest.property,
    location: localizedLocation(rest.property.location, language),
  };
  return {
    ...rest,
    ...bookingPageTexts(language, page.property.title),
    today,
    // The dates are checked in the page against the booked nights (invalid → step 1 with the
    // reason); guests only pass when they fit the property.
    initial: {
      checkIn,
      checkOut,
      guests: parseInitialStay(url.searchParams, { today, maxGuests: page.property.maxGuests })
        .guests,
    },
    prefill: {
      guestName: user.fullName,
      guestPhone: phone,
      specialRequests: "",
    },
    // Shown, not sent: the booking always uses the account's address.
    accountEmail: user.email,
    // One key per form render; a double click or retry sends the same one.
    idempotencyKey: crypto.randomUUID(),
  };
}

/** Echoed input only refills the form. */
const ECHO_MAX = 2_100;

const STATUS: Partial<Record<BookingErrorCode, number>> = {
  datesTaken: 409,
  ownOverlap: 409,
  pendingLimit: 409,
  priceChanged: 409,
  termsChanged: 409,
  tooManyAttempts: 429,
  propertyNotFound: 404,
  failed: 500,
  // The settings could not be read (decision 078): a passing fault, nothing was stored.
  unavailable: 503,
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const values: BookingValues = {};
  for (const field of BOOKING_VALUE_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value.slice(0, ECHO_MAX);
  }
  // The same check as requireUser; an expired session keeps the form and its input on screen
  // ("Ihre Sitzung ist abgelaufen…") instead of an error page.
  const user = await userForSave(request);
  if (!user)
    return sessionExpired({ fieldErrors: {}, values } satisfies Omit<BookingActionData, "error">);
  const language = languageFromCookie(request.headers.get("cookie"));
  const result = await createBooking({
    userId: user.id,
    propertyId: params.id,
    // Raw entries: the server validates and ignores anything else (prices, totals, status).
    form: Object.fromEntries(formData),
    today: todayInBerlin(),
    language,
    clientIp: context.clientIp,
  });
  if (result.ok) {
    const method = formData.get("paymentMethod");
    if (typeof method === "string" && isOnlineMethod(method)) {
      // Held as pending/unpaid; now off to Stripe Checkout for the amount due (decision 044).
      const checkout = await startCheckout(result.bookingId, language);
      if (checkout.ok) return redirect(checkout.url);
      return data(
        {
          error: checkout.error,
          message: await serverWordedError(checkout.error, language),
          fieldErrors: {},
          values,
        } satisfies BookingActionData,
        { status: 502 },
      );
    }
    return redirect(`/booking-success?booking=${encodeURIComponent(result.bookingId)}`);
  }
  return data(
    {
      error: result.error,
      message: await serverWordedError(result.error, language, result.total),
      fieldErrors: result.fieldErrors ?? {},
      values,
    } satisfies BookingActionData,
    { status: STATUS[result.error] ?? 400 },
  );
}

/**
 * After a submit the loader runs again even when the action answered with an error status:
 * a "Der gewählte Zeitraum ist bereits gebucht" must show the newly booked nights.
 */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === "POST") return true;
  return defaultShouldRevalidate;
}

type RootMeta = { language: "de" | "en" };

export const meta: Route.MetaFunction = (args) => {
  if (args.data) return pageMeta(args, { title: args.data.metaTitle, noindex: true });
  const root = args.matches.find((match) => match?.id === "root")?.data as RootMeta | undefined;
  // The page's own catalogue, not an import of the English texts (they would ride in the page's
  // JavaScript; decision 043).
  const isNotFound = isRouteErrorResponse(args.error) && args.error.status === 404;
  const key = isNotFound ? "stay.notFound" : "stay.loadFailed";
  return pageMeta(args, { title: translate(root?.language ?? "de", key), noindex: true });
};

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { property } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <p className="mb-4">
        <Link
          to={`/properties/${property.id}${location.search}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-secondary underline underline-offset-2 hover:no-underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("booking.backToProperty")}
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-secondary md:text-4xl">{t("booking.heading")}</h1>
      <BookingForm
        // Another property or other dates in the URL start a fresh form.
        key={`${property.id}${location.search}`}
        property={property}
        stayRules={loaderData.stayRules}
        cancellation={loaderData.cancellation}
        paymentTerms={loaderData.paymentTerms}
        bookedStays={loaderData.bookedStays}
        paymentMethods={loaderData.paymentMethods}
        today={loaderData.today}
        initial={loaderData.initial}
        prefill={loaderData.prefill}
        accountEmail={loaderData.accountEmail}
        idempotencyKey={loaderData.idempotencyKey}
        shownTerms={loaderData.shownTerms}
        noScriptNote={loaderData.noScriptNote}
        actionData={actionData}
      />
    </main>
  );
}

export { PropertyErrorBoundary as ErrorBoundary } from "~/components/property/property-error-boundary";
