import { Clock, CreditCard, Globe, Mail, MapPin, Phone, ShieldCheck } from "~/components/ui/icons";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { openingHoursIn, type PublicSettings } from "~/features/settings/settings";
import type { Language } from "~/lib/i18n";
import { Brand } from "./brand";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { CookieSettingsButton } from "./cookie-settings-button";
import { InstallAppButton } from "./install-app";
import "~/locales/texts/footer";

const groups = [
  {
    key: "footer.aboutGroup",
    links: [
      { to: "/buchungsprozess", key: "footer.bookingProcess" },
      { to: "/zahlungsmethoden", key: "footer.paymentMethods" },
      { to: "/bewertungen", key: "footer.reviews" },
      { to: "/faq", key: "footer.faq" },
    ],
  },
  {
    key: "footer.servicesGroup",
    links: [
      { to: "/reisepakete", key: "footer.travelPackages" },
      { to: "/hotelbuchung", key: "footer.hotelBooking" },
      { to: "/flugbuchung", key: "footer.flightBooking" },
      { to: "/reiseversicherung", key: "footer.travelInsurance" },
    ],
  },
  {
    key: "footer.companyGroup",
    links: [
      { to: "/ueber-uns", key: "footer.about" },
      { to: "/kontakt", key: "footer.contact" },
      { to: "/datenschutz", key: "footer.privacy" },
      { to: "/agb", key: "footer.terms" },
      { to: "/impressum", key: "footer.imprint" },
    ],
  },
] as const;

export function SiteFooter({ settings }: { settings: PublicSettings }) {
  const { t, i18n } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-secondary text-slate-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <Brand settings={settings} onDark />
          <h2 className="mt-6 font-semibold text-white">{t("footer.contactHeading")}</h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p className="font-medium text-white">{settings.companyName}</p>
            <p className="flex items-start gap-2">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {settings.companyAddress}
                <br />
                {settings.companyPostalCode} {settings.companyCity}
              </span>
            </p>
            <p>
              <a
                href={`tel:${settings.companyPhone.replace(/[^+\d]/g, "")}`}
                className="flex items-center gap-2 hover:underline"
              >
                <Phone aria-hidden className="size-4" />
                {settings.companyPhone}
              </a>
            </p>
            <p>
              <a
                href={`mailto:${settings.companyEmail}`}
                className="flex items-center gap-2 hover:underline"
              >
                <Mail aria-hidden className="size-4" />
                {settings.companyEmail}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Clock aria-hidden className="size-4" />
              <span>
                <span className="sr-only">{t("footer.openingHoursLabel")}: </span>
                {openingHoursIn(settings, i18n.language as Language)}
              </span>
            </p>
          </address>
        </div>
        {groups.map((group) => (
          <nav key={group.key} aria-label={t(group.key)}>
            <h2 className="font-semibold text-white">{t(group.key)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:underline">
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-[2fr_1fr] md:items-end">
          <section aria-labelledby="footer-newsletter-heading">
            <h2 id="footer-newsletter-heading" className="font-semibold text-white">
              {t("footer.newsletterHeading")}
            </h2>
            <div className="mt-3 max-w-xl">
              <NewsletterForm idPrefix="footer-newsletter" onDark />
            </div>
          </section>
          <div className="md:text-right">
            <InstallAppButton />
          </div>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li className="flex items-center gap-2">
              <ShieldCheck aria-hidden className="size-4" /> {t("footer.badgeSecure")}
            </li>
            <li className="flex items-center gap-2">
              <CreditCard aria-hidden className="size-4" /> {t("footer.badgePayment")}
            </li>
            <li className="flex items-center gap-2">
              <Globe aria-hidden className="size-4" /> {t("footer.badgeWorldwide")}
            </li>
          </ul>
          <div className="flex flex-wrap items-center gap-4">
            <CookieSettingsButton />
            <p>
              © {year} {settings.companyName}. {t("footer.rights")}
            </p>
          </div>
        </div>
      </div>
    </footer>
  );
}
