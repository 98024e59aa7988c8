import { z } from "zod";

export {
  isNewsletterResult,
  NEWSLETTER_RESULTS,
  type NewsletterResult,
} from "./newsletter-results";

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
