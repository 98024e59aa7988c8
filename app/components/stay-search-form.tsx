import { Search } from "~/components/ui/icons";
import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { buildStaySearchUrl, type StaySearchError } from "~/lib/stay-search";
import { addDays } from "~/domain/calendar-day";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";

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
      <Field id={`${idPrefix}-location`} label={labels.destination}>
        <Input
          name="location"
          type="text"
          maxLength={100}
          placeholder={labels.destinationPlaceholder}
        />
      </Field>
      {/* The one date message below the form names the field it is about. */}
      <Field id={`${idPrefix}-check-in`} label={labels.checkIn}>
        <Input
          name="checkIn"
          type="date"
          min={today}
          value={checkIn}
          onChange={(event) => setCheckIn(event.target.value)}
          aria-invalid={invalid === "checkIn" || undefined}
          aria-describedby={invalid === "checkIn" ? errorId : undefined}
        />
      </Field>
      <Field id={`${idPrefix}-check-out`} label={labels.checkOut}>
        <Input
          name="checkOut"
          type="date"
          min={addDays(checkIn && checkIn >= today ? checkIn : today, 1)}
          aria-invalid={invalid === "checkOut" || undefined}
          aria-describedby={invalid === "checkOut" ? errorId : undefined}
        />
      </Field>
      <Field id={`${idPrefix}-guests`} label={labels.guests}>
        <Select name="guests" defaultValue="2">
          {guestOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" size="lg">
        <Search aria-hidden className="size-4" />
        {labels.search}
      </Button>
      {error && (
        <p id={errorId} role="alert" className="col-span-full text-sm font-medium text-red-700">
          {labels.error(error)}
        </p>
      )}
    </Form>
  );
}
