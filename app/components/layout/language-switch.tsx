import { Form, useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { LANGUAGES } from "~/lib/i18n";

const NAMES = { de: "Deutsch", en: "English" } as const;

/**
 * Two buttons in a plain form: works without JavaScript, and a full reload afterwards makes
 * every text on the page (and the `lang` attribute) switch at once.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/api/language"
      reloadDocument
      className="flex items-center gap-1"
      aria-label={t("topbar.language")}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {LANGUAGES.map((language) => {
        const isCurrent = i18n.language === language;
        return (
          <button
            key={language}
            type="submit"
            name="language"
            value={language}
            lang={language}
            aria-pressed={isCurrent}
            className={`rounded px-2 py-0.5 ${isCurrent ? "bg-white font-semibold text-secondary" : "hover:underline"}`}
          >
            {NAMES[language]}
          </button>
        );
      })}
    </Form>
  );
}
