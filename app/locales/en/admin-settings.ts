import type de from "../de/admin-settings";

const settings: typeof de = {
  title: "Settings",
  tabCompany: "Company",
  tabBookings: "Bookings",
  save: "Save settings",
  saved: "Settings saved successfully",
  failed: "Error saving the settings",
  stale:
    "The settings have been changed elsewhere in the meantime. Please reload the page; your changes were not saved.",
  website: "Website",
  company: "Company details",
  social: "Social networks",
  platformName: "Platform name",
  pageTitle: "Page title",
  metaDescription: "Meta description",
  metaKeywords: "Meta keywords",
  primaryColor: "Primary colour",
  secondaryColor: "Secondary colour",
  primaryColorHint:
    "On buttons the colour is darkened where needed, so white text on it stays legible.",
  secondaryColorHint:
    "In the top bar, footer and menu the colour is darkened where needed, so light text on it stays legible.",
  companyName: "Company name",
  companyEmail: "E-mail",
  companyPhone: "Phone",
  companyAddress: "Address",
  companyPostalCode: "Postal code",
  companyCity: "City",
  companyCountry: "Country",
  companyRegistration: "Commercial register number",
  companyRegisterCourt: "Register court",
  companyRepresentative: "Authorised representative",
  companyTaxId: "Tax number",
  companyVatId: "VAT ID",
  // Decision 083: § 5 DDG asks for these only where they exist; empty ones are not shown.
  companyRegisterHint:
    "Leave empty if the company is not entered in the commercial register (e.g. a sole trader); empty details do not appear in the legal notice.",
  companyVatIdHint:
    "Leave empty if you have no VAT ID (e.g. a small business under § 19 UStG); it then does not appear in the legal notice.",
  companyTaxIdHint:
    "Not required in the legal notice; shown only if you enter one. We recommend leaving it empty.",
  socialFacebookUrl: "Facebook URL",
  socialInstagramUrl: "Instagram URL",
  socialXUrl: "X URL",
  minStayDays: "Minimum stay (nights)",
  maxStayDays: "Maximum stay (nights)",
  serviceFee: "Service fee (€)",
  freeCancellationHours: "Free cancellation until (hours before arrival)",
  cancellationFeePercentage: "Cancellation fee (%)",
  paymentMethods: "Payment methods",
  bookingLimits: "Booking limits",
  bookingLimitsHint:
    "Keep your dates from being blocked: the limits apply to every booking and are checked when it is stored.",
  bookingHorizonMonths: "Arrival at most (months ahead)",
  maxPendingBookings: "Unpaid bookings per account (at most)",
  bookingAttemptsPerAccount: "Booking attempts per account and hour",
  bookingAttemptsPerClient: "Booking attempts per IP address and hour",
  brand: {
    heading: "Logos and favicon",
    logoLight: "Logo (light background)",
    logoDark: "Logo (dark background)",
    favicon: "Favicon",
    none: "No image",
    upload: "Upload",
    remove: "Remove",
    saved: "Saved.",
    logoHint: "PNG, JPG or WebP, at most 2 MB; scaled down to at most 640 × 160 pixels.",
    faviconHint: "32x32 PNG (PNG, JPG or WebP, at most 2 MB; square works best).",
    failed: "Error uploading the file",
    errors: {
      missing: "Please choose a file.",
      tooLarge: "The file can be at most 2 MB.",
      wrongType: "Please choose a PNG, JPG or WebP image.",
      failed: "Please try again.",
    },
  },
  paymentSchedule: "Payment schedule",
  paymentScheduleHint:
    "Applies to every payment method and to new bookings; existing bookings keep their schedule. With bank transfer the deposit is due 7 days after booking; with card, PayPal and direct debit it is paid on booking. The guest pays the rest the given number of days before arrival; with card, PayPal and direct debit it is then collected from the stored means of payment.",
  depositPercentage: "Deposit (%)",
  balanceDueDays: "Balance due (days before arrival)",
  unpaidBookings: "Unpaid bookings",
  unpaidBookingsHint:
    "Guests paying by bank transfer automatically receive a reminder with the payment details 3 days before each due date and on the day after a missed payment. Optionally, a booking whose deposit is overdue by the given number of days is cancelled. Before that, the guest receives a final payment request with a deadline of at least 7 days; the booking is cancelled only after it has passed and never from the arrival day on. The guest receives an e-mail about the cancellation. Leave empty to never cancel automatically.",
  autoCancelOverdueDays: "Cancel automatically after days of overdue deposit",
  methodReasons: {
    providerNotConfigured: "Payment provider not configured",
    noDefaultBankAccount: "No active default account",
  },
  invalid: {
    required: "This field is required.",
    color: "Please enter a colour in the format #RRGGBB.",
    email: "Please enter a valid e-mail address.",
    url: "Please enter a valid URL (https://…).",
    minStay: "The minimum stay must be at least 1 night.",
    maxStay: "The maximum stay must not be less than the minimum stay.",
    seasonMinStay:
      "The season “{{season}}” ({{property}}) requires at least {{nights}} nights. The maximum stay must be at least that long, or lower this season's minimum stay first.",
    serviceFee: "The service fee must not be negative.",
    hours: "Please enter a number of hours of 0 or more.",
    percentage: "Please enter a value between 0 and 100.",
    // Decision 098: every ticked method lacks its provider or account.
    noneOffered:
      "With this selection guests could not book: none of the selected payment methods is ready. Please select at least one payment method without the note “Payment provider not configured” or “No active default account”.",
    paymentMethods: "Please choose at least one payment method.",
    horizon: "Please enter a number from 1 to 120 months.",
    pendingBookings: "Please enter a number from 1 to 100.",
    attempts: "Please enter a number from 1 to 10,000.",
    balanceDays: "Please enter a number from 0 to 365 days.",
    autoCancelDays: "Please enter a number from 1 to 90 days or leave the field empty.",
  },
};

export default settings;
