import type de from "../de/admin-users";

/** English UI texts of /admin/users. */
const adminUsers: typeof de = {
  title: "Users",
  nav: "Users",
  intro: "All accounts, newest first. A role applies from the account's next request.",
  search: "Search",
  searchPlaceholder: "Search by name or e-mail...",
  role: "Role",
  roles: { alle: "All roles", user: "User", admin: "Admin" },
  apply: "Apply",
  caption: "Users",
  user: "User",
  registered: "Registered on",
  actions: "Actions",
  noName: "N/A",
  bookings: "Show bookings",
  bookingsOf: "Show bookings of {{name}}",
  roleOf: "Role of {{name}}",
  saveRole: "Save role",
  loading: "Loading users...",
  empty: "No users found",
  count_one: "{{count}} user",
  count_other: "{{count}} users",
  countMore: "More than {{count}} users",
  pagesLabel: "Pages of the user list",
  saved: "Role changed.",
  you: "(you)",
  errors: {
    lastAdmin: "The last administrator cannot be demoted.",
    failed: "The role could not be changed",
    notFound: "The role could not be changed",
    unchanged: "The account already has this role.",
    invalid: "The role could not be changed",
    loadFailed: "An error occurred",
  },
};

export default adminUsers;
