import type de from "../de/admin-newsletter";

/** English UI texts of /admin/newsletter. */
const adminNewsletter: typeof de = {
  title: "Newsletter",
  nav: "Newsletter",
  intro:
    "Newsletter sign-ups with double opt-in: only confirmed addresses may receive a newsletter.",
  confirmedCount_one: "{{count}} confirmed address",
  confirmedCount_other: "{{count}} confirmed addresses",
  search: "Search",
  searchPlaceholder: "Search by e-mail...",
  statusFilter: "Status",
  statuses: {
    alle: "All",
    confirmed: "Confirmed",
    pending: "Unconfirmed",
    unsubscribed: "Unsubscribed",
  },
  apply: "Apply",
  export: "Export CSV",
  exportHint:
    "Exports every entry of the current search and filter. Only confirmed addresses may receive advertising, each e-mail with the address's unsubscribe link from the file.",
  caption: "Newsletter subscribers",
  email: "E-mail",
  status: "Status",
  subscribed: "Signed up on",
  confirmed: "Confirmed on",
  actions: "Actions",
  remove: "Remove",
  removeLabel: "Remove {{email}}",
  removeTitle: "Remove subscriber",
  removeConfirm:
    "Delete this entry for good? The address receives no more newsletters; signing up again needs a new confirmation.",
  cancel: "Cancel",
  removeSubmit: "Remove for good",
  empty: "No subscribers found",
  count_one: "{{count}} entry",
  count_other: "{{count}} entries",
  countMore: "More than {{count}} entries",
  pagesLabel: "Pages of the subscriber list",
  notices: { removed: "Entry removed." },
  errors: {
    notFound: "Entry not found",
    invalid: "Invalid request. Please reload the page.",
    failed: "The entry could not be removed. Please try again.",
    loadFailed: "Subscribers could not be loaded",
  },
  csv: {
    email: "E-mail",
    status: "Status",
    subscribed: "Signed up on",
    confirmed: "Confirmed on",
    unsubscribe: "Unsubscribe link",
  },
};

export default adminNewsletter;
