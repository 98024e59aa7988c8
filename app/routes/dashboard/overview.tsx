import { ArrowRight, CalendarCheck, CalendarDays, Star, Wallet } from "~/components/ui/icons";
import { localizedLocation } from "~/lib/country-names.server";
import { Link } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/overview";
import { requireUser } from "~/features/accounts/session.server";
import { bookingsUrl } from "~/features/booking/components/my-bookings/bookings-url";
import { StatusBadge } from "~/features/booking/components/my-bookings/status-badge";
import { getDashboardOverview, tabOf } from "~/features/booking/my-bookings.server";
import { daysBetween, todayInBerlin } from "~/domain/calendar-day";
import { imageUrls } from "~/lib/image-urls";
import {
  formatDate,
  formatMoney,
  languageFromCookie,
  catalogueOf,
  type Language,
} from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { mediaUrl } from "~/lib/media-url";
import "~/locales/texts/my-bookings";
import "~/locales/texts/dashboard";

/** /dashboard (spec 05): the guest's numbers, the latest bookings and the profile teaser. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const today = todayInBerlin();
  const overview = await getDashboardOverview(user.id, today);
  const language = languageFromCookie(request.headers.get("cookie"));
  const texts = catalogueOf(language);
  // The stored location is German ("Sylt, Deutschland"); its country in the page's language.
  const localized = <T extends { property: { location: string } }>(booking: T): T => ({
    ...booking,
    property: {
      ...booking.property,
      location: localizedLocation(booking.property.location, language),
    },
  });
  return {
    ...overview,
    nextTrip: overview.nextTrip ? localized(overview.nextTrip) : null,
    // Each links to its detail dialog on the tab that lists it.
    recentBookings: overview.recentBookings.map((booking) => ({
      ...localized(booking),
      detailsUrl: bookingsUrl(
        { tab: tabOf(booking, today), q: "", status: "all" },
        { booking: booking.id },
      ),
    })),
    today,
    nextTripUrl: overview.nextTrip
      ? bookingsUrl({ tab: "upcoming", q: "", status: "all" }, { booking: overview.nextTrip.id })
      : null,
    nextPaymentUrl: overview.nextPayment
      ? bookingsUrl(
          { tab: "upcoming", q: "", status: "all" },
          { booking: overview.nextPayment.bookingId },
        )
      : null,
    title: texts.dashboard.title,
    description: texts.myBookings.overview.description,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description, noindex: true });

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

function initials(name: string, email: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return email.slice(0, 1).toUpperCase();
  return (words[0][0] + (words.length > 1 ? words[words.length - 1][0] : "")).toUpperCase();
}

export default function DashboardOverview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "de";
  const { stats, recentBookings, profile, nextTrip, nextPayment, today } = loaderData;
  const averageFormat = new Intl.NumberFormat(language === "en" ? "en-GB" : "de-DE", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const countdown = (checkIn: string, day: string) => {
    const days = daysBetween(day, checkIn);
    if (days > 0) return t("myBookings.overview.inDays", { count: days });
    return days === 0 ? t("myBookings.overview.arrivesToday") : t("myBookings.overview.staying");
  };
  const missing = [
    profile.fullName === "" ? t("myBookings.overview.missingName") : null,
    profile.phone === null ? t("myBookings.overview.missingPhone") : null,
  ].filter((field): field is string => field !== null);

  const statCards = [
    {
      id: "active",
      label: t("myBookings.overview.activeBookings"),
      value: String(stats.activeBookings),
      icon: CalendarCheck,
    },
    {
      id: "total",
      label: t("myBookings.overview.totalBookings"),
      value: String(stats.totalBookings),
      icon: CalendarDays,
    },
    {
      id: "spent",
      label: t("myBookings.overview.totalSpent"),
      value: formatMoney(stats.totalSpent, language),
      icon: Wallet,
    },
    {
      id: "reviews",
      label: t("myBookings.overview.reviews"),
      value:
        stats.reviewCount === 0 ? t("myBookings.overview.noReviews") : String(stats.reviewCount),
      detail:
        stats.ratingAverage === null
          ? null
          : t("myBookings.overview.reviewAverage", {
              average: averageFormat.format(stats.ratingAverage),
            }),
      icon: Star,
    },
  ];

  return (
    <main id="main" className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold text-secondary md:text-3xl">
          {t("dashboard.title")}
        </h1>
        <p className="mt-2 text-lg text-slate-800">
          {t("dashboard.greeting", { name: profile.fullName || profile.email })}
        </p>
        <p className="mt-1 text-slate-700">{t("dashboard.intro")}</p>
      </header>

      {/* What a guest opens the dashboard for: the next stay and what to pay next (issue 16). */}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="next-trip-heading" className={card} data-testid="next-trip">
          <h2 id="next-trip-heading" className="text-xl font-semibold text-secondary">
            {t("myBookings.overview.nextTripHeading")}
          </h2>
          {nextTrip && loaderData.nextTripUrl ? (
            <div className="mt-3 flex gap-4">
              {nextTrip.property.image && imageUrls(nextTrip.property.image).src && (
                <img
                  src={imageUrls(nextTrip.property.image).src}
                  alt=""
                  width={96}
                  height={64}
                  className="hidden aspect-[3/2] w-24 shrink-0 self-start rounded-lg object-cover sm:block"
                />
              )}
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{nextTrip.property.title}</p>
                <p className="text-sm text-slate-700">{nextTrip.property.location}</p>
                <p className="mt-1 font-medium text-slate-900">
                  {formatDate(nextTrip.checkIn, language)} –{" "}
                  {formatDate(nextTrip.checkOut, language)}
                </p>
                <p className="text-sm text-slate-700">
                  {countdown(nextTrip.checkIn, today)} · {t("myBookings.list.number")}{" "}
                  <span className="font-mono whitespace-nowrap" data-testid="next-trip-number">
                    {nextTrip.number}
                  </span>
                </p>
                <Link
                  to={loaderData.nextTripUrl}
                  className="mt-2 inline-flex items-center gap-1 font-medium text-secondary underline underline-offset-2 hover:no-underline"
                >
                  {t("myBookings.overview.toBooking")}
                  <ArrowRight aria-hidden className="size-4" />
                </Link>
              </div>
            </div>
          ) : (
            <div className="mt-3">
              <p className="text-slate-700">{t("myBookings.overview.noNextTrip")}</p>
              <Link
                to="/properties"
                className="mt-2 inline-block font-medium text-secondary underline underline-offset-2 hover:no-underline"
              >
                {t("myBookings.list.discover")}
              </Link>
            </div>
          )}
        </section>
        <section aria-labelledby="next-payment-heading" className={card} data-testid="next-payment">
          <h2 id="next-payment-heading" className="text-xl font-semibold text-secondary">
            {t("myBookings.overview.nextPaymentHeading")}
          </h2>
          {nextPayment && loaderData.nextPaymentUrl ? (
            <div className="mt-3">
              <p
                className="text-2xl font-bold text-slate-900 tabular-nums"
                data-testid="next-payment-amount"
              >
                {formatMoney(nextPayment.amount, language)}
              </p>
              <p
                className={`font-medium ${nextPayment.isOverdue ? "text-red-700" : "text-slate-900"}`}
              >
                {t(
                  nextPayment.isDebitProcessing
                    ? "myBookings.overview.paymentProcessing"
                    : nextPayment.isOverdue
                      ? "myBookings.overview.paymentOverdue"
                      : "myBookings.overview.paymentDue",
                  {
                    kind: t(`myBookings.overview.paymentKinds.${nextPayment.kind}`),
                    date: formatDate(nextPayment.dueDate, language),
                  },
                )}
              </p>
              <p className="text-sm text-slate-700">
                {t("myBookings.overview.paymentFor", {
                  number: nextPayment.bookingNumber,
                  property: nextPayment.propertyTitle,
                })}
              </p>
              <Link
                to={loaderData.nextPaymentUrl}
                className="mt-2 inline-flex items-center gap-1 font-medium text-secondary underline underline-offset-2 hover:no-underline"
              >
                {t("myBookings.overview.toBooking")}
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </div>
          ) : (
            <p className="mt-3 text-slate-700">{t("myBookings.overview.noNextPayment")}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          {t("myBookings.overview.statsLabel")}
        </h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {statCards.map(({ id, label, value, detail, icon: Icon }) => (
            <li key={id} className={card} data-testid={`stat-${id}`}>
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm font-medium text-slate-700">{label}</p>
                <Icon aria-hidden className="size-5 text-secondary" />
              </div>
              <p
                className="mt-2 text-2xl font-bold text-slate-900 tabular-nums"
                data-testid="stat-value"
              >
                {value}
              </p>
              {detail && <p className="mt-1 text-sm text-slate-700">{detail}</p>}
            </li>
          ))}
        </ul>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section aria-labelledby="recent-heading" className={`${card} lg:col-span-2`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="recent-heading" className="text-xl font-semibold text-secondary">
              {t("myBookings.overview.recentHeading")}
            </h2>
            <Link
              to="/dashboard/bookings"
              className="inline-flex items-center gap-1 font-medium text-secondary underline-offset-2 hover:underline"
            >
              {t("myBookings.overview.allBookings")}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </div>
          {recentBookings.length === 0 ? (
            <div className="mt-4">
              <p className="text-slate-700">{t("myBookings.overview.noBookings")}</p>
              <LinkButton to="/properties" size="md" className="mt-3">
                {t("myBookings.list.discover")}
              </LinkButton>
            </div>
          ) : (
            <ul className="mt-4 divide-y divide-slate-200" data-testid="recent-bookings">
              {recentBookings.map((booking) => (
                <li
                  key={booking.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <div className="min-w-0">
                    <Link
                      to={booking.detailsUrl}
                      className="font-medium text-slate-900 underline-offset-2 hover:underline"
                    >
                      {booking.property.title}
                    </Link>
                    <p className="text-sm text-slate-700">
                      {formatDate(booking.checkIn, language)} –{" "}
                      {formatDate(booking.checkOut, language)} · {booking.property.location}
                    </p>
                  </div>
                  <StatusBadge status={booking.status} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="profile-heading" className={card} data-testid="profile-teaser">
          <h2 id="profile-heading" className="text-xl font-semibold text-secondary">
            {t("myBookings.overview.profileHeading")}
          </h2>
          <div className="mt-4 flex items-center gap-3">
            {profile.avatarUrl ? (
              <img
                src={mediaUrl(profile.avatarUrl)}
                alt=""
                width={56}
                height={56}
                className="size-14 rounded-full object-cover"
              />
            ) : (
              <span
                aria-hidden
                className="flex size-14 items-center justify-center rounded-full bg-secondary text-lg font-semibold text-white"
              >
                {initials(profile.fullName, profile.email)}
              </span>
            )}
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">
                {profile.fullName || t("myBookings.overview.noName")}
              </p>
              <p className="truncate text-sm text-slate-700">{profile.email}</p>
            </div>
          </div>
          {missing.length > 0 && (
            <p
              className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
              data-testid="profile-hint"
            >
              {t("myBookings.overview.profileIncomplete", { fields: missing.join(", ") })}
            </p>
          )}
          <LinkButton to="/dashboard/profile" variant="outline" size="md" className="mt-4">
            {t("myBookings.overview.toProfile")}
          </LinkButton>
        </section>
      </div>
    </main>
  );
}
