import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { emailCompany } from "~/features/email/templates";
import { replyGreeting } from "~/features/email/templates/contact-reply";
import { enqueueEmail } from "~/features/email/outbox.server";
import { getSettingsStrict } from "~/features/settings/settings.server";
import { countUpTo, pageCountOf } from "~/lib/count-up-to.server";
import { db, schema } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { isUuid } from "~/domain/ids";
import { INBOX_PAGE_SIZE, type InboxFilter } from "./inbox.schema";

/**
 * /admin/nachrichten (decision 032): the messages of /kontakt, newest first, paged; read/unread,
 * archive, and replies sent by e-mail through the outbox. Every explicit change (reply, unread,
 * archive, unarchive) writes the audit log in its transaction; opening a message marks it read
 * without an entry (that is reading, not changing, and would flood the log).
 */

const m = schema.contactMessage;
const cr = schema.contactReply;

type Actor = { id: string };

export async function listContactMessages(filter: InboxFilter) {
  const conditions: SQL[] = [
    filter.filter === "archiv" ? isNotNull(m.archivedAt) : isNull(m.archivedAt),
  ];
  if (filter.filter === "ungelesen") conditions.push(isNull(m.readAt));
  const where = and(...conditions);
  const [rows, { total, isCapped }] = await Promise.all([
    db()
      .select({
        id: m.id,
        firstName: m.firstName,
        lastName: m.lastName,
        email: m.email,
        subject: m.subject,
        // The list shows a preview only.
        preview: sql<string>`left(${m.message}, 160)`,
        readAt: m.readAt,
        archivedAt: m.archivedAt,
        createdAt: m.createdAt,
        replyCount: sql<number>`(select count(*)::int from ${cr} where ${cr.messageId} = ${m.id})`,
      })
      .from(m)
      .where(where)
      // "nulls last" as in the indexes, or the planner sorts every message.
      .orderBy(sql`${m.createdAt} desc nulls last`, sql`${m.id} desc nulls last`)
      .limit(INBOX_PAGE_SIZE)
      .offset((filter.page - 1) * INBOX_PAGE_SIZE),
    countUpTo(
      db()
        .select({ one: sql`1` })
        .from(m)
        .where(where)
        .$dynamic(),
    ),
  ]);
  return {
    messages: rows.map(({ readAt, archivedAt, createdAt, ...row }) => ({
      ...row,
      isRead: readAt !== null,
      isArchived: archivedAt !== null,
      createdAt: createdAt.toISOString(),
    })),
    total,
    isCapped,
    pageCount: pageCountOf(total, isCapped, INBOX_PAGE_SIZE),
  };
}

/** Unread messages in the inbox (not archived), for the sidebar; capped like the lists. */
export async function countUnreadMessages() {
  const { total, isCapped } = await countUpTo(
    db()
      .select({ one: sql`1` })
      .from(m)
      .where(and(isNull(m.readAt), isNull(m.archivedAt)))
      .$dynamic(),
    99,
  );
  return { total, isCapped };
}

/**
 * One message with its replies (who, when, delivery state), marked read on opening. Null for
 * an unknown or malformed id.
 */
export async function openContactMessage(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .update(m)
    .set({ readAt: sql`coalesce(${m.readAt}, now())` })
    .where(eq(m.id, id))
    .returning();
  if (!row) return null;
  const replies = await db()
    .select({
      id: cr.id,
      text: cr.text,
      createdAt: cr.createdAt,
      authorName: schema.user.name,
      authorEmail: schema.user.email,
      emailStatus: schema.emailOutbox.status,
      sentAt: schema.emailOutbox.sentAt,
    })
    .from(cr)
    .leftJoin(schema.user, eq(schema.user.id, cr.authorId))
    .leftJoin(schema.emailOutbox, eq(schema.emailOutbox.id, cr.emailId))
    .where(eq(cr.messageId, id))
    .orderBy(asc(cr.createdAt), asc(cr.id));
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    subject: row.subject,
    message: row.message,
    language: row.language === "en" ? ("en" as const) : ("de" as const),
    isArchived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    replies: replies.map((reply) => ({
      id: reply.id,
      text: reply.text,
      createdAt: reply.createdAt.toISOString(),
      author: reply.authorName?.trim() || reply.authorEmail || null,
      /** pending | sent | failed; null when the e-mail row is gone */
      emailStatus: (reply.emailStatus ?? null) as "pending" | "sent" | "failed" | null,
    })),
  };
}

export type ContactMessageChange = "unread" | "archive" | "unarchive";
export type InboxResult =
  { ok: true } | { ok: false; error: "notFound" | "failed" | "greetingOnly" };

const changes = {
  unread: { set: { readAt: null }, action: "marked-unread" },
  archive: { set: { archivedAt: sql`now()` }, action: "archive" },
  unarchive: { set: { archivedAt: null }, action: "unarchive" },
} satisfies Record<ContactMessageChange, { set: Record<string, SQL | null>; action: string }>;

/** "Als ungelesen markieren", "Archivieren", "Wiederherstellen"; audited in the transaction. */
export async function changeContactMessage(input: {
  actor: Actor;
  id: string;
  change: ContactMessageChange;
}): Promise<InboxResult> {
  if (!isUuid(input.id)) return { ok: false, error: "notFound" };
  try {
    return await db().transaction(async (tx) => {
      const [before] = await tx
        .select({ readAt: m.readAt, archivedAt: m.archivedAt })
        .from(m)
        .where(eq(m.id, input.id))
        .for("update");
      if (!before) return { ok: false, error: "notFound" } as const;
      const change = changes[input.change];
      const [after] = await tx
        .update(m)
        .set(change.set)
        .where(eq(m.id, input.id))
        .returning({ readAt: m.readAt, archivedAt: m.archivedAt });
      await tx.insert(schema.auditLog).values({
        actorId: input.actor.id,
        entity: "contact_message",
        entityId: input.id,
        action: change.action,
        before: { isRead: before.readAt !== null, isArchived: before.archivedAt !== null },
        after: { isRead: after.readAt !== null, isArchived: after.archivedAt !== null },
      });
      return { ok: true } as const;
    });
  } catch (error) {
    logger.error({ err: error, id: input.id }, "changing a contact message failed");
    return { ok: false, error: "failed" };
  }
}

/**
 * "Antworten": stores the reply, queues its e-mail to the visitor (in their language, Reply-To
 * the company e-mail, the Impressum in the footer) and writes the audit entry, all in one
 * transaction: a stored reply always has its e-mail and never one without the other. The
 * message counts as read from then on.
 */
export async function replyToContactMessage(input: {
  actor: Actor;
  id: string;
  reply: string;
}): Promise<InboxResult> {
  if (!isUuid(input.id)) return { ok: false, error: "notFound" };
  try {
    // The reply's footer is the Impressum: never the demo company's of a failed read (decision
    // 087); a failed read is a failed reply, nothing stored or sent.
    const settings = await getSettingsStrict();
    return await db().transaction(async (tx) => {
      const [message] = await tx.select().from(m).where(eq(m.id, input.id)).for("update");
      if (!message) return { ok: false, error: "notFound" } as const;
      const language = message.language === "en" ? "en" : "de";
      // The reply box starts with the salutation: sent unchanged, it would be all the answer.
      if (input.reply.trim() === replyGreeting(language, message.firstName)) {
        return { ok: false, error: "greetingOnly" } as const;
      }
      const emailId = await enqueueEmail(tx, {
        to: message.email,
        template: "contact-reply",
        data: {
          language,
          firstName: message.firstName,
          subject: message.subject,
          message: message.message,
          sentAt: message.createdAt.toISOString(),
          reply: input.reply,
          company: emailCompany(settings),
        },
      });
      const [reply] = await tx
        .insert(cr)
        .values({ messageId: message.id, authorId: input.actor.id, text: input.reply, emailId })
        .returning({ id: cr.id });
      await tx
        .update(m)
        .set({ readAt: sql`coalesce(${m.readAt}, now())` })
        .where(eq(m.id, message.id));
      await tx.insert(schema.auditLog).values({
        actorId: input.actor.id,
        entity: "contact_message",
        entityId: message.id,
        action: "replied",
        before: null,
        after: { replyId: reply.id, to: message.email, reply: input.reply },
      });
      return { ok: true } as const;
    });
  } catch (error) {
    logger.error({ err: error, id: input.id }, "replying to a contact message failed");
    return { ok: false, error: "failed" };
  }
}

export type DeleteContactMessageResult =
  { ok: true } | { ok: false; error: "notFound" | "stale" | "failed" };

/**
 * "Löschen" (decision 082): the privacy policy promises to delete a message once its request is
 * done. Goes with it, in one transaction: its replies (cascade), the e-mails of those replies
 * in any state (they quote the message; a reply not yet sent is not sent any more, which the
 * confirmation says), and the queued or sent notification and copy e-mails of /kontakt that
 * carry the same message. The audit entry keeps only what happened and when the message came
 * in, none of its content. `expectedReplies` is the reply count the confirmation showed: if a
 * reply came in between, nothing is deleted ("stale") and the admin looks again.
 */
export async function deleteContactMessage(input: {
  actor: Actor;
  id: string;
  expectedReplies: number;
}): Promise<DeleteContactMessageResult> {
  if (!isUuid(input.id)) return { ok: false, error: "notFound" };
  try {
    return await db().transaction(async (tx) => {
      const [message] = await tx.select().from(m).where(eq(m.id, input.id)).for("update");
      if (!message) return { ok: false, error: "notFound" } as const;
      const replies = await tx
        .select({ emailId: cr.emailId })
        .from(cr)
        .where(eq(cr.messageId, message.id));
      if (replies.length !== input.expectedReplies) return { ok: false, error: "stale" } as const;
      const { emailsDeleted } = await deleteContactMessageIn(tx, message, replies);
      await tx.insert(schema.auditLog).values({
        actorId: input.actor.id,
        entity: "contact_message",
        entityId: message.id,
        action: "delete",
        before: {
          receivedAt: message.createdAt.toISOString(),
          replies: replies.length,
          emailsDeleted,
        },
        after: null,
      });
      return { ok: true } as const;
    });
  } catch (error) {
    logger.error({ err: error, id: input.id }, "deleting a contact message failed");
    return { ok: false, error: "failed" };
  }
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/**
 * The deletion itself, inside the caller's transaction (the row is locked there): the e-mails
 * of the message's replies in any state, the /kontakt e-mails carrying the same message, then
 * the message (its replies cascade). Writes no audit entry: `deleteContactMessage` writes one
 * per message, an erasure of an address (decision 085) one for the whole request.
 */
export async function deleteContactMessageIn(
  tx: Tx,
  message: Pick<typeof m.$inferSelect, "id" | "email" | "subject" | "message">,
  replies: { emailId: string | null }[],
) {
  const o = schema.emailOutbox;
  const replyEmails = replies.flatMap((reply) => (reply.emailId ? [reply.emailId] : []));
  const deletedReplyEmails = replyEmails.length
    ? await tx.delete(o).where(inArray(o.id, replyEmails)).returning({ id: o.id })
    : [];
  // The /kontakt e-mails have no link to the row; they carry the same values.
  const deletedFormEmails = await tx
    .delete(o)
    .where(
      and(
        inArray(o.template, ["contact-message", "contact-copy"]),
        sql`${o.data}->>'email' = ${message.email}`,
        sql`${o.data}->>'subject' = ${message.subject}`,
        sql`${o.data}->>'message' = ${message.message}`,
      ),
    )
    .returning({ id: o.id });
  await tx.delete(m).where(eq(m.id, message.id));
  return { emailsDeleted: deletedReplyEmails.length + deletedFormEmails.length };
}
