import type { ParsedEmailData, RenderContext } from "../templates";
import { ButtonLink, EmailLayout, P, Rows, type EmailContent } from "./layout";
import { adminUrl, rowLines, singleLine, texts, type EmailRow } from "./shared";

/**
 * To every admin when an admin added a bank account, changed an IBAN or changed the default
 * account (spec 06-admin): the most abused operation in this trade is a taken-over admin account
 * swapping the IBAN, so everyone who runs the business hears of it at once. IBANs are masked
 * before they are queued (`maskIban`): the outbox holds no full account number.
 */
const changedTexts = texts({
  de: {
    subject: "Bankverbindung geändert",
    intro: (platform: string) =>
      `Im Adminbereich von ${platform} wurde eine Bankverbindung geändert.`,
    who: "Geändert von",
    when: "Zeitpunkt",
    holder: "Kontoinhaber",
    reasons: {
      added: "Neues Bankkonto",
      ibanChanged: "IBAN geändert",
      defaultChanged: "Standardkonto geändert",
    },
    what: "Änderung",
    oldIban: "IBAN vorher",
    newIban: "IBAN jetzt",
    oldDefault: "Standardkonto vorher",
    newDefault: "Standardkonto jetzt",
    none: "keines",
    warning:
      "Wenn Sie diese Änderung nicht kennen, prüfen Sie die Bankkonten sofort und ändern Sie die Passwörter der Administratoren. Gäste überweisen an das Standardkonto.",
    button: "Bankkonten prüfen",
  },
  en: {
    subject: "Bank details changed",
    intro: (platform: string) => `Bank details were changed in the admin area of ${platform}.`,
    who: "Changed by",
    when: "Time",
    holder: "Account holder",
    reasons: {
      added: "New bank account",
      ibanChanged: "IBAN changed",
      defaultChanged: "Default account changed",
    },
    what: "Change",
    oldIban: "IBAN before",
    newIban: "IBAN now",
    oldDefault: "Default account before",
    newDefault: "Default account now",
    none: "none",
    warning:
      "If you do not know of this change, check the bank accounts at once and change the administrators' passwords. Guests transfer to the default account.",
    button: "Check the bank accounts",
  },
});

export function bankAccountChanged(
  data: ParsedEmailData<"bank-account-changed">,
  { baseUrl, platformName }: RenderContext,
): EmailContent {
  const l = changedTexts[data.language];
  const link = `${adminUrl(baseUrl)}/bankkonten`;
  const when = new Intl.DateTimeFormat(data.language === "de" ? "de-DE" : "en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Berlin",
  }).format(new Date(data.changedAt));
  const rows: EmailRow[] = [
    [l.what, data.reasons.map((reason) => l.reasons[reason]).join(", ")],
    [l.who, `${singleLine(data.actorName)} <${data.actorEmail}>`],
    [l.when, when],
    [l.holder, singleLine(data.accountHolder)],
    ...(data.reasons.includes("ibanChanged")
      ? ([
          [l.oldIban, data.oldIban ?? l.none],
          [l.newIban, data.newIban ?? l.none],
        ] satisfies EmailRow[])
      : data.newIban
        ? ([[l.newIban, data.newIban]] satisfies EmailRow[])
        : []),
    ...(data.reasons.includes("defaultChanged")
      ? ([
          [l.oldDefault, data.oldDefaultIban ?? l.none],
          [l.newDefault, data.newDefaultIban ?? l.none],
        ] satisfies EmailRow[])
      : []),
  ];
  const text = [l.intro(platformName), "", ...rowLines(rows), "", l.warning, link].join("\n");
  const html = (
    <EmailLayout language={data.language} title={l.subject} platformName={platformName}>
      <P margin="0 0 16px">{l.intro(platformName)}</P>
      <Rows rows={rows} />
      <P>{l.warning}</P>
      <ButtonLink href={link}>{l.button}</ButtonLink>
    </EmailLayout>
  );
  return { subject: l.subject, text, html };
}
