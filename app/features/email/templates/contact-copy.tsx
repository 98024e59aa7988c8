import type { ParsedEmailData, RenderContext } from "../templates";
import {
  CompanyFooter,
  EmailLayout,
  P,
  Rows,
  TextLink,
  UserText,
  type EmailContent,
} from "./layout";
import {
  companySignature,
  replyToCompany,
  rowLines,
  singleLine,
  texts,
  type EmailRow,
} from "./shared";

/**
 * The copy of a signed-in guest's message from /kontakt (decision 069), to their account's
 * address. It says where our answer will go (the address typed into the form, which the admin's
 * reply uses) and why the copy came, with the way to turn it off.
 */
const copyTexts = texts({
  de: {
    subject: (subject: string) => `Kopie Ihrer Nachricht: ${subject}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: (date: string) =>
      `vielen Dank für Ihre Nachricht. Hier ist eine Kopie dessen, was Sie uns am ${date} über das Kontaktformular geschrieben haben.`,
    name: "Name",
    replyTo: "Antwort an",
    subjectLabel: "Betreff",
    message: "Ihre Nachricht",
    answer: (email: string) =>
      `Unsere Antwort senden wir an die Adresse, die Sie im Formular angegeben haben: ${email}.`,
    why: "Sie erhalten diese Kopie, weil in Ihrem Konto „E-Mail-Benachrichtigungen“ eingeschaltet ist. Ausschalten können Sie das in Ihren Einstellungen:",
  },
  en: {
    subject: (subject: string) => `Copy of your message: ${subject}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (date: string) =>
      `thank you for your message. Here is a copy of what you wrote to us through the contact form on ${date}.`,
    name: "Name",
    replyTo: "Reply to",
    subjectLabel: "Subject",
    message: "Your message",
    answer: (email: string) =>
      `We will send our answer to the address you gave in the form: ${email}.`,
    why: "You receive this copy because “E-mail notifications” is turned on in your account. You can turn it off in your settings:",
  },
});

export function contactCopy(
  data: ParsedEmailData<"contact-copy">,
  { baseUrl, platformName, company }: RenderContext,
): EmailContent {
  const l = copyTexts[data.language];
  const subject = l.subject(singleLine(data.subject));
  const greeting = l.greeting(singleLine(data.firstName));
  const date = new Intl.DateTimeFormat(data.language === "de" ? "de-DE" : "en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Berlin",
  }).format(new Date(data.sentAt));
  const rows: EmailRow[] = [
    [l.name, singleLine(`${data.firstName} ${data.lastName}`)],
    [l.replyTo, singleLine(data.email)],
    [l.subjectLabel, singleLine(data.subject)],
  ];
  const settingsUrl = `${baseUrl}/dashboard/settings`;
  const text = [
    greeting,
    "",
    l.intro(date),
    "",
    ...rowLines(rows),
    "",
    `${l.message}:`,
    data.message,
    "",
    l.answer(singleLine(data.email)),
    "",
    l.why,
    settingsUrl,
    "",
    ...companySignature(company, data.language),
  ].join("\n");
  const html = (
    <EmailLayout
      language={data.language}
      title={subject}
      platformName={platformName}
      footer={<CompanyFooter company={company} language={data.language} />}
    >
      <P>{greeting}</P>
      <P>{l.intro(date)}</P>
      <Rows rows={rows} />
      <P margin="16px 0 4px" style={{ fontWeight: "bold" }}>
        {l.message}
      </P>
      <div style={{ borderLeft: "3px solid #cbd5e1", paddingLeft: "12px", color: "#475569" }}>
        <UserText text={data.message} />
      </div>
      <P margin="16px 0 12px">{l.answer(singleLine(data.email))}</P>
      <P style={{ fontSize: "14px", color: "#475569" }}>
        {l.why} <TextLink href={settingsUrl} />
      </P>
    </EmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(company) };
}
