import { and, eq, sql } from "drizzle-orm";
import { PASSWORD_RESET_LINK_SECONDS } from "~/features/email/templates";
import { getAuth } from "~/lib/auth.server";
import { db, schema } from "~/lib/db.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import {
  mailedTokenOwner,
  newMailedToken,
  storeMailedToken,
  takeMailedToken,
} from "./mailed-token.server";

/**
 * Password reset with our own single-use tokens (Better Auth's reset endpoint would store the
 * token itself in plain text and send its own link): `mailed-token.server`, purpose
 * "password-reset", valid for one hour. Only the POST of the reset form uses (deletes) it.
 */
export const RESET_TOKEN_TTL_SECONDS = PASSWORD_RESET_LINK_SECONDS;
export const RESET_LIMITS = {
  perClient: { max: 10, windowSeconds: 15 * 60 },
  perAccount: { max: 3, windowSeconds: 15 * 60 },
};

const PURPOSE = "password-reset";

export type ResetRequestResult = { ok: true } | { ok: false; error: "tooManyAttempts" };

/**
 * Queues the reset e-mail when an account with this address exists. The caller always shows the
 * same neutral answer; only the rate limit is visible.
 */
export async function requestPasswordReset(input: {
  email: string;
  clientIp: string;
  language: Language;
}): Promise<ResetRequestResult> {
  const email = input.email.trim().toLowerCase();
  const client = await hitRateLimit(
    `password-reset:client:${input.clientIp}`,
    RESET_LIMITS.perClient.max,
    RESET_LIMITS.perClient.windowSeconds,
  );
  const account = await hitRateLimit(
    `password-reset:account:${email}`,
    RESET_LIMITS.perAccount.max,
    RESET_LIMITS.perAccount.windowSeconds,
  );
  if (client.isLimited || account.isLimited) return { ok: false, error: "tooManyAttempts" };

  const [user] = await db()
    .select({ id: schema.user.id, name: schema.user.name, email: schema.user.email })
    .from(schema.user)
    .where(sql`lower(${schema.user.email}) = ${email}`);
  if (!user) return { ok: true };

  const token = newMailedToken();
  await db().transaction(async (tx) => {
    // Only the newest link works.
    await storeMailedToken(tx, {
      purpose: PURPOSE,
      userId: user.id,
      token,
      lifetimeSeconds: RESET_TOKEN_TTL_SECONDS,
    });
    await enqueueEmail(tx, {
      to: user.email,
      template: "password-reset",
      data: { language: input.language, name: user.name, token },
    });
  });
  return { ok: true };
}

/** Whether the link is still usable (the GET shows the form or the "invalid" message; uses nothing). */
export async function isResetTokenValid(token: string) {
  return (await mailedTokenOwner(PURPOSE, token)) !== null;
}

export type ResetResult =
  { ok: true; userId: string } | { ok: false; error: "invalidToken" | "resetFailed" };

/**
 * Sets the new password and ends ALL sessions of the user, in one transaction that also uses up
 * the token (two concurrent submits: only one finds the row it deletes). The account's address
 * counts as proven from then on.
 */
export async function resetPassword(input: {
  token: string;
  password: string;
}): Promise<ResetResult> {
  try {
    const context = await getAuth().$context;
    const hash = await context.password.hash(input.password);
    return await db().transaction(async (tx) => {
      const userId = await takeMailedToken(tx, { purpose: PURPOSE, token: input.token });
      if (!userId) return { ok: false as const, error: "invalidToken" as const };
      const [user] = await tx
        .select({ id: schema.user.id })
        .from(schema.user)
        .where(sql`${schema.user.id}::text = ${userId}`);
      if (!user) return { ok: false as const, error: "invalidToken" as const };
      const updated = await tx
        .update(schema.account)
        .set({ password: hash })
        .where(and(eq(schema.account.userId, user.id), eq(schema.account.providerId, "credential")))
        .returning({ id: schema.account.id });
      if (updated.length === 0) {
        await tx.insert(schema.account).values({
          userId: user.id,
          accountId: user.id,
          providerId: "credential",
          password: hash,
        });
      }
      await tx.delete(schema.session).where(eq(schema.session.userId, user.id));
      // The link was mailed to the account's address and used for this account: whoever set
      // this password reads that mailbox. That proves the address (decision 075), which the
      // settings page needs before it shows or ends the address's newsletter subscription.
      await tx.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.id));
      return { ok: true as const, userId: user.id };
    });
  } catch (error) {
    logger.error({ err: error }, "password reset failed");
    return { ok: false, error: "resetFailed" };
  }
}
