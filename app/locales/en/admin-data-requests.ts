import type de from "../de/admin-data-requests";

/** English UI texts of /admin/datenschutz-anfragen. */
const adminDataRequests: typeof de = {
  title: "Data protection requests",
  nav: "Data protection requests",
  intro:
    "Access (Art. 15 GDPR) and erasure (Art. 17 GDPR) for an e-mail address – also for people without an account, for example after a contact message or a newsletter sign-up.",
  identityHint:
    "Only hand out or delete data once you are sure the request comes from the holder of the address, for example as an e-mail from exactly this address.",
  email: "E-mail address",
  emailHint: "The exact address; upper and lower case do not matter.",
  search: "Search",
  resultTitle: "Data stored for {{email}}",
  nothingStored: "No data is stored for this address.",
  yes: "Yes",
  no: "No",
  account: {
    title: "Account",
    none: "No account",
    name: "Name",
    registered: "Registered on",
    role: "Role",
    roles: { user: "User", admin: "Admin" },
    addressConfirmed: "Address confirmed",
    sessions: "Active sessions",
  },
  bookings: {
    title: "Bookings",
    none: "No bookings",
    caption: "Bookings for this address",
    number: "Booking number",
    property: "Property",
    dates: "Dates",
    status: "Status",
    retention: "Retention",
    retainedUntil: "Must be kept until {{date}}",
    upcoming: "Upcoming: can be deleted only after departure or a cancellation",
    hint: "Under Section 257 HGB and Section 147 AO bookings must be kept for ten years from the end of the year in which the stay ended or money last moved. Deleting therefore keeps them, without name, e-mail address, phone number and requests – as when a guest deletes their account.",
  },
  messages: {
    title: "Contact messages",
    none: "No contact messages",
    received: "Received on {{date}}",
    replies_one: "{{count}} reply",
    replies_other: "{{count}} replies",
  },
  newsletter: {
    title: "Newsletter",
    none: "No subscription",
    state: "{{status}}, signed up on {{date}}",
  },
  reviews: {
    title: "Reviews",
    none: "No reviews",
    item: "{{property}}: {{rating}} out of 5 stars, written on {{date}}",
    hidden: "hidden",
  },
  emails: {
    title: "E-mails",
    none: "No e-mails",
    summary_one: "{{count}} e-mail: {{pending}} waiting, {{sent}} sent, {{failed}} failed",
    summary_other: "{{count}} e-mails: {{pending}} waiting, {{sent}} sent, {{failed}} failed",
    hint: "To the address, about its bookings (including the copies to you) and the contact form's messages.",
  },
  audit: {
    title: "Audit log",
    none: "No audit log entry names this address.",
    count_one:
      "{{count}} audit log entry names this address. Audit log entries are kept; they cannot be changed or deleted.",
    count_other:
      "{{count}} audit log entries name this address. Audit log entries are kept; they cannot be changed or deleted.",
  },
  export: "Download data copy",
  exportHint:
    "A JSON file with all data shown here and its content, to pass on to the person asking. Every download is recorded in the audit log.",
  erase: "Delete data",
  eraseIntro: "For {{email}} this is deleted:",
  eraseAccount:
    "the account with profile, profile picture and sessions – as when a guest deletes their account",
  eraseBookings_one:
    "{{count}} booking is kept for the accounts, without name, e-mail address, phone number and requests",
  eraseBookings_other:
    "{{count}} bookings are kept for the accounts, without name, e-mail address, phone number and requests",
  eraseMessages_one: "{{count}} contact message with its replies and their e-mails",
  eraseMessages_other: "{{count}} contact messages with their replies and their e-mails",
  eraseNewsletter: "the newsletter subscription",
  eraseReviews_one: "{{count}} review",
  eraseReviews_other: "{{count}} reviews",
  eraseEmails:
    "e-mails to the address: those not yet sent are deleted, sent ones keep only which template went out when",
  eraseKept: "Audit log entries are kept. The erasure is recorded in the audit log.",
  eraseIrreversible: "This cannot be undone.",
  eraseSubmit: "Delete permanently",
  cancel: "Cancel",
  blocked: {
    ownAccount:
      "This is your own account. Delete it with your password in your account's settings.",
    lastAdmin:
      "The last administrator cannot be deleted. First make another account an administrator.",
    upcomingBookings:
      "Deleting is possible only once no booking is upcoming: {{numbers}} is neither completed nor cancelled. Cancel the booking or delete after the departure.",
  },
  erased: {
    title: "The data for {{email}} has been deleted.",
    account: "Account deleted",
    bookingKept: "{{number}}: kept without personal data until {{date}}",
    messages_one: "{{count}} contact message deleted",
    messages_other: "{{count}} contact messages deleted",
    replies_one: "{{count}} reply deleted",
    replies_other: "{{count}} replies deleted",
    newsletter: "Newsletter subscription deleted",
    reviews_one: "{{count}} review deleted",
    reviews_other: "{{count}} reviews deleted",
    emailsDeleted_one: "{{count}} e-mail deleted",
    emailsDeleted_other: "{{count}} e-mails deleted",
    emailsStripped_one: "{{count}} sent e-mail kept without address and content",
    emailsStripped_other: "{{count}} sent e-mails kept without address and content",
    audited: "The erasure is recorded in the audit log.",
  },
  errors: {
    emailRequired: "Please enter an e-mail address.",
    emailInvalid: "Please enter a valid e-mail address.",
    invalid: "Invalid request. Please reload the page.",
    stale:
      "Something has changed for this address since it was shown. Nothing was deleted. Please check the details below and delete again.",
    refused: "Nothing was deleted.",
    failed: "The data could not be deleted. Please try again.",
    loadFailed: "The data could not be loaded. Please try again.",
  },
  file: {
    title: "Copy of personal data (Art. 15 GDPR)",
    noteContent:
      "This file contains all data this website has stored for the e-mail address named, with its content.",
    noteRetention:
      "We keep bookings under Section 257 HGB and Section 147 AO until the day given with each booking (retainedUntil).",
    notePassword:
      "A password is stored only as a hash; it is not part of this copy (passwordStored says whether one is stored).",
    notePolicy:
      "Purposes, legal bases, recipients and storage periods are set out in our privacy policy (privacyPolicy).",
  },
};

export default adminDataRequests;
