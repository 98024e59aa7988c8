import type { Catalogue } from "./de";
import pagesTexts from "./en/pages";
import contactTexts from "./en/contact";
import newsletterTexts from "./en/newsletter";
import reviewsTexts from "./en/reviews";
import infoTexts from "./en/info";
import searchTexts from "./en/search";
import propertyTexts from "./en/property";
import stayTexts from "./en/stay";
import priceBoxTexts from "./en/price-box";
import calendarTexts from "./en/calendar";
import bookingTexts from "./en/booking";
import bookingErrorsTexts from "./en/booking-errors";
import bookingPageTexts from "./en/booking-page";
import bookingSuccessTexts from "./en/booking-success";
import passwordResetTexts from "./en/password-reset";
import accountSettingsTexts from "./en/account-settings";
import myBookingsTexts from "./en/my-bookings";
import profilePageTexts from "./en/profile-page";
import installTexts from "./en/install";
import cookiesTexts from "./en/cookies";
import homeTexts from "./en/home";
import authTexts from "./en/auth";

/** English translations; typed against the German catalogue so no key can be missing. */
const en: Catalogue = {
  common: {
    loading: "Loading...",
    home: "Home",
    backHome: "Back to the home page",
    close: "Close",
    save: "Save",
    requestId: "Request ID",
    perNight: "per night",
    from: "from",
    skipToContent: "Skip to content",
    /** Said by screen readers after a link with target="_blank". */
    opensInNewTab: "(opens in a new tab)",
  },
  pagination: {
    label: "Pages",
    previous: "Previous",
    next: "Next",
    page: "Page {{page}}",
    pageOf: "Page {{page}} of {{pages}}",
    pageCurrent: "Page {{page}}",
  },
  roles: { user: "User", admin: "Admin" },
  topbar: {
    label: "Contact and language",
    phone: "Phone",
    email: "E-mail",
    language: "Language",
    social: { facebook: "Facebook", instagram: "Instagram", x: "X" },
  },
  nav: {
    main: "Main menu",
    home: "Home",
    destinations: "Destinations",
    europe: "Europe",
    asia: "Asia",
    america: "America",
    africa: "Africa",
    offers: "Offers",
    about: "About us",
    contact: "Contact",
    signIn: "Sign in",
    register: "Register",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    userMenu: "User menu",
    dashboard: "Dashboard",
    settings: "Settings",
    admin: "Admin",
    signOut: "Sign out",
    logoAlt: "Logo",
  },
  footer: {
    contactHeading: "Contact",
    openingHoursLabel: "Opening hours",
    aboutGroup: "About us",
    servicesGroup: "Services",
    companyGroup: "Company",
    bookingProcess: "Booking process",
    paymentMethods: "Payment methods",
    reviews: "Reviews",
    faq: "FAQ",
    travelPackages: "Travel packages",
    hotelBooking: "Hotel booking",
    flightBooking: "Flight booking",
    travelInsurance: "Travel insurance",
    about: "About us",
    contact: "Contact",
    privacy: "Privacy policy",
    terms: "Terms and conditions",
    imprint: "Legal notice",
    badgeSecure: "Safe & trustworthy",
    badgePayment: "Secure payment",
    badgeWorldwide: "Worldwide service",
    cookieSettings: "Cookie settings",
    rights: "All rights reserved.",
    installApp: "Download the app",
    newsletterHeading: "Newsletter",
    /** The checkout's slim footer (issue 16). */
    legalLinks: "Legal",
  },
  errors: {
    notFoundTitle: "Page not found",
    notFoundText: "The page you requested does not exist or has been moved.",
    serverError: "An unexpected error occurred. Please try again later.",
    forbiddenTitle: "No access",
    forbiddenText: "You are not allowed to open this page.",
    sessionExpired: "Your session has expired. Please reload the page...",
    reload: "Reload page",
    generic: "An error occurred",
  },
  dashboard: {
    title: "Overview",
    greeting: "Hello {{name}}!",
    intro: "Manage your bookings, your profile and your settings here.",
    navLabel: "Account area",
    overview: "Overview",
    bookings: "My bookings",
    profile: "Profile",
    settings: "Settings",
    footerLabel: "Legal",
    admin: "Administration",
  },
  admin: {
    title: "Administration",
    navLabel: "Administration area",
    menu: "Menu",
    dashboard: "Dashboard",
    settings: "Settings",
    backToSite: "Back to the website",
    welcome: "Welcome to the administration area.",
  },
  pages: pagesTexts,
  contact: contactTexts,
  newsletter: newsletterTexts,
  reviews: reviewsTexts,
  info: infoTexts,
  search: searchTexts,
  property: propertyTexts,
  stay: stayTexts,
  priceBox: priceBoxTexts,
  calendar: calendarTexts,
  booking: bookingTexts,
  bookingErrors: bookingErrorsTexts,
  bookingPage: bookingPageTexts,
  bookingSuccess: bookingSuccessTexts,
  passwordReset: passwordResetTexts,
  accountSettings: accountSettingsTexts,
  myBookings: myBookingsTexts,
  profilePage: profilePageTexts,
  install: installTexts,
  cookies: cookiesTexts,
  home: homeTexts,
  auth: authTexts,
  paymentMethods: {
    "bank-transfer": "Bank transfer",
    "credit-card": "Credit card",
    paypal: "PayPal",
    "sepa-debit": "SEPA Direct Debit",
  },
};

export default en;
