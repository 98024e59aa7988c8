import crypto from "node:crypto";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { tokenSchema } from "./newsletter.schema";

export const NEWSLETTER_LIMITS = {
  /** Sign-ups per client address. */
  perClient: { max: 5, windowSeconds: 10 * 60 },
  /** Confirmation e-mails per address and day, so nobody can flood a stranger's inbox. */
  mailsPerAddress: { max: 3, windowSeconds: 24 * 60 * 60 },
};
/** A confirmation link works for this long after the sign-up. */
export const CONFIRMATION_VALID_DAYS = 7;

const t = schema.newsletterSubscription;
const validSince = sql`now() - make_interval(days => ${CONFIRMATION_VALID_DAYS})`;

const newToken = () => crypto.randomBytes(32).toString("base64url");

/**
 * Double opt-in sign-up. Stores a pending subscription and queues the confirmation e-mail in
 * one transaction. The answer is the same whether or not the address was known: a confirmed
 * address gets no new e-mail, a pending one gets its (still valid) link again, an expired or
 * unsubscribed one starts over with a new link.
 */
export async function subscribeToNewsletter(input: {
  email: string;
  language: Language;
  clientIp: string;
}): Promise<"pending" | "tooMany" | "failed"> {
  const email = input.email.trim().toLowerCase();
  try {
    const client = await hitRateLimit(
      `newsletter:client:${input.clientIp}`,
      NEWSLETTER_LIMITS.perClient.max,
      NEWSLETTER_LIMITS.perClient.windowSeconds,
    );
    if (client.isLimited) return "tooMany";
    const address = await hitRateLimit(
      `newsletter:address:${email}`,
      NEWSLETTER_LIMITS.mailsPerAddress.max,
      NEWSLETTER_LIMITS.mailsPerAddress.windowSeconds,
    );

    await db().transaction(async (tx) => {
      const candidate = newToken();
      await tx.insert(t).values({ email, token: candidate }).onConflictDoNothing();
      const [row] = await tx
        .select({
          id: t.id,
          status: t.status,
          token: t.token,
          isFresh: sql<boolean>`${t.createdAt} > ${validSince}`,
        })
        .from(t)
        .where(sql`lower(${t.email}) = ${email}`)
        .for("update");
      if (!row || row.status === "confirmed") return;

      let token = row.token;
      if (row.status === "unsubscribed" || !row.isFresh) {
        token = candidate;
        await tx
          .update(t)
          .set({ status: "pending", token, createdAt: sql`now()`, confirmedAt: null })
          .where(eq(t.id, row.id));
      }
      if (address.isLimited) return;
      await enqueueEmail(tx, {
        to: email,
        template: "newsletter-confirm",
        data: { language: input.language, token },
      });
    });
    return "pending";
  } catch (error) {
    logger.error({ err: error }, "newsletter sign-up failed");
    return "failed";
  }
}

export type ConfirmState = "ready" | "confirmed" | "invalid";
export type UnsubscribeState = "ready" | "unsubscribed" | "invalid";

async function findByToken(token: string | null) {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return undefined;
  const [row] = await db()
    .select({ status: t.status, isFresh: sql<boolean>`${t.createdAt} > ${validSince}` })
    .from(t)
    .where(eq(t.token, parsed.data));
  return row ? { ...row, token: parsed.data } : undefined;
}

/** What the confirmation page shows for a link (GET: nothing changes, mail scanners follow links). */
export async function confirmationState(token: string | null): Promise<ConfirmState> {
  const row = await findByToken(token);
  if (row?.status === "confirmed") return "confirmed";
  if (row?.status === "pending" && row.isFresh) return "ready";
  return "invalid";
}

/** Confirms a pending subscription whose link is at most 7 days old (the button's POST). */
export async function confirmSubscription(token: string | null): Promise<"confirmed" | "invalid"> {
  const row = await findByToken(token);
  if (!row) return "invalid";
  const updated = await db()
    .update(t)
    .set({ status: "confirmed", confirmedAt: sql`now()` })
    .where(and(eq(t.token, row.token), eq(t.status, "pending"), gt(t.createdAt, validSince)))
    .returning({ id: t.id });
  if (updated.length > 0 || row.status === "confirmed") return "confirmed";
  return "invalid";
}

export async function unsubscribeState(token: string | null): Promise<UnsubscribeState> {
  const row = await findByToken(token);
  if (!row) return "invalid";
  return row.status === "unsubscribed" ? "unsubscribed" : "ready";
}

/** Ends a subscription (pending or confirmed). The unsubscribe link does not expire. */
export async function unsubscribe(token: string | null): Promise<"unsubscribed" | "invalid"> {
  const row = await findByToken(token);
  if (!row) return "invalid";
  await db()
    .update(t)
    .set({ status: "unsubscribed" })
    .where(and(eq(t.token, row.token), inArray(t.status, ["pending", "confirmed"])));
  return "unsubscribed";
}

// ---------------------------------------------------------------------------------------------
// "Marketing-E-Mails" in /dashboard/settings (decision 069): the same subscription, for the
// account's own address.

/**
 * Where an address stands: "subscribed" (confirmed), "pending" (a confirmation link that still
 * works was sent) or "none" (never, unsubscribed, or the link expired unconfirmed).
 */
export type NewsletterState = "subscribed" | "pending" | "none";

export async function newsletterStateOf(email: string): Promise<NewsletterState> {
  const [row] = await db()
    .select({ status: t.status, isFresh: sql<boolean>`${t.createdAt} > ${validSince}` })
    .from(t)
    .where(sql`lower(${t.email}) = ${email.trim().toLowerCase()}`);
  if (row?.status === "confirmed") return "subscribed";
  if (row?.status === "pending" && row.isFresh) return "pending";
  return "none";
}

/** Ends the subscription of an address at once, as its unsubscribe link does. */
export async function unsubscribeAddress(email: string) {
  const updated = await db()
    .update(t)
    .set({ status: "unsubscribed" })
    .where(
      and(
        sql`lower(${t.email}) = ${email.trim().toLowerCase()}`,
        inArray(t.status, ["pending", "confirmed"]),
      ),
    )
    .returning({ id: t.id });
  return updated.length > 0;
}
