import { useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { DateRangePicker, type DateRangePickerHandle } from "~/components/date-range-picker";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import {
  bookingHorizonEnd,
  resolveInitialStay,
  stayProblem,
  type BookedStay,
  type StayProblem,
  type StayRules,
  type StaySelection,
} from "~/domain/availability";
import {
  computePrice,
  isOfferActive,
  nightlyPriceOn,
  nightsBetween,
  type PricedProperty,
} from "~/domain/price";
import { minStayFor, seasonOfNight, type PageSeason } from "~/domain/seasons";
import { stayNightlyPrice } from "~/domain/stay-nightly-price";
import { formatMoney, type Language } from "~/lib/i18n";
import { BookingBar } from "./booking-bar";
import { FreeCancellationNote, type CancellationTerms } from "./free-cancellation-note";
import "~/locales/texts/price-box";
import "~/locales/texts/stay";

export type PriceBoxProps = {
  propertyId: string;
  property: PricedProperty;
  maxGuests: number;
  /** cents, settings */
  serviceFee: number;
  minStayDays: number;
  maxStayDays: number;
  /** The property's seasons in the booking horizon (prices and stay rules, decision 046). */
  seasons: PageSeason[];
  /** settings: the latest Anreise is this many months after today */
  bookingHorizonMonths: number;
  bookedStays: BookedStay[];
  /** Europe/Berlin "YYYY-MM-DD", from the loader */
  today: string;
  isSignedIn: boolean;
  initial: {
    checkIn?: string;
    checkOut?: string;
    guests?: number;
    /** The URL's guest count was above the maximum; `guests` is the maximum (issue 16). */
    isGuestCountCorrected?: boolean;
  };
  /** The settings' cancellation rule, for "Kostenlos stornierbar bis …" (decision 033). */
  cancellation: CancellationTerms;
};

/** The price box's element id: the target of the phone's booking bar without JavaScript. */
const PRICE_BOX_ID = "price-box";

/** Where "Jetzt buchen" leads: the booking page, for visitors through the sign-in page. */
export function bookingHref({
  propertyId,
  checkIn,
  checkOut,
  guests,
  isSignedIn,
}: {
  propertyId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  isSignedIn: boolean;
}) {
  const query = new URLSearchParams({ checkIn, checkOut, guests: String(guests) });
  const path = `/properties/${encodeURIComponent(propertyId)}/book?${query}`;
  return isSignedIn ? path : `/auth?redirectTo=${encodeURIComponent(path)}`;
}

/**
 * The price box of the property page (spec 03): nightly price, Anreise/Abreise, Gäste, the
 * breakdown from the one price function and the book button.
 *
 * Without JavaScript it is a GET form to the page itself: the dates are native date inputs and
 * "Verfügbarkeit prüfen" reloads the page with them, so the server renders the breakdown and a
 * working "Jetzt buchen" link (dates that come from the search work the same way). Rendered from
 * props only; "today" comes from the loader.
 */
export function PriceBox(props: PriceBoxProps) {
  // Another property or other dates from the URL (client navigation): start afresh.
  const { propertyId, initial } = props;
  const key = [propertyId, initial.checkIn, initial.checkOut, initial.guests].join("|");
  return <PriceBoxForm key={key} {...props} />;
}

function PriceBoxForm({
  propertyId,
  property,
  maxGuests,
  serviceFee,
  minStayDays,
  maxStayDays,
  seasons,
  bookingHorizonMonths,
  bookedStays,
  today,
  isSignedIn,
  initial,
  cancellation,
}: PriceBoxProps) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === "en" ? "en" : "de") satisfies Language;
  const isHydrated = useIsHydrated();
  const lastCheckIn = bookingHorizonEnd(today, bookingHorizonMonths);
  const rules: StayRules = {
    today,
    lastCheckIn,
    stays: bookedStays,
    minStayDays,
    maxStayDays,
    seasons,
  };
  const [start] = useState(() => resolveInitialStay(initial, rules));
  const [selection, setSelection] = useState<StaySelection>({
    checkIn: start.checkIn,
    checkOut: start.checkOut,
  });
  const [problem, setProblem] = useState<StayProblem | null>(start.problem);
  // A corrected guest count is said until the guest picks a number themselves.
  const [isGuestCountCorrected, setGuestCountCorrected] = useState(
    initial.isGuestCountCorrected === true,
  );
  const sectionRef = useRef<HTMLElement>(null);
  const pickerRef = useRef<DateRangePickerHandle>(null);
  const [guests, setGuests] = useState(() => {
    const wanted = initial.guests;
    return wanted && Number.isInteger(wanted) && wanted >= 1 && wanted <= maxGuests
      ? wanted
      : Math.min(2, maxGuests);
  });

  const { checkIn, checkOut } = selection;
  const nights = checkIn && checkOut ? nightsBetween(checkIn, checkOut) : 0;
  const isBookable = nights > 0 && stayProblem(checkIn, checkOut, rules) === null;
  const price =
    isBookable && checkIn
      ? computePrice({ property, nights, checkIn, seasons, serviceFee, today })
      : null;
  // With dates the heading's "pro Nacht" is the stay's, as on its search card (decision 101): a
  // season's price, or the nights' average, not the base price the lines below were not made of.
  const nightly = price
    ? stayNightlyPrice(price)
    : {
        nightlyPrice: nightlyPriceOn(property, today),
        regularNightlyPrice: property.pricePerNight,
        isOffer: isOfferActive(property, today),
      };
  const money = (cents: number) => formatMoney(cents, language);
  const href =
    isBookable && checkIn && checkOut
      ? bookingHref({ propertyId, checkIn, checkOut, guests, isSignedIn })
      : null;

  const problemId = "price-box-problem";
  const problemText =
    problem === "tooShort" && checkIn && seasonOfNight(seasons, checkIn)
      ? t("priceBox.problem.seasonTooShort", {
          count: minStayFor(checkIn, seasons, minStayDays),
        })
      : problem === "tooShort"
        ? t("priceBox.problem.tooShort", { count: minStayDays })
        : problem === "tooLong"
          ? t("priceBox.problem.tooLong", { count: maxStayDays })
          : problem === "tooFarAhead"
            ? t("priceBox.problem.tooFarAhead", { count: bookingHorizonMonths })
            : problem
              ? t(`priceBox.problem.${problem}`)
              : null;

  const guestsNoteId = "price-box-guests-corrected";

  return (
    <>
      <section
        ref={sectionRef}
        id={PRICE_BOX_ID}
        aria-labelledby="price-box-heading"
        // Clear of the sticky site header when the booking bar or a link scrolls here.
        className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="price-box-heading" className="sr-only">
          {t("priceBox.heading")}
        </h2>
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1" data-testid="nightly-price">
          {nightly.isOffer && (
            <>
              <span className="sr-only">{t("priceBox.regularPrice")}:</span>
              <del className="text-lg text-slate-600">{money(nightly.regularNightlyPrice)}</del>
              <span className="sr-only">{t("priceBox.offerPrice")}:</span>
            </>
          )}
          <span className="text-2xl font-bold text-slate-900">{money(nightly.nightlyPrice)}</span>
          <span className="text-slate-700">{t("priceBox.perNight")}</span>
          {nightly.isOffer && (
            <span className="ml-auto rounded-full bg-primary-strong px-2.5 py-0.5 text-xs font-semibold text-white">
              {t("priceBox.offer")}
            </span>
          )}
        </p>

        <form method="get" action={`/properties/${propertyId}`} className="mt-4 space-y-3">
          <DateRangePicker
            idPrefix="price-box"
            value={selection}
            onChange={(next) => {
              setSelection(next);
              setProblem(null);
            }}
            today={today}
            bookedStays={bookedStays}
            minStayDays={minStayDays}
            maxStayDays={maxStayDays}
            seasons={seasons}
            lastCheckIn={lastCheckIn}
            names={{ checkIn: "checkIn", checkOut: "checkOut" }}
            errorId={problemText ? problemId : undefined}
            handle={pickerRef}
          />
          <div className="flex items-end gap-2">
            <Field id="price-box-guests" label={t("stay.guests")} className="min-w-0 flex-1">
              <Select
                name="guests"
                value={guests}
                aria-describedby={isGuestCountCorrected ? guestsNoteId : undefined}
                onChange={(event) => {
                  setGuests(Number(event.target.value));
                  setGuestCountCorrected(false);
                }}
              >
                {Array.from({ length: maxGuests }, (_, i) => i + 1).map((count) => (
                  <option key={count} value={count}>
                    {t("stay.guestOption", { count })}
                  </option>
                ))}
              </Select>
            </Field>
            {!isHydrated && (
              <Button type="submit" variant="outline">
                {t("priceBox.check")}
              </Button>
            )}
          </div>
          {isGuestCountCorrected && (
            <p
              id={guestsNoteId}
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
            >
              {t("priceBox.guestsCorrected", { count: maxGuests })}
            </p>
          )}
        </form>

        {problemText && (
          <p id={problemId} role="alert" className="mt-3 text-sm font-medium text-red-700">
            {problemText}
          </p>
        )}

        {price && (
          <dl className="mt-4 space-y-2 text-slate-700" aria-label={t("stay.breakdown")}>
            {price.lines.map((line) => (
              <div
                key={`${line.price}-${line.regularPrice}`}
                className="flex justify-between gap-4"
              >
                <dt>
                  {t("stay.nightsTimesPrice", { price: money(line.price), count: line.nights })}
                </dt>
                <dd>{money(line.price * line.nights)}</dd>
              </div>
            ))}
            {price.discount > 0 && (
              <div className="flex justify-between gap-4">
                <dt>{t("stay.longStayDiscount", { percent: price.discountPercent })}</dt>
                <dd>−{money(price.discount)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4">
              <dt>{t("stay.cleaningFee")}</dt>
              <dd>{money(price.cleaningFee)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t("stay.serviceFee")}</dt>
              <dd>{money(price.serviceFee)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-semibold text-slate-900">
              <dt>{t("stay.total")}</dt>
              <dd>{money(price.total)}</dd>
            </div>
          </dl>
        )}
        {price && checkIn && (
          <FreeCancellationNote checkIn={checkIn} terms={cancellation} className="mt-3" />
        )}

        <div className="mt-4">
          {href ? (
            <LinkButton to={href} block>
              {t("priceBox.bookNow")}
            </LinkButton>
          ) : (
            <Button size="lg" variant="subtle" block disabled>
              {t("priceBox.selectDates")}
            </Button>
          )}
          {!isSignedIn && isBookable && (
            <p className="mt-2 text-center text-sm text-slate-600">{t("priceBox.signInNote")}</p>
          )}
        </div>
      </section>
      <BookingBar
        nightlyPrice={money(nightly.nightlyPrice)}
        regularPrice={nightly.isOffer ? money(nightly.regularNightlyPrice) : undefined}
        stay={price ? { nights, total: money(price.total) } : null}
        bookingHref={href}
        priceBoxId={PRICE_BOX_ID}
        onChooseDates={() => {
          // The price box in view (instantly: a smooth scroll would fight the day's focus), then
          // its calendar at the missing date.
          sectionRef.current?.scrollIntoView({ block: "start" });
          pickerRef.current?.openCalendar();
        }}
      />
    </>
  );
}
