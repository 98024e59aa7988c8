import { CircleCheck, CircleX, LoaderCircle } from "~/components/ui/icons";
import { localizedLocation } from "~/lib/country-names.server";
import { useEffect, type ReactNode } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  useRevalidator,
  useRouteError,
} from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/success";
import { ErrorPage } from "~/components/error-page";
import { Button, buttonClass, LinkButton } from "~/components/ui/button";
import { Brand } from "~/components/layout/brand";
import { StandaloneFrame } from "~/components/layout/standalone-frame";
import { requireUser, sessionExpired, userForSave } from "~/features/accounts/session.server";
import {
  abandonCheckout,
  onlinePaymentView,
  type OnlinePaymentView,
} from "~/features/booking/online-payment.server";
import { getBookingConfirmation } from "~/features/booking/booking-confirmation.server";
import { BookingFacts, StoredBreakdown } from "~/features/booking/components/stored-breakdown";
import { PaymentInstructions } from "~/features/booking/components/payment-instructions";
import { ArrivalInfo } from "~/features/booking/components/arrival-info";
import { imageUrls } from "~/lib/image-urls";
import {
  formatDate,
  formatMoney,
  languageFromCookie,
  catalogueOf,
  type Language,
} from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/root";
import "~/locales/texts/booking-success";

/**
 * /booking-success?booking=<id>: where the guest lands after booking (spec 04). Only the
 * booking's own guest or an admin sees it; a missing, malformed or foreign id is the same 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const bookingId = new URL(request.url).searchParams.get("booking") ?? "";
  const booking = await getBookingConfirmation(bookingId, user);
  if (!booking) throw data(null, { status: 404 });
  const language = languageFromCookie(request.headers.get("cookie"));
  // Online payment (decision 044): what the signed webhook has told us, nothing else.
  const online = await onlinePaymentView(booking.id);
  return {
    // The stored location is German ("Sylt, Deutschland"); its country in the page's language.
    booking: {
      ...booking,
      property: {
        ...booking.property,
        location: localizedLocation(booking.property.location, language),
      },
      arrival: {
        ...booking.arrival,
        address: localizedLocation(booking.arrival.address, language),
      },
    },
    online,
    // Back from Stripe's "Abbrechen": the page offers to resume or release the reservation.
    isAbandoned: new URL(request.url).searchParams.get("zahlung") === "abgebrochen",
    title: catalogueOf(language).bookingSuccess.title,
  };
}

/**
 * "Reservierung aufheben" after the guest left Stripe's page: the session is expired at Stripe
 * (so it can no longer be paid) and the booking cancelled, its dates free again.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const user = await userForSave(request);
  if (!user) return sessionExpired();
  const bookingId = new URL(request.url).searchParams.get("booking") ?? "";
  if (form.get("intent") !== "abandon-checkout") {
    return data({ ok: false, error: "invalid" }, { status: 400 });
  }
  // Only the booking's own guest; anything else is the same 404 as the page.
  const booking = await getBookingConfirmation(bookingId, user);
  if (!booking || !(await abandonCheckout(booking.id, user.id))) {
    return data({ ok: false, error: "notFound" }, { status: 404 });
  }
  return redirect(`/booking-success?booking=${encodeURIComponent(booking.id)}`);
}

/** How often the waiting page asks again: quickly at first, then every 10 s. */
const pollDelay = (round: number) => Math.min(10_000, 1_500 + round * 500);

/**
 * Reloads the page's data until the webhook has decided (paid or released). It asks the server
 * (the loader reads our database), so the page never shows a payment the webhook did not
 * confirm.
 */
function useWaitForPayment(isWaiting: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!isWaiting) return;
    let round = 0;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(() => {
        round++;
        if (document.visibilityState === "visible") void revalidator.revalidate();
        next();
      }, pollDelay(round));
    };
    next();
    return () => clearTimeout(timer);
    // The revalidator object changes on every render; the timer only depends on waiting.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isWaiting]);
}

type RootMeta = { language: Language };

export const meta: Route.MetaFunction = (args) => {
  const root = args.matches.find((match) => match?.id === "root")?.data as RootMeta | undefined;
  const texts = catalogueOf(root?.language ?? "de");
  return pageMeta(args, {
    title: args.data?.title ?? texts.errors.notFoundTitle,
    noindex: true,
  });
};

/** The standalone frame: a slim header with the brand (a way home), no site navigation; the
 * slim footer's legal links below. */
function SuccessFrame({ children }: { children: ReactNode }) {
  const root = useRootData();
  return (
    <StandaloneFrame>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-4">
          {root && <Brand settings={root.settings} />}
        </div>
      </header>
      {children}
    </StandaloneFrame>
  );
}

const statusColors = {
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
  completed: "bg-slate-200 text-slate-900",
} as const;

const card = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
const sectionHeading = "text-xl font-semibold text-secondary";

export default function BookingSuccessPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const language: Language = root?.language ?? "de";
  const { booking, online, isAbandoned } = loaderData;
  useWaitForPayment(online?.state === "waiting");
  const image = booking.property.image && imageUrls(booking.property.image);
  const { price } = booking;

  const details: [string, ReactNode][] = [
    [t("bookingSuccess.checkIn"), formatDate(booking.checkIn, language)],
    [t("bookingSuccess.checkOut"), formatDate(booking.checkOut, language)],
    [t("bookingSuccess.nights"), booking.nights],
    [t("bookingSuccess.guests"), booking.guests],
    [t("bookingSuccess.paymentMethod"), t(`paymentMethods.${booking.paymentMethod}`)],
  ];

  return (
    <SuccessFrame>
      <main id="main" className="mx-auto max-w-7xl px-4 py-10">
        <div className="mx-auto max-w-3xl space-y-6">
          <header className="text-center">
            {online ? (
              <OnlinePaymentHeader
                online={online}
                isAbandoned={isAbandoned}
                propertyId={booking.property.id}
                language={language}
              />
            ) : (
              <>
                <CircleCheck aria-hidden className="mx-auto size-14 text-green-700" />
                <h1 className="mt-4 text-3xl font-bold text-secondary md:text-4xl">
                  {t("bookingSuccess.heading")}
                </h1>
                <p className="mt-2 text-lg text-slate-700">{t("bookingSuccess.intro")}</p>
              </>
            )}
            <p className="mt-4 text-slate-700">
              {t("bookingSuccess.number")}:{" "}
              <strong className="font-mono text-lg text-slate-900" data-testid="booking-number">
                {booking.number}
              </strong>
            </p>
          </header>

          <section aria-labelledby="booking-details" className={card}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="booking-details" className={sectionHeading}>
                {t("bookingSuccess.details")}
              </h2>
              <p className="text-sm text-slate-700">
                {t("bookingSuccess.status")}:{" "}
                <span
                  className={`rounded-full px-3 py-1 font-medium ${statusColors[booking.status]}`}
                  data-testid="booking-status"
                >
                  {t(`bookingSuccess.statuses.${booking.status}`)}
                </span>
              </p>
            </div>
            <div className="mt-4 flex flex-col gap-4 sm:flex-row">
              {image?.src && (
                <img
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes="(min-width: 640px) 192px, 100vw"
                  alt=""
                  width={192}
                  height={128}
                  className="aspect-[3/2] w-full rounded-lg object-cover sm:w-48"
                />
              )}
              <div>
                <p className="text-sm text-slate-700">{t("bookingSuccess.property")}</p>
                <p className="text-lg font-semibold text-slate-900">
                  <Link
                    to={`/properties/${booking.property.id}`}
                    className="underline-offset-2 hover:underline"
                  >
                    {booking.property.title}
                  </Link>
                </p>
                <p className="text-slate-700">{booking.property.location}</p>
              </div>
            </div>
            <BookingFacts items={details} className="mt-4" />
          </section>

          <ArrivalInfo
            bookingId={booking.id}
            arrival={booking.arrival}
            specialRequests={booking.specialRequests}
            showCalendar={booking.status !== "cancelled"}
          />

          <section aria-labelledby="price-breakdown" className={card}>
            <h2 id="price-breakdown" className={sectionHeading}>
              {t("bookingSuccess.breakdown")}
            </h2>
            <StoredBreakdown price={price} totalTestId="booking-total" isLarge />
          </section>

          {booking.paymentMethod === "bank-transfer" && (
            <PaymentInstructions
              bookingNumber={booking.number}
              totalPrice={price.totalPrice}
              bookingDay={booking.bookingDay}
              checkIn={booking.checkIn}
              paymentTerms={booking.paymentTerms}
              bankAccount={booking.bankAccount}
              paymentQr={booking.paymentQr}
            />
          )}

          {booking.status === "pending" && !online && (
            <p className="text-slate-700">
              {booking.paymentMethod === "bank-transfer"
                ? t("bookingSuccess.pendingNote")
                : t("bookingSuccess.pendingNoteOther")}
            </p>
          )}
          {/* An online booking's e-mail goes out with the confirmed payment, not before. */}
          {(!online || online.state === "paid") && (
            <p className="font-medium text-slate-900">
              {t("bookingSuccess.emailSent", { email: booking.guestEmail })}
            </p>
          )}

          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <LinkButton to="/dashboard/bookings">{t("bookingSuccess.myBookings")}</LinkButton>
            <LinkButton to="/properties" variant="outline">
              {t("bookingSuccess.moreProperties")}
            </LinkButton>
          </div>
        </div>
      </main>
    </SuccessFrame>
  );
}

const timeIn = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language === "en" ? "en-GB" : "de-DE", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Berlin",
  }).format(new Date(iso));

/**
 * The top of the page for an online payment: waiting (a live region the polling updates),
 * confirmed with the amounts our database recorded, or released.
 */
function OnlinePaymentHeader({
  online,
  isAbandoned,
  propertyId,
  language,
}: {
  online: OnlinePaymentView;
  isAbandoned: boolean;
  propertyId: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const heading = "mt-4 text-3xl font-bold text-secondary md:text-4xl";
  return (
    <div role="status" aria-live="polite" data-testid="online-payment" data-state={online.state}>
      {online.state === "paid" ? (
        <>
          <CircleCheck aria-hidden className="mx-auto size-14 text-green-700" />
          <h1 className={heading}>{t("bookingSuccess.online.paidTitle")}</h1>
          <p className="mt-2 text-lg text-slate-700">
            {t("bookingSuccess.online.paid", { amount: formatMoney(online.amount, language) })}
          </p>
          <p className="mt-1 text-slate-700">
            {online.open > 0 && online.nextDueDate
              ? t(
                  online.balanceBy === "payment-link"
                    ? "bookingSuccess.online.balanceByLink"
                    : "bookingSuccess.online.balance",
                  {
                    amount: formatMoney(online.open, language),
                    date: formatDate(online.nextDueDate, language),
                  },
                )
              : t("bookingSuccess.online.paidInFull")}
          </p>
        </>
      ) : online.state === "expired" ? (
        <>
          <CircleX aria-hidden className="mx-auto size-14 text-red-700" />
          <h1 className={heading}>{t("bookingSuccess.online.expiredTitle")}</h1>
          <p className="mt-2 text-lg text-slate-700">{t("bookingSuccess.online.expiredText")}</p>
          <p className="mt-4">
            <LinkButton to={`/properties/${propertyId}`}>
              {t("bookingSuccess.online.bookAgain")}
            </LinkButton>
          </p>
        </>
      ) : online.state === "processing" ? (
        <>
          <LoaderCircle aria-hidden className="mx-auto size-14 text-secondary" />
          <h1 className={heading}>{t("bookingSuccess.online.processingTitle")}</h1>
          <p className="mt-2 text-lg text-slate-700">{t("bookingSuccess.online.processingText")}</p>
        </>
      ) : isAbandoned && online.checkoutUrl ? (
        <>
          <CircleX aria-hidden className="mx-auto size-14 text-amber-700" />
          <h1 className={heading}>{t("bookingSuccess.online.abandonedTitle")}</h1>
          <p className="mt-2 text-lg text-slate-700">
            {t("bookingSuccess.online.abandonedText", {
              time: online.holdUntil ? timeIn(online.holdUntil, language) : "",
            })}
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-center">
            {/* Stripe's own page: a plain link, no Stripe code in this page. */}
            <a
              href={online.checkoutUrl}
              className={buttonClass({ block: true, className: "sm:w-auto" })}
            >
              {t("bookingSuccess.online.resume")}
            </a>
            <Form method="post">
              <Button
                type="submit"
                name="intent"
                value="abandon-checkout"
                variant="outline"
                block
                className="sm:w-auto"
              >
                {t("bookingSuccess.online.discard")}
              </Button>
            </Form>
          </div>
        </>
      ) : (
        <>
          <LoaderCircle aria-hidden className="mx-auto size-14 animate-spin text-secondary" />
          <h1 className={heading}>{t("bookingSuccess.online.waitingTitle")}</h1>
          <p className="mt-2 text-lg text-slate-700">{t("bookingSuccess.online.waitingText")}</p>
        </>
      )}
    </div>
  );
}

/** A missing or foreign booking: the German 404 inside the same slim frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const root = useRootData();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SuccessFrame>
      {isNotFound ? (
        <ErrorPage status={404} title={t("errors.notFoundTitle")} text={t("errors.notFoundText")} />
      ) : (
        <ErrorPage title={t("errors.serverError")} requestId={root?.requestId} />
      )}
    </SuccessFrame>
  );
}
