/** English texts of the opening-hours fields in /admin/settings (decision 031). */
const adminOpeningHours = {
  legend: "Opening hours",
  hint: "Shown exactly as you write them on every page that names opening hours (home, about us, contact, FAQ, footer).",
  german: "Opening hours (German)",
  english: "Opening hours (English, optional)",
  englishHint: "Leave empty to show the German text on English pages too.",
};

export default adminOpeningHours;
