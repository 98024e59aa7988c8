import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/booking-process";
import { ContactCta } from "~/components/content/contact-cta";
import { ContentSection, PageHeader } from "~/components/content/page-header";
import type { BookingProcessContent } from "~/features/content/content-types";
import { getPageContent } from "~/features/company/page-content.server";
import { languageFromCookie } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/pages";

export async function loader({ request }: Route.LoaderArgs) {
  return getPageContent<BookingProcessContent>(
    "booking-process",
    languageFromCookie(request.headers.get("cookie")),
    request,
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

export default function BookingProcessPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main">
      <PageHeader title={loaderData.title} intro={loaderData.intro} />
      <ContentSection id="steps" title={loaderData.stepsTitle}>
        <ol className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-5">
          {loaderData.steps.map((step, index) => (
            <li
              key={step.title}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span
                aria-hidden
                className="flex size-10 items-center justify-center rounded-full bg-secondary text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-secondary">
                <span className="sr-only">
                  {t("pages.bookingProcess.step", { number: index + 1 })}:{" "}
                </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </ContentSection>
      <ContactCta
        title={loaderData.cta.title}
        text={loaderData.cta.text}
        label={t("pages.common.contactUs")}
      />
    </main>
  );
}
