import type { PaymentTerms } from "~/domain/payment-schedule";
import { and, desc, eq, inArray } from "drizzle-orm";
import { isCalendarDay } from "~/domain/calendar-day";
import type { BookedStay } from "~/domain/availability";
import { resolveTouristTaxNote } from "~/domain/tourist-tax";
import { getOfferedPaymentMethods, offeredOnly } from "~/features/company/payment-methods.server";
import { BLOCKING_STATUSES, listBookedStays } from "~/features/properties/availability.server";
import { isPropertyId } from "~/features/properties/property-detail.server";
import { getSettings } from "~/features/settings/settings.server";
import { listSeasons, pageSeasons } from "~/features/properties/seasons.server";
import { addDays } from "~/domain/calendar-day";
import { bookingHorizonEnd } from "~/domain/availability";
import { db, schema } from "~/lib/db.server";
import { formatMoney, translate, type Language } from "~/lib/i18n";
import serverOnlyErrors from "~/locales/de/booking-errors";
import type { BookingErrorCode } from "./booking.schema";
import { bookingTermsKey } from "~/domain/booking-terms";

/** A published property's columns a stay is shown and priced with (computePrice). */
export const stayPropertyColumns = {
  id: schema.property.id,
  title: schema.property.title,
  location: schema.property.location,
  maxGuests: schema.property.maxGuests,
  images: schema.property.images,
  pricePerNight: schema.property.pricePerNight,
  cleaningFee: schema.property.cleaningFee,
  isSpecialOffer: schema.property.isSpecialOffer,
  specialOfferPrice: schema.property.specialOfferPrice,
  specialOfferEndDate: schema.property.specialOfferEndDate,
  weeklyDiscountPercent: schema.property.weeklyDiscountPercent,
  monthlyDiscountPercent: schema.property.monthlyDiscountPercent,
};

/**
 * Everything the booking page (/properties/{id}/book) needs, or null when there is no
 * published property with this id (drafts and archived properties are 404, as on the
 * property page). Only the stays' dates, the offered payment methods and the signed-in
 * guest's own contact data reach the browser.
 */
export async function getBookingPageData({
  propertyId,
  userId,
  today,
}: {
  propertyId: string | undefined;
  userId: string;
  /** Europe/Berlin, "YYYY-MM-DD" */
  today: string;
}) {
  if (!isPropertyId(propertyId)) return null;
  const p = schema.property;
  const [[property], settings, bookedStays, paymentMethods, [profile]] = await Promise.all([
    db()
      .select({
        ...stayPropertyColumns,
        touristTaxMode: p.touristTaxMode,
        touristTaxNote: p.touristTaxNote,
      })
      .from(p)
      .where(and(eq(p.id, propertyId), eq(p.status, "published"))),
    getSettings(),
    listBookedStays(propertyId, today),
    getOfferedPaymentMethods(),
    db()
      .select({ phone: schema.profile.phone })
      .from(schema.profile)
      .where(eq(schema.profile.id, userId)),
  ]);
  if (!property) return null;
  // The seasons a stay chosen on this page can touch: up to the latest possible Abreise.
  const lastCheckOut = addDays(
    bookingHorizonEnd(today, settings.bookingHorizonMonths),
    settings.maxStayDays,
  );
  const seasons = await listSeasons(propertyId, today, lastCheckOut);
  const { images, touristTaxMode, touristTaxNote, ...rest } = property;
  return {
    property: {
      ...rest,
      image: images[0] ?? null,
      // The settings' note, the property's own or none, as the property chose (decision 041).
      touristTaxNote: resolveTouristTaxNote(
        touristTaxMode,
        touristTaxNote,
        settings.touristTaxNote,
      ),
    },
    stayRules: {
      minStayDays: settings.minStayDays,
      maxStayDays: settings.maxStayDays,
      serviceFee: settings.serviceFee,
      bookingHorizonMonths: settings.bookingHorizonMonths,
      seasons: pageSeasons(seasons),
    },
    cancellation: {
      freeCancellationHours: settings.freeCancellationHours,
      cancellationFeePercentage: settings.cancellationFeePercentage,
      now: new Date().toISOString(),
    },
    paymentTerms: {
      depositPercentage: settings.depositPercentage,
      balanceDueDays: settings.balanceDueDays,
    } satisfies PaymentTerms,
    /** what the form sends back as `shownTerms` (decision 088) */
    shownTerms: bookingTermsKey(settings),
    bookedStays: bookedStays satisfies BookedStay[],
    /** Only the methods a guest can actually use (spec 04 "Payment methods"). */
    paymentMethods: offeredOnly(paymentMethods),
    phone: profile?.phone ?? "",
  };
}

export type BookingPageData = NonNullable<Awaited<ReturnType<typeof getBookingPageData>>>;

/**
 * The signed-in guest's own booking of exactly this stay (issue 16): Back after booking lands
 * on the booking page with the dates just booked, which would otherwise say "Der gewählte
 * Zeitraum ist bereits gebucht" about the guest's own booking. The page shows that booking
 * instead. Only the guest's own, non-cancelled bookings count; a cancelled one may be booked
 * again. Null for anything else, including malformed ids and dates.
 */
export async function findOwnBookingOfStay({
  userId,
  propertyId,
  checkIn,
  checkOut,
}: {
  userId: string;
  propertyId: string | undefined;
  checkIn: string | undefined;
  checkOut: string | undefined;
}): Promise<string | null> {
  if (!isPropertyId(propertyId) || !isCalendarDay(checkIn) || !isCalendarDay(checkOut)) {
    return null;
  }
  const b = schema.booking;
  const [row] = await db()
    .select({ id: b.id })
    .from(b)
    .where(
      and(
        eq(b.userId, userId),
        eq(b.propertyId, propertyId),
        eq(b.checkIn, checkIn),
        eq(b.checkOut, checkOut),
        inArray(b.status, [...BLOCKING_STATUSES]),
      ),
    )
    .orderBy(desc(b.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The booking page's texts only the server words (de/booking-page.ts): its title and the note
 * for browsers without JavaScript.
 */
export function bookingPageTexts(language: Language, title: string) {
  return {
    metaTitle: translate(language, "bookingPage.metaTitle", { title }),
    noScriptNote: translate(language, "bookingPage.noScript"),
  };
}

/**
 * The banner's words for a failed booking the booking page's scripts carry no text for (the
 * errors only the server finds, de/booking-errors.ts); undefined for the others, which the page
 * words itself with the stay's rules (minimum stay, horizon, guests).
 */
export async function serverWordedError(
  error: BookingErrorCode,
  language: Language,
  /** cents: the stay's total now, for "priceChanged" */
  total?: number,
): Promise<string | undefined> {
  if (!Object.hasOwn(serverOnlyErrors, error)) return undefined;
  if (error === "priceChanged") {
    return translate(language, "bookingErrors.priceChanged", {
      total: formatMoney(total ?? 0, language),
    });
  }
  if (error !== "pendingLimit") return translate(language, `bookingErrors.${error}`);
  const { maxPendingBookings } = await getSettings();
  return translate(language, "bookingErrors.pendingLimit", { count: maxPendingBookings });
}
