import { formatDate } from "~/lib/i18n";
import type { ParsedEmailData, RenderContext } from "../templates";
import { ButtonLink, EmailLayout, P, Rows, type EmailContent } from "./layout";
import { adminUrl, rowLines, singleLine, texts, type EmailRow } from "./shared";

/**
 * The calendar's two alarms to every admin (spec/10, decision 045): an imported event that
 * overlaps a booking or block here (sold twice before the calendars met), and a feed that has
 * not been read for two hours (its channel's sales are not blocked here meanwhile).
 */
const conflictTexts = texts({
  de: {
    subject: "Überschneidung im Kalender",
    intro: (feed: string) =>
      `Der Kalender „${feed}“ meldet einen Aufenthalt, dessen Nächte hier zum Teil schon belegt sind. Nichts wurde überschrieben; seine übrigen Nächte sind hier gesperrt. Bitte klären Sie die doppelte Belegung.`,
    property: "Unterkunft",
    stay: "Zeitraum",
    button: "Kalender der Unterkunft öffnen",
  },
  en: {
    subject: "Calendar overlap",
    intro: (feed: string) =>
      `The calendar “${feed}” reports a stay some of whose nights are already taken here. Nothing was overwritten; its other nights are blocked here. Please resolve the double booking.`,
    property: "Property",
    stay: "Dates",
    button: "Open the property's calendar",
  },
});

const staleTexts = texts({
  de: {
    subject: "Kalender nicht aktualisiert",
    intro: (feed: string) =>
      `Der Kalender „${feed}“ konnte seit über 2 Stunden nicht gelesen werden. Buchungen dieses Kanals werden hier so lange nicht gesperrt.`,
    property: "Unterkunft",
    last: "Zuletzt erfolgreich",
    never: "noch nie",
    button: "Kalender der Unterkunft öffnen",
  },
  en: {
    subject: "Calendar not updated",
    intro: (feed: string) =>
      `The calendar “${feed}” could not be read for more than 2 hours. Bookings from this channel are not blocked here until it is.`,
    property: "Property",
    last: "Last successful",
    never: "never",
    button: "Open the property's calendar",
  },
});

const calendarLink = (baseUrl: string, propertyId: string) =>
  `${adminUrl(baseUrl)}/properties/${encodeURIComponent(propertyId)}/kalender`;

export function calendarConflict(
  data: ParsedEmailData<"calendar-conflict">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = conflictTexts[data.language];
  const link = calendarLink(baseUrl, data.propertyId);
  const intro = l.intro(singleLine(data.feedName));
  const rows: EmailRow[] = [
    [l.property, singleLine(data.propertyTitle)],
    [
      l.stay,
      `${formatDate(data.checkIn, data.language)} – ${formatDate(data.checkOut, data.language)}`,
    ],
  ];
  const text = [intro, "", ...rowLines(rows), "", link].join("\n");
  const html = (
    <EmailLayout language={data.language} title={l.subject} platformName={platformName}>
      <P margin="0 0 16px">{intro}</P>
      <Rows rows={rows} />
      <ButtonLink href={link}>{l.button}</ButtonLink>
    </EmailLayout>
  );
  return { subject: l.subject, text, html };
}

export function calendarStale(
  data: ParsedEmailData<"calendar-stale">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = staleTexts[data.language];
  const link = calendarLink(baseUrl, data.propertyId);
  const intro = l.intro(singleLine(data.feedName));
  const last = data.lastSuccessAt
    ? new Intl.DateTimeFormat(data.language === "de" ? "de-DE" : "en-GB", {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "Europe/Berlin",
      }).format(new Date(data.lastSuccessAt))
    : l.never;
  const rows: EmailRow[] = [
    [l.property, singleLine(data.propertyTitle)],
    [l.last, last],
  ];
  const text = [intro, "", ...rowLines(rows), "", link].join("\n");
  const html = (
    <EmailLayout language={data.language} title={l.subject} platformName={platformName}>
      <P margin="0 0 16px">{intro}</P>
      <Rows rows={rows} />
      <ButtonLink href={link}>{l.button}</ButtonLink>
    </EmailLayout>
  );
  return { subject: l.subject, text, html };
}
