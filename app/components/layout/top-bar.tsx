import { FacebookIcon, InstagramIcon, Mail, Phone, XIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import type { PublicSettings } from "~/features/settings/settings";
import { LanguageSwitch } from "./language-switch";

export function TopBar({ settings }: { settings: PublicSettings }) {
  const { t } = useTranslation();
  const socials = [
    { url: settings.socialFacebookUrl, label: t("topbar.social.facebook"), Icon: FacebookIcon },
    { url: settings.socialInstagramUrl, label: t("topbar.social.instagram"), Icon: InstagramIcon },
    { url: settings.socialXUrl, label: t("topbar.social.x"), Icon: XIcon },
  ].filter((s) => s.url);
  return (
    // A named section is a landmark: nothing of the page is outside one (axe "region").
    <section aria-label={t("topbar.label")} className="bg-secondary text-sm text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-1.5">
        <div className="flex flex-wrap items-center gap-4">
          <a
            href={`tel:${settings.companyPhone.replace(/[^+\d]/g, "")}`}
            className="flex items-center gap-1.5 hover:underline"
          >
            <Phone aria-hidden className="size-3.5" />
            <span className="sr-only">{t("topbar.phone")}: </span>
            {settings.companyPhone}
          </a>
          <a
            href={`mailto:${settings.companyEmail}`}
            className="flex items-center gap-1.5 hover:underline"
          >
            <Mail aria-hidden className="size-3.5" />
            <span className="sr-only">{t("topbar.email")}: </span>
            {settings.companyEmail}
          </a>
        </div>
        <div className="flex items-center gap-3">
          {socials.map(({ url, label, Icon }) => (
            <a
              key={label}
              href={url!}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              className="hover:opacity-80"
            >
              <Icon className="size-4" />
            </a>
          ))}
          <LanguageSwitch />
        </div>
      </div>
    </section>
  );
}
