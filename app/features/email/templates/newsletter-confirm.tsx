import type { ParsedEmailData, RenderContext } from "../templates";
import {
  ButtonLink,
  CompanyFooter,
  EmailLayout,
  LinkLine,
  P,
  TextLink,
  type EmailContent,
} from "./layout";
import { companySignature, texts } from "./shared";

/** The double opt-in link, with an unsubscribe link as in every newsletter e-mail. */
const newsletterConfirmUrl = (baseUrl: string, token: string) =>
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

export function newsletterConfirm(
  data: ParsedEmailData<"newsletter-confirm">,
  { baseUrl, platformName, company }: RenderContext,
): EmailContent {
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
    `${l.unsubscribe}: ${unsubscribeUrl}`,
    "",
    // The sender's Impressum, as in every e-mail to a guest or visitor (decision 066).
    ...companySignature(company, data.language),
  ].join("\n");
  const html = (
    <EmailLayout
      language={data.language}
      title={l.subject}
      platformName={platformName}
      footer={
        <>
          <TextLink href={unsubscribeUrl}>{l.unsubscribe}</TextLink>
          <br />
          <br />
          <CompanyFooter company={company} language={data.language} />
        </>
      }
    >
      <P>{l.greeting}</P>
      <P>{l.intro(platformName)}</P>
      <ButtonLink href={confirmUrl}>{l.button}</ButtonLink>
      <LinkLine href={confirmUrl} />
      <P margin="0">{l.validity}</P>
    </EmailLayout>
  );
  return {
    subject: l.subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>` },
  };
}
