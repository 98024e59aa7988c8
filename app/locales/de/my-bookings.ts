/**
 * German UI texts of the "myBookings" area: the guest dashboard's overview (/dashboard) and
 * "Meine Buchungen" (/dashboard/bookings) with the detail and cancel dialogs. Labels of stay
 * details, the price breakdown and the status badges come from `bookingSuccess`.
 */
const myBookings = {
  overview: {
    description: "Ihre Buchungen, Ausgaben und Bewertungen auf einen Blick.",
    statsLabel: "Ihre Zahlen",
    activeBookings: "Aktive Buchungen",
    totalBookings: "Buchungen gesamt",
    totalSpent: "Ausgaben gesamt",
    reviews: "Ihre Bewertungen",
    noReviews: "–",
    reviewAverage: "Ø {{average}} von 5 Sternen",
    recentHeading: "Letzte Buchungen",
    allBookings: "Alle Buchungen",
    noBookings: "Sie haben noch keine Buchungen.",
    profileHeading: "Ihr Profil",
    toProfile: "Profil bearbeiten",
    noName: "Kein Name hinterlegt",
    missingName: "Name",
    missingPhone: "Telefonnummer",
    profileIncomplete:
      "Bitte ergänzen Sie in Ihrem Profil: {{fields}}. So erreichen wir Sie bei Fragen zu Ihrer Buchung.",
  },
  list: {
    title: "Meine Buchungen",
    description: "Ihre bevorstehenden und vergangenen Buchungen, Details und Stornierung.",
    tabsLabel: "Zeitraum",
    upcoming: "Bevorstehend",
    past: "Vergangen",
    filterLabel: "Buchungen durchsuchen",
    search: "Unterkunft oder Ort",
    status: "Status",
    statusAll: "Alle",
    apply: "Suchen",
    reset: "Filter zurücksetzen",
    emptyUpcoming: "Keine bevorstehenden Buchungen",
    emptyPast: "Keine vergangenen Buchungen",
    discover: "Unterkünfte entdecken",
    count_one: "{{count}} Buchung",
    count_other: "{{count}} Buchungen",
    dates: "Zeitraum",
    details: "Details",
    detailsFor: "Details zur Buchung {{number}}",
    cancel: "Stornieren",
    cancelFor: "Buchung {{number}} stornieren",
    cancellationFee: "Stornierungsgebühr",
    free: "kostenlos",
    cancelled: "Die Buchung {{number}} wurde storniert. Stornierungsgebühr: {{fee}}.",
    cancelledFree: "Die Buchung {{number}} wurde storniert. Die Stornierung war kostenlos.",
  },
  detail: {
    title: "Buchung {{number}}",
    cancellationFee: "Stornierungsgebühr",
  },
  cancel: {
    title: "Buchung stornieren",
    question:
      "Möchten Sie die Buchung {{number}} ({{property}}, {{checkIn}} – {{checkOut}}) wirklich stornieren?",
    free: "Die Stornierung ist kostenlos.",
    freeUntil: "Kostenlos bis {{date}}, {{time}} Uhr.",
    fee: "Stornierungsgebühr: {{fee}} ({{percentage}} % des Gesamtpreises von {{total}}).",
    terms:
      "Kostenlose Stornierung bis {{hours}} Stunden vor Anreise (00:00 Uhr am Anreisetag), danach {{percentage}} % des Gesamtpreises.",
    confirm: "Buchung stornieren",
    confirmWithFee: "Kostenpflichtig stornieren",
    keep: "Buchung behalten",
    notCancellable: "Diese Buchung kann nicht mehr storniert werden.",
    errors: {
      notCancellable: "Diese Buchung kann nicht mehr storniert werden.",
      feeChanged:
        "Die Stornierungsgebühr hat sich inzwischen geändert. Bitte prüfen Sie den neuen Betrag und bestätigen Sie erneut.",
      failed: "Die Buchung konnte nicht storniert werden. Bitte versuchen Sie es später erneut.",
    },
  },
};

export default myBookings;
