import { getSettings } from "~/features/settings/settings.server";
import { db, schema } from "~/lib/db.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { ContactValues } from "./contact.schema";

/** Messages per client address: enough for a person, too few for a spam run. */
export const CONTACT_LIMIT = { max: 5, windowSeconds: 10 * 60 };

export type ContactResult = { ok: true; id: string } | { ok: false; error: "tooMany" | "failed" };

/**
 * Stores a contact message and queues its e-mail to the company address in one transaction:
 * either both exist or neither does.
 */
export async function sendContactMessage(input: {
  values: ContactValues;
  /** The site language the visitor wrote in: an admin's reply is sent in it. */
  language?: Language;
  clientIp: string;
  requestId?: string;
}): Promise<ContactResult> {
  try {
    const limit = await hitRateLimit(
      `contact:client:${input.clientIp}`,
      CONTACT_LIMIT.max,
      CONTACT_LIMIT.windowSeconds,
    );
    if (limit.isLimited) return { ok: false, error: "tooMany" };

    const settings = await getSettings();
    const id = await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(schema.contactMessage)
        .values({ ...input.values, language: input.language ?? "de" })
        .returning({ id: schema.contactMessage.id });
      // The operator reads the message in German, whatever language the visitor used.
      await enqueueEmail(tx, {
        to: settings.companyEmail,
        template: "contact-message",
        data: { language: "de", ...input.values },
      });
      return row.id;
    });
    return { ok: true, id };
  } catch (error) {
    logger.error({ err: error, requestId: input.requestId }, "storing a contact message failed");
    return { ok: false, error: "failed" };
  }
}
