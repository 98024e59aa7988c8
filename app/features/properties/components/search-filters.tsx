import { SlidersHorizontal } from "~/components/ui/icons";
import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { Button, buttonClass, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Checkbox, Input, Select } from "~/components/ui/input";
import { useTranslation } from "~/lib/i18n-react";
import FilterSheet, { type ResultCount } from "./filter-sheet";
import {
  centsToEuroParam,
  GUEST_FILTER_OPTIONS,
  MORE_GUESTS_OPTION,
  ROOM_FILTER_OPTIONS,
  type PropertySearch,
} from "../search.schema";
import { addDays } from "~/domain/calendar-day";
import "~/locales/texts/search";

const labelClass = "block text-sm font-medium text-slate-800";
/** The most used amenities shown at once; "Alle N anzeigen" unfolds the rest. */
const SHOWN_AMENITIES = 8;
const FORM_ID = "search-filters";

// The sheet is imported statically: a React.lazy build showed a hydration error on every page
// (together with a resource route that was its confirmed cause; decision 035).

/**
 * The filter form: a plain GET form to /properties, so it works without JavaScript and every
 * filter ends up in the URL (bookmarkable, back/forward). On small screens a "Filter" button
 * with the number of active filters opens it as a sheet (a modal dialog); without JavaScript
 * the same button is a checkbox toggle that unfolds the form in place.
 */
export function SearchFilters({
  search,
  amenityOptions,
  amenityLabels,
  today,
  activeFilters: active,
  resultCount,
}: {
  search: PropertySearch;
  /** Most used first (listAmenityOptions). */
  amenityOptions: string[];
  /** Stored name → label in the page's language (from the loader). */
  amenityLabels: Record<string, string>;
  today: string;
  /** activeFilterCount(search), counted by the loader (no counting code in the browser). */
  activeFilters: number;
  /** The page's number of matches: the sheet's button starts with it. */
  resultCount: ResultCount | null;
}) {
  const { t } = useTranslation();
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const toggleContent = (
    <>
      <SlidersHorizontal aria-hidden className="size-4" />
      {t("search.filterButton")}
      {active > 0 && (
        <>
          <span
            aria-hidden
            className="min-w-6 rounded-full bg-secondary px-1.5 text-sm font-semibold text-white"
          >
            {active}
          </span>
          <span className="sr-only">({t("search.activeFilters", { count: active })})</span>
        </>
      )}
    </>
  );
  const toggleLook = buttonClass({ variant: "subtle", block: true });
  const form = (
    <FilterForm
      search={search}
      amenityOptions={amenityOptions}
      amenityLabels={amenityLabels}
      today={today}
      isInSheet={isSheetOpen}
    />
  );
  return (
    <aside aria-labelledby="filters-heading" className="lg:self-start">
      {/* Without JavaScript a checkbox unfolds the form in place; once the page is hydrated
          (root.tsx marks <html data-hydrated>) a button opens the sheet instead. CSS swaps
          them, so the server HTML and the hydrated page are the same markup. */}
      <input
        id="filters-toggle"
        type="checkbox"
        className="peer sr-only lg:hidden in-data-hydrated:hidden"
      />
      <label
        htmlFor="filters-toggle"
        className={`${toggleLook} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-secondary lg:hidden in-data-hydrated:hidden`}
      >
        {toggleContent}
      </label>
      <div className="hidden in-data-hydrated:max-lg:block">
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setIsSheetOpen(true)}
          className={toggleLook}
        >
          {toggleContent}
        </button>
      </div>
      {isSheetOpen ? (
        <FilterSheet
          formId={FORM_ID}
          titleId="filters-heading"
          initialCount={resultCount}
          onClose={() => setIsSheetOpen(false)}
        >
          {form}
        </FilterSheet>
      ) : (
        <div className="mt-4 hidden rounded-xl border border-slate-200 bg-white p-4 shadow-sm peer-checked:block lg:mt-0 lg:block">
          <h2 id="filters-heading" className="text-lg font-semibold text-secondary">
            {t("search.filtersHeading")}
          </h2>
          {form}
        </div>
      )}
    </aside>
  );
}

function FilterForm({
  search,
  amenityOptions,
  amenityLabels,
  today,
  isInSheet,
}: {
  search: PropertySearch;
  amenityOptions: string[];
  amenityLabels: Record<string, string>;
  today: string;
  isInSheet: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Chosen amenities stay visible even when they are not among the common ones.
  const chosenElsewhere = search.amenities.filter((amenity) => !amenityOptions.includes(amenity));
  const shown = [...amenityOptions.slice(0, SHOWN_AMENITIES), ...chosenElsewhere];
  const folded = amenityOptions.slice(SHOWN_AMENITIES);
  const amenityBox = (amenity: string, index: number) => (
    <Checkbox
      key={amenity}
      id={`filter-amenity-${index}`}
      name="amenities"
      value={amenity}
      defaultChecked={search.amenities.includes(amenity)}
      label={amenityLabels[amenity] ?? amenity}
      className="text-sm"
    />
  );
  const guestOptions: number[] = [...GUEST_FILTER_OPTIONS];
  // A larger party from a link stays visible as its own number, last.
  if (search.guests && !guestOptions.includes(search.guests)) guestOptions.push(search.guests);
  // The form's fields are uncontrolled; a new search (back/forward, reset) re-creates them.
  const formKey = JSON.stringify(search);

  return (
    <Form
      id={FORM_ID}
      key={formKey}
      method="get"
      action="/properties"
      className="mt-3 space-y-4"
      onSubmit={(event) => {
        // With JavaScript, leave empty fields out of the URL (without it, the browser sends
        // them as "location=&…", which the page reads just the same).
        event.preventDefault();
        event.currentTarget.closest("dialog")?.close();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) {
          if (typeof value === "string" && value.trim() !== "") params.append(name, value);
        }
        const query = params.toString();
        void navigate(query ? `/properties?${query}` : "/properties");
      }}
    >
      <Field id="filter-location" label={t("search.location")}>
        <Input
          name="location"
          type="search"
          maxLength={100}
          defaultValue={search.location ?? ""}
          placeholder={t("search.locationPlaceholder")}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="filter-check-in" label={t("search.checkIn")}>
          <Input name="checkIn" type="date" min={today} defaultValue={search.checkIn ?? ""} />
        </Field>
        <Field id="filter-check-out" label={t("search.checkOut")}>
          <Input
            name="checkOut"
            type="date"
            min={addDays(search.checkIn ?? today, 1)}
            defaultValue={search.checkOut ?? ""}
          />
        </Field>
      </div>
      <Field id="filter-guests" label={t("search.guests")}>
        <Select name="guests" defaultValue={search.guests ? String(search.guests) : ""}>
          <option value="">{t("search.anyGuests")}</option>
          {guestOptions.map((count) => (
            <option key={count} value={count}>
              {count === MORE_GUESTS_OPTION
                ? t("search.moreGuests", { count: count - 1 })
                : t("search.guestCount", { count })}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="filter-min-price" label={t("search.priceFrom")}>
          <Input
            name="minPrice"
            inputMode="decimal"
            defaultValue={search.minPrice !== undefined ? centsToEuroParam(search.minPrice) : ""}
          />
        </Field>
        <Field id="filter-max-price" label={t("search.priceTo")}>
          <Input
            name="maxPrice"
            inputMode="decimal"
            defaultValue={search.maxPrice !== undefined ? centsToEuroParam(search.maxPrice) : ""}
          />
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {(["bedrooms", "bathrooms"] as const).map((name) => (
          <Field key={name} id={`filter-${name}`} label={t(`search.${name}`)}>
            <Select name={name} defaultValue={search[name] ? String(search[name]) : ""}>
              <option value="">{t("search.any")}</option>
              {ROOM_FILTER_OPTIONS.map((count) => (
                <option key={count} value={count}>
                  {t("search.atLeast", { count })}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </div>
      {shown.length > 0 && (
        <fieldset>
          <legend className={labelClass}>{t("search.amenities")}</legend>
          <div className="mt-2 grid gap-1">{shown.map(amenityBox)}</div>
          {folded.length > 0 && (
            // No scroll box: the rest unfolds in place, without JavaScript, by keyboard too.
            // Open from the start when one of them is chosen, so a filter is never hidden.
            <details
              className="group mt-1"
              open={folded.some((amenity) => search.amenities.includes(amenity))}
            >
              <summary className="cursor-pointer rounded text-sm font-medium text-secondary underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-secondary">
                <span className="group-open:hidden">
                  {t("search.showAllAmenities", { count: shown.length + folded.length })}
                </span>
                <span className="hidden group-open:inline">{t("search.showFewerAmenities")}</span>
              </summary>
              <div className="mt-1 grid gap-1">
                {folded.map((amenity, index) => amenityBox(amenity, shown.length + index))}
              </div>
            </details>
          )}
        </fieldset>
      )}
      {search.sort !== "newest" && <input type="hidden" name="sort" value={search.sort} />}
      <div className="flex flex-col gap-2">
        {/* In the sheet, its footer button submits (with the number of matches). */}
        {!isInSheet && (
          <Button type="submit" size="lg">
            {t("search.apply")}
          </Button>
        )}
        <LinkButton to="/properties" variant="ghost" size="md">
          {t("search.reset")}
        </LinkButton>
      </div>
    </Form>
  );
}
