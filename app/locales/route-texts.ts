/**
 * The German texts of single pages and areas, all of them: what the server registers at start
 * (`all-languages.server.ts`) and what `Catalogue` adds to the core of `de.ts`, so `en.ts` must
 * translate every key. In the browser each set comes with the modules that show it, through its
 * registrar in `./texts/` (decision 055); nothing in the browser imports this file.
 */
import accountSettings from "./de/account-settings";
import auth from "./de/auth";
import booking from "./de/booking";
import bookingSuccess from "./de/booking-success";
import contact from "./de/contact";
import cookies from "./de/cookies";
import home from "./de/home";
import info from "./de/info";
import install from "./de/install";
import myBookings from "./de/my-bookings";
import pages from "./de/pages";
import passwordReset from "./de/password-reset";
import priceBox from "./de/price-box";
import profilePage from "./de/profile-page";
import property from "./de/property";
import search from "./de/search";

export const routeTextsDe = {
  accountSettings,
  auth,
  booking,
  bookingSuccess,
  contact,
  cookies,
  home,
  info,
  install,
  myBookings,
  pages,
  passwordReset,
  priceBox,
  profilePage,
  property,
  search,
};

export type RouteCatalogue = typeof routeTextsDe;

/** Namespace → the registrar module in `./texts/` the browser imports for it. */
export const REGISTRARS: Record<keyof RouteCatalogue, string> = {
  accountSettings: "account-settings",
  auth: "auth",
  booking: "booking",
  bookingSuccess: "booking-success",
  contact: "contact",
  cookies: "cookies",
  home: "home",
  info: "info",
  install: "install",
  myBookings: "my-bookings",
  pages: "pages",
  passwordReset: "password-reset",
  priceBox: "price-box",
  profilePage: "profile-page",
  property: "property",
  search: "search",
};
