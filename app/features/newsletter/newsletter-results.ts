// Apart from the zod schema: the footer's newsletter form needs only this, and importing the
// schema module would put zod into every public page's JavaScript.

/** The outcomes the newsletter form shows (catalogue keys newsletter.*). */
export const NEWSLETTER_RESULTS = ["pending", "invalid", "tooMany", "failed"] as const;
export type NewsletterResult = (typeof NEWSLETTER_RESULTS)[number];

export function isNewsletterResult(value: unknown): value is NewsletterResult {
  return typeof value === "string" && (NEWSLETTER_RESULTS as readonly string[]).includes(value);
}
