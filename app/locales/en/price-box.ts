import type de from "../de/price-box";

const priceBox: typeof de = {
  heading: "Price and availability",
  perNight: "per night",
  offer: "Offer",
  offerPrice: "Offer price",
  regularPrice: "Regular price",
  selectDates: "Select dates",
  bookNow: "Book now",
  signInNote: "To book, sign in or create a free account.",
  check: "Check availability",
  problem: {
    invalidDate: "Please enter valid dates.",
    checkInPast: "The check-in date cannot be in the past.",
    tooFarAhead_one: "Bookings can be made at most {{count}} month in advance.",
    tooFarAhead_other: "Bookings can be made at most {{count}} months in advance.",
    checkOutBeforeCheckIn: "The check-out date must be after the check-in date.",
    tooShort_one: "The minimum stay is {{count}} night.",
    tooShort_other: "The minimum stay is {{count}} nights.",
    tooLong_one: "The maximum stay is {{count}} night.",
    tooLong_other: "The maximum stay is {{count}} nights.",
    booked: "The selected dates are already booked",
    arrivalDay: "Arrival is not possible on this day.",
    departureDay: "Departure is not possible on this day.",
    seasonTooShort_one: "The minimum stay in this period is {{count}} night.",
    seasonTooShort_other: "The minimum stay in this period is {{count}} nights.",
  },
  guestsCorrected_one:
    "This property sleeps at most {{count}} guest – we have adjusted the number.",
  guestsCorrected_other:
    "This property sleeps at most {{count}} guests – we have adjusted the number.",
  bar: {
    nightlyFrom: "from {{price}} / night",
    stay_one: "{{count}} night · {{total}}",
    stay_other: "{{count}} nights · {{total}}",
    allFees: "incl. all fees",
  },
};

export default priceBox;
