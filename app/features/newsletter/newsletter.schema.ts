import { z } from "zod";

/** The outcomes the newsletter form shows (catalogue keys newsletter.*). */
export const NEWSLETTER_RESULTS = ["pending", "invalid", "tooMany", "failed"] as const;
export type NewsletterResult = (typeof NEWSLETTER_RESULTS)[number];

export function isNewsletterResult(value: unknown): value is NewsletterResult {
  return typeof value === "string" && (NEWSLETTER_RESULTS as readonly string[]).includes(value);
}

export const newsletterSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "invalid")
    .max(254, "invalid")
    .pipe(z.email("invalid")),
});

/** Tokens are 32 random bytes in base64url; anything else is not looked up. */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
