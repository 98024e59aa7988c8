import type de from "../de/booking";

const booking: typeof de = {
  heading: "Book your stay",
  backToProperty: "Back to the property",
  steps: {
    label: "Booking steps",
    dates: "Choose dates",
    details: "Enter details",
    payment: "Payment",
    done: "(done)",
  },
  dates: {
    intro: "Choose your arrival and departure dates and the number of guests.",
    next: "Continue to details",
    change: "Change dates",
  },
  details: {
    intro: "Your contact details for the booking confirmation.",
    fullName: "Full name",
    email: "Email",
    emailHint: "The booking confirmation goes to your account's email address.",
    phone: "Phone",
    specialRequests: "Special requests",
    optional: "(optional)",
    specialRequestsHint: "For example a late arrival or a cot.",
    counter: "{{count}} / {{max}} characters",
    next: "Continue to payment",
    back: "Back",
    required: "Required fields are marked with *.",
  },
  payment: {
    methodLegend: "Payment method",
    methodHints: {
      "bank-transfer": "You will receive the bank details by email after booking.",
      "credit-card": "Pay securely through our payment provider.",
      paypal: "Pay with your PayPal account.",
      "sepa-debit": "Direct debit from your bank account – for arrivals at least 14 days away.",
    },
    noneOffered:
      "Unfortunately no payment method is available at the moment, so online booking is not possible.",
    noneOfferedContact: "Please contact us",
    noneOfferedRest: ", we are happy to help you with your booking.",
    bankTransferNote:
      "Bank transfer: a deposit of {{percentage}} % of the total within 7 days of booking, the balance {{days}} days before arrival. For short-notice bookings the full amount is due within 7 days, at the latest on the day before arrival. Your booking stays pending until the payment is confirmed.",
    schedule: {
      heading: "Your payment plan for bank transfer",
      deposit: "Deposit ({{percentage}} %): {{amount}} by {{date}}",
      balance: "Balance: {{amount}} by {{date}}",
      full: "Full amount: {{amount}} by {{date}}",
    },
    cancellationHeading: "Cancellation policy",
    cancellation:
      "Free cancellation up to {{hours}} hours before arrival, after that {{percent}} % of the total price",
    /** The terms computed for the chosen stay (issue 16; app/domain/cancellation.ts). */
    stayCancellation: {
      feeAfter: "After that the cancellation fee is {{fee}} ({{percentage}} % of the total price).",
      fee: "No free cancellation – cancellation fee {{fee}}",
      none: "No cancellation possible: arrival is today.",
    },
    /** Beside the order button (issue 16, decision 037). */
    legal: {
      termsBefore: "Our ",
      termsLink: "terms and conditions",
      privacyBefore: " apply. How we process your data is explained in our ",
      privacyLink: "privacy policy",
      privacyAfter: ".",
      noWithdrawal:
        "No right of withdrawal: for accommodation booked for fixed dates there is no statutory right of withdrawal (Section 312g(2) no. 9 German Civil Code, BGB). You can cancel under the cancellation terms above.",
    },
    submit: "Book and pay",
    submitting: "Processing booking...",
    back: "Back",
  },
  /** Above the steps on small screens (issue 16). */
  compactSummary: {
    nights_one: "{{count}} night",
    nights_other: "{{count}} nights",
    details: "Details",
  },
  summary: {
    heading: "Your booking",
    checkIn: "Check-in",
    checkOut: "Check-out",
    nights: "Nights",
    guests: "Guests",
    chooseDates: "Please choose your travel dates to see the price.",
  },
  myBookingsLink: "Go to my bookings",
  errors: {
    datesTaken: "The selected dates are already booked",
    minStay: "The minimum stay is {{count}} nights.",
    minStay_one: "The minimum stay is {{count}} night.",
    maxStay: "The maximum stay is {{count}} nights.",
    seasonMinStay: "The minimum stay in this period is {{count}} nights.",
    seasonMinStay_one: "The minimum stay in this period is {{count}} night.",
    arrivalDay: "Arrival is not possible on this day.",
    departureDay: "Departure is not possible on this day.",
    maxStay_one: "The maximum stay is {{count}} night.",
    checkInPast: "The arrival date cannot be in the past.",
    tooFarAhead: "Bookings can be made at most {{count}} months in advance.",
    tooFarAhead_one: "Bookings can be made at most {{count}} month in advance.",
    dates: "Please choose valid travel dates (departure after arrival).",
    guests: "Please choose between 1 and {{max}} guests.",
    nameRequired: "Please enter your full name.",
    nameTooLong: "The name can be at most 200 characters long.",
    phoneRequired: "Please enter your phone number.",
    phoneInvalid:
      "Please enter a valid phone number (6 to 20 digits; +, -, /, brackets and spaces are allowed too).",
    specialRequestsTooLong: "Special requests can be at most 2,000 characters long.",
    paymentMethodRequired: "Please choose a payment method.",
  },
};

export default booking;
