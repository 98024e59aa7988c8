import { eq } from "drizzle-orm";
import { ADDRESS_CONFIRM_LINK_SECONDS } from "~/features/email/templates";
import { enqueueEmail } from "~/features/email/outbox.server";
import { db, schema } from "~/lib/db.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n";
import { hitRateLimit } from "~/lib/rate-limit.server";
import {
  mailedTokenOwner,
  newMailedToken,
  storeMailedToken,
  takeMailedToken,
} from "./mailed-token.server";

/**
 * Address confirmation on demand (decision 077). Accounts need no confirmed address, so the
 * settings page shows and ends the address's newsletter subscription only for an account that
 * proved it holds the address (decision 075). Until now only a password reset did. This is the
 * other way: "Bestätigungs-E-Mail senden" mails a single-use link to the account's address
 * (`mailed-token.server`, purpose "address-confirm", 24 hours), and the link's POST, made while
 * signed in to THAT account, sets `user.email_verified`.
 *
 * Both are needed: the link shows that the person reads the mailbox, the session that the
 * person is the account. A link alone would let the real owner of an address, who clicks
 * whatever arrives, prove it for a stranger's account that registered it (the reason a
 * newsletter confirmation proves nothing, decision 075). The token belongs to the user id; the
 * address cannot change afterwards, because e-mail is read-only.
 */
export const ADDRESS_CONFIRM_LIMITS = {
  /** E-mails per address and day: the button must not become a way to flood an inbox. */
  perAddress: { max: 3, windowSeconds: 24 * 60 * 60 },
  /** Requests per client address, across accounts (someone registering many accounts). */
  perClient: { max: 10, windowSeconds: 60 * 60 },
};

const PURPOSE = "address-confirm";

export type SendAddressConfirmationResult = "sent" | "alreadyProven" | "tooMany";

/**
 * Queues the confirmation e-mail to the account's address, in the account's language, unless the
 * address is proven already or a limit is reached. Only the newest link works.
 */
export async function sendAddressConfirmation(input: {
  userId: string;
  clientIp: string;
}): Promise<SendAddressConfirmationResult> {
  const [account] = await db()
    .select({
      email: schema.user.email,
      emailVerified: schema.user.emailVerified,
      name: schema.user.name,
      fullName: schema.profile.fullName,
      language: schema.profile.language,
    })
    .from(schema.user)
    .leftJoin(schema.profile, eq(schema.profile.id, schema.user.id))
    .where(eq(schema.user.id, input.userId));
  if (!account) throw new Error("address confirmation for an unknown account");
  if (account.emailVerified) return "alreadyProven";

  const email = account.email.trim().toLowerCase();
  const client = await hitRateLimit(
    `address-confirm:client:${input.clientIp}`,
    ADDRESS_CONFIRM_LIMITS.perClient.max,
    ADDRESS_CONFIRM_LIMITS.perClient.windowSeconds,
  );
  const address = await hitRateLimit(
    `address-confirm:address:${email}`,
    ADDRESS_CONFIRM_LIMITS.perAddress.max,
    ADDRESS_CONFIRM_LIMITS.perAddress.windowSeconds,
  );
  if (client.isLimited || address.isLimited) return "tooMany";

  const token = newMailedToken();
  await db().transaction(async (tx) => {
    await storeMailedToken(tx, {
      purpose: PURPOSE,
      userId: input.userId,
      token,
      lifetimeSeconds: ADDRESS_CONFIRM_LINK_SECONDS,
    });
    await enqueueEmail(tx, {
      to: account.email,
      template: "address-confirm",
      // The account's language (decision 066): what it uses the site in.
      data: {
        language: isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE,
        name: account.fullName || account.name,
        token,
      },
    });
  });
  return "sent";
}

/**
 * What the link's page shows (GET: nothing changes, mail scanners open links too):
 * - "invalid": unknown, used or expired;
 * - "signIn": it works, but only for someone signed in to its account;
 * - "otherAccount": the session is another account's;
 * - "ready": the button that confirms.
 */
export type AddressConfirmState = "ready" | "signIn" | "otherAccount" | "invalid";

export async function addressConfirmationState(
  token: string,
  userId: string | null,
): Promise<AddressConfirmState> {
  const owner = await mailedTokenOwner(PURPOSE, token);
  if (!owner) return "invalid";
  if (!userId) return "signIn";
  return owner === userId ? "ready" : "otherAccount";
}

/**
 * The button's POST: uses the token up and marks the address proven, in one transaction, only
 * for the token's own account; another account's session leaves the token as it is.
 */
export async function confirmAddress(input: {
  token: string;
  userId: string;
}): Promise<"confirmed" | "otherAccount" | "invalid"> {
  const isTaken = await db().transaction(async (tx) => {
    const owner = await takeMailedToken(tx, {
      purpose: PURPOSE,
      token: input.token,
      userId: input.userId,
    });
    if (!owner) return false;
    await tx
      .update(schema.user)
      .set({ emailVerified: true })
      .where(eq(schema.user.id, input.userId));
    return true;
  });
  if (isTaken) return "confirmed";
  return (await mailedTokenOwner(PURPOSE, input.token)) ? "otherAccount" : "invalid";
}
