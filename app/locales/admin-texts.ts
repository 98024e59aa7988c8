/**
 * The admin area's texts, registered when an admin page's module loads (server and browser):
 * guests' pages do not download them (decision 025). Import this module for its effect from
 * every admin route.
 */
import { registerTexts } from "~/lib/i18n";
import adminAuditDe from "./de/admin-audit";
import adminBookingsDe from "./de/admin-bookings";
import adminContentDe from "./de/admin-content";
import adminDashboardDe from "./de/admin-dashboard";
import adminPropertiesDe from "./de/admin-properties";
import adminPropertyAiDe from "./de/admin-property-ai";
import adminUsersDe from "./de/admin-users";
import bankAccountsDe from "./de/bank-accounts";
import propertyImagesDe from "./de/property-images";
import csvImportDe from "./de/csv-import";
import adminOpeningHoursDe from "./de/admin-opening-hours";
import adminInboxDe from "./de/admin-inbox";
import adminNewsletterDe from "./de/admin-newsletter";
import adminReviewsDe from "./de/admin-reviews";
import adminFactsDe from "./de/admin-facts";
import adminPaymentsDe from "./de/admin-payments";
import adminSeasonsDe from "./de/admin-seasons";
import adminCalendarDe from "./de/admin-calendar";
import adminOccupancyDe from "./de/admin-occupancy";
import adminSettingsDe from "./de/admin-settings";
import adminDataRequestsDe from "./de/admin-data-requests";
import adminAuditEn from "./en/admin-audit";
import adminBookingsEn from "./en/admin-bookings";
import adminContentEn from "./en/admin-content";
import adminDashboardEn from "./en/admin-dashboard";
import adminPropertiesEn from "./en/admin-properties";
import adminPropertyAiEn from "./en/admin-property-ai";
import adminUsersEn from "./en/admin-users";
import bankAccountsEn from "./en/bank-accounts";
import propertyImagesEn from "./en/property-images";
import csvImportEn from "./en/csv-import";
import adminOpeningHoursEn from "./en/admin-opening-hours";
import adminInboxEn from "./en/admin-inbox";
import adminNewsletterEn from "./en/admin-newsletter";
import adminReviewsEn from "./en/admin-reviews";
import adminFactsEn from "./en/admin-facts";
import adminPaymentsEn from "./en/admin-payments";
import adminSeasonsEn from "./en/admin-seasons";
import adminCalendarEn from "./en/admin-calendar";
import adminOccupancyEn from "./en/admin-occupancy";
import adminSettingsEn from "./en/admin-settings";
import adminDataRequestsEn from "./en/admin-data-requests";

registerTexts("de", {
  settings: adminSettingsDe,
  bankAccounts: bankAccountsDe,
  adminBookings: adminBookingsDe,
  adminUsers: adminUsersDe,
  adminAudit: adminAuditDe,
  adminDashboard: adminDashboardDe,
  adminProperties: adminPropertiesDe,
  propertyImages: propertyImagesDe,
  adminPropertyAi: adminPropertyAiDe,
  csvImport: csvImportDe,
  adminContent: adminContentDe,
  adminOpeningHours: adminOpeningHoursDe,
  adminInbox: adminInboxDe,
  adminReviews: adminReviewsDe,
  adminNewsletter: adminNewsletterDe,
  adminFacts: adminFactsDe,
  adminPayments: adminPaymentsDe,
  adminSeasons: adminSeasonsDe,
  adminCalendar: adminCalendarDe,
  adminOccupancy: adminOccupancyDe,
  adminDataRequests: adminDataRequestsDe,
});
registerTexts("en", {
  settings: adminSettingsEn,
  bankAccounts: bankAccountsEn,
  adminBookings: adminBookingsEn,
  adminUsers: adminUsersEn,
  adminAudit: adminAuditEn,
  adminDashboard: adminDashboardEn,
  adminProperties: adminPropertiesEn,
  propertyImages: propertyImagesEn,
  adminPropertyAi: adminPropertyAiEn,
  csvImport: csvImportEn,
  adminContent: adminContentEn,
  adminOpeningHours: adminOpeningHoursEn,
  adminInbox: adminInboxEn,
  adminReviews: adminReviewsEn,
  adminNewsletter: adminNewsletterEn,
  adminFacts: adminFactsEn,
  adminPayments: adminPaymentsEn,
  adminSeasons: adminSeasonsEn,
  adminCalendar: adminCalendarEn,
  adminOccupancy: adminOccupancyEn,
  adminDataRequests: adminDataRequestsEn,
});
