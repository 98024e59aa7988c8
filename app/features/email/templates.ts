import { z } from "zod";
import {
  escapeHtml,
  htmlButton,
  htmlDocument,
  htmlLink,
  htmlParagraphs,
  singleLine,
  type EmailLanguage,
} from "./layout";

/**
 * Every e-mail the platform sends, by template name. A template declares the data it needs
 * (checked when the e-mail is queued and again when it is sent) and renders subject, plain
 * text and HTML in German or English (`language` in the data, German by default).
 * New e-mails (bookings, password reset) are added to `emailTemplates` below.
 */
export type RenderContext = {
  /** Public address of the site without trailing slash, for links. */
  baseUrl: string;
  platformName: string;
};

export type RenderedEmail = {
  subject: string;
  text: string;
  html: string;
  replyTo?: { name: string; address: string };
  headers?: Record<string, string>;
};

type Template<S extends z.ZodType> = {
  data: S;
  render: (data: z.output<S>, context: RenderContext) => RenderedEmail;
};

const defineTemplate = <S extends z.ZodType>(template: Template<S>) => template;

const language = z.enum(["de", "en"]).default("de");

const texts = <T>(value: Record<EmailLanguage, T>) => value;

// ---------------------------------------------------------------------------------------------
// contact-message: a visitor's message from /kontakt, to the company e-mail.

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

const contactMessage = defineTemplate({
  data: z.object({
    language,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
  render(data, { platformName }) {
    const l = contactTexts[data.language];
    const name = singleLine(`${data.firstName} ${data.lastName}`);
    const subject = l.subject(singleLine(data.subject));
    const rows: [string, string][] = [
      [l.name, name],
      [l.email, data.email],
      [l.subjectLabel, singleLine(data.subject)],
    ];
    const text = [
      l.intro(platformName),
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      `${l.message}:`,
      data.message,
      "",
      "--",
      l.replyHint(singleLine(data.firstName)),
    ].join("\n");
    const html = htmlDocument({
      language: data.language,
      title: subject,
      platformName,
      body: [
        `<p style="margin:0 0 16px">${escapeHtml(l.intro(platformName))}</p>`,
        '<table style="border-collapse:collapse;margin:0 0 16px">',
        ...rows.map(
          ([label, value]) =>
            `<tr><th style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        ),
        "</table>",
        `<p style="margin:0 0 8px;font-weight:700">${escapeHtml(l.message)}</p>`,
        htmlParagraphs(data.message),
      ].join(""),
      footer: escapeHtml(l.replyHint(singleLine(data.firstName))),
    });
    return { subject, text, html, replyTo: { name, address: data.email } };
  },
});

// ---------------------------------------------------------------------------------------------
// newsletter-confirm: the double opt-in link, with an unsubscribe link as in every newsletter mail.

export const newsletterConfirmUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/newsletter/bestaetigen?token=${encodeURIComponent(token)}`;
export const newsletterUnsubscribeUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/newsletter/abmelden?token=${encodeURIComponent(token)}`;

const newsletterTexts = texts({
  de: {
    subject: "Bitte bestätigen Sie Ihre Newsletter-Anmeldung",
    greeting: "Hallo,",
    intro: (platform: string) =>
      `vielen Dank für Ihr Interesse am Newsletter von ${platform}. Bitte bestätigen Sie Ihre Anmeldung über diesen Link:`,
    button: "Anmeldung bestätigen",
    validity:
      "Der Link ist 7 Tage gültig. Erst nach der Bestätigung erhalten Sie unseren Newsletter. Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail einfach.",
    unsubscribe: "Vom Newsletter abmelden",
  },
  en: {
    subject: "Please confirm your newsletter subscription",
    greeting: "Hello,",
    intro: (platform: string) =>
      `thank you for your interest in the ${platform} newsletter. Please confirm your subscription with this link:`,
    button: "Confirm subscription",
    validity:
      "The link is valid for 7 days. You will only receive our newsletter after confirming. If you did not subscribe, simply ignore this e-mail.",
    unsubscribe: "Unsubscribe from the newsletter",
  },
});

const newsletterConfirm = defineTemplate({
  data: z.object({ language, token: z.string().min(1) }),
  render(data, { baseUrl, platformName }) {
    const l = newsletterTexts[data.language];
    const confirmUrl = newsletterConfirmUrl(baseUrl, data.token);
    const unsubscribeUrl = newsletterUnsubscribeUrl(baseUrl, data.token);
    const text = [
      l.greeting,
      "",
      l.intro(platformName),
      confirmUrl,
      "",
      l.validity,
      "",
      "--",
      `${l.unsubscribe}: ${unsubscribeUrl}`,
    ].join("\n");
    const html = htmlDocument({
      language: data.language,
      title: l.subject,
      platformName,
      body: [
        `<p style="margin:0 0 12px">${escapeHtml(l.greeting)}</p>`,
        `<p style="margin:0 0 12px">${escapeHtml(l.intro(platformName))}</p>`,
        htmlButton(confirmUrl, l.button),
        `<p style="margin:0 0 12px;font-size:14px;word-break:break-all">${htmlLink(confirmUrl)}</p>`,
        `<p style="margin:0">${escapeHtml(l.validity)}</p>`,
      ].join(""),
      footer: htmlLink(unsubscribeUrl, l.unsubscribe),
    });
    return {
      subject: l.subject,
      text,
      html,
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>` },
    };
  },
});

// ---------------------------------------------------------------------------------------------

export const emailTemplates = {
  "contact-message": contactMessage,
  "newsletter-confirm": newsletterConfirm,
};

export type EmailTemplateName = keyof typeof emailTemplates;
/** What a caller passes when queueing `template` (language may be left out: German). */
export type EmailTemplateData<K extends EmailTemplateName> = z.input<
  (typeof emailTemplates)[K]["data"]
>;

export function isEmailTemplateName(name: string): name is EmailTemplateName {
  return Object.hasOwn(emailTemplates, name);
}

/** Checks the data of a queued e-mail; throws a ZodError when it does not fit the template. */
export function parseEmailData<K extends EmailTemplateName>(template: K, data: unknown) {
  return emailTemplates[template].data.parse(data) as z.output<(typeof emailTemplates)[K]["data"]>;
}

/** Renders a stored e-mail. Throws on an unknown template or data that does not fit it. */
export function renderEmail(
  template: string,
  data: unknown,
  context: RenderContext,
): RenderedEmail {
  if (!isEmailTemplateName(template)) throw new Error(`Unknown e-mail template "${template}"`);
  const definition = emailTemplates[template] as Template<z.ZodType>;
  return definition.render(definition.data.parse(data), context);
}
