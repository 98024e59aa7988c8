import { cloneElement, createContext, Fragment, useContext, type ReactElement } from "react";
import { DEFAULT_LANGUAGE, getTranslator, type Language, type TranslationValues } from "~/lib/i18n";

/**
 * The page's language, provided once by the root layout from the root loader's data, so a
 * language switch re-renders every text with the next navigation's data.
 */
const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);
export const LanguageProvider = LanguageContext.Provider;

/** `{ t, i18n: { language } }` for the page's language (the shape components used before). */
export function useTranslation() {
  return getTranslator(useContext(LanguageContext));
}

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A text with links or emphasis inside: `<agb>AGB</agb>` in the catalogue becomes the element
 * given as `components.agb`, with the tag's text as its child. Tags without an element stay
 * plain text. No nesting (none of our texts needs it).
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: TranslationValues;
  components: Record<string, ReactElement>;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
