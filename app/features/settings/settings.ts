import { z } from "zod";

export const PAYMENT_METHODS = ["bank-transfer", "credit-card", "paypal"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The site settings as the app uses them (money in cents). */
export type SiteSettings = {
  platformName: string;
  pageTitle: string;
  metaDescription: string;
  metaKeywords: string;
  primaryColor: string;
  secondaryColor: string;
  logoLightUrl: string | null;
  logoDarkUrl: string | null;
  faviconUrl: string | null;
  companyName: string;
  companyEmail: string;
  companyPhone: string;
  companyAddress: string;
  companyCity: string;
  companyPostalCode: string;
  companyCountry: string;
  companyRegistration: string;
  companyTaxId: string;
  companyVatId: string;
  companyRepresentative: string;
  companyRegisterCourt: string;
  socialFacebookUrl: string | null;
  socialInstagramUrl: string | null;
  socialXUrl: string | null;
  minStayDays: number;
  maxStayDays: number;
  serviceFee: number;
  allowedPaymentMethods: PaymentMethod[];
  freeCancellationHours: number;
  cancellationFeePercentage: number;
};

/** Defaults of spec/01-platform.md; used until the stored row is read, and when reading fails. */
export const DEFAULT_SETTINGS: SiteSettings = {
  platformName: "TraumUrlaub Reisen",
  pageTitle: "TraumUrlaub Reisen – Ferienwohnungen & Reisen",
  metaDescription:
    "Ferienwohnungen direkt beim Gastgeber buchen: ausgewählte Unterkünfte in Europa mit fairen Endpreisen und sicherer Zahlung.",
  metaKeywords: "Ferienwohnung, Ferienhaus, Urlaub, Unterkunft, direkt buchen",
  primaryColor: "#FF385C",
  secondaryColor: "#0A2463",
  logoLightUrl: null,
  logoDarkUrl: null,
  faviconUrl: null,
  companyName: "TraumUrlaub Reisen GmbH",
  companyEmail: "info@traumurlaub.example.com",
  companyPhone: "+49 30 12345678",
  companyAddress: "Musterstraße 12",
  companyCity: "Berlin",
  companyPostalCode: "10115",
  companyCountry: "Deutschland",
  companyRegistration: "HRB 123456 B",
  companyTaxId: "12/345/67890",
  companyVatId: "DE123456789",
  companyRepresentative: "Max Mustermann",
  companyRegisterCourt: "Amtsgericht Berlin-Charlottenburg",
  socialFacebookUrl: null,
  socialInstagramUrl: null,
  socialXUrl: null,
  minStayDays: 1,
  maxStayDays: 30,
  serviceFee: 2900,
  allowedPaymentMethods: ["bank-transfer", "credit-card", "paypal"],
  freeCancellationHours: 48,
  cancellationFeePercentage: 50,
};

/** What every page needs to render layout and theme (no internal numbers). */
export function publicSettings(s: SiteSettings) {
  return {
    platformName: s.platformName,
    pageTitle: s.pageTitle,
    metaDescription: s.metaDescription,
    metaKeywords: s.metaKeywords,
    primaryColor: s.primaryColor,
    secondaryColor: s.secondaryColor,
    logoLightUrl: s.logoLightUrl,
    logoDarkUrl: s.logoDarkUrl,
    faviconUrl: s.faviconUrl,
    companyName: s.companyName,
    companyEmail: s.companyEmail,
    companyPhone: s.companyPhone,
    companyAddress: s.companyAddress,
    companyCity: s.companyCity,
    companyPostalCode: s.companyPostalCode,
    companyCountry: s.companyCountry,
    socialFacebookUrl: s.socialFacebookUrl,
    socialInstagramUrl: s.socialInstagramUrl,
    socialXUrl: s.socialXUrl,
  };
}
export type PublicSettings = ReturnType<typeof publicSettings>;

const text = (max = 300) => z.string().trim().min(1, "required").max(max);
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
    companyRegistration: text(),
    companyTaxId: text(),
    companyVatId: text(),
    companyRepresentative: text(),
    companyRegisterCourt: text(),
    socialFacebookUrl: optionalUrl,
    socialInstagramUrl: optionalUrl,
    socialXUrl: optionalUrl,
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
    allowedPaymentMethods: z.array(z.enum(PAYMENT_METHODS)).min(1, "paymentMethods"),
  })
  .refine((v) => v.maxStayDays >= v.minStayDays, { path: ["maxStayDays"], message: "maxStay" });

export type SettingsFormValues = z.infer<typeof settingsFormSchema>;
