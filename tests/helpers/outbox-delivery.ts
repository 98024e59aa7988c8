import { eq, sql } from "drizzle-orm";
import { processEmailOutboxOnce } from "~/features/email/outbox.server";
import { db, schema } from "~/lib/db.server";
import { parseMail, type SmtpReceiver } from "./mail";

/**
 * Integration tests only (it runs the app's outbox worker): sends what the outbox holds to the
 * real SMTP receiver and returns the mails that arrived, parsed, with their envelope recipient.
 */
export async function deliverQueuedMail(receiver: SmtpReceiver) {
  const queued = (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.status, "pending"))
  )[0].n;
  const before = receiver.messages.length;
  await processEmailOutboxOnce({ limit: 50 });
  const received = await receiver.waitForMessages(before + queued);
  return received.slice(before).map((mail) => ({ ...parseMail(mail.raw), to: mail.to[0] }));
}
