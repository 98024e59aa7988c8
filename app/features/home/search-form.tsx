import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { buildStaySearchUrl, dayAfter, type StaySearchError } from "~/lib/stay-search";

const GUEST_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 8];
const field =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-secondary focus:outline-none focus:ring-2 focus:ring-secondary/30";

/**
 * Reiseziel, Anreise, Abreise, Gäste → /properties. A plain GET form without JavaScript;
 * with it, empty fields are left out and the date rules get a German message.
 */
export function SearchForm({ today }: { today: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [checkIn, setCheckIn] = useState("");
  const [error, setError] = useState<StaySearchError | null>(null);

  return (
    <Form
      method="get"
      action="/properties"
      role="search"
      aria-label={t("home.searchLabel")}
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-xl md:grid-cols-[2fr_1fr_1fr_1fr_auto] md:items-end"
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
          { maxGuests: GUEST_OPTIONS.length },
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
        <label htmlFor="search-location" className="text-sm font-medium text-slate-800">
          {t("home.destination")}
        </label>
        <input
          id="search-location"
          name="location"
          type="text"
          maxLength={100}
          placeholder={t("home.destinationPlaceholder")}
          className={field}
        />
      </div>
      <div>
        <label htmlFor="search-check-in" className="text-sm font-medium text-slate-800">
          {t("home.checkIn")}
        </label>
        <input
          id="search-check-in"
          name="checkIn"
          type="date"
          min={today}
          value={checkIn}
          onChange={(event) => setCheckIn(event.target.value)}
          className={field}
        />
      </div>
      <div>
        <label htmlFor="search-check-out" className="text-sm font-medium text-slate-800">
          {t("home.checkOut")}
        </label>
        <input
          id="search-check-out"
          name="checkOut"
          type="date"
          min={checkIn ? dayAfter(checkIn) : dayAfter(today)}
          className={field}
        />
      </div>
      <div>
        <label htmlFor="search-guests" className="text-sm font-medium text-slate-800">
          {t("home.guestsLabel")}
        </label>
        <select id="search-guests" name="guests" defaultValue="2" className={field}>
          {GUEST_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {t("home.guests", { count: n })}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="rounded-lg bg-primary-strong px-6 py-2.5 font-semibold text-white hover:opacity-90"
      >
        {t("home.search")}
      </button>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 md:col-span-5">
          {t(`home.searchErrors.${error}`)}
        </p>
      )}
    </Form>
  );
}
