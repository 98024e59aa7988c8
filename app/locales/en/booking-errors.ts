import type de from "../de/booking-errors";

const bookingErrors: typeof de = {
  ownOverlap: "You already have a booking for these dates",
  failed: "The booking could not be created",
  paymentUnavailable: "This payment method is currently not available.",
  sepaTooLate:
    "SEPA Direct Debit is only possible when arrival is at least 14 days away. Please choose another payment method.",
  priceChanged:
    "The price of this stay has changed in the meantime: it is now {{total}}. Please check the summary and book again.",
  termsChanged:
    "The cancellation or payment terms have changed in the meantime. Nothing was booked. Please check the updated terms and book again.",
  paymentStartFailed:
    "The payment could not be started. The dates are free again – please try again.",
  propertyNotFound: "Property not found",
  pendingLimit:
    "You already have {{count}} unpaid bookings. Please pay for or cancel one of them before making a new booking.",
  pendingLimit_one:
    "You already have an unpaid booking. Please pay for or cancel it before making a new booking.",
  unavailable:
    "Bookings are not possible right now. Nothing was booked. Please try again in a few minutes.",
  tooManyAttempts: "Too many booking attempts. Please wait a little and try again within the hour.",
  invalid: "Please check your entries.",
};

export default bookingErrors;
