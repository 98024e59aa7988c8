/**
 * The "Saisonzeiten" forms of the property edit page (issue 18 point 5, decision 046): one
 * season, and the long-stay discounts. Shared by the browser and the server; messages are
 * catalogue keys (`adminSeasons.errors.*`).
 */
import { z } from "zod";
import { isCalendarDay } from "~/domain/calendar-day";
import { weekdayMask } from "~/domain/seasons";
import { LIMITS, parseEuroCents } from "./admin-property.schema";

export const SEASON_FIELDS = [
  "name",
  "startDate",
  "endDate",
  "pricePerNight",
  "minStayNights",
  "arrivalWeekdays",
  "departureWeekdays",
] as const;
export type SeasonField = (typeof SEASON_FIELDS)[number];

/** A season's form as sent: text fields, and the ticked weekdays (0 = Monday … 6 = Sunday). */
export type RawSeasonForm = {
  name: string;
  startDate: string;
  endDate: string;
  pricePerNight: string;
  minStayNights: string;
  arrivalWeekdays: string[];
  departureWeekdays: string[];
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 200) : "";
};
const days = (form: FormData, name: string) =>
  form
    .getAll(name)
    .filter((v): v is string => typeof v === "string")
    .slice(0, 7);

export function readSeasonForm(form: FormData): RawSeasonForm {
  return {
    name: text(form, "name"),
    startDate: text(form, "startDate"),
    endDate: text(form, "endDate"),
    pricePerNight: text(form, "pricePerNight"),
    minStayNights: text(form, "minStayNights"),
    arrivalWeekdays: days(form, "arrivalWeekdays"),
    departureWeekdays: days(form, "departureWeekdays"),
  };
}

const MAX_NAME = 80;
const MAX_MIN_STAY = 365;

const weekdays = (message: string) =>
  z
    .array(z.string())
    .transform((list) =>
      weekdayMask([...new Set(list)].filter((d) => /^[0-6]$/.test(d)).map(Number)),
    )
    .refine((mask) => mask > 0, message);

export const seasonFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "adminSeasons.errors.nameRequired")
      .max(MAX_NAME, "adminSeasons.errors.nameTooLong"),
    startDate: z.string().trim().refine(isCalendarDay, "adminSeasons.errors.startDate"),
    endDate: z.string().trim().refine(isCalendarDay, "adminSeasons.errors.endDate"),
    pricePerNight: z
      .string()
      .transform((raw) => parseEuroCents(raw) ?? -1)
      .refine((cents) => cents > 0 && cents <= LIMITS.price, "adminSeasons.errors.price"),
    minStayNights: z
      .string()
      .trim()
      .refine((raw) => /^\d{1,3}$/.test(raw), "adminSeasons.errors.minStay")
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_MIN_STAY, "adminSeasons.errors.minStay"),
    arrivalWeekdays: weekdays("adminSeasons.errors.arrivalWeekdays"),
    departureWeekdays: weekdays("adminSeasons.errors.departureWeekdays"),
  })
  .refine((v) => v.endDate >= v.startDate, {
    path: ["endDate"],
    message: "adminSeasons.errors.endBeforeStart",
  });

export type SeasonInput = z.output<typeof seasonFormSchema>;

/** The long-stay discounts: whole percent, empty = none; at most 90 %. */
const percent = z
  .string()
  .trim()
  .refine((raw) => raw === "" || /^\d{1,2}$/.test(raw), "adminSeasons.errors.discount")
  .transform((raw) => (raw === "" ? 0 : Number(raw)))
  .refine((n) => n >= 0 && n <= 90, "adminSeasons.errors.discount");

export const discountFormSchema = z.object({
  weeklyDiscountPercent: percent,
  monthlyDiscountPercent: percent,
});
export type DiscountField = keyof z.input<typeof discountFormSchema>;

export function readDiscountForm(form: FormData) {
  return {
    weeklyDiscountPercent: text(form, "weeklyDiscountPercent"),
    monthlyDiscountPercent: text(form, "monthlyDiscountPercent"),
  };
}
