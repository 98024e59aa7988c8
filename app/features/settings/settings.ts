import type { Language } from "~/lib/i18n";

/**
 * "sepa-debit" (decision 049): offered only when arrival is at least 14 days away (SEPA confirms
 * after days and can be reversed), never counted as paid while processing; off by default.
 */
export const PAYMENT_METHODS = ["bank-transfer", "credit-card", "paypal", "sepa-debit"] as const;
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
  /** The one set of opening hours (German, shown as written; decision 031). */
  openingHours: string;
  /** English opening hours; null falls back to the German text. */
  openingHoursEn: string | null;
  minStayDays: number;
  maxStayDays: number;
  serviceFee: number;
  allowedPaymentMethods: PaymentMethod[];
  freeCancellationHours: number;
  cancellationFeePercentage: number;
  /** Booking limits (decision 012): latest arrival in months after today (Europe/Berlin). */
  bookingHorizonMonths: number;
  /** Most bookings one account may hold that are pending and unpaid. */
  maxPendingBookings: number;
  /** Booking attempts per account and per hour. */
  bookingAttemptsPerAccount: number;
  /** Booking attempts per client address and per hour. */
  bookingAttemptsPerClient: number;
  /** The one payment schedule (spec/09-payments.md): deposit share of the total, 0–100 %. */
  depositPercentage: number;
  /** The balance is due this many days before arrival. */
  balanceDueDays: number;
  /**
   * Cancel a bank-transfer booking once its deposit is this many days overdue; null = off
   * (the default; decision 047).
   */
  autoCancelOverdueDays: number | null;
  /** Property facts (decision 033): defaults for a property whose own field is empty. */
  houseRules: string;
  /** "HH:MM", Europe/Berlin */
  checkInFrom: string;
  /** "HH:MM", Europe/Berlin */
  checkOutUntil: string;
  /** Kurtaxe/Gästebeitrag note; "" = no note anywhere. */
  touristTaxNote: string;
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
  openingHours: "Mo–Fr 9:00–18:00, Sa 10:00–14:00",
  openingHoursEn: "Mon–Fri 9:00–18:00, Sat 10:00–14:00",
  minStayDays: 1,
  maxStayDays: 30,
  serviceFee: 2900,
  allowedPaymentMethods: ["bank-transfer", "credit-card", "paypal"],
  freeCancellationHours: 48,
  cancellationFeePercentage: 50,
  bookingHorizonMonths: 24,
  maxPendingBookings: 3,
  bookingAttemptsPerAccount: 20,
  bookingAttemptsPerClient: 60,
  depositPercentage: 20,
  balanceDueDays: 30,
  autoCancelOverdueDays: null,
  houseRules: "",
  checkInFrom: "15:00",
  checkOutUntil: "10:00",
  touristTaxNote: "",
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
    openingHours: s.openingHours,
    openingHoursEn: s.openingHoursEn,
  };
}
export type PublicSettings = ReturnType<typeof publicSettings>;

/** The touch icon stored beside an uploaded favicon (`…-32.png` → `…-180.png`), if any. */
export function touchIconUrl(faviconUrl: string | null): string | null {
  return faviconUrl && /-32\.png$/.test(faviconUrl)
    ? faviconUrl.replace(/-32\.png$/, "-180.png")
    : null;
}

/** The opening hours in the page's language: the English text when set, else the German one. */
export function openingHoursIn(
  settings: Pick<SiteSettings, "openingHours" | "openingHoursEn">,
  language: Language,
): string {
  const english = settings.openingHoursEn?.trim();
  return language === "en" && english ? english : settings.openingHours;
}
