import type de from "../de/my-bookings";

const myBookings: typeof de = {
  overview: {
    description: "Your bookings, spending and reviews at a glance.",
    statsLabel: "Your numbers",
    activeBookings: "Active bookings",
    totalBookings: "Total bookings",
    totalSpent: "Total spent",
    reviews: "Your reviews",
    noReviews: "–",
    reviewAverage: "Ø {{average}} of 5 stars",
    recentHeading: "Recent bookings",
    allBookings: "All bookings",
    noBookings: "You have no bookings yet.",
    profileHeading: "Your profile",
    toProfile: "Edit profile",
    noName: "No name given",
    missingName: "name",
    missingPhone: "phone number",
    profileIncomplete:
      "Please add to your profile: {{fields}}. This lets us reach you about your booking.",
  },
  list: {
    title: "My bookings",
    description: "Your upcoming and past bookings, details and cancellation.",
    tabsLabel: "Period",
    upcoming: "Upcoming",
    past: "Past",
    filterLabel: "Search bookings",
    search: "Property or location",
    status: "Status",
    statusAll: "All",
    apply: "Search",
    reset: "Reset filters",
    emptyUpcoming: "No upcoming bookings",
    emptyPast: "No past bookings",
    discover: "Discover properties",
    count_one: "{{count}} booking",
    count_other: "{{count}} bookings",
    dates: "Dates",
    details: "Details",
    detailsFor: "Details of booking {{number}}",
    cancel: "Cancel",
    cancelFor: "Cancel booking {{number}}",
    cancellationFee: "Cancellation fee",
    free: "free of charge",
    cancelled: "Booking {{number}} has been cancelled. Cancellation fee: {{fee}}.",
    cancelledFree: "Booking {{number}} has been cancelled free of charge.",
  },
  detail: {
    title: "Booking {{number}}",
    cancellationFee: "Cancellation fee",
  },
  cancel: {
    title: "Cancel booking",
    question:
      "Do you really want to cancel booking {{number}} ({{property}}, {{checkIn}} – {{checkOut}})?",
    free: "Cancelling is free of charge.",
    freeUntil: "Free until {{date}}, {{time}}.",
    fee: "Cancellation fee: {{fee}} ({{percentage}} % of the total price of {{total}}).",
    terms:
      "Free cancellation up to {{hours}} hours before arrival (00:00 on the day of arrival), afterwards {{percentage}} % of the total price.",
    confirm: "Cancel booking",
    confirmWithFee: "Cancel for a fee",
    keep: "Keep booking",
    notCancellable: "This booking can no longer be cancelled.",
    errors: {
      notCancellable: "This booking can no longer be cancelled.",
      feeChanged:
        "The cancellation fee has changed in the meantime. Please check the new amount and confirm again.",
      failed: "The booking could not be cancelled. Please try again later.",
    },
  },
};

export default myBookings;
