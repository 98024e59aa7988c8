import type de from "../de/admin-facts";

/** English admin texts of issue 15 parts 4 and 6 (decision 033). */
const adminFacts: typeof de = {
  settings: {
    heading: "House rules, times and tourist tax",
    hint: "The default for every property that has no value of its own in the property form.",
    houseRules: "House rules",
    houseRulesHint: "One paragraph per rule; leave empty if there are none.",
    checkInFrom: "Check-in from",
    checkOutUntil: "Check-out until",
    touristTaxNote: "Tourist tax note",
    touristTaxNoteHint:
      "For example: “Tourist tax: €2.50 per person and night, payable on site.” Leave empty if there is none. Each property can show its own note or none instead.",
  },
  property: {
    heading: "House rules, times and tourist tax",
    hint: "Empty fields show the default from the settings ({{checkIn}} / {{checkOut}}).",
    noDefault: "no default",
    touristTax: "Tourist tax note",
    touristTaxDefault: "Default from the settings",
    touristTaxDefaultIs: "Currently: “{{note}}”",
    touristTaxDefaultEmpty: "The settings currently have no note.",
    touristTaxOwn: "Own note for this property",
    touristTaxNone: "No note – there is no tourist tax here",
    touristTaxOwnText: "Own note",
    touristTaxOwnHint: "Saved and shown only with “Own note for this property”.",
  },
  invalid: {
    time: "Please enter a time as HH:MM.",
    houseRules: "The house rules may be at most 4,000 characters long.",
    touristTaxNote: "The note may be at most 500 characters long.",
  },
  checklist: {
    failed: "The go-live checklist could not be loaded.",
    heading: "Go-live checklist",
    summary: "{{done}} of {{total}} done",
    done: "Done",
    open: "Open",
    points: {
      imprint: "Legal notice complete",
      legalTexts: "Own terms and privacy policy",
      bankAccount: "Own bank account set up",
      smtp: "E-mail delivery (SMTP) configured",
      demoData: "Demo data removed",
      adminPassword: "Admin password changed",
    },
    hints: {
      imprint: "Details missing or still placeholders: {{fields}}.",
      legalTexts:
        "The terms and the privacy policy are still the shipped texts. Save your own version in the content editor.",
      bankAccount:
        "The active default account is missing or still the demo account; transfers would go to someone else's account.",
      smtp: "SMTP_URL is not set: e-mails to guests are not sent, only stored in the data folder. Set SMTP_URL at start (see README, “Configuration”).",
      demoData:
        "Still there: {{properties}} demo properties, {{bookings}} demo bookings, {{users}} demo accounts, {{bankAccounts}} demo bank accounts.",
      demoDataSelf:
        "You are signed in with a demo account; it is kept when removing. Create your own admin account, sign in with it and remove the demo data again.",
      adminPassword: "The admin account {{email}} still has the demo password from the README.",
    },
    links: {
      imprint: "Go to settings",
      legalTexts: "Go to content",
      bankAccount: "Go to bank accounts",
      demoData: "Remove demo data",
      adminPassword: "Change password",
    },
  },
  demoRemoval: {
    title: "Remove demo data?",
    text: "This deletes the demo properties with their images, bookings and reviews, the other demo bookings, the demo accounts and the demo bank account. Your own properties, bookings, accounts and bank accounts are kept. This cannot be undone.",
    keepsSelf:
      "Your own account ({{email}}) is a demo account: it is kept so that you stay signed in.",
    confirm: "Remove for good",
    cancel: "Cancel",
    removed:
      "Demo data removed: {{properties}} properties, {{bookings}} bookings, {{users}} accounts, {{bankAccounts}} bank accounts.",
    nothing: "There is no demo data left.",
    foreignBookings_one:
      "Not removed: {{count}} booking that is not demo data concerns a demo property or the demo bank account. Please cancel or settle this booking first.",
    foreignBookings_other:
      "Not removed: {{count}} bookings that are not demo data concern demo properties or the demo bank account. Please cancel or settle these bookings first.",
    failed: "The demo data could not be removed. Please try again.",
  },
};

export default adminFacts;
