import { getOfferedPaymentMethods } from "./payment-methods.server";
import { openingHoursIn } from "~/features/settings/settings";
import { getSettings } from "~/features/settings/settings.server";
import { getContent } from "~/lib/content.server";
import type { Language } from "~/lib/i18n";
import { resolvePageContent, type PageFacts } from "./page-facts";

/**
 * The facts every content page may state (decision 031). "Offered" is the one rule of
 * getOfferedPaymentMethods — allowed in the settings AND operational — the same the booking
 * page uses, so no page promises a method the checkout does not offer.
 */
export async function getPageFacts(language: Language): Promise<PageFacts> {
  const [settings, methods] = await Promise.all([getSettings(), getOfferedPaymentMethods()]);
  return {
    offeredPaymentMethods: methods.filter((m) => m.isOffered).map((m) => m.method),
    openingHours: openingHoursIn(settings, language),
  };
}

/**
 * A content page as visitors see it: the stored text with its placeholders filled and its
 * conditional blocks resolved. Public routes read content only through this.
 */
export async function getPageContent<T>(page: string, language: Language): Promise<T> {
  // Promise.resolve: getContent is about to become async (database-backed content); this works
  // with either.
  const [content, facts] = await Promise.all([
    Promise.resolve(getContent<T>(page, language)),
    getPageFacts(language),
  ]);
  return resolvePageContent(content, facts, language);
}
