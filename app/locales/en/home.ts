import type de from "../de/home";

const home: typeof de = {
  heroLabel: "Selected apartments",
  heroPause: "Pause the slideshow",
  heroPlay: "Resume the slideshow",
  searchLabel: "Search apartments",
  destination: "Destination",
  destinationPlaceholder: "City or country, e.g. Sylt",
  checkIn: "Arrival",
  checkOut: "Departure",
  guestsLabel: "Guests",
  search: "Search",
  searchErrors: {
    checkInPast: "The arrival date must not be in the past.",
    checkOutBeforeCheckIn: "The departure must be after the arrival.",
    checkOutWithoutCheckIn: "Please choose an arrival date first.",
    invalidDate: "Please enter a valid date.",
  },
  featured: "Popular apartments",
  featuredError: "Error loading the apartments.",
  featuredEmpty: "No apartments available.",
  recommended: "Recommendations",
  recommendedError: "Error loading the recommendations.",
  recommendedEmpty: "No recommendations available.",
  newHeading: "New with us",
  newBadge: "New with us",
  reasons: {
    offer: "Offer: −{{percent}}%",
    rating_one: "★ {{rating}} ({{count}} review)",
    rating_other: "★ {{rating}} ({{count}} reviews)",
    pets: "Pets allowed",
  },
  readMore: "Read more",
  newsletterHeading: "Subscribe to the newsletter",
  newsletterText:
    "Travel ideas and offers about once a month – unsubscribe at any time with one click.",
  guests_one: "{{count}} guest",
  guests_other: "{{count}} guests",
  bedrooms_one: "{{count}} bedroom",
  bedrooms_other: "{{count}} bedrooms",
  /** After "Konto löschen" (/dashboard/settings) the guest lands here. */
  accountDeleted: "Your account has been deleted.",
};

export default home;
