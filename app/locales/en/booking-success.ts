import type de from "../de/booking-success";

const bookingSuccess: typeof de = {
  title: "Booking received",
  heading: "Thank you for your booking!",
  intro: "We have received your booking.",
  pendingNote:
    "Your booking is pending until your payment has arrived and we have confirmed the booking. You will receive the booking confirmation by e-mail.",
  pendingNoteOther:
    "Your booking is pending until we have confirmed it. You will receive the booking confirmation by e-mail.",
  number: "Booking number",
  status: "Status",
  statuses: {
    pending: "Pending",
    confirmed: "Confirmed",
    cancelled: "Cancelled",
    completed: "Completed",
  },
  details: "Your booking",
  property: "Property",
  checkIn: "Check-in",
  checkOut: "Check-out",
  nights: "Nights",
  guests: "Guests",
  breakdown: "Price breakdown",
  nightsTimesPrice_one: "{{price}} × {{count}} night",
  nightsTimesPrice_other: "{{price}} × {{count}} nights",
  longStayDiscount: "Long-stay discount ({{percent}} %)",
  cleaningFee: "Cleaning fee",
  serviceFee: "Service fee",
  total: "Total",
  paymentMethod: "Payment method",
  emailSent: "A confirmation has been sent to {{email}}.",
  myBookings: "My bookings",
  moreProperties: "Discover more properties",
  /** Paying online (decision 044): what the page says until and after the webhook. */
  online: {
    waitingTitle: "Confirming your payment…",
    waitingText:
      "We are waiting for our payment provider to confirm your payment. This page updates itself; you will also receive an e-mail.",
    abandonedTitle: "Payment not completed",
    abandonedText:
      "You cancelled the payment. Your reservation is held until {{time}} – until then you can still complete the payment.",
    resume: "Return to payment",
    discard: "Release reservation",
    paidTitle: "Payment received – your booking is confirmed",
    paid: "Paid: {{amount}}",
    balance:
      "Still open: {{amount}}, due on {{date}}. We will charge it on that day to the payment method you have just used; if that does not work, we will e-mail you a payment link.",
    balanceByLink:
      "Still open: {{amount}}, due on {{date}}. Your payment method could not be saved for later payments: you pay the amount through a payment link we will e-mail you on that day.",
    paidInFull: "The booking is paid in full.",
    expiredTitle: "Payment not completed",
    processingTitle: "Direct debit processing",
    processingText:
      "Your direct debit mandate has been given. The booking is confirmed once the debit has arrived (usually within a few working days); we will e-mail you then. Until then the dates are reserved for you.",
    expiredText:
      "The reservation has been released; nothing was charged. The dates are free again – you are welcome to book again.",
    bookAgain: "Book again",
  },
  /** Getting there (issue 16): success page and guest dashboard. */
  arrival: {
    heading: "Arrival and contact",
    address: "Address",
    checkIn: "Check-in",
    checkOut: "Check-out",
    from: "from {{time}}",
    until: "until {{time}}",
    host: "Your host",
    specialRequests: "Your special requests",
    calendar: "Add to calendar",
  },
  payment: {
    heading: "Payment details",
    intro: "Please transfer the amounts to the following account:",
    accountHolder: "Account holder",
    iban: "IBAN",
    bic: "BIC",
    bank: "Bank",
    reference: "Payment reference",
    referenceHint:
      "Please give only the booking number as the payment reference so that we can match your payment.",
    schedule: "Payment schedule",
    kind: "Payment",
    amount: "Amount",
    dueDate: "Due by",
    kinds: {
      deposit: "Deposit ({{percentage}} %)",
      balance: "Balance",
      full: "Full amount",
    },
    rule: "{{percentage}} % deposit within 7 days of booking, the balance {{days}} days before arrival; for a booking {{threshold}} days or less before arrival the full amount within 7 days – in each case no later than the day before arrival.",
    qrHeading: "GiroCode",
    qrHint:
      "Scan the code with your banking app: it fills in the transfer of {{amount}}. Please check payee, IBAN and amount before sending.",
    qrAlt: "GiroCode for the transfer of {{amount}}",
    termsLink: "Terms § 3 Payment",
    noAccount:
      "We will send you our bank details by e-mail shortly. Please do not transfer any money before you have received them.",
    copyShort: "Copy",
    copiedShort: "Copied",
    copy: "Copy {{label}}",
    copied: "{{label}} copied",
  },
};

export default bookingSuccess;
