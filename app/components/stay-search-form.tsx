import { Search } from "lucide-react";
import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { buildStaySearchUrl, type StaySearchError } from "~/lib/stay-search";
import { addDays } from "~/domain/calendar-day";

const field =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-secondary focus:ring-2 focus:ring-secondary/30 focus:outline-none aria-invalid:border-red-700";

const errorField: Record<StaySearchError, "checkIn" | "checkOut"> = {
  invalidDate: "checkIn",
  checkInPast: "checkIn",
  checkOutBeforeCheckIn: "checkOut",
  checkOutWithoutCheckIn: "checkOut",
};

export type StaySearchLabels = {
  destination: string;
  destinationPlaceholder: string;
  checkIn: string;
  checkOut: string;
  guests: string;
  search: string;
  error: (error: StaySearchError) => string;
};

/**
 * Reiseziel, Anreise, Abreise, Gäste → /properties (home page and /hotelbuchung).
 * A plain GET form without JavaScript; with it, empty fields are left out and the date rules
 * (arrival not before today in Europe/Berlin, departure after arrival) get a German message.
 */
export function StaySearchForm({
  idPrefix,
  today,
  guestOptions,
  labels,
  className,
  ...formProps
}: {
  idPrefix: string;
  today: string;
  guestOptions: { value: number; label: string }[];
  labels: StaySearchLabels;
  className: string;
  role?: string;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}) {
  const navigate = useNavigate();
  const [checkIn, setCheckIn] = useState("");
  const [error, setError] = useState<StaySearchError | null>(null);
  const invalid = error ? errorField[error] : null;
  const errorId = `${idPrefix}-error`;
  const maxGuests = Math.max(...guestOptions.map((o) => o.value));

  return (
    <Form
      method="get"
      action="/properties"
      noValidate
      className={className}
      {...formProps}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const value = (name: string) => String(data.get(name) ?? "");
        const result = buildStaySearchUrl(
          {
            location: value("location"),
            checkIn: value("checkIn"),
            checkOut: value("checkOut"),
            guests: value("guests"),
          },
          today,
          { maxGuests },
        );
        if ("error" in result) {
          setError(result.error);
          return;
        }
        setError(null);
        navigate(result.url);
      }}
    >
      <div>
        <label htmlFor={`${idPrefix}-location`} className="text-sm font-medium text-slate-800">
          {labels.destination}
        </label>
        <input
          id={`${idPrefix}-location`}
          name="location"
          type="text"
          maxLength={100}
          placeholder={labels.destinationPlaceholder}
          className={field}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-check-in`} className="text-sm font-medium text-slate-800">
          {labels.checkIn}
        </label>
        <input
          id={`${idPrefix}-check-in`}
          name="checkIn"
          type="date"
          min={today}
          value={checkIn}
          onChange={(event) => setCheckIn(event.target.value)}
          aria-invalid={invalid === "checkIn" || undefined}
          aria-describedby={invalid === "checkIn" ? errorId : undefined}
          className={field}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-check-out`} className="text-sm font-medium text-slate-800">
          {labels.checkOut}
        </label>
        <input
          id={`${idPrefix}-check-out`}
          name="checkOut"
          type="date"
          min={addDays(checkIn && checkIn >= today ? checkIn : today, 1)}
          aria-invalid={invalid === "checkOut" || undefined}
          aria-describedby={invalid === "checkOut" ? errorId : undefined}
          className={field}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-guests`} className="text-sm font-medium text-slate-800">
          {labels.guests}
        </label>
        <select id={`${idPrefix}-guests`} name="guests" defaultValue="2" className={field}>
          {guestOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-primary-strong px-6 py-2.5 font-semibold text-white hover:opacity-90"
      >
        <Search aria-hidden className="size-4" />
        {labels.search}
      </button>
      {error && (
        <p id={errorId} role="alert" className="col-span-full text-sm font-medium text-red-700">
          {labels.error(error)}
        </p>
      )}
    </Form>
  );
}
