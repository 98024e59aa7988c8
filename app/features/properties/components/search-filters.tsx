import { SlidersHorizontal } from "lucide-react";
import { Form, useNavigate } from "react-router";
import { Button, buttonClass, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Checkbox, Input, Select } from "~/components/ui/input";
import { useTranslation } from "~/lib/i18n-react";
import {
  centsToEuroParam,
  GUEST_FILTER_OPTIONS,
  MORE_THAN_SIX_GUESTS,
  ROOM_FILTER_OPTIONS,
  type PropertySearch,
} from "../search.schema";
import { addDays } from "~/domain/calendar-day";

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
        className={buttonClass({
          variant: "subtle",
          block: true,
          className:
            "cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-secondary lg:hidden",
        })}
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
                  {count === MORE_THAN_SIX_GUESTS
                    ? t("search.moreThanSix")
                    : t("search.guestsAtLeast", { count })}
                </option>
              ))}
            </Select>
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id="filter-min-price" label={t("search.priceFrom")}>
              <Input
                name="minPrice"
                inputMode="decimal"
                defaultValue={
                  search.minPrice !== undefined ? centsToEuroParam(search.minPrice) : ""
                }
              />
            </Field>
            <Field id="filter-max-price" label={t("search.priceTo")}>
              <Input
                name="maxPrice"
                inputMode="decimal"
                defaultValue={
                  search.maxPrice !== undefined ? centsToEuroParam(search.maxPrice) : ""
                }
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
          {amenities.length > 0 && (
            <fieldset>
              <legend className={labelClass}>{t("search.amenities")}</legend>
              <div className="mt-2 grid max-h-72 grid-cols-1 gap-1 overflow-y-auto pr-1">
                {amenities.map((amenity, index) => (
                  <Checkbox
                    key={amenity}
                    id={`filter-amenity-${index}`}
                    name="amenities"
                    value={amenity}
                    defaultChecked={search.amenities.includes(amenity)}
                    label={amenity}
                    className="text-sm"
                  />
                ))}
              </div>
            </fieldset>
          )}
          {search.sort !== "newest" && <input type="hidden" name="sort" value={search.sort} />}
          <div className="flex flex-col gap-2">
            <Button type="submit" size="lg">
              {t("search.apply")}
            </Button>
            <LinkButton to="/properties" variant="ghost" size="md">
              {t("search.reset")}
            </LinkButton>
          </div>
        </Form>
      </div>
    </aside>
  );
}
