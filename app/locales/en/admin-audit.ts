import type de from "../de/admin-audit";

/** English UI texts of /admin/audit. */
const adminAudit: typeof de = {
  title: "Audit log",
  nav: "Audit log",
  intro:
    "Every change in the admin area with time, person and old → new value. Entries cannot be edited or deleted.",
  entity: "Area",
  admin: "Administrator",
  all: "All",
  system: "System",
  apply: "Apply",
  caption: "Audit entries",
  when: "When",
  who: "Who",
  what: "What",
  changes: "Changes",
  noChanges: "–",
  empty: "No entries found",
  older: "Older entries",
  newest: "To the newest",
  open: "Open",
  entities: {
    booking: "Booking",
    user: "User",
    bank_account: "Bank account",
    settings: "Settings",
    property: "Property",
    "demo-data": "Demo data",
  },
  actions: {
    "status-change": "Status changed",
    "payment-recorded": "Payment recorded",
    "payment-details-sent": "Payment details sent",
    "cancelled-by-guest": "Cancelled by the guest",
    "role-change": "Role changed",
    create: "Created",
    update: "Changed",
    delete: "Deleted",
    deactivate: "Deactivated",
    "default-changed": "Default account changed",
    publish: "Published",
    archive: "Archived",
    "draft-created": "Draft created (automatically)",
    autosave: "Draft saved automatically",
    "draft-discarded": "Draft discarded",
    "csv-import": "CSV import",
  },
  loadFailed: "The audit log could not be loaded",
};

export default adminAudit;
