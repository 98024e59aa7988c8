import { getOfferedPaymentMethods, offeredOnly } from "./payment-methods.server";
import {
  openingHoursIn,
  type PaymentMethod,
  type SiteSettings,
} from "~/features/settings/settings";
import { getSettings } from "~/features/settings/settings.server";
import { getContent } from "~/features/content/content.server";
import type { ContentPage } from "~/features/content/content-pages";
import type { Language } from "~/lib/i18n";
import { resolvePageContent, type PageFacts } from "./page-facts";

/**
 * The facts every content page may state (decision 031). "Offered" is the one rule of
 * getOfferedPaymentMethods — allowed in the settings AND operational — the same the booking
 * page uses, so no page promises a method the checkout does not offer. The payment schedule is
 * the one the booking computes with (app/domain/payment-schedule.ts).
 */
async function getPageFacts(language: Language): Promise<PageFacts> {
  const [settings, methods] = await Promise.all([getSettings(), getOfferedPaymentMethods()]);
  return pageFactsFrom(settings, offeredOnly(methods), language);
}

/** The facts from given settings and offered methods (the booking's AGB snapshot has its own). */
export function pageFactsFrom(
  settings: SiteSettings,
  offered: readonly PaymentMethod[],
  language: Language,
): PageFacts {
  return {
    offeredPaymentMethods: offered,
    openingHours: openingHoursIn(settings, language),
    depositPercentage: settings.depositPercentage,
    balanceDueDays: settings.balanceDueDays,
  };
}

/**
 * A content page as visitors see it: the stored text (or, for an admin with the page's request,
 * the editor's preview; decision 030) with its placeholders filled and its conditional blocks
 * resolved. Public routes read content only through this.
 */
export async function getPageContent<T>(
  page: ContentPage,
  language: Language,
  request?: Request,
): Promise<T> {
  return (await getPageContentWithFacts<T>(page, language, request)).content;
}

/** The same, with the facts it was resolved with (a page that also lists them reads them once). */
export async function getPageContentWithFacts<T>(
  page: ContentPage,
  language: Language,
  request?: Request,
): Promise<{ content: T; facts: PageFacts }> {
  const [content, facts] = await Promise.all([
    getContent<T>(page, language, request),
    getPageFacts(language),
  ]);
  return { content: resolvePageContent(content, facts, language), facts };
}
