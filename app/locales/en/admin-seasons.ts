import type adminSeasonsDe from "../de/admin-seasons";

const adminSeasons: typeof adminSeasonsDe = {
  heading: "Seasons",
  pageTitle: "Seasons: {{title}}",
  intro:
    "Periods with their own nightly price, minimum stay and fixed arrival and departure days. Outside seasons the property's base price and the settings' stay limits apply.",
  ruleNote:
    "The minimum stay and arrival days follow the season of the arrival night, the departure days the season of the last night.",
  empty: "No seasons yet. The base price and the settings' stay limits apply.",
  caption: "Seasons of this property",
  columns: {
    name: "Name",
    period: "Period (nights)",
    price: "Price per night",
    minStay: "Minimum stay",
    arrival: "Arrival",
    departure: "Departure",
    actions: "Actions",
  },
  nights_one: "{{count}} night",
  nights_other: "{{count}} nights",
  everyDay: "every day",
  fields: {
    name: "Name",
    namePlaceholder: "e.g. High season",
    startDate: "First night",
    endDate: "Last night",
    pricePerNight: "Price per night (€)",
    minStayNights: "Minimum stay (nights)",
    arrivalWeekdays: "Arrival possible on",
    departureWeekdays: "Departure possible on",
  },
  add: "Add season",
  addHeading: "New season",
  edit: "Edit",
  editLabel: "Edit season “{{name}}”",
  save: "Save season",
  remove: "Remove",
  removeLabel: "Remove season “{{name}}”",
  confirmRemove: {
    title: "Remove season?",
    text: "The season “{{name}}” ({{from}} – {{to}}) is removed with its price and its rules for arrival, departure and minimum stay. These days then follow the property's base price and the stay limits of the settings.",
    cancel: "Cancel",
    submit: "Remove season",
  },
  back: "Back to the property",
  saved: "The seasons have been saved.",
  discounts: {
    heading: "Long-stay discounts",
    intro:
      "In percent of the nights (not of the cleaning and service fee). The monthly discount replaces the weekly one; empty = no discount.",
    weekly: "Weekly discount from 7 nights (%)",
    monthly: "Monthly discount from 28 nights (%)",
    save: "Save discounts",
  },
  errors: {
    invalid: "Please check the marked fields.",
    overlap:
      "This period overlaps another season of this property. Seasons must not share a night.",
    notFound: "Property or season not found.",
    failed: "The seasons could not be saved. Please try again.",
    nameRequired: "Please enter a name.",
    nameTooLong: "The name may be at most 80 characters long.",
    startDate: "Please enter the first night as a valid date.",
    endDate: "Please enter the last night as a valid date.",
    endBeforeStart: "The last night must not be before the first.",
    price: "Please enter a price per night above 0 € (e.g. 150 or 149.50).",
    minStay: "The minimum stay must be a whole number from 1 to 365 nights.",
    minStayAboveMax_one:
      "At most 1 night: the maximum stay under Settings › Bookings is 1 night. To require a longer minimum stay, raise it there first.",
    minStayAboveMax_other:
      "At most {{count}} nights: the maximum stay under Settings › Bookings is {{count}} nights. To require a longer minimum stay, raise it there first.",
    arrivalWeekdays: "Please choose at least one arrival day.",
    departureWeekdays: "Please choose at least one departure day.",
    discount: "Please enter a whole number from 0 to 90.",
    stale:
      "This season has been changed elsewhere in the meantime. Please reload the page; your changes were not saved.",
  },
};

export default adminSeasons;
