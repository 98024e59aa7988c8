import type { ParsedEmailData, RenderContext } from "../templates";
import { ButtonLink, CompanyFooter, EmailLayout, LinkLine, P, type EmailContent } from "./layout";
import { singleLine, textWithSignature, texts } from "./shared";

/**
 * The single-use link of "Bestätigungs-E-Mail senden" in /dashboard/settings (decision 077). The
 * texts say "24 Stunden": change them with `ADDRESS_CONFIRM_LINK_SECONDS` (templates.ts). The
 * link confirms only for someone signed in to the account that asked, so the last paragraph can
 * tell a stranger whose address was entered that ignoring the e-mail is enough.
 */
const addressConfirmUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/auth/adresse-bestaetigen?token=${encodeURIComponent(token)}`;

const addressConfirmTexts = texts({
  de: {
    subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    greeting: (name: string) => (name ? `Hallo ${name},` : "Hallo,"),
    intro: (platform: string) =>
      `Sie haben in den Einstellungen Ihres Kontos bei ${platform} angefordert, Ihre E-Mail-Adresse zu bestätigen. Öffnen Sie dazu diesen Link und bestätigen Sie dort, angemeldet mit Ihrem Konto:`,
    button: "E-Mail-Adresse bestätigen",
    validity: "Der Link ist 24 Stunden gültig und kann nur einmal verwendet werden.",
    notYou:
      "Wenn Sie bei uns kein Konto mit dieser Adresse haben, hat jemand anderes sie angegeben. Ignorieren Sie diese E-Mail dann einfach: Ohne Anmeldung in jenem Konto bestätigt der Link nichts.",
  },
  en: {
    subject: "Please confirm your e-mail address",
    greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    intro: (platform: string) =>
      `You asked in the settings of your ${platform} account to confirm your e-mail address. Open this link and confirm there, signed in to your account:`,
    button: "Confirm e-mail address",
    validity: "The link is valid for 24 hours and can be used only once.",
    notYou:
      "If you have no account with us under this address, someone else entered it. Then simply ignore this e-mail: without signing in to that account, the link confirms nothing.",
  },
});

export function addressConfirm(
  data: ParsedEmailData<"address-confirm">,
  { baseUrl, platformName, company }: RenderContext,
): EmailContent {
  const l = addressConfirmTexts[data.language];
  const url = addressConfirmUrl(baseUrl, data.token);
  const greeting = l.greeting(singleLine(data.name));
  // The Impressum as in every e-mail to a guest (decision 066).
  const text = textWithSignature(
    [greeting, "", l.intro(platformName), url, "", l.validity, "", l.notYou],
    { company, language: data.language },
  );
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
      <P>{l.validity}</P>
      <P margin="0">{l.notYou}</P>
    </EmailLayout>
  );
  return { subject: l.subject, text, html };
}
