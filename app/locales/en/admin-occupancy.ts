import type de from "../de/admin-occupancy";

/** English texts of the occupancy plan /admin/kalender (decision 050). */
const adminOccupancy: typeof de = {
  nav: "Occupancy plan",
  title: "Occupancy plan",
  intro:
    "All properties at a glance: bookings, blocked dates and imported calendars. Select free nights in a row to block them.",
  filters: {
    label: "Period and filters",
    view: "View",
    views: { "2w": "2 weeks", month: "Month", "3m": "3 months" },
    from: "From",
    property: "Property",
    location: "Location",
    all: "All",
    apply: "Show",
  },
  paging: {
    label: "Change period",
    previous: "Earlier",
    next: "Later",
    today: "Today",
  },
  period: "{{from}} to {{to}}",
  truncated:
    "Showing the first {{count}} properties. Filter by location or property to see the others.",
  empty: "No property matches these filters.",
  propertyColumn: "Property",
  today: "Today",
  openCalendar: "Calendar and blocked dates of {{title}}",
  stale: "Calendar from {{name}} not updated for {{hours}} hours",
  staleNever: "Calendar from {{name}} has never been read",
  legend: {
    heading: "Legend",
    pending: "Booking, pending",
    confirmed: "Booking, confirmed",
    completed: "Booking, completed",
    block: "Blocked dates (hatched)",
    external: "Imported event (hatched)",
    conflict: "Overlap (red)",
    today: "Today",
  },
  bar: {
    booking: "Booking {{number}}, {{name}}, {{status}}, {{from}} to {{to}}",
    block: "Blocked: {{reason}}, {{from}} to {{to}}",
    external: "{{source}}: {{kind}}, {{from}} to {{to}}",
    conflict: "Overlap: {{source}}, {{from}} to {{to}}",
    externalKinds: { booking: "Booking", block: "Blocked" },
  },
  detail: {
    close: "Close",
    blockHeading: "Blocked dates at {{title}}",
    externalHeading: "Imported event at {{title}}",
    conflictHeading: "Overlap at {{title}}",
    conflictHint:
      "Some of these nights are already taken here. The event from {{source}} blocks its other nights and takes the taken ones as soon as they become free (cancel the booking, remove the block or change it at the channel).",
    source: "Source",
    feed: "Calendar",
    nights: "Nights",
    lastSync: "Last successful sync",
    neverSynced: "never",
    openCalendar: "Open the property's calendar",
  },
  create: {
    heading: "Block dates",
    hint: "Without a mouse: choose the property and dates here. With mouse or keyboard: select free nights in a row.",
    property: "Property",
    choose: "Please choose",
    submit: "Block dates",
    cancel: "Clear selection",
  },
  select: {
    instructions:
      "Arrow keys change day and property, Enter or Space starts and ends the selection, Escape cancels.",
    rowLabel: "Occupancy of {{title}}",
    cursor: "{{title}}, {{day}}, {{state}}",
    free: "free",
    taken: "taken",
    started: "Selection starts on {{day}}. Go to the last day and press Enter.",
    selected:
      "{{title}}: {{count}} nights from {{from}} to {{to}} selected. The form Block dates is filled in.",
    takenRange: "Some nights in this period are already taken. Please choose free nights.",
    cancelled: "Selection cancelled.",
  },
  errors: {
    property: "Please choose a property.",
  },
};

export default adminOccupancy;
