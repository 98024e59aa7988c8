import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/terms";
import { ContactCta } from "~/components/content/contact-cta";
import { LegalText } from "~/components/content/legal-text";
import type { LegalContent } from "~/features/content/content-types";
import { getPageContent } from "~/features/company/page-content.server";
import { languageFromCookie } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/pages";

export async function loader({ request }: Route.LoaderArgs) {
  return getPageContent<LegalContent>(
    "terms",
    languageFromCookie(request.headers.get("cookie")),
    request,
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main">
      <LegalText
        title={loaderData.title}
        updated={loaderData.updated}
        intro={loaderData.intro}
        sections={loaderData.sections}
      />
      <ContactCta
        title={loaderData.cta.title}
        text={loaderData.cta.text}
        label={t("pages.common.contactUs")}
      />
    </main>
  );
}
