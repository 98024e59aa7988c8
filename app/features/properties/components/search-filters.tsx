import { SlidersHorizontal } from "lucide-react";
import { Form, Link, useNavigate } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import {
  centsToEuroParam,
  GUEST_FILTER_OPTIONS,
  MORE_THAN_SIX_GUESTS,
  ROOM_FILTER_OPTIONS,
  type PropertySearch,
} from "../search.schema";
import { addDays } from "~/domain/calendar-day";

const field = "mt-1 w-full rounded-lg border border-slate-400 bg-white px-3 py-2";
const labelClass = "block text-sm font-medium text-slate-800";

/**
 * The filter form: a plain GET form to /properties, so it works without JavaScript and every
 * filter ends up in the URL (bookmarkable, back/forward). On small screens it folds away behind
 * a "Filter anzeigen" toggle (a checkbox + label, which also needs no JavaScript).
 */
export function SearchFilters({
  search,
  amenityOptions,
  today,
}: {
  search: PropertySearch;
  amenityOptions: string[];
  today: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Chosen amenities stay visible even when they are not among the common ones.
  const amenities = [...new Set([...amenityOptions, ...search.amenities])];
  const guestOptions: number[] = [...GUEST_FILTER_OPTIONS];
  if (search.guests && !guestOptions.includes(search.guests)) guestOptions.push(search.guests);
  // The form's fields are uncontrolled; a new search (back/forward, reset) re-creates them.
  const formKey = JSON.stringify(search);

  return (
    <aside aria-labelledby="filters-heading" className="lg:self-start">
      <input id="filters-toggle" type="checkbox" className="peer sr-only lg:hidden" />
      <label
        htmlFor="filters-toggle"
        className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-400 px-4 py-2 font-medium text-slate-900 peer-focus-visible:ring-2 peer-focus-visible:ring-secondary lg:hidden"
      >
        <SlidersHorizontal aria-hidden className="size-4" />
        {t("search.showFilters")}
      </label>
      <div className="mt-4 hidden rounded-xl border border-slate-200 bg-white p-4 shadow-sm peer-checked:block lg:mt-0 lg:block">
        <h2 id="filters-heading" className="text-lg font-semibold text-secondary">
          {t("search.filtersHeading")}
        </h2>
        <Form
          key={formKey}
          method="get"
          action="/properties"
          className="mt-3 space-y-4"
          onSubmit={(event) => {
            // With JavaScript, leave empty fields out of the URL (without it, the browser sends
            // them as "location=&…", which the page reads just the same).
            event.preventDefault();
            const params = new URLSearchParams();
            for (const [name, value] of new FormData(event.currentTarget)) {
              if (typeof value === "string" && value.trim() !== "") params.append(name, value);
            }
            const query = params.toString();
            void navigate(query ? `/properties?${query}` : "/properties");
          }}
        >
          <div>
            <label htmlFor="filter-location" className={labelClass}>
              {t("search.location")}
            </label>
            <input
              id="filter-location"
              name="location"
              type="search"
              maxLength={100}
              defaultValue={search.location ?? ""}
              placeholder={t("search.locationPlaceholder")}
              className={field}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor="filter-check-in" className={labelClass}>
                {t("search.checkIn")}
              </label>
              <input
                id="filter-check-in"
                name="checkIn"
                type="date"
                min={today}
                defaultValue={search.checkIn ?? ""}
                className={field}
              />
            </div>
            <div>
              <label htmlFor="filter-check-out" className={labelClass}>
                {t("search.checkOut")}
              </label>
              <input
                id="filter-check-out"
                name="checkOut"
                type="date"
                min={addDays(search.checkIn ?? today, 1)}
                defaultValue={search.checkOut ?? ""}
                className={field}
              />
            </div>
          </div>
          <div>
            <label htmlFor="filter-guests" className={labelClass}>
              {t("search.guests")}
            </label>
            <select
              id="filter-guests"
              name="guests"
              defaultValue={search.guests ? String(search.guests) : ""}
              className={field}
            >
              <option value="">{t("search.anyGuests")}</option>
              {guestOptions.map((count) => (
                <option key={count} value={count}>
                  {count === MORE_THAN_SIX_GUESTS
                    ? t("search.moreThanSix")
                    : t("search.guestsAtLeast", { count })}
                </option>
              ))}
            </select>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor="filter-min-price" className={labelClass}>
                {t("search.priceFrom")}
              </label>
              <input
                id="filter-min-price"
                name="minPrice"
                inputMode="decimal"
                defaultValue={
                  search.minPrice !== undefined ? centsToEuroParam(search.minPrice) : ""
                }
                className={field}
              />
            </div>
            <div>
              <label htmlFor="filter-max-price" className={labelClass}>
                {t("search.priceTo")}
              </label>
              <input
                id="filter-max-price"
                name="maxPrice"
                inputMode="decimal"
                defaultValue={
                  search.maxPrice !== undefined ? centsToEuroParam(search.maxPrice) : ""
                }
                className={field}
              />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3">
            {(["bedrooms", "bathrooms"] as const).map((name) => (
              <div key={name}>
                <label htmlFor={`filter-${name}`} className={labelClass}>
                  {t(`search.${name}`)}
                </label>
                <select
                  id={`filter-${name}`}
                  name={name}
                  defaultValue={search[name] ? String(search[name]) : ""}
                  className={field}
                >
                  <option value="">{t("search.any")}</option>
                  {ROOM_FILTER_OPTIONS.map((count) => (
                    <option key={count} value={count}>
                      {t("search.atLeast", { count })}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          {amenities.length > 0 && (
            <fieldset>
              <legend className={labelClass}>{t("search.amenities")}</legend>
              <div className="mt-2 grid max-h-72 grid-cols-1 gap-1 overflow-y-auto pr-1">
                {amenities.map((amenity, index) => (
                  <label
                    key={amenity}
                    htmlFor={`filter-amenity-${index}`}
                    className="flex items-center gap-2 text-sm text-slate-800"
                  >
                    <input
                      id={`filter-amenity-${index}`}
                      type="checkbox"
                      name="amenities"
                      value={amenity}
                      defaultChecked={search.amenities.includes(amenity)}
                      className="size-4 accent-[var(--color-secondary)]"
                    />
                    {amenity}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {search.sort !== "newest" && <input type="hidden" name="sort" value={search.sort} />}
          <div className="flex flex-col gap-2">
            <button
              type="submit"
              className="rounded-lg bg-primary-strong px-5 py-2.5 font-medium text-white hover:opacity-90"
            >
              {t("search.apply")}
            </button>
            <Link
              to="/properties"
              className="rounded-lg px-5 py-2 text-center font-medium text-secondary underline-offset-2 hover:underline"
            >
              {t("search.reset")}
            </Link>
          </div>
        </Form>
      </div>
    </aside>
  );
}
