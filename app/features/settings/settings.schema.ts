import { z } from "zod";
import { PAYMENT_METHODS } from "./settings";
import {
  CLOCK_TIME,
  HOUSE_RULES_MAX,
  normalizeFactText,
  TOURIST_TAX_NOTE_MAX,
} from "~/domain/property-facts";

// Kept apart from settings.ts, which the root layout imports: zod would otherwise be part of
// every public page's JavaScript.

const text = (max = 300) => z.string().trim().min(1, "required").max(max);
/** Company details that not every business has (decision 083): empty is allowed. */
const optionalText = (max = 300) => z.string().trim().max(max);
const optionalUrl = z
  .string()
  .trim()
  .max(500)
  .transform((v) => (v === "" ? null : v))
  .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), "url");
const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "color")
  .transform((v) => v.toUpperCase());
/** Optional plain text with line breaks kept (house rules, Kurtaxe note). */
const factText = (max: number, message: string) =>
  z
    .string()
    .transform(normalizeFactText)
    .refine((v) => v.length <= max, message);
const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * The admin settings form. Error messages are catalogue keys under `settings.invalid`, so the
 * browser and the server show the same German (or English) text.
 */
export const settingsFormSchema = z
  .object({
    platformName: text(80),
    pageTitle: text(160),
    metaDescription: text(320),
    metaKeywords: text(320),
    primaryColor: color,
    secondaryColor: color,
    companyName: text(),
    companyEmail: z.string().trim().email("email").max(254),
    companyPhone: text(60),
    companyAddress: text(),
    companyCity: text(120),
    companyPostalCode: text(20),
    companyCountry: text(120),
    companyRegistration: optionalText(),
    companyTaxId: optionalText(),
    companyVatId: optionalText(),
    companyRepresentative: text(),
    companyRegisterCourt: optionalText(),
    socialFacebookUrl: optionalUrl,
    socialInstagramUrl: optionalUrl,
    socialXUrl: optionalUrl,
    openingHours: text(200),
    openingHoursEn: z
      .string()
      .trim()
      .max(200)
      .transform((v) => (v === "" ? null : v)),
    minStayDays: wholeNumber("minStay", 1, 365),
    maxStayDays: wholeNumber("maxStay", 1, 365),
    /** Entered in euros ("29" or "29,50"), stored in cents. */
    serviceFee: z
      .string()
      .trim()
      .regex(/^\d{1,6}([.,]\d{1,2})?$/, "serviceFee")
      .transform((v) => Math.round(Number(v.replace(",", ".")) * 100)),
    freeCancellationHours: wholeNumber("hours", 0, 24 * 365),
    cancellationFeePercentage: wholeNumber("percentage", 0, 100),
    // Booking limits (decision 012).
    bookingHorizonMonths: wholeNumber("horizon", 1, 120),
    maxPendingBookings: wholeNumber("pendingBookings", 1, 100),
    bookingAttemptsPerAccount: wholeNumber("attempts", 1, 10_000),
    bookingAttemptsPerClient: wholeNumber("attempts", 1, 10_000),
    // The one payment schedule (spec/09-payments.md), copied into each new booking.
    depositPercentage: wholeNumber("percentage", 0, 100),
    balanceDueDays: wholeNumber("balanceDays", 0, 365),
    // Empty = off (decision 047): cancel a bank-transfer booking whose deposit is N days overdue.
    autoCancelOverdueDays: z
      .preprocess((v) => (v === null || v === undefined ? "" : String(v)), z.string().trim())
      .refine((v) => v === "" || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 90), {
        message: "autoCancelDays",
      })
      .transform((v) => (v === "" ? null : Number(v))),
    allowedPaymentMethods: z.array(z.enum(PAYMENT_METHODS)).min(1, "paymentMethods"),
    // Property facts (decision 033): the defaults of every property's page.
    houseRules: factText(HOUSE_RULES_MAX, "houseRules"),
    checkInFrom: z.string().trim().regex(CLOCK_TIME, "time"),
    checkOutUntil: z.string().trim().regex(CLOCK_TIME, "time"),
    touristTaxNote: factText(TOURIST_TAX_NOTE_MAX, "touristTaxNote"),
  })
  .refine((v) => v.maxStayDays >= v.minStayDays, { path: ["maxStayDays"], message: "maxStay" });

export type SettingsFormValues = z.infer<typeof settingsFormSchema>;
