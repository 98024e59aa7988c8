import { eq } from "drizzle-orm";
import type { SiteSettings } from "~/features/settings/settings";
import { getSettingsStrict, SettingsUnavailableError } from "~/features/settings/settings.server";
import { db, schema } from "~/lib/db.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { ContactValues } from "./contact.schema";

/** Messages per client address: enough for a person, too few for a spam run. */
export const CONTACT_LIMIT = { max: 5, windowSeconds: 10 * 60 };

/**
 * Copies of one's own message per account address and day (decision 069): the copy carries text
 * the sender chose to an address nobody confirmed (accounts need no e-mail confirmation), so a
 * person registered with a stranger's address gets at most this many into that inbox.
 */
export const CONTACT_COPY_LIMIT = { max: 3, windowSeconds: 24 * 60 * 60 };

export type ContactResult =
  | { ok: true; id: string; /** Where the copy goes; null: no copy. */ copyTo: string | null }
  | { ok: false; error: "tooMany" | "unavailable" | "failed" };

/**
 * Stores a contact message and queues its e-mail to the company address in one transaction:
 * either both exist or neither does. A signed-in sender whose "E-Mail-Benachrichtigungen" are on
 * also gets a copy at their account's address (never at the typed one), queued in the same
 * transaction (decision 069).
 */
export async function sendContactMessage(input: {
  values: ContactValues;
  /** The site language the visitor wrote in: an admin's reply is sent in it. */
  language?: Language;
  /** The signed-in sender (from the session, never from the form); absent: a visitor. */
  sender?: { userId: string; email: string };
  clientIp: string;
  requestId?: string;
}): Promise<ContactResult> {
  // Where the message goes (the company address) comes from the settings. When they cannot be
  // read the defaults would send it to the demo's address, so nothing is stored or sent and the
  // visitor is told to try again (decision 087); not counted against their limit either.
  let settings: SiteSettings;
  try {
    settings = await getSettingsStrict();
  } catch (error) {
    if (!(error instanceof SettingsUnavailableError)) throw error;
    logger.error(
      { err: error.cause, requestId: input.requestId },
      "contact message refused: settings unreadable",
    );
    return { ok: false, error: "unavailable" };
  }
  try {
    const limit = await hitRateLimit(
      `contact:client:${input.clientIp}`,
      CONTACT_LIMIT.max,
      CONTACT_LIMIT.windowSeconds,
    );
    if (limit.isLimited) return { ok: false, error: "tooMany" };

    const copyTo = input.sender ? await copyAddress(input.sender) : null;
    const language = input.language ?? "de";
    const id = await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(schema.contactMessage)
        .values({ ...input.values, language })
        .returning({ id: schema.contactMessage.id });
      // The operator reads the message in German, whatever language the visitor used.
      await enqueueEmail(tx, {
        to: settings.companyEmail,
        template: "contact-message",
        data: { language: "de", ...input.values },
      });
      if (copyTo) {
        await enqueueEmail(tx, {
          to: copyTo,
          template: "contact-copy",
          data: { language, ...input.values, sentAt: new Date().toISOString() },
        });
      }
      return row.id;
    });
    return { ok: true, id, copyTo };
  } catch (error) {
    logger.error({ err: error, requestId: input.requestId }, "storing a contact message failed");
    return { ok: false, error: "failed" };
  }
}

/**
 * The account address a copy goes to, or null: the sender turned "E-Mail-Benachrichtigungen"
 * off, or the address had its copies for today (then the message is still sent, without copy).
 */
async function copyAddress(sender: { userId: string; email: string }) {
  const [profile] = await db()
    .select({ settings: schema.profile.notificationSettings })
    .from(schema.profile)
    .where(eq(schema.profile.id, sender.userId));
  // No profile row yet means the defaults: notifications on.
  if (profile && !profile.settings.emailNotifications) return null;
  const email = sender.email.trim().toLowerCase();
  const limit = await hitRateLimit(
    `contact:copy:${email}`,
    CONTACT_COPY_LIMIT.max,
    CONTACT_COPY_LIMIT.windowSeconds,
  );
  return limit.isLimited ? null : email;
}
