import type { ParsedEmailData, RenderContext } from "../templates";
import { ButtonLink, CompanyFooter, EmailLayout, LinkLine, P, type EmailContent } from "./layout";
import { singleLine, textWithSignature, texts } from "./shared";

/**
 * The single-use link from /auth/passwort-vergessen. The texts say "1 Stunde": change them with
 * `PASSWORD_RESET_LINK_SECONDS` (templates.ts), the link's lifetime, which also decides when the
 * outbox file with the link is deleted.
 */
const passwordResetUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/auth/passwort-zuruecksetzen?token=${encodeURIComponent(token)}`;

const passwordResetTexts = texts({
  de: {
    subject: "Passwort zurücksetzen",
    greeting: (name: string) => (name ? `Hallo ${name},` : "Hallo,"),
    intro: (platform: string) =>
      `Sie haben angefordert, das Passwort Ihres Kontos bei ${platform} zurückzusetzen. Über diesen Link legen Sie ein neues Passwort fest:`,
    button: "Neues Passwort festlegen",
    validity:
      "Der Link ist 1 Stunde gültig und kann nur einmal verwendet werden. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail einfach; Ihr Passwort bleibt unverändert.",
  },
  en: {
    subject: "Reset your password",
    greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    intro: (platform: string) =>
      `You asked to reset the password of your ${platform} account. Use this link to choose a new password:`,
    button: "Choose a new password",
    validity:
      "The link is valid for 1 hour and can be used only once. If you did not ask for this, simply ignore this e-mail; your password stays unchanged.",
  },
});

export function passwordReset(
  data: ParsedEmailData<"password-reset">,
  { baseUrl, platformName, company }: RenderContext,
): EmailContent {
  const l = passwordResetTexts[data.language];
  const url = passwordResetUrl(baseUrl, data.token);
  const greeting = l.greeting(singleLine(data.name));
  // The Impressum as in every e-mail to a guest (decision 066).
  const text = textWithSignature([greeting, "", l.intro(platformName), url, "", l.validity], {
    company,
    language: data.language,
  });
  const html = (
    <EmailLayout
      language={data.language}
      title={l.subject}
      platformName={platformName}
      footer={<CompanyFooter company={company} language={data.language} />}
    >
      <P>{greeting}</P>
      <P>{l.intro(platformName)}</P>
      <ButtonLink href={url}>{l.button}</ButtonLink>
      <LinkLine href={url} />
      <P margin="0">{l.validity}</P>
    </EmailLayout>
  );
  return { subject: l.subject, text, html };
}
