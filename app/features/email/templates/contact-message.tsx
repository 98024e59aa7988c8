import type { ParsedEmailData, RenderContext } from "../templates";
import { EmailLayout, P, Rows, UserText, type EmailContent } from "./layout";
import { rowLines, singleLine, texts, type EmailRow } from "./shared";

/** A visitor's message from /kontakt, to the company e-mail; replies go to the visitor. */
const contactTexts = texts({
  de: {
    subject: (subject: string) => `Neue Kontaktanfrage: ${subject}`,
    intro: (platform: string) => `Neue Nachricht über das Kontaktformular von ${platform}.`,
    name: "Name",
    email: "E-Mail",
    subjectLabel: "Betreff",
    message: "Nachricht",
    replyHint: (firstName: string) =>
      `Antworten Sie direkt auf diese E-Mail, um ${firstName} zu antworten.`,
  },
  en: {
    subject: (subject: string) => `New contact request: ${subject}`,
    intro: (platform: string) => `New message from the contact form of ${platform}.`,
    name: "Name",
    email: "E-mail",
    subjectLabel: "Subject",
    message: "Message",
    replyHint: (firstName: string) => `Reply to this e-mail to answer ${firstName}.`,
  },
});

export function contactMessage(
  data: ParsedEmailData<"contact-message">,
  { platformName }: RenderContext,
): EmailContent {
  const l = contactTexts[data.language];
  const name = singleLine(`${data.firstName} ${data.lastName}`);
  const subject = l.subject(singleLine(data.subject));
  const replyHint = l.replyHint(singleLine(data.firstName));
  const rows: EmailRow[] = [
    [l.name, name],
    [l.email, data.email],
    [l.subjectLabel, singleLine(data.subject)],
  ];
  const text = [
    l.intro(platformName),
    "",
    ...rowLines(rows),
    "",
    `${l.message}:`,
    data.message,
    "",
    "--",
    replyHint,
  ].join("\n");
  const html = (
    <EmailLayout
      language={data.language}
      title={subject}
      platformName={platformName}
      footer={replyHint}
    >
      <P margin="0 0 16px">{l.intro(platformName)}</P>
      <Rows rows={rows} />
      <P margin="0 0 8px" style={{ fontWeight: 700 }}>
        {l.message}
      </P>
      <UserText text={data.message} />
    </EmailLayout>
  );
  return { subject, text, html, replyTo: { name, address: data.email } };
}
