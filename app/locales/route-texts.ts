/**
 * The German texts of single pages and areas, all of them: what the server registers at start
 * (`all-languages.server.ts`) and what `Catalogue` adds to the core of `de.ts`, so `en.ts` must
 * translate every key. In the browser each set comes with the modules that show it, through its
 * registrar in `./texts/` (decision 055); nothing in the browser imports this file.
 */
import accountSettings from "./de/account-settings";
import admin from "./de/admin-core";
import auth from "./de/auth";
import booking from "./de/booking";
import bookingErrors from "./de/booking-errors";
import bookingPage from "./de/booking-page";
import bookingSuccess from "./de/booking-success";
import calendar from "./de/calendar";
import contact from "./de/contact";
import cookies from "./de/cookies";
import dashboard from "./de/dashboard";
import footer from "./de/footer";
import home from "./de/home";
import info from "./de/info";
import install from "./de/install";
import myBookings from "./de/my-bookings";
import newsletter from "./de/newsletter";
import pages from "./de/pages";
import passwordReset from "./de/password-reset";
import priceBox from "./de/price-box";
import profilePage from "./de/profile-page";
import property from "./de/property";
import reviews from "./de/reviews";
import search from "./de/search";
import stay from "./de/stay";

export const routeTextsDe = {
  accountSettings,
  admin,
  auth,
  booking,
  bookingErrors,
  bookingPage,
  bookingSuccess,
  calendar,
  contact,
  cookies,
  dashboard,
  footer,
  home,
  info,
  install,
  myBookings,
  newsletter,
  pages,
  passwordReset,
  priceBox,
  profilePage,
  property,
  reviews,
  search,
  stay,
};

export type RouteCatalogue = typeof routeTextsDe;

/**
 * Namespaces only the server shows (texts it sends worded, e.g. in an action's answer): no
 * registrar, and no browser module may use them.
 */
export const SERVER_ONLY = [
  "bookingErrors",
  "bookingPage",
] as const satisfies readonly (keyof RouteCatalogue)[];

/** Namespace → the registrar module in `./texts/` the browser imports for it. */
export const REGISTRARS: Record<
  Exclude<keyof RouteCatalogue, (typeof SERVER_ONLY)[number]>,
  string
> = {
  accountSettings: "account-settings",
  admin: "admin-core",
  auth: "auth",
  booking: "booking",
  bookingSuccess: "booking-success",
  calendar: "calendar",
  contact: "contact",
  cookies: "cookies",
  dashboard: "dashboard",
  footer: "footer",
  home: "home",
  info: "info",
  install: "install",
  myBookings: "my-bookings",
  newsletter: "newsletter",
  pages: "pages",
  passwordReset: "password-reset",
  priceBox: "price-box",
  profilePage: "profile-page",
  property: "property",
  reviews: "reviews",
  search: "search",
  stay: "stay",
};
