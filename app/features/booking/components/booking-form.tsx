import { Loader2 } from "~/components/ui/icons";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { DateRangePicker } from "~/components/date-range-picker";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import type { CancellationTerms } from "~/components/property/free-cancellation-note";
import {
  bookingHorizonEnd,
  resolveInitialStay,
  stayProblem,
  type BookedStay,
  type StayProblem,
  type StayRules,
  type StaySelection,
} from "~/domain/availability";
import { isCalendarDay } from "~/domain/calendar-day";
import type { BookingErrorCode, BookingFormField } from "~/features/booking/booking.schema";
import { bookingDetailsErrors } from "~/features/booking/booking-details";
import type { PaymentTerms } from "~/domain/payment-schedule";
import { computePrice, nightsBetween, type PricedProperty } from "~/domain/price";
import { minStayFor, seasonOfNight, type PageSeason } from "~/domain/seasons";
import type { PaymentMethod } from "~/features/settings/settings";
import { BookingSteps, type BookingStep } from "./booking-steps";
import { BookingSummary, type SummaryProperty } from "./booking-summary";
import {
  DETAIL_FIELDS,
  DetailsFields,
  fieldId,
  type DetailField,
  type DetailValues,
} from "./details-fields";
import { CompactSummary } from "./compact-summary";
import { OrderNote } from "./order-note";
import { PaymentFields } from "./payment-fields";
import { StayCancellationTerms } from "./stay-cancellation-terms";
import { isUuid } from "~/domain/ids";
import "~/locales/texts/booking";
import "~/locales/texts/stay";

/** The form fields the page sends and the action echoes back after a failure. */
export const BOOKING_VALUE_FIELDS = [
  "checkIn",
  "checkOut",
  "guests",
  "guestName",
  "guestPhone",
  "specialRequests",
  "paymentMethod",
  "idempotencyKey",
] as const satisfies readonly BookingFormField[];

export type BookingValues = Partial<Record<(typeof BOOKING_VALUE_FIELDS)[number], string>>;

/** What the booking action answers when it did not create a booking. */
export type BookingActionData = {
  error: BookingErrorCode | "sessionExpired";
  /**
   * The banner's text as the server words it, for the errors only the server finds: their
   * words are not in this page's scripts (de/booking-errors.ts).
   */
  message?: string;
  /** catalogue keys (`booking.errors.*`) per field */
  fieldErrors: Partial<Record<BookingFormField, string>>;
  values: BookingValues;
};

export type BookingFormProps = {
  property: PricedProperty & SummaryProperty & { id: string; maxGuests: number };
  stayRules: {
    minStayDays: number;
    maxStayDays: number;
    serviceFee: number;
    bookingHorizonMonths: number;
    /** the property's seasons in the booking horizon (decision 046) */
    seasons: PageSeason[];
  };
  cancellation: CancellationTerms;
  /** the settings' deposit share and balance days, for the schedule shown before booking */
  paymentTerms: PaymentTerms;
  bookedStays: BookedStay[];
  /** only the offered methods */
  paymentMethods: PaymentMethod[];
  /** Europe/Berlin "YYYY-MM-DD", from the loader */
  today: string;
  /** the stay from the query string (unchecked dates, checked guests) */
  initial: { checkIn?: string; checkOut?: string; guests?: number };
  prefill: DetailValues;
  /** the account's address, where the confirmation goes (shown, not sent) */
  accountEmail: string;
  idempotencyKey: string;
  /** the terms stated on the page, sent back (decision 088) */
  shownTerms: string;
  /** worded by the server, shown only in its HTML (de/booking-page.ts) */
  noScriptNote: string;
  actionData: BookingActionData | undefined;
};

const FIELD_STEP: Record<BookingFormField, BookingStep> = {
  checkIn: 1,
  checkOut: 1,
  guests: 1,
  guestName: 2,
  guestPhone: 2,
  specialRequests: 2,
  paymentMethod: 3,
  idempotencyKey: 3,
};

/** Errors about the stay itself lead to step 1; the rest keep the guest on step 3 (spec 04). */
const STAY_ERRORS: readonly string[] = [
  "checkInPast",
  "tooFarAhead",
  "minStay",
  "seasonMinStay",
  "arrivalDay",
  "departureDay",
  "maxStay",
  "dates",
  "guests",
];

/** Where a failed submit leaves the guest: the first step with an invalid field. */
function stepAfter(result: BookingActionData): BookingStep {
  const steps = Object.keys(result.fieldErrors).map(
    (field) => FIELD_STEP[field as BookingFormField] ?? 3,
  );
  if (steps.length > 0) return Math.min(...steps) as BookingStep;
  return STAY_ERRORS.includes(result.error) ? 1 : 3;
}

/** Catalogue key of the message for a stay that cannot be booked. */
function stayProblemKey(problem: StayProblem, isSeasonArrival: boolean) {
  const names: Record<StayProblem, string> = {
    invalidDate: "dates",
    checkOutBeforeCheckIn: "dates",
    checkInPast: "checkInPast",
    tooFarAhead: "tooFarAhead",
    arrivalDay: "arrivalDay",
    // A season's minimum stay says "in diesem Zeitraum", as the server does.
    tooShort: isSeasonArrival ? "seasonMinStay" : "minStay",
    tooLong: "maxStay",
    departureDay: "departureDay",
    booked: "datesTaken",
  };
  return `booking.errors.${names[problem]}`;
}

/** Server keys may come as "booking.errors.x" or as the bare code "x". */
const fullKey = (key: string) => (key.includes(".") ? key : `booking.errors.${key}`);
const errorKeyOf = (code: BookingActionData["error"]) =>
  code === "sessionExpired" ? "errors.sessionExpired" : `booking.errors.${code}`;

function initialDetails(actionData: BookingActionData | undefined, prefill: DetailValues) {
  if (!actionData) return prefill;
  return Object.fromEntries(
    DETAIL_FIELDS.map((field) => [field, actionData.values[field] ?? ""]),
  ) as DetailValues;
}

function pickDetailErrors(fieldErrors: BookingActionData["fieldErrors"]) {
  const errors: Partial<Record<DetailField, string>> = {};
  for (const field of DETAIL_FIELDS) {
    const key = fieldErrors[field];
    if (key) errors[field] = key;
  }
  return errors;
}

function stayErrorOf(result: BookingActionData) {
  const key =
    result.fieldErrors.checkIn ?? result.fieldErrors.checkOut ?? result.fieldErrors.guests;
  if (key) return fullKey(key);
  return STAY_ERRORS.includes(result.error) ? errorKeyOf(result.error) : null;
}

/**
 * Without JavaScript the three steps are one long form: every step shown, no step buttons. A
 * style in <noscript> (the CSP allows inline styles) applies only in such a browser. It sits in
 * Tailwind's `base` layer: the preflight's `[hidden] { display: none !important }` is there, and
 * an important declaration in a layer beats an unlayered one; inside the layer the more
 * specific selector wins. Only the server's HTML needs it: a browser that runs the page's
 * scripts never applies it, and React hydrates nothing inside <noscript> (its content is text to
 * such a browser), so the client's build leaves it out (decision 079: the bytes went to the
 * shown total).
 */
const NO_SCRIPT_STYLE = import.meta.env.SSR ? (
  <style>
    {
      "@layer base{[data-booking-step][hidden]{display:block!important}[data-step-nav]{display:none!important}}"
    }
  </style>
) : null;

const sectionClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6";
const stepHeading = "text-xl font-semibold text-secondary outline-none";

/**
 * The booking page's three steps and summary (spec 04 "/properties/{id}/book").
 *
 * One POST form holds the fields of all steps; with JavaScript only the current step is shown
 * (the others stay in the DOM, hidden, so their values are sent), without it the three steps
 * are one long form and the server checks everything. The summary shows the one price function's
 * result; the server computes its own and only compares it with the total shown (`shownTotal`:
 * a higher price is refused with the new total, never charged unseen).
 */
export function BookingForm(props: BookingFormProps) {
  const {
    property,
    stayRules,
    cancellation,
    paymentTerms,
    bookedStays,
    paymentMethods,
    today,
    initial,
    prefill,
    accountEmail,
    shownTerms,
    noScriptNote,
    actionData,
  } = props;
  const { t } = useTranslation();
  const isHydrated = useIsHydrated();
  const navigation = useNavigation();
  const isSubmitting =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const lastCheckIn = bookingHorizonEnd(today, stayRules.bookingHorizonMonths);
  const rules: StayRules = {
    today,
    lastCheckIn,
    stays: bookedStays,
    minStayDays: stayRules.minStayDays,
    maxStayDays: stayRules.maxStayDays,
    seasons: stayRules.seasons,
  };
  const problemKey = (problem: StayProblem, checkIn: string | undefined) =>
    stayProblemKey(problem, !!checkIn && !!seasonOfNight(stayRules.seasons, checkIn));

  // The key of this form render: a retry or double click sends the same one, so the server
  // returns the booking it already made instead of a second one.
  const [idempotencyKey] = useState(() => {
    const echoed = actionData?.values.idempotencyKey;
    return isUuid(echoed) ? echoed : props.idempotencyKey;
  });

  const [start] = useState(() => {
    if (actionData) {
      const { checkIn, checkOut } = actionData.values;
      return {
        selection: {
          checkIn: isCalendarDay(checkIn) ? checkIn : undefined,
          checkOut: isCalendarDay(checkOut) ? checkOut : undefined,
        },
        stayError: stayErrorOf(actionData),
        step: stepAfter(actionData),
      };
    }
    const resolved = resolveInitialStay(initial, rules);
    const isComplete = !!resolved.checkIn && !!resolved.checkOut && !resolved.problem;
    return {
      selection: { checkIn: resolved.checkIn, checkOut: resolved.checkOut },
      stayError: resolved.problem ? problemKey(resolved.problem, resolved.checkIn) : null,
      step: (isComplete ? 2 : 1) as BookingStep,
    };
  });
  const [step, setStep] = useState<BookingStep>(start.step);
  const [selection, setSelection] = useState<StaySelection>(start.selection);
  const [stayError, setStayError] = useState<string | null>(start.stayError);
  const [guests, setGuests] = useState(() => {
    const wanted = actionData ? Number(actionData.values.guests) : initial.guests;
    return wanted && Number.isInteger(wanted) && wanted >= 1 && wanted <= property.maxGuests
      ? wanted
      : Math.min(2, property.maxGuests);
  });
  const [details, setDetails] = useState<DetailValues>(() => initialDetails(actionData, prefill));
  const [detailErrors, setDetailErrors] = useState(() =>
    actionData ? pickDetailErrors(actionData.fieldErrors) : {},
  );
  const [paymentMethod, setPaymentMethod] = useState(() => {
    const echoed = actionData?.values.paymentMethod;
    if (echoed && (paymentMethods as string[]).includes(echoed)) return echoed;
    return paymentMethods.length === 1 ? paymentMethods[0] : "";
  });
  const [paymentError, setPaymentError] = useState<string | undefined>(
    () => actionData?.fieldErrors.paymentMethod,
  );
  const [serverError, setServerError] = useState(actionData);

  // A new answer from the action (JavaScript): show it where it belongs. The input is still
  // in the state, exactly as it was sent. No answer is no news: a live update's revalidation
  // (root.tsx) drops the action's data, and the message must stay until the guest acts. (Not
  // the shared useActionAnswer: this page has no bytes to spare, and the form is keyed by the
  // URL, so a navigation starts a fresh one anyway.)
  const [handledAction, setHandledAction] = useState(actionData);
  if (actionData && actionData !== handledAction) {
    setHandledAction(actionData);
    setServerError(actionData);
    setStep(stepAfter(actionData));
    setStayError(stayErrorOf(actionData));
    setDetailErrors(pickDetailErrors(actionData.fieldErrors));
    setPaymentError(actionData.fieldErrors.paymentMethod);
  }

  /** Element to focus after the next render (step heading, first invalid field, message). */
  const focusTarget = useRef<string | null>(null);
  useEffect(() => {
    if (!focusTarget.current) return;
    document.getElementById(focusTarget.current)?.focus();
    focusTarget.current = null;
  });
  useEffect(() => {
    if (!actionData) return;
    const firstInvalid = BOOKING_VALUE_FIELDS.find((field) => actionData.fieldErrors[field]);
    let target = "booking-error";
    // The dates are the picker's fields ("booking-check-in"); the rest use fieldId().
    if (firstInvalid === "checkIn" || firstInvalid === "checkOut") target = "booking-check-in";
    else if (firstInvalid && firstInvalid !== "idempotencyKey") target = fieldId(firstInvalid);
    document.getElementById(target)?.focus();
  }, [actionData]);

  const message = (key: string) => {
    const name = key.slice(key.lastIndexOf(".") + 1);
    if (name === "minStay") return t(key, { count: stayRules.minStayDays });
    if (name === "seasonMinStay") {
      const day = selection.checkIn;
      const count = day ? minStayFor(day, stayRules.seasons, stayRules.minStayDays) : 1;
      return t(key, { count });
    }
    if (name === "maxStay") return t(key, { count: stayRules.maxStayDays });
    if (name === "tooFarAhead") return t(key, { count: stayRules.bookingHorizonMonths });
    if (name === "guests") return t(key, { max: property.maxGuests });
    return t(key);
  };

  const { checkIn, checkOut } = selection;
  const isStayBookable = !!checkIn && !!checkOut && stayProblem(checkIn, checkOut, rules) === null;
  const price = isStayBookable
    ? computePrice({
        property,
        nights: nightsBetween(checkIn, checkOut),
        checkIn,
        seasons: stayRules.seasons,
        serviceFee: stayRules.serviceFee,
        today,
      })
    : null;

  function goTo(next: BookingStep, focusId = `booking-step-${next}-heading`) {
    setStep(next);
    focusTarget.current = focusId;
  }

  /** Step 1 check; returns false (and shows why) when the stay cannot be booked. */
  function checkStay() {
    const problem = stayProblem(selection.checkIn, selection.checkOut, rules);
    setStayError(problem ? problemKey(problem, selection.checkIn) : null);
    return problem === null;
  }

  /** Step 2 check with the server's rules (booking-details.ts); shows every field's problem. */
  function checkDetails() {
    const errors = bookingDetailsErrors(details);
    setDetailErrors(errors);
    return Object.keys(errors).length === 0;
  }

  function firstInvalidDetail() {
    const errors = bookingDetailsErrors(details);
    return DETAIL_FIELDS.find((field) => errors[field] !== undefined) ?? null;
  }

  function continueFromDates() {
    if (checkStay()) goTo(2);
    else goTo(1, "booking-check-in");
  }

  function continueFromDetails() {
    if (checkDetails()) goTo(3);
    else goTo(2, fieldId(firstInvalidDetail() ?? "guestName"));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (isSubmitting) {
      event.preventDefault();
      return;
    }
    // Enter in a field of an earlier step means "next", not "book".
    if (step === 1) {
      event.preventDefault();
      continueFromDates();
      return;
    }
    if (step === 2) {
      event.preventDefault();
      continueFromDetails();
      return;
    }
    if (!checkStay()) {
      event.preventDefault();
      goTo(1, "booking-check-in");
      return;
    }
    if (!checkDetails()) {
      event.preventDefault();
      goTo(2, fieldId(firstInvalidDetail() ?? "guestName"));
      return;
    }
    if (!paymentMethod) {
      event.preventDefault();
      setPaymentError("booking.errors.paymentMethodRequired");
      focusTarget.current = fieldId("paymentMethod");
      setStep(3);
    }
  }

  // Only the current step is shown, from the first paint on: rendering all three on the server
  // and hiding two at hydration moved the form under the guest's eyes (CLS 0.1, BENCHMARKS).
  // Browsers without JavaScript get all three through the <noscript> style below.
  const isShown = (section: BookingStep) => step === section;
  const serverErrorText =
    serverError && (serverError.message ?? message(errorKeyOf(serverError.error)));

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="min-w-0">
        <CompactSummary
          title={property.title}
          checkIn={checkIn}
          checkOut={checkOut}
          guests={guests}
          price={price}
        />
        <BookingSteps current={step} onSelect={isHydrated ? (next) => goTo(next) : undefined} />

        <div id="booking-error" tabIndex={-1} className="outline-none">
          {serverError?.error === "sessionExpired" ? (
            <SessionExpiredBanner className="mt-6" />
          ) : serverErrorText ? (
            <Banner tone="error" title={serverErrorText} className="mt-6">
              {serverError.error === "pendingLimit" && (
                <Link
                  to="/dashboard/bookings"
                  className="mt-2 inline-block font-medium underline underline-offset-2 hover:no-underline"
                >
                  {t("booking.myBookingsLink")}
                </Link>
              )}
              {serverError.error === "datesTaken" && isHydrated && step !== 1 && (
                <button
                  type="button"
                  onClick={() => goTo(1, "booking-check-in")}
                  className="mt-2 block font-medium underline underline-offset-2 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-secondary"
                >
                  {t("booking.dates.change")}
                </button>
              )}
            </Banner>
          ) : null}
        </div>

        <Form
          method="post"
          noValidate={isHydrated}
          onSubmit={onSubmit}
          className="mt-6 space-y-6"
          aria-label={t("booking.heading")}
        >
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          {/* The total on screen: the server refuses a higher one (decision 079). */}
          <input type="hidden" name="shownTotal" value={price?.total ?? ""} />
          <input type="hidden" name="shownTerms" value={shownTerms} />
          <noscript>{NO_SCRIPT_STYLE}</noscript>

          <section
            aria-labelledby="booking-step-1-heading"
            data-booking-step
            hidden={!isShown(1)}
            className={sectionClass}
          >
            <h2 id="booking-step-1-heading" tabIndex={-1} className={stepHeading}>
              {t("booking.steps.dates")}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t("booking.dates.intro")}</p>
            <div className="mt-4 max-w-md space-y-3">
              <DateRangePicker
                idPrefix="booking"
                variant="compact"
                value={selection}
                onChange={(next) => {
                  setSelection(next);
                  setStayError(null);
                  if (serverError && serverError.error !== "sessionExpired")
                    setServerError(undefined);
                }}
                today={today}
                bookedStays={bookedStays}
                minStayDays={stayRules.minStayDays}
                maxStayDays={stayRules.maxStayDays}
                seasons={stayRules.seasons}
                lastCheckIn={lastCheckIn}
                names={{ checkIn: "checkIn", checkOut: "checkOut" }}
                errorId={stayError ? "booking-stay-error" : undefined}
              />
              <Field id={fieldId("guests")} label={t("stay.guests")}>
                <Select
                  name="guests"
                  value={guests}
                  onChange={(event) => setGuests(Number(event.target.value))}
                >
                  {Array.from({ length: property.maxGuests }, (_, i) => i + 1).map((count) => (
                    <option key={count} value={count}>
                      {t("stay.guestOption", { count })}
                    </option>
                  ))}
                </Select>
              </Field>
              {stayError && (
                <p
                  id="booking-stay-error"
                  role="alert"
                  className="text-sm font-medium text-red-700"
                >
                  {message(stayError)}
                </p>
              )}
              <noscript>
                {import.meta.env.SSR && <p className="text-sm text-slate-600">{noScriptNote}</p>}
              </noscript>
            </div>
            <div data-step-nav className="mt-6">
              <Button size="lg" onClick={continueFromDates}>
                {t("booking.dates.next")}
              </Button>
            </div>
          </section>

          <section
            aria-labelledby="booking-step-2-heading"
            data-booking-step
            hidden={!isShown(2)}
            className={sectionClass}
          >
            <h2 id="booking-step-2-heading" tabIndex={-1} className={stepHeading}>
              {t("booking.steps.details")}
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-600">{t("booking.details.intro")}</p>
            <DetailsFields
              values={details}
              accountEmail={accountEmail}
              errors={Object.fromEntries(
                Object.entries(detailErrors).map(([field, key]) => [field, message(fullKey(key))]),
              )}
              onChange={(name, value) => {
                setDetails((current) => ({ ...current, [name]: value }));
                if (detailErrors[name]) setDetailErrors(({ [name]: _fixed, ...rest }) => rest);
              }}
            />
            <div data-step-nav className="mt-6 flex flex-wrap gap-3">
              <Button variant="subtle" size="lg" onClick={() => goTo(1)}>
                {t("booking.details.back")}
              </Button>
              <Button size="lg" onClick={continueFromDetails}>
                {t("booking.details.next")}
              </Button>
            </div>
          </section>

          <section
            aria-labelledby="booking-step-3-heading"
            data-booking-step
            hidden={!isShown(3)}
            className={sectionClass}
          >
            <h2 id="booking-step-3-heading" tabIndex={-1} className={stepHeading}>
              {t("booking.steps.payment")}
            </h2>
            <div className="mt-4">
              <PaymentFields
                methods={paymentMethods}
                value={paymentMethod}
                error={paymentError ? message(fullKey(paymentError)) : undefined}
                onChange={(method) => {
                  setPaymentMethod(method);
                  setPaymentError(undefined);
                }}
                freeCancellationHours={cancellation.freeCancellationHours}
                cancellationFeePercentage={cancellation.cancellationFeePercentage}
                paymentTerms={paymentTerms}
                stayCancellation={
                  price && checkIn ? (
                    <StayCancellationTerms
                      checkIn={checkIn}
                      totalPrice={price.total}
                      today={today}
                      terms={cancellation}
                    />
                  ) : null
                }
                stay={price && checkIn ? { total: price.total, bookingDay: today, checkIn } : null}
              />
            </div>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button data-step-nav variant="subtle" size="lg" onClick={() => goTo(2)}>
                {t("booking.payment.back")}
              </Button>
              <Button
                type="submit"
                size="lg"
                disabled={isSubmitting || paymentMethods.length === 0}
                aria-describedby="booking-order-note"
              >
                {isSubmitting && <Loader2 aria-hidden className="size-5 animate-spin" />}
                {isSubmitting ? t("booking.payment.submitting") : t("booking.payment.submit")}
              </Button>
            </div>
            <OrderNote id="booking-order-note" />
            <p role="status" className="sr-only">
              {isSubmitting ? t("booking.payment.submitting") : ""}
            </p>
          </section>
        </Form>
      </div>

      <div className="lg:sticky lg:top-6">
        <BookingSummary
          property={property}
          checkIn={checkIn}
          checkOut={checkOut}
          guests={guests}
          price={price}
          cancellation={cancellation}
          onChangeDates={isHydrated && step !== 1 ? () => goTo(1, "booking-check-in") : undefined}
        />
      </div>
    </div>
  );
}
