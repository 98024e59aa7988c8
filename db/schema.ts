/**
 * The database schema. Names follow the product vocabulary of spec/07-data.md.
 * Money columns are integer cents; stay dates are `date` (calendar days, no time zone);
 * timestamps are `timestamptz`. Exclusion constraints and trigram indexes live in the
 * hand-written migration `0001_booking_constraints.sql` because drizzle-kit cannot express them.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { StoredPriceDetails } from "../app/domain/price";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---------------------------------------------------------------------------------------------
// Authentication (Better Auth's tables; field names are the library's, columns snake_case)
// ---------------------------------------------------------------------------------------------

export const user = pgTable(
  "user",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** search_fold(name + e-mail), for the admin's account search (trigram index, 0013). */
    searchText: text("search_text").generatedAlwaysAs(sql`search_fold("name" || ' ' || "email")`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("user_email_lower_idx").on(sql`lower(${t.email})`),
    // Better Auth looks accounts up by `email = $1`: user_email_idx (migration 0020) serves it.
    // /admin/users: newest first (the name/e-mail search is a trigram index in migration 0013).
    // Migration 0020 adds INCLUDE (search_text): a search walks the index without the table.
    index("user_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const session = pgTable(
  "session",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Better Auth's own limiter for /api/auth/* (storage "database"). */
export const authRateLimit = pgTable("auth_rate_limit", {
  id: uuid("id").primaryKey().defaultRandom(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Fixed-window counters for our own limits (sign-in form, reset requests, contact form). */
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Product data
// ---------------------------------------------------------------------------------------------

export type NotificationSettings = { emailNotifications: boolean; marketingEmails: boolean };

export const profile = pgTable(
  "profile",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull().default(""),
    avatarUrl: text("avatar_url"),
    role: text("role").notNull().default("user"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    postalCode: text("postal_code"),
    country: text("country"),
    language: text("language").notNull().default("de"),
    notificationSettings: jsonb("notification_settings")
      .$type<NotificationSettings>()
      .notNull()
      .default({ emailNotifications: true, marketingEmails: false }),
    ...timestamps,
  },
  (t) => [
    index("profile_role_idx").on(t.role),
    check("profile_language_check", sql`${t.language} in ('de', 'en')`),
  ],
);

export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    platformName: text("platform_name").notNull(),
    pageTitle: text("page_title").notNull(),
    metaDescription: text("meta_description").notNull(),
    metaKeywords: text("meta_keywords").notNull(),
    primaryColor: text("primary_color").notNull(),
    secondaryColor: text("secondary_color").notNull(),
    logoLightUrl: text("logo_light_url"),
    logoDarkUrl: text("logo_dark_url"),
    faviconUrl: text("favicon_url"),
    companyName: text("company_name").notNull(),
    companyEmail: text("company_email").notNull(),
    companyPhone: text("company_phone").notNull(),
    companyAddress: text("company_address").notNull(),
    companyCity: text("company_city").notNull(),
    companyPostalCode: text("company_postal_code").notNull(),
    companyCountry: text("company_country").notNull(),
    companyRegistration: text("company_registration").notNull(),
    companyTaxId: text("company_tax_id").notNull(),
    companyVatId: text("company_vat_id").notNull(),
    companyRepresentative: text("company_representative").notNull(),
    companyRegisterCourt: text("company_register_court").notNull(),
    socialFacebookUrl: text("social_facebook_url"),
    socialInstagramUrl: text("social_instagram_url"),
    socialXUrl: text("social_x_url"),
    /** Shown as written on every page that names opening hours (decision 031). */
    openingHours: text("opening_hours").notNull().default("Mo–Fr 9:00–18:00, Sa 10:00–14:00"),
    /** English text; null = the German text is shown on English pages too. */
    openingHoursEn: text("opening_hours_en"),
    minStayDays: integer("min_stay_days").notNull(),
    maxStayDays: integer("max_stay_days").notNull(),
    /** cents */
    serviceFee: integer("service_fee").notNull(),
    allowedPaymentMethods: text("allowed_payment_methods").array().notNull(),
    freeCancellationHours: integer("free_cancellation_hours").notNull(),
    cancellationFeePercentage: integer("cancellation_fee_percentage").notNull(),
    /** Latest arrival, in months after today (Europe/Berlin). */
    bookingHorizonMonths: integer("booking_horizon_months").notNull().default(24),
    /** Most bookings one account may hold that are pending and unpaid. */
    maxPendingBookings: integer("max_pending_bookings").notNull().default(3),
    /** Booking attempts per account and per hour. */
    bookingAttemptsPerAccount: integer("booking_attempts_per_account").notNull().default(20),
    /** Booking attempts per client address and per hour. */
    bookingAttemptsPerClient: integer("booking_attempts_per_client").notNull().default(60),
    /** The one payment schedule (spec/09-payments.md): deposit share of the total, 0–100. */
    depositPercentage: integer("deposit_percentage").notNull().default(20),
    /** The balance is due this many days before arrival. */
    balanceDueDays: integer("balance_due_days").notNull().default(30),
    /**
     * Cancel a bank-transfer booking automatically once its deposit (or the whole amount, when
     * that is due at once) is this many days overdue; null = off (the default). Decision 047.
     */
    autoCancelOverdueDays: integer("auto_cancel_overdue_days"),
    /**
     * Property facts (issue 15 part 4, decision 033): the defaults a property shows while its
     * own field is empty. Times are "HH:MM" (Europe/Berlin wall clock); texts are plain text.
     */
    houseRules: text("house_rules").notNull().default(""),
    checkInFrom: text("check_in_from").notNull().default("15:00"),
    checkOutUntil: text("check_out_until").notNull().default("10:00"),
    /** Kurtaxe/Gästebeitrag note on the property page and the booking summary; "" = none. */
    touristTaxNote: text("tourist_tax_note").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("settings_single_row", sql`${t.id} = 1`),
    check(
      "settings_stay_range",
      sql`${t.minStayDays} >= 1 and ${t.maxStayDays} >= ${t.minStayDays}`,
    ),
    check(
      "settings_booking_limits",
      sql`${t.bookingHorizonMonths} >= 1 and ${t.maxPendingBookings} >= 1 and ${t.bookingAttemptsPerAccount} >= 1 and ${t.bookingAttemptsPerClient} >= 1`,
    ),
    check(
      "settings_payment_schedule",
      sql`${t.depositPercentage} between 0 and 100 and ${t.balanceDueDays} between 0 and 365`,
    ),
    check(
      "settings_auto_cancel_overdue_days",
      sql`${t.autoCancelOverdueDays} is null or ${t.autoCancelOverdueDays} between 1 and 90`,
    ),
  ],
);

export type PropertyImage = {
  /** Storage key prefix; variants are `${key}-${width}.webp`. Plain URLs come from CSV imports. */
  key?: string;
  url?: string;
  widths?: number[];
  width?: number;
  height?: number;
  category?: string;
};

export const property = pgTable(
  "property",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").notNull().default("draft"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** cents */
    pricePerNight: integer("price_per_night").notNull(),
    /** cents */
    cleaningFee: integer("cleaning_fee").notNull().default(7500),
    country: text("country").notNull(),
    city: text("city").notNull(),
    location: text("location").notNull(),
    /** lower(unaccent(location)), for the trigram location search (migrations 0002, 0004). */
    locationFold: text("location_fold").generatedAlwaysAs(sql`search_fold("location")`),
    bedrooms: integer("bedrooms").notNull().default(1),
    bathrooms: integer("bathrooms").notNull().default(1),
    maxGuests: integer("max_guests").notNull().default(2),
    amenities: text("amenities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: jsonb("images").$type<PropertyImage[]>().notNull().default([]),
    isSpecialOffer: boolean("is_special_offer").notNull().default(false),
    /** cents */
    specialOfferPrice: integer("special_offer_price"),
    specialOfferEndDate: date("special_offer_end_date"),
    /**
     * Published (non-hidden) reviews, kept by a trigger on `review` (migration 0002) so that the
     * search can sort by rating without aggregating all reviews. Never written by the app.
     */
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingAverage: numeric("rating_average", { precision: 3, scale: 2, mode: "number" }),
    /**
     * The admin form's input as last autosaved (text fields as typed, app/features/properties/
     * admin-property.schema.ts), kept apart from the public columns so a published property
     * shows its published values until "Speichern" (decision 026). Null: no unsaved draft.
     */
    draft: jsonb("draft").$type<Record<string, unknown>>(),
    draftSavedAt: timestamp("draft_saved_at", { withTimezone: true }),
    /** This property's facts (decision 033); "" = the default of the settings. */
    houseRules: text("house_rules").notNull().default(""),
    checkInFrom: text("check_in_from").notNull().default(""),
    checkOutUntil: text("check_out_until").notNull().default(""),
    /**
     * Which Kurtaxe/Gästebeitrag note guests see (decision 041): 'default' the settings' note,
     * 'own' this property's `tourist_tax_note`, 'none' no note even when the settings have one
     * (a place without Kurtaxe). The own text is kept only with 'own'.
     */
    touristTaxMode: text("tourist_tax_mode")
      .$type<"default" | "own" | "none">()
      .notNull()
      .default("default"),
    touristTaxNote: text("tourist_tax_note").notNull().default(""),
    /**
     * Long-stay discounts in whole percent, 0 = none (issue 18, decision 046): weekly from 7
     * nights, monthly from 28 nights; the monthly one replaces the weekly one.
     */
    weeklyDiscountPercent: integer("weekly_discount_percent").notNull().default(0),
    monthlyDiscountPercent: integer("monthly_discount_percent").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check(
      "property_discount_check",
      sql`${t.weeklyDiscountPercent} between 0 and 90 and ${t.monthlyDiscountPercent} between 0 and 90`,
    ),
    check("property_status_check", sql`${t.status} in ('draft', 'published', 'archived')`),
    check(
      "property_tourist_tax_mode_check",
      sql`${t.touristTaxMode} in ('default', 'own', 'none')`,
    ),
    // A draft made by autosave may not have a price yet; nothing else may be free.
    check(
      "property_price_check",
      sql`(${t.pricePerNight} > 0 or ${t.status} = 'draft') and ${t.pricePerNight} >= 0 and ${t.cleaningFee} >= 0`,
    ),
    check(
      "property_counts_check",
      sql`${t.bedrooms} >= 0 and ${t.bathrooms} >= 0 and ${t.maxGuests} >= 1`,
    ),
    // Search orders (app/features/properties/search.server.ts); all only over published rows.
    index("property_published_created_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index("property_published_rating_idx")
      .on(t.ratingAverage.desc().nullsLast(), t.reviewCount.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index("property_amenities_idx").using("gin", t.amenities),
    // Price order over properties whose offer can be active (the search merges this with the
    // regular price order of property_status_price_idx; decision 009).
    index("property_published_offer_price_idx")
      .on(t.specialOfferPrice)
      .where(
        sql`${t.status} = 'published' and ${t.isSpecialOffer} and ${t.specialOfferPrice} > 0 and ${t.specialOfferPrice} < ${t.pricePerNight}`,
      ),
    index("property_status_price_idx").on(t.status, t.pricePerNight),
    // With dates, the properties with a season in the stay are priced from their seasons joined
    // to this index by id (decision 109). Migration 0046 adds INCLUDE (the price, offer, created
    // and size columns), so that join reads index pages only, not the wide rows.
    index("property_published_price_idx")
      .on(t.id)
      .where(sql`${t.status} = 'published'`),
    index("property_country_idx").on(t.country),
    index("property_max_guests_idx").on(t.status, t.maxGuests),
    index("property_bedrooms_idx").on(t.status, t.bedrooms),
    index("property_owner_idx").on(t.ownerId),
    // /admin/properties: newest first over every status, and per status. The title/description
    // and location searches are trigram indexes in migration 0008.
    index("property_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("property_status_created_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Property photos uploaded from the admin form before the property is saved (decision 027).
 * A row is the server's record of what it stored (key, widths, pixel size, who uploaded it), so
 * saving a property takes an image's sizes from here, never from the browser. Saving marks the
 * row attached; rows never attached are deleted with their files after 24 hours.
 */
export const propertyImageUpload = pgTable(
  "property_image_upload",
  {
    /** Storage key prefix; variants are `${key}-${width}.webp`. Also the form's `ref`. */
    key: text("key").primaryKey(),
    widths: integer("widths").array().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
  },
  (t) => [
    check("property_image_upload_size_check", sql`${t.width} > 0 and ${t.height} > 0`),
    // The orphan job and the per-admin cap read only uploads not yet attached.
    index("property_image_upload_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
    index("property_image_upload_uploader_idx")
      .on(t.uploadedBy, t.createdAt)
      .where(sql`${t.attachedAt} is null`),
  ],
);

/**
 * Images named by URL in a CSV import, fetched into the storage by a background job
 * (app/features/properties/image-import.server.ts). Until then the property's `images` holds
 * `{ url }` for each, which public pages show as a placeholder (never a hot-link). Rows are
 * claimed with `for update skip locked` and a lease (`next_attempt_at`), so several processes
 * share the work and a restart picks up what was in flight. Failures stay listed for the edit page.
 */
export const propertyImageImport = pgTable(
  "property_image_import",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => property.id, { onDelete: "cascade" }),
    /** Position in the property's images, for listing in the file's order. */
    position: integer("position").notNull(),
    url: text("url").notNull(),
    status: text("status").notNull().default("pending"),
    /** A code (app/locales/de/csv-import.ts `imageErrors`), never a raw exception text. */
    error: text("error"),
    /** The foreign server's answer when it was not 2xx. */
    httpStatus: integer("http_status"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    check("property_image_import_status_check", sql`${t.status} in ('pending', 'done', 'failed')`),
    index("property_image_import_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("property_image_import_property_idx").on(t.propertyId, t.position),
  ],
);

/**
 * A property's seasons (issue 18, decision 046): named ranges of nights with their own nightly
 * price, minimum stay and allowed arrival/departure weekdays. `startDate`..`endDate` are the
 * first and the last night, both inclusive. Weekdays are a bit mask, bit 0 = Monday .. bit 6 =
 * Sunday (127 = every day). Seasons of one property never overlap: an exclusion constraint
 * (hand-written in the same migration) enforces it.
 */
export const propertySeason = pgTable(
  "property_season",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => property.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    /** cents */
    pricePerNight: integer("price_per_night").notNull(),
    minStayNights: integer("min_stay_nights").notNull().default(1),
    arrivalWeekdays: integer("arrival_weekdays").notNull().default(127),
    departureWeekdays: integer("departure_weekdays").notNull().default(127),
    ...timestamps,
  },
  (t) => [
    check("property_season_dates_check", sql`${t.endDate} >= ${t.startDate}`),
    check(
      "property_season_values_check",
      sql`${t.pricePerNight} > 0 and ${t.minStayNights} >= 1 and ${t.arrivalWeekdays} between 1 and 127 and ${t.departureWeekdays} between 1 and 127`,
    ),
    index("property_season_property_idx").on(t.propertyId, t.startDate),
  ],
);

export const booking = pgTable(
  "booking",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull().unique(),
    /** Null once the guest deleted their account; the booking stays for accounting. */
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => property.id, { onDelete: "restrict" }),
    checkIn: date("check_in").notNull(),
    checkOut: date("check_out").notNull(),
    guests: integer("guests").notNull(),
    guestName: text("guest_name").notNull(),
    guestEmail: text("guest_email").notNull(),
    guestPhone: text("guest_phone"),
    specialRequests: text("special_requests"),
    /** cents */
    nightlyPrice: integer("nightly_price").notNull(),
    nights: integer("nights").notNull(),
    /** cents */
    cleaningFee: integer("cleaning_fee").notNull(),
    /** cents */
    serviceFee: integer("service_fee").notNull(),
    /** cents */
    totalPrice: integer("total_price").notNull(),
    /**
     * The price breakdown as computed at booking time (issue 18): the nights grouped by price
     * and the long-stay discount. Null for bookings made before seasons existed; those show
     * nights × nightly price as before.
     */
    priceDetails: jsonb("price_details").$type<StoredPriceDetails>(),
    /** cents; set when the booking is cancelled */
    cancellationFee: integer("cancellation_fee"),
    paymentMethod: text("payment_method").notNull(),
    /**
     * Follows the recorded payments (unpaid → partially-paid → paid); `amountPaid` is their sum,
     * kept by a trigger on `payment` (migration 0007), never written by the app.
     */
    paymentStatus: text("payment_status").notNull().default("unpaid"),
    /** cents */
    amountPaid: integer("amount_paid").notNull().default(0),
    /**
     * cents paid back: the sum of the booking's refunds marked refunded, kept by a trigger on
     * `refund` (decision 047), never written by the app. amountPaid stays what was received, so
     * the fee kept is amountPaid − amountRefunded once nothing is open.
     */
    amountRefunded: integer("amount_refunded").notNull().default(0),
    /**
     * The payment terms at booking time, so that a later settings change does not move what a
     * guest already owes (the one payment schedule, app/domain/payment-schedule.ts).
     */
    depositPercentage: integer("deposit_percentage").notNull().default(20),
    balanceDueDays: integer("balance_due_days").notNull().default(30),
    /**
     * The cancellation terms at booking time (decision 080): the guest was shown them before
     * booking and AGB § 4 makes them the terms of this booking, so the fee of a cancellation is
     * computed from these, never from today's settings (app/domain/cancellation.ts). The
     * defaults are the settings' defaults; the booking writes the settings' values.
     */
    freeCancellationHours: integer("free_cancellation_hours").notNull().default(48),
    cancellationFeePercentage: integer("cancellation_fee_percentage").notNull().default(50),
    /**
     * The account the guest was told to pay to: the default at booking time, then the one of the
     * last "Zahlungsdaten senden". Null for online payments or when none was active.
     */
    bankAccountId: uuid("bank_account_id").references(() => bankAccount.id, {
      onDelete: "set null",
    }),
    /**
     * The AGB exactly as the guest could read them when booking (decision 087): the
     * `terms_snapshot` of the language they booked in. "Buchung bestätigt" carries this text and
     * the admin's detail names it, so an AGB edit after the booking changes neither. Null for
     * bookings made before this existed (and for rows written outside the booking page, such as
     * the demo seed): which AGB they were made under was not recorded, and nothing guesses it.
     */
    termsSnapshotId: uuid("terms_snapshot_id").references(() => termsSnapshot.id, {
      onDelete: "restrict",
    }),
    status: text("status").notNull().default("pending"),
    /** One per booking form: a repeated submit finds the booking it already created. */
    idempotencyKey: uuid("idempotency_key"),
    /**
     * Online payment (card, PayPal; decision 044): the Stripe Checkout Session the guest was sent
     * to, its page and when it expires. The webhook finds the booking by this id, never by the
     * event's metadata.
     */
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeCheckoutUrl: text("stripe_checkout_url"),
    stripeCheckoutExpiresAt: timestamp("stripe_checkout_expires_at", { withTimezone: true }),
    /**
     * The Stripe customer and saved payment method of an online booking whose balance follows
     * (`setup_future_usage=off_session`, decision 049): the balance is charged to them
     * off-session on its due date. Stored from the completed checkout and its PaymentIntent.
     */
    /**
     * SEPA Direct Debit (decision 049): since when the completed checkout's debit is processing
     * ("Lastschrift in Bearbeitung"); the booking is neither paid nor confirmed meanwhile.
     */
    stripePaymentProcessingSince: timestamp("stripe_payment_processing_since", {
      withTimezone: true,
    }),
    stripeCustomerId: text("stripe_customer_id"),
    stripePaymentMethodId: text("stripe_payment_method_id"),
    /**
     * search_fold(number + guest name + e-mail), for the admin's booking search (trigram index,
     * migration 0013). Stored, so a search that matches many bookings compares stored text
     * instead of folding every row again.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`search_fold("number" || ' ' || "guest_name" || ' ' || "guest_email")`,
    ),
    ...timestamps,
  },
  (t) => [
    check("booking_dates_check", sql`${t.checkOut} > ${t.checkIn}`),
    check("booking_guests_check", sql`${t.guests} >= 1`),
    check("booking_nights_check", sql`${t.nights} = ${t.checkOut} - ${t.checkIn}`),
    check(
      "booking_payment_method_check",
      sql`${t.paymentMethod} in ('bank-transfer', 'credit-card', 'paypal', 'sepa-debit')`,
    ),
    check(
      "booking_payment_status_check",
      sql`${t.paymentStatus} in ('unpaid', 'partially-paid', 'paid', 'refunded')`,
    ),
    check(
      "booking_status_check",
      sql`${t.status} in ('pending', 'confirmed', 'cancelled', 'completed')`,
    ),
    check("booking_money_check", sql`${t.totalPrice} >= 0 and ${t.nightlyPrice} >= 0`),
    index("booking_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("booking_user_idempotency_idx")
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("booking_property_idx").on(t.propertyId, t.checkIn),
    index("booking_status_idx").on(t.status, t.createdAt.desc()),
    // Admin lists and dashboard (issue 13): newest first, arrivals and departures by day.
    // Migration 0020 adds INCLUDE (search_text, property_id) to booking_created_idx, and
    // booking_number_prefix_idx (number text_pattern_ops) for a search by a number's beginning.
    index("booking_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // Migration 0020 adds INCLUDE (created_at, id): a short arrival window of /admin/bookings
    // is read and sorted newest first from the index alone.
    index("booking_check_in_idx").on(t.checkIn),
    index("booking_check_out_idx").on(t.checkOut),
    // Bank transfers still owing money (decision 047): what the reminder job and the
    // dashboard's overdue list read, a few rows among many paid or finished bookings.
    index("booking_open_bank_transfer_idx")
      .on(t.checkIn)
      .where(
        sql`${t.status} in ('pending', 'confirmed') and ${t.paymentMethod} = 'bank-transfer' and ${t.amountPaid} < ${t.totalPrice}`,
      ),
    // The admin search (number, guest name, e-mail) is a trigram index in migration 0007; the
    // dashboard's "waiting for money" list a partial index in migration 0008.
  ],
);

/**
 * The dashboard's per-day sums over all bookings (spec/06-admin.md "/admin (Dashboard)"), kept by
 * a trigger on `booking` (migration 0008) so that /admin reads a few hundred day rows instead of
 * aggregating up to a year of bookings per request. Never written by the app. Each booking adds
 * to the day it was made (Berlin), to each of its nights and to its arrival day.
 */
export const bookingDayStat = pgTable("booking_day_stat", {
  day: date("day").primaryKey(),
  /** bookings made that day (Europe/Berlin), whatever their status */
  bookingsMade: integer("bookings_made").notNull().default(0),
  /** cents: totals of the non-cancelled bookings made that day */
  revenueMade: bigint("revenue_made", { mode: "number" }).notNull().default(0),
  /** non-cancelled stays that include this night */
  bookedNights: integer("booked_nights").notNull().default(0),
  /** cents: their nightly prices (accommodation revenue spread over nights) */
  nightRevenue: bigint("night_revenue", { mode: "number" }).notNull().default(0),
  /** bookings arriving this day, cancelled ones included */
  arrivalsAll: integer("arrivals_all").notNull().default(0),
  /** the non-cancelled ones, their nights and their lead time (arrival − day made) */
  arrivals: integer("arrivals").notNull().default(0),
  arrivalNights: integer("arrival_nights").notNull().default(0),
  leadDays: integer("lead_days").notNull().default(0),
  cancelledArrivals: integer("cancelled_arrivals").notNull().default(0),
});

/**
 * Accounts created per day (Europe/Berlin), kept by a statement-level trigger on "user"
 * (migration 0012), so the dashboard's account numbers are a sum over days, not a count of every
 * account. Never written by the app.
 */
export const userDayStat = pgTable("user_day_stat", {
  day: date("day").primaryKey(),
  accountsCreated: integer("accounts_created").notNull().default(0),
});

export const bankAccount = pgTable(
  "bank_account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountHolder: text("account_holder").notNull(),
    iban: text("iban").notNull(),
    bic: text("bic").notNull(),
    bankName: text("bank_name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Exactly one default while any account is active, and the default is active: guests' money
  // goes to one place. At most one default: this unique index; the default is active: the check;
  // "one while any is active": a deferred constraint trigger (migration 0006), checked at commit
  // so that moving the default is two updates in one transaction.
  (t) => [
    uniqueIndex("bank_account_one_default_idx")
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    check("bank_account_default_is_active", sql`not ${t.isDefault} or ${t.isActive}`),
  ],
);

/**
 * Money received for a booking (today: bank transfers recorded by an admin). Amounts are
 * positive cents; their sum is booking.amount_paid (trigger, migration 0007).
 */
export const payment = pgTable(
  "payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => booking.id, { onDelete: "cascade" }),
    method: text("method").notNull().default("bank-transfer"),
    /** cents */
    amount: integer("amount").notNull(),
    receivedOn: date("received_on").notNull(),
    note: text("note").notNull().default(""),
    recordedBy: uuid("recorded_by").references(() => user.id, { onDelete: "set null" }),
    /**
     * The Stripe Checkout Session an online payment came from: one payment per session, however
     * often and in whatever order its events arrive (decision 044).
     */
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    /**
     * The Stripe PaymentIntent that moved the money (online methods): what a refund through
     * Stripe is made against (decision 049).
     */
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    /**
     * Money that arrived for a booking that was no longer held (its checkout had expired and the
     * dates were released): recorded, never confirming the booking, to be paid back.
     */
    refundDue: boolean("refund_due").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_amount_check", sql`${t.amount} > 0`),
    check(
      "payment_method_check",
      sql`${t.method} in ('bank-transfer', 'credit-card', 'paypal', 'sepa-debit')`,
    ),
    index("payment_booking_idx").on(t.bookingId, t.receivedOn),
  ],
);

/**
 * Every Stripe webhook event received (decision 044), by its event id: a repeated delivery finds
 * its row and changes nothing. `processedAt` is set in the transaction that applied the event.
 */
export const stripeEvent = pgTable("stripe_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});

/**
 * The bank-transfer payment reminders sent (spec/09-payments.md, decision 047): one row per
 * booking, due date and kind ("upcoming": 3 days before the due date; "overdue": the day after
 * it was missed; "final": the last demand before the automatic cancellation, decision 084),
 * written in the same transaction as the queued e-mail. The primary key is what
 * makes "at most one per due date and kind" hold when several app processes run the job at the
 * same time or a run repeats after downtime.
 */
export const paymentReminder = pgTable(
  "payment_reminder",
  {
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => booking.id, { onDelete: "cascade" }),
    dueDate: date("due_date").notNull(),
    kind: text("kind").notNull(),
    /** which item of the payment schedule: "deposit" | "balance" | "full" */
    instalment: text("instalment").notNull(),
    /** cents asked for in the e-mail */
    amount: integer("amount").notNull(),
    emailId: uuid("email_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    /**
     * "final" only (decision 084): the last day to pay that the notice named. The automatic
     * cancellation never comes before the day after it, whatever the settings say later.
     */
    deadline: date("deadline"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.dueDate, t.kind] }),
    check("payment_reminder_kind_check", sql`${t.kind} in ('upcoming', 'overdue', 'final')`),
    check(
      "payment_reminder_deadline_check",
      sql`(${t.kind} = 'final') = (${t.deadline} is not null)`,
    ),
    check(
      "payment_reminder_instalment_check",
      sql`${t.instalment} in ('deposit', 'balance', 'full')`,
    ),
  ],
);

/**
 * Money owed back to a guest after a cancellation (spec/09-payments.md "Cancellation and
 * refunds", decision 047): what was paid above the cancellation fee. A bank-transfer refund is
 * "open" until an admin transfers the money and marks it refunded with the day; online methods
 * (Stripe, another branch) plug in with their own method and status. The trigger on this table
 * keeps booking.amount_refunded and booking.payment_status ('refunded' once every refund item of
 * the booking is refunded).
 */
export const refund = pgTable(
  "refund",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => booking.id, { onDelete: "cascade" }),
    method: text("method").notNull().default("bank-transfer"),
    /** cents */
    amount: integer("amount").notNull(),
    status: text("status").notNull().default("open"),
    /** the day the money was sent back; set exactly while status is "refunded" */
    refundedOn: date("refunded_on"),
    note: text("note").notNull().default(""),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    refundedBy: uuid("refunded_by").references(() => user.id, { onDelete: "set null" }),
    /**
     * Online refunds (decision 049): why the item exists ("cancellation" or "late-payment"),
     * how often it was sent to Stripe, when the retry job may send it again (while "open") or
     * ask Stripe about it (while "pending", decision 051) or take up a dead send again (while
     * "sending", decision 072), and the last failure (shown to the admin). Bank-transfer items
     * leave them at their defaults.
     */
    reason: text("reason").notNull().default("cancellation"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    ...timestamps,
  },
  (t) => [
    check("refund_reason_check", sql`${t.reason} in ('cancellation', 'late-payment')`),
    check("refund_amount_check", sql`${t.amount} > 0`),
    check(
      "refund_method_check",
      sql`${t.method} in ('bank-transfer', 'credit-card', 'paypal', 'sepa-debit')`,
    ),
    // "pending": sent to Stripe, shown as "Erstattung veranlasst" until Stripe confirms it.
    // "sending": on its way to Stripe right now, claimed with a lease in next_attempt_at
    // (decision 072); nothing may change or remove it meanwhile.
    check("refund_status_check", sql`${t.status} in ('open', 'sending', 'pending', 'refunded')`),
    check(
      "refund_refunded_on_check",
      sql`(${t.status} = 'refunded') = (${t.refundedOn} is not null)`,
    ),
    index("refund_booking_idx").on(t.bookingId, t.createdAt),
    // At most one open (not yet sent or paid back) refund per booking and method (decision
    // 086): money that comes later adds to the item of the way it goes back. Card, PayPal or
    // SEPA money through Stripe, a transfer by hand; a booking has one online method, so at most
    // an online item and a bank-transfer item are open beside each other. An item already at
    // Stripe ("pending") may have a newer open one beside it (decision 051); what a cancellation
    // opens is computed net of the items before it (refunds.server.ts).
    uniqueIndex("refund_one_open_per_method_idx")
      .on(t.bookingId, t.method)
      .where(sql`${t.status} = 'open'`),
    // The retry job's work list: online refunds not (yet) accepted by Stripe.
    index("refund_online_open_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'open' and ${t.method} <> 'bank-transfer'`),
  ],
);

/**
 * Charging the balance of an online booking off-session (decision 049): one row per booking and
 * due date, claimed by the job before it calls Stripe (insert for the first attempt, a
 * conditional update for a retry at most once a day), so several processes charge it once.
 * A failure keeps the error for the admin and the Checkout Session of the payment link the guest
 * was e-mailed; paying through that link records the payment like the first checkout.
 */
export const balanceCharge = pgTable(
  "balance_charge",
  {
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => booking.id, { onDelete: "cascade" }),
    dueDate: date("due_date").notNull(),
    /** cents asked for at the last attempt */
    amount: integer("amount").notNull(),
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(1),
    lastAttemptOn: date("last_attempt_on").notNull(),
    paymentIntentId: text("payment_intent_id"),
    lastError: text("last_error"),
    checkoutSessionId: text("checkout_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.dueDate] }),
    check("balance_charge_status_check", sql`${t.status} in ('processing', 'succeeded', 'failed')`),
    check("balance_charge_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * The refunds made at Stripe for a refund item (decision 049): one per PaymentIntent the money
 * came from (a deposit and a balance are two), by Stripe's refund id. A refund item becomes
 * "refunded" once all of its Stripe refunds succeeded (signed webhook); a failed one sends the
 * item back to the retry job.
 */
export const stripeRefund = pgTable(
  "stripe_refund",
  {
    id: text("id").primaryKey(),
    refundId: uuid("refund_id")
      .notNull()
      .references(() => refund.id, { onDelete: "cascade" }),
    paymentIntentId: text("payment_intent_id").notNull(),
    /** cents */
    amount: integer("amount").notNull(),
    /** Stripe's status: pending | requires_action | succeeded | failed | canceled */
    status: text("status").notNull(),
    ...timestamps,
  },
  (t) => [
    check("stripe_refund_amount_check", sql`${t.amount} > 0`),
    index("stripe_refund_refund_idx").on(t.refundId),
    index("stripe_refund_intent_idx").on(t.paymentIntentId),
  ],
);

export const review = pgTable(
  "review",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .unique()
      .references(() => booking.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => property.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    text: text("text").notNull(),
    isHidden: boolean("is_hidden").notNull().default(false),
    /**
     * Moderation (/admin/bewertungen, decision 032): the public reason category of a hidden
     * review (REVIEW_HIDE_REASONS; /bewertungen counts hidden reviews by it), the admin's note
     * (admins only), who hid it and when. Set exactly while is_hidden is true.
     */
    hiddenReason: text("hidden_reason"),
    hiddenNote: text("hidden_note"),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: uuid("hidden_by").references(() => user.id, { onDelete: "set null" }),
    /** The operator's public answer under the review: text, who, when (null: none). */
    ownerReply: text("owner_reply"),
    ownerReplyAt: timestamp("owner_reply_at", { withTimezone: true }),
    ownerReplyBy: uuid("owner_reply_by").references(() => user.id, { onDelete: "set null" }),
    helpfulCount: integer("helpful_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("review_rating_check", sql`${t.rating} between 1 and 5`),
    check(
      "review_hidden_reason_check",
      sql`(${t.isHidden} and ${t.hiddenReason} is not null) or (not ${t.isHidden} and ${t.hiddenReason} is null)`,
    ),
    index("review_property_idx").on(t.propertyId, t.createdAt.desc()),
    index("review_user_idx").on(t.userId),
    // /admin/bewertungen: newest first, optionally only the hidden ones; also the home page's
    // ranking over the reviews of the last 12 months (decision 031).
    index("review_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("review_hidden_created_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isHidden}`),
  ],
);

export const reviewVote = pgTable(
  "review_vote",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => review.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

export const contactMessage = pgTable(
  "contact_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The visitor's site language when they wrote: the admin's reply is sent in it. */
    language: text("language").notNull().default("de"),
    /** /admin/nachrichten (decision 032): null = unread; archived messages leave the inbox. */
    readAt: timestamp("read_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("contact_message_language_check", sql`${t.language} in ('de', 'en')`),
    index("contact_message_inbox_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    index("contact_message_archive_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is not null`),
    // The sidebar's unread count.
    index("contact_message_unread_idx")
      .on(t.createdAt)
      .where(sql`${t.readAt} is null and ${t.archivedAt} is null`),
  ],
);

/** An admin's answer to a contact message, sent by e-mail through the outbox. */
export const contactReply = pgTable(
  "contact_reply",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessage.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => user.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    /** The queued e-mail, for its delivery state in the admin. */
    emailId: uuid("email_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_reply_message_idx").on(t.messageId, t.createdAt)],
);

export const newsletterSubscription = pgTable(
  "newsletter_subscription",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    status: text("status").notNull().default("pending"),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`),
    check("newsletter_status_check", sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
    // /admin/newsletter: newest first, by status; the e-mail search is a trigram index
    // (hand-written in the migration).
    index("newsletter_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("newsletter_status_created_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => user.id, { onDelete: "set null" }),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt.desc()),
    // /admin/audit: newest first, optionally by entity kind or by admin.
    index("audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_log_entity_kind_idx").on(t.entity, t.createdAt.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt.desc()),
  ],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    template: text("template").notNull(),
    /** The booking an e-mail is about, for the booking's history in /admin/bookings/{id}. */
    bookingId: uuid("booking_id").references(() => booking.id, { onDelete: "set null" }),
    data: jsonb("data").notNull().default({}),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    index("email_outbox_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("email_outbox_booking_idx")
      .on(t.bookingId, t.createdAt.desc())
      .where(sql`${t.bookingId} is not null`),
  ],
);

/**
 * The operator's own page texts (issue 15, decision 030): one row per saved version of a
 * content page in one language; the newest version is the one guests see, and with none the
 * shipped `content/<language>/<page>.json` is. Rows are never changed: a restore copies an older
 * body into a new version, so the history says who put which text up when.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    page: text("page").notNull(),
    language: text("language").notNull(),
    /** 1, 2, 3 … per page and language; the unique index refuses a second save of one number. */
    version: integer("version").notNull(),
    body: jsonb("body").notNull(),
    /** The version a restore copied, or null for a save from the form. */
    restoredFrom: integer("restored_from"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_version_page_idx").on(t.page, t.language, t.version),
    check("content_version_language_check", sql`${t.language} in ('de', 'en')`),
    check("content_version_number_check", sql`${t.version} > 0`),
  ],
);

/**
 * The AGB as a guest saw them when booking (decision 087): the text of `/agb` in one language
 * with its placeholders filled and its conditional blocks resolved from the settings of that
 * moment (deposit, due days, offered payment methods), merged over the release's shipped text.
 * Neither the content version alone (a stored body is merged over each release's default; the
 * shipped text itself changes with releases) nor the page as it renders today can say that.
 * One row per distinct text: bookings under the same AGB share it (`hash`). Never changed or
 * deleted; `booking.terms_snapshot_id` points here.
 */
export const termsSnapshot = pgTable(
  "terms_snapshot",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    language: text("language").notNull(),
    /**
     * The operator's saved version of the AGB in this language (`content_version.version` of
     * page "terms") the text came from; null: the text shipped with the release, as nothing was
     * saved.
     */
    contentVersion: integer("content_version"),
    /** The resolved text (`LegalContent`: title, "Stand", intro, sections). */
    body: jsonb("body").notNull(),
    /** sha256 of language, content version and body: the same text is stored once. */
    hash: text("hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("terms_snapshot_language_check", sql`${t.language} in ('de', 'en')`)],
);

/**
 * An unsaved draft an admin asked to preview: the public page shows it to admins who open the
 * page with `?vorschau=<id>`, so the preview is the real page as guests will see it. Kept a
 * day; nobody but an admin ever reads one.
 */
export const contentPreview = pgTable(
  "content_preview",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    page: text("page").notNull(),
    language: text("language").notNull(),
    body: jsonb("body").notNull(),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_preview_created_idx").on(t.createdAt)],
);

/**
 * The rows the demo seed created (decision 033): what "Demodaten entfernen" may delete. Written
 * by the seed in the same transaction as the rows; a row the operator made is never listed, so
 * removal never guesses from names or e-mail addresses (apart from the one-off backfill of
 * migration for databases seeded before this table existed).
 */
export const demoRecord = pgTable(
  "demo_record",
  {
    /** "user" | "property" | "booking" | "bank_account" */
    entity: text("entity").notNull(),
    entityId: uuid("entity_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entity, t.entityId] }),
    check(
      "demo_record_entity_check",
      sql`${t.entity} in ('user', 'property', 'booking', 'bank_account')`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Occupancy: bookings, blocks and imported calendar events (spec/10, issue 18, decision 045)
// ---------------------------------------------------------------------------------------------

/**
 * Every occupied stay of a property, whatever holds it: a non-cancelled booking, an admin block
 * or an imported event (whole when active, its free nights when in conflict). Kept by triggers on `booking`, `property_block` and
 * `external_event` (hand-written migration), never written by the app. Its exclusion constraint
 * `occupancy_no_overlap` is the one guarantee that no two of them share a night; the search and
 * the calendars read this one table.
 */
export const occupancy = pgTable(
  "occupancy",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => property.id, { onDelete: "cascade" }),
    checkIn: date("check_in").notNull(),
    checkOut: date("check_out").notNull(),
    kind: text("kind").$type<"booking" | "block" | "external">().notNull(),
    /**
     * The booking, block or external event this row mirrors. A booking or block has one row; an
     * imported event in conflict may have several (its free stretches, decision 064).
     */
    sourceId: uuid("source_id").notNull(),
    /** When these dates were written (a move writes a new row): the export's DTSTAMP. */
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("occupancy_dates_check", sql`${t.checkOut} > ${t.checkIn}`),
    check("occupancy_kind_check", sql`${t.kind} in ('booking', 'block', 'external')`),
    // An imported event in conflict holds each of its free stretches as a row (decision 064).
    uniqueIndex("occupancy_source_idx").on(t.kind, t.sourceId, t.checkIn),
  ],
);

/** An admin's block of nights (Eigennutzung, Wartung, Sonstiges): not bookable, not sold. */
export const propertyBlock = pgTable(
  "property_block",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => property.id, { onDelete: "cascade" }),
    checkIn: date("check_in").notNull(),
    checkOut: date("check_out").notNull(),
    reason: text("reason").$type<"own-use" | "maintenance" | "other">().notNull(),
    note: text("note").notNull().default(""),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("property_block_dates_check", sql`${t.checkOut} > ${t.checkIn}`),
    check("property_block_reason_check", sql`${t.reason} in ('own-use', 'maintenance', 'other')`),
    index("property_block_property_idx").on(t.propertyId, t.checkIn),
  ],
);

/** The secret of a property's iCal export URL (/ical/<token>.ics); "Link erneuern" replaces it. */
export const icalExport = pgTable("ical_export", {
  propertyId: uuid("property_id")
    .primaryKey()
    .references(() => property.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  rotatedAt: timestamp("rotated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An imported calendar (Airbnb, Booking.com, …) of one property, polled every 15 minutes. */
export const icalFeed = pgTable(
  "ical_feed",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => property.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    channel: text("channel").$type<"airbnb" | "booking-com" | "vrbo" | "other">().notNull(),
    /** The feed's DTEND is the last night instead of the departure day. */
    isEndLastNight: boolean("is_end_last_night").notNull().default(false),
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /**
     * A sync in progress holds the feed until then (claimed by one UPDATE), so with several app
     * processes each feed is fetched by one at a time; a crashed sync's lease simply runs out.
     */
    syncLeaseUntil: timestamp("sync_lease_until", { withTimezone: true }),
    /** When the admins were told the feed is stale; cleared by the next successful sync. */
    staleNotifiedAt: timestamp("stale_notified_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check(
      "ical_feed_channel_check",
      sql`${t.channel} in ('airbnb', 'booking-com', 'vrbo', 'other')`,
    ),
    index("ical_feed_property_idx").on(t.propertyId),
    index("ical_feed_next_sync_idx").on(t.nextSyncAt),
  ],
);

/** One sync of a feed: what came back and what it changed. */
export const icalSyncLog = pgTable(
  "ical_sync_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    feedId: uuid("feed_id")
      .notNull()
      .references(() => icalFeed.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    result: text("result").$type<"ok" | "failed">().notNull(),
    httpStatus: integer("http_status"),
    added: integer("added").notNull().default(0),
    changed: integer("changed").notNull().default(0),
    removed: integer("removed").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    error: text("error"),
  },
  (t) => [
    check("ical_sync_log_result_check", sql`${t.result} in ('ok', 'failed')`),
    index("ical_sync_log_feed_idx").on(t.feedId, t.createdAt.desc()),
  ],
);

/**
 * An event of an imported feed, keyed by (feed, UID). `status` is set by the trigger that
 * mirrors it into `occupancy`: 'active' when it holds all its nights, 'conflict' while some of
 * them are held by a booking, block or another event (then it holds the rest, the admins are
 * alerted, and it takes the others as soon as they are freed: decision 064).
 */
export const externalEvent = pgTable(
  "external_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    feedId: uuid("feed_id")
      .notNull()
      .references(() => icalFeed.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => property.id, { onDelete: "cascade" }),
    uid: text("uid").notNull(),
    checkIn: date("check_in").notNull(),
    checkOut: date("check_out").notNull(),
    kind: text("kind").$type<"booking" | "block">().notNull(),
    status: text("status").$type<"active" | "conflict">().notNull().default("active"),
    /** Successful non-empty fetches in a row that lacked this event; released at 2. */
    missingCount: integer("missing_count").notNull().default(0),
    conflictNotifiedAt: timestamp("conflict_notified_at", { withTimezone: true }),
    /**
     * An admin marked the conflict as settled ("Konflikt als erledigt markieren"): it stays
     * stored (holding only its free nights) but no longer shows on the dashboard. Cleared
     * when the feed moves the event, so a changed conflict comes back.
     */
    conflictAcknowledgedAt: timestamp("conflict_acknowledged_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("external_event_dates_check", sql`${t.checkOut} > ${t.checkIn}`),
    check("external_event_kind_check", sql`${t.kind} in ('booking', 'block')`),
    check("external_event_status_check", sql`${t.status} in ('active', 'conflict')`),
    uniqueIndex("external_event_feed_uid_idx").on(t.feedId, t.uid),
    index("external_event_conflict_idx")
      .on(t.propertyId)
      .where(sql`${t.status} = 'conflict'`),
  ],
);
