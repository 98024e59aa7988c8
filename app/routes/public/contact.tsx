import { Building2, Clock, ExternalLink, Mail, MapPin, Phone } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/contact";
import { ContactForm, type ContactActionData } from "~/features/contact/contact-form";
import { mapSearchUrl, type ContactContent } from "~/features/contact/contact-content";
import { CONTACT_FIELDS, contactSchema, subjectFromQuery } from "~/features/contact/contact.schema";
import { sendContactMessage } from "~/features/contact/contact.server";
import { getCurrentUser } from "~/features/accounts/session.server";
import { getSettings } from "~/features/settings/settings.server";
import { openingHoursIn } from "~/features/settings/settings";
import { getPageContent } from "~/features/company/page-content.server";
import { parseForm } from "~/lib/form.server";
import { languageFromCookie } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { useActionAnswer } from "~/lib/use-action-answer";
import "~/locales/texts/contact";
import "~/locales/texts/footer";

export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookie(request.headers.get("cookie"));
  const [content, s] = await Promise.all([
    getPageContent<ContactContent>("contact", language, request),
    getSettings(),
  ]);
  return {
    content,
    subject: subjectFromQuery(new URL(request.url).searchParams.get("subject")),
    company: {
      name: s.companyName,
      email: s.companyEmail,
      phone: s.companyPhone,
      // The one set of opening hours (settings; decision 031).
      openingHours: openingHoursIn(s, language),
      address: s.companyAddress,
      postalCode: s.companyPostalCode,
      city: s.companyCity,
      country: s.companyCountry,
      registerCourt: s.companyRegisterCourt,
      registration: s.companyRegistration,
      vatId: s.companyVatId,
    },
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.content.title, description: args.data?.content.description });

/** Echoed input is capped: it only refills the form. */
const ECHO_MAX = 10_000;

/** The answer's status for each refusal of `sendContactMessage`. */
const FAILURE_STATUS = { tooMany: 429, unavailable: 503, failed: 500 } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(await request.formData(), contactSchema, {
    fields: CONTACT_FIELDS,
    echoMax: ECHO_MAX,
  });
  const { values } = parsed;
  if (!parsed.ok) {
    return data<ContactActionData>(
      { status: "invalid", errors: parsed.fieldErrors, values },
      { status: 400 },
    );
  }
  // The copy goes to the signed-in account's address, known from the session alone.
  const user = await getCurrentUser(request);
  const result = await sendContactMessage({
    values: parsed.data,
    language: languageFromCookie(request.headers.get("cookie")),
    sender: user ? { userId: user.id, email: user.email } : undefined,
    clientIp: context.clientIp,
    requestId: context.requestId,
  });
  if (!result.ok) {
    return data<ContactActionData>(
      { status: result.error, errors: {}, values },
      { status: FAILURE_STATUS[result.error] },
    );
  }
  return data<ContactActionData>({ status: "sent", id: result.id, copyTo: result.copyTo });
}

function Card({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-5 shadow-sm">
      <h3 className="flex items-center gap-2 font-semibold text-secondary">
        {icon}
        {title}
      </h3>
      <div className="mt-2 text-slate-700">{children}</div>
    </section>
  );
}

export default function ContactPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  const { t } = useTranslation();
  const { content, company } = loaderData;
  const mapUrl = mapSearchUrl([
    company.address,
    `${company.postalCode} ${company.city}`,
    company.country,
  ]);
  const iconClass = "size-5 text-primary-strong";
  return (
    <main id="main">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h1 className="text-3xl font-bold text-secondary md:text-4xl">{content.title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">{content.intro}</p>

        <div className="mt-10 grid gap-10 lg:grid-cols-3">
          <section
            aria-labelledby="contact-form-heading"
            className="rounded-2xl border border-slate-200 p-6 shadow-sm lg:col-span-2 lg:self-start"
          >
            <h2 id="contact-form-heading" className="mb-4 text-2xl font-semibold text-secondary">
              {t("contact.formHeading")}
            </h2>
            <ContactForm actionData={actionData} defaultSubject={loaderData.subject} />
          </section>

          <div className="space-y-4">
            <h2 className="sr-only">{t("contact.cardsHeading")}</h2>
            <Card icon={<Phone aria-hidden className={iconClass} />} title={t("contact.phone")}>
              <a
                href={`tel:${company.phone.replace(/[^+\d]/g, "")}`}
                className="text-secondary underline-offset-2 hover:underline"
              >
                {company.phone}
              </a>
            </Card>
            <Card icon={<Mail aria-hidden className={iconClass} />} title={t("contact.emailCard")}>
              <a
                href={`mailto:${company.email}`}
                className="break-all text-secondary underline-offset-2 hover:underline"
              >
                {company.email}
              </a>
            </Card>
            <Card icon={<MapPin aria-hidden className={iconClass} />} title={t("contact.address")}>
              <address className="not-italic">
                {company.name}
                <br />
                {company.address}
                <br />
                {company.postalCode} {company.city}
                <br />
                {company.country}
              </address>
            </Card>
            <Card
              icon={<Clock aria-hidden className={iconClass} />}
              title={t("contact.openingHours")}
            >
              <p>{company.openingHours}</p>
            </Card>
            <Card
              icon={<MapPin aria-hidden className={iconClass} />}
              title={t("contact.mapHeading")}
            >
              <StaticMap />
              <a
                href={mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass({ className: "mt-3" })}
              >
                <ExternalLink aria-hidden className="size-4" />
                {t("contact.openMap")}
                <span className="sr-only"> {t("common.opensInNewTab")}</span>
              </a>
              <p className="mt-3 text-sm text-slate-600">{content.mapNote}</p>
            </Card>
            <Card
              icon={<Building2 aria-hidden className={iconClass} />}
              title={t("contact.companyHeading")}
            >
              <p className="text-sm font-medium text-slate-900">{company.name}</p>
              <dl className="mt-1 space-y-1 text-sm">
                <div>
                  <dt className="inline font-medium">{t("contact.registerCourt")}: </dt>
                  <dd className="inline">{company.registerCourt}</dd>
                </div>
                <div>
                  <dt className="inline font-medium">{t("contact.registration")}: </dt>
                  <dd className="inline">{company.registration}</dd>
                </div>
                <div>
                  <dt className="inline font-medium">{t("contact.vatId")}: </dt>
                  <dd className="inline">{company.vatId}</dd>
                </div>
              </dl>
              <Link
                to="/impressum"
                className="mt-2 inline-block text-sm text-secondary underline underline-offset-2"
              >
                {t("footer.imprint")}
              </Link>
            </Card>
          </div>
        </div>
      </div>
    </main>
  );
}

/** A drawn street grid with a pin: shows where the map link leads, loads nothing from others. */
function StaticMap() {
  return (
    <svg
      viewBox="0 0 320 140"
      className="h-auto w-full rounded-lg border border-slate-200 bg-slate-100"
      aria-hidden
    >
      <g stroke="#cbd5e1" strokeWidth="10" strokeLinecap="round">
        <path d="M0 40 H320" />
        <path d="M0 105 H320" />
        <path d="M70 0 V140" />
        <path d="M210 0 V140" />
        <path d="M0 140 L140 0" strokeWidth="6" />
      </g>
      <rect x="230" y="55" width="70" height="35" rx="4" fill="#bbf7d0" />
      <g transform="translate(140 48)">
        <path
          d="M0 36 C-4 26 -16 18 -16 6 A16 16 0 0 1 16 6 C16 18 4 26 0 36 Z"
          fill="var(--color-primary-strong)"
        />
        <circle cx="0" cy="6" r="6" fill="#fff" />
      </g>
    </svg>
  );
}
