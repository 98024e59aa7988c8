import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/imprint";
import { getCurrentUser } from "~/features/accounts/session.server";
import { ImprintWarning } from "~/features/company/components/imprint-warning";
import type { ImprintContent } from "~/features/company/content-types";
import { placeholderImprintFields } from "~/features/company/imprint";
import { getSettings } from "~/features/settings/settings.server";
import { getPageContent } from "~/features/company/page-content.server";
import { languageFromCookie, translate } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/info";

export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookie(request.headers.get("cookie"));
  const [content, settings, user] = await Promise.all([
    getPageContent<ImprintContent>("imprint", language, request),
    getSettings(),
    getCurrentUser(request),
  ]);
  return {
    content,
    company: {
      name: settings.companyName,
      address: settings.companyAddress,
      postalCode: settings.companyPostalCode,
      city: settings.companyCity,
      country: settings.companyCountry,
      representative: settings.companyRepresentative,
      // Each shown only when filled (decision 083): § 5 DDG asks for register and USt-IdNr.
      // only where they exist, and the Steuernummer not at all.
      registerCourt: settings.companyRegisterCourt.trim(),
      registration: settings.companyRegistration.trim(),
      vatId: settings.companyVatId.trim(),
      taxId: settings.companyTaxId.trim(),
      phone: settings.companyPhone,
      email: settings.companyEmail,
    },
    // Decided here on the server: visitors and guests never receive the list. The settings
    // form's labels, so the page's JavaScript does not carry the settings texts (decision 055).
    placeholderFields:
      user?.role === "admin"
        ? placeholderImprintFields(settings).map((field) =>
            translate(language, `settings.${field}`),
          )
        : [],
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.content.title,
    description: args.data?.content.description,
  });

export default function ImprintPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { content, company, placeholderFields } = loaderData;
  const heading = "mt-8 text-lg font-semibold text-secondary";
  const link = "text-secondary underline underline-offset-2 hover:no-underline";
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold text-secondary md:text-4xl">{t("info.imprint.heading")}</h1>
      {placeholderFields.length > 0 && (
        <div className="mt-6 max-w-3xl">
          <ImprintWarning fields={placeholderFields} />
        </div>
      )}
      <div className="max-w-3xl text-slate-800" data-testid="imprint">
        <h2 className={heading}>{t("info.imprint.legalBasis")}</h2>
        <address className="mt-2 not-italic">
          {company.name}
          <br />
          {company.address}
          <br />
          {company.postalCode} {company.city}
          <br />
          {company.country}
        </address>

        <h2 className={heading}>{t("info.imprint.representedBy")}</h2>
        <p className="mt-2">
          {company.representative}{" "}
          <span className="text-slate-600">({t("info.imprint.representative")})</span>
        </p>

        <h2 className={heading}>{t("info.imprint.contact")}</h2>
        <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt>{t("info.imprint.phone")}:</dt>
          <dd>
            <a href={`tel:${company.phone.replace(/[^+\d]/g, "")}`} className={link}>
              {company.phone}
            </a>
          </dd>
          <dt>{t("info.imprint.email")}:</dt>
          <dd className="break-all">
            <a href={`mailto:${company.email}`} className={link}>
              {company.email}
            </a>
          </dd>
        </dl>

        {(company.registerCourt || company.registration) && (
          <>
            <h2 className={heading}>{t("info.imprint.register")}</h2>
            <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
              {company.registerCourt && (
                <>
                  <dt>{t("info.imprint.registerCourt")}:</dt>
                  <dd>{company.registerCourt}</dd>
                </>
              )}
              {company.registration && (
                <>
                  <dt>{t("info.imprint.registration")}:</dt>
                  <dd>{company.registration}</dd>
                </>
              )}
            </dl>
          </>
        )}

        {(company.vatId || company.taxId) && (
          <>
            <h2 className={heading}>{t("info.imprint.tax")}</h2>
            {company.vatId && (
              <p className="mt-2">
                {t("info.imprint.vatId")}: {company.vatId}
              </p>
            )}
            {company.taxId && (
              <p className={company.vatId ? "mt-1" : "mt-2"}>
                {t("info.imprint.taxId")}: {company.taxId}
              </p>
            )}
          </>
        )}

        {content.sections.map((section) => (
          <section key={section.heading}>
            <h2 className={heading}>{section.heading}</h2>
            <p className="mt-2">{section.text}</p>
          </section>
        ))}
      </div>
    </main>
  );
}
