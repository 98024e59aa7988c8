import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/privacy";
import { ContactCta } from "~/components/content/contact-cta";
import { LegalText } from "~/components/content/legal-text";
import type { LegalContent } from "~/features/content/content-types";
import { getPageContent } from "~/features/company/page-content.server";
import { languageFromCookie } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/root";
import "~/locales/texts/pages";

export async function loader({ request }: Route.LoaderArgs) {
  return getPageContent<LegalContent>(
    "privacy",
    languageFromCookie(request.headers.get("cookie")),
    request,
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const settings = useRootData()?.settings;
  const controllerSections = new Set(
    loaderData.sections.filter((section) => section.showsController).map((section) => section.id),
  );
  return (
    <main id="main">
      <LegalText
        title={loaderData.title}
        updated={loaderData.updated}
        intro={loaderData.intro}
        sections={loaderData.sections}
        afterSection={(section) =>
          settings &&
          controllerSections.has(section.id) && (
            // The controller is the operator as entered in the settings (also in the Impressum).
            <address
              data-testid="privacy-controller"
              className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 leading-relaxed not-italic"
            >
              <span className="font-semibold text-slate-900">{settings.companyName}</span>
              <br />
              {settings.companyAddress}
              <br />
              {settings.companyPostalCode} {settings.companyCity}
              <br />
              {settings.companyCountry}
              <br />
              {t("pages.legal.email")}:{" "}
              <a
                href={`mailto:${settings.companyEmail}`}
                className="text-secondary underline hover:no-underline"
              >
                {settings.companyEmail}
              </a>
              <br />
              {t("pages.legal.phone")}: {settings.companyPhone}
            </address>
          )
        }
      />
      <ContactCta
        title={loaderData.cta.title}
        text={loaderData.cta.text}
        label={t("pages.common.contactUs")}
      />
    </main>
  );
}
