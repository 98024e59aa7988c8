import type de from "../de/stay";

const stay: typeof de = {
  notFound: "Property not found",
  notFoundText: "This property does not exist or is currently not available.",
  loadFailed: "The property could not be loaded",
  loadFailedText: "Please try again later.",
  backToSearch: "Back to search",
  freeCancellation: "Free cancellation until {{date}}",
  freeCancellationAt: "Free cancellation until {{date}}, {{time}}",
  notFree: "No free cancellation",
  feeAfter: "After that the cancellation fee is {{percentage}} % of the total price.",
  fee: "Cancellation fee: {{percentage}} % of the total price.",
  touristTax: "Tourist tax",
  checkIn: "Check-in",
  checkOut: "Check-out",
  guests: "Guests",
  guestOption_one: "{{count}} guest",
  guestOption_other: "{{count}} guests",
  breakdown: "Price breakdown",
  nightsTimesPrice_one: "{{price}} × {{count}} night",
  nightsTimesPrice_other: "{{price}} × {{count}} nights",
  longStayDiscount: "Long-stay discount ({{percent}} %)",
  cleaningFee: "Cleaning fee",
  serviceFee: "Service fee",
  total: "Total",
  picker: {
    chooseDate: "Add date",
    bookedPeriods: "Already booked:",
    /** Shown for the moment the calendar's code takes to load (decision 043). */
    loading: "Loading the calendar …",
  },
};

export default stay;
