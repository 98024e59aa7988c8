import type { ParsedEmailData, RenderContext } from "../templates";
import { BookingEmailLayout, SectionHeading, UserText, type EmailContent } from "./layout";
import { replyToCompany, singleLine, textWithSignature, texts } from "./shared";

/**
 * The operator's answer to a message from /kontakt (/admin/nachrichten "Antworten"), to the
 * visitor, in the language they wrote in. Replies go to the company e-mail, and the visitor's own
 * message is quoted below so they know what is being answered.
 */
const replyTexts = texts({
  de: {
    subject: (subject: string) => `Re: ${subject}`,
    greeting: (name: string) => `Hallo ${name},`,
    yourMessage: (date: string) => `Ihre Nachricht vom ${date}:`,
  },
  en: {
    subject: (subject: string) => `Re: ${subject}`,
    greeting: (name: string) => `Hello ${name},`,
    yourMessage: (date: string) => `Your message of ${date}:`,
  },
});

/**
 * The salutation the reply box starts with (the operator sees it and may change it; decision
 * 099). The e-mail adds none of its own: an automatic "Hallo Erika," above the operator's own
 * "Liebe Frau Prüfer," greeted twice, the first time on first-name terms.
 */
export function replyGreeting(language: "de" | "en", firstName: string) {
  return replyTexts[language].greeting(singleLine(firstName));
}

export function contactReply(
  data: ParsedEmailData<"contact-reply">,
  { platformName }: RenderContext,
): EmailContent {
  const l = replyTexts[data.language];
  const subject = l.subject(singleLine(data.subject));
  const date = new Intl.DateTimeFormat(data.language === "de" ? "de-DE" : "en-GB", {
    dateStyle: "long",
    timeZone: "Europe/Berlin",
  }).format(new Date(data.sentAt));
  const quoted = data.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const text = textWithSignature([data.reply, "", l.yourMessage(date), quoted], data);
  const html = (
    <BookingEmailLayout data={data} title={subject} platformName={platformName}>
      <UserText text={data.reply} />
      <SectionHeading>{l.yourMessage(date)}</SectionHeading>
      <div style={{ borderLeft: "3px solid #cbd5e1", paddingLeft: "12px", color: "#475569" }}>
        <UserText text={data.message} />
      </div>
    </BookingEmailLayout>
  );
  return { subject, text, html, replyTo: replyToCompany(data.company) };
}
