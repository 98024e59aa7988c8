import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public layout: top bar, header, content, footer.
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("reiseziele/:region", "routes/public/destination.tsx"),
    route("angebote", "routes/public/offers.tsx"),
    route("ueber-uns", "routes/public/about.tsx"),
    route("kontakt", "routes/public/contact.tsx"),
    route("buchungsprozess", "routes/public/booking-process.tsx"),
    route("zahlungsmethoden", "routes/public/payment-methods.tsx"),
    route("bewertungen", "routes/public/reviews.tsx"),
    route("faq", "routes/public/faq.tsx"),
    route("reisepakete", "routes/public/travel-packages.tsx"),
    route("hotelbuchung", "routes/public/hotel-booking.tsx"),
    route("flugbuchung", "routes/public/flight-booking.tsx"),
    route("reiseversicherung", "routes/public/travel-insurance.tsx"),
    route("datenschutz", "routes/public/privacy.tsx"),
    route("agb", "routes/public/terms.tsx"),
    route("impressum", "routes/public/imprint.tsx"),
    route("properties", "routes/public/properties.tsx"),
    route("properties/:id", "routes/public/property.tsx"),
    route("properties/:id/book", "routes/public/book.tsx"),
    // Guest dashboard: inside the site's top bar and header (language switch, menu), with its
    // own sidebar and footer line instead of the public footer (issue 16, decision 039).
    layout("routes/dashboard/layout.tsx", [
      route("dashboard", "routes/dashboard/overview.tsx"),
      route("dashboard/bookings", "routes/dashboard/bookings.tsx"),
      route("dashboard/profile", "routes/dashboard/profile.tsx"),
      route("dashboard/settings", "routes/dashboard/settings.tsx"),
      route("dashboard/reviews", "routes/dashboard/reviews.ts"),
    ]),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Standalone pages.
  route("auth", "routes/auth/auth.tsx"),
  route("auth/logout", "routes/auth/logout.ts"),
  route("auth/passwort-vergessen", "routes/auth/forgot-password.tsx"),
  route("auth/passwort-zuruecksetzen", "routes/auth/reset-password.tsx"),
  // The link of "Bestätigungs-E-Mail senden" in /dashboard/settings (decision 077).
  route("auth/adresse-bestaetigen", "routes/auth/confirm-address.tsx"),
  route("booking-success", "routes/booking/success.tsx"),
  // "In Kalender eintragen": the stay as an .ics file, for its guest (or an admin) only.
  route("booking-success/calendar.ics", "routes/booking/calendar-ics.ts"),
  route("newsletter/bestaetigen", "routes/newsletter/confirm.tsx"),
  route("newsletter/abmelden", "routes/newsletter/unsubscribe.tsx"),

  // Admin area: the layout AND every loader/action below check the role on the server.
  route("admin/dashboard.csv", "routes/admin/dashboard-csv.ts"),
  // Property photos, one per request from the property form's uploader (JSON, no page).
  route("admin/properties/images", "routes/admin/property-images-upload.ts"),
  // "Mit KI optimieren" beside the property description: POST only, answers JSON.
  route("admin/properties/ai", "routes/admin/property-ai.ts"),
  route("admin/properties/properties_template.csv", "routes/admin/properties-template-csv.ts"),
  // The newsletter subscribers of /admin/newsletter's search and filter as CSV.
  route("admin/newsletter.csv", "routes/admin/newsletter-csv.ts"),
  // "Auskunft herunterladen" of /admin/datenschutz-anfragen: POST only, answers the JSON file.
  route("admin/datenschutz-anfragen/auskunft", "routes/admin/data-request-export.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("properties", "routes/admin/properties.tsx"),
    route("properties/add", "routes/admin/property-form.tsx", { id: "admin-property-add" }),
    route("properties/edit/:id", "routes/admin/property-form.tsx", { id: "admin-property-edit" }),
    // The edit page's "Saisonzeiten" forms post here (issue 18, decision 046).
    route("properties/edit/:id/seasons", "routes/admin/property-seasons.tsx"),
    route("properties/:id", "routes/admin/property-redirect.ts"),
    // Blocks, iCal export link and imported calendars of one property (decision 045).
    route("properties/:id/kalender", "routes/admin/property-calendar.tsx"),
    // The Belegungsplan: all properties × days, blocks by selecting a range (decision 050).
    route("kalender", "routes/admin/occupancy-plan.tsx"),
    route("bookings", "routes/admin/bookings.tsx"),
    route("bookings/:id", "routes/admin/booking-detail.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("bankkonten", "routes/admin/bank-accounts.tsx"),
    route("inhalte", "routes/admin/content.tsx"),
    route("inhalte/:page", "routes/admin/content-edit.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("properties/import", "routes/admin/properties-import.tsx"),
    route("nachrichten", "routes/admin/inbox.tsx"),
    route("nachrichten/:id", "routes/admin/inbox-message.tsx"),
    route("bewertungen", "routes/admin/reviews.tsx"),
    route("newsletter", "routes/admin/newsletter.tsx"),
    // Art. 15/17 DSGVO requests by e-mail address (decision 085).
    route("datenschutz-anfragen", "routes/admin/data-requests.tsx"),
  ]),

  // Resource routes.
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  // A property's occupancy for Airbnb, Booking.com, …: /ical/<secret token>.ics (decision 045).
  route("ical/:file", "routes/ical/export.ts"),
  route("manifest.webmanifest", "routes/seo/manifest.ts"),
  ...prefix("api", [
    route("auth/*", "routes/api/auth.ts"),
    route("events", "routes/api/events.ts"),
    route("language", "routes/api/language.ts"),
    route("newsletter", "routes/api/newsletter.ts"),
    // Stripe's signed webhook (decision 044): public, guarded by the signature alone.
    route("stripe/webhook", "routes/api/stripe-webhook.ts"),
  ]),
] satisfies RouteConfig;
