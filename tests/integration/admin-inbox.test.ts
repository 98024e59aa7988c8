/**
 * /admin/nachrichten through its real route modules with real sessions (issue 15, part 5;
 * decision 032): the messages of /kontakt newest first and paged, read on opening, "als
 * ungelesen markieren", the filters, archive, and "Antworten" — the reply stored with who and
 * when, its e-mail queued in the same transaction to the visitor (in their language, Reply-To the
 * company), the audit entry beside it. Forged ids answer 404, never a 500.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendContactMessage } from "~/features/contact/contact.server";
import { INBOX_PAGE_SIZE } from "~/features/contact/inbox.schema";
import { countUnreadMessages } from "~/features/contact/inbox.server";
import { renderEmail } from "~/features/email/templates";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import * as list from "~/routes/admin/inbox";
import * as detail from "~/routes/admin/inbox-message";
import * as layout from "~/routes/admin/layout";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";
import { demoEmailCompany } from "../helpers/email-fixtures";

let handle: DatabaseHandle;
let admin: { id: string; cookie: string };
let guestCookie: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  const a = await createUser({ name: "Anton Admin", role: "admin" });
  admin = { id: a.id, cookie: await sessionCookie(a.email) };
  const g = await createUser({ name: "Gina Gast" });
  guestCookie = await sessionCookie(g.email);
});
afterAll(() => handle.close());
beforeEach(async () => {
  await db().delete(schema.contactMessage);
  await db().delete(schema.emailOutbox);
  await db().delete(schema.auditLog);
  await db().delete(schema.rateLimit);
});

let sent = 0;
/** A message as /kontakt stores it (its e-mail to the company queued alongside). */
async function contact(overrides: { subject?: string; language?: "de" | "en" } = {}) {
  sent += 1;
  const result = await sendContactMessage({
    values: {
      firstName: "Eva",
      lastName: "Sommer",
      email: `eva${sent}@example.com`,
      subject: overrides.subject ?? `Anfrage ${sent}`,
      message: "Ist die Wohnung im Juli frei?\nViele Grüße",
    },
    language: overrides.language,
    clientIp: `203.0.113.${(sent % 250) + 1}`,
  });
  if (!result.ok) throw new Error(result.error);
  return result.id;
}

type ListData = Awaited<ReturnType<typeof list.loader>>;
const loadList = (query = "", cookie = admin.cookie) =>
  callRoute<ListData>(list.loader as never, { url: `/admin/nachrichten${query}`, cookie });
const openMessage = (id: string, cookie = admin.cookie) =>
  callRoute<Awaited<ReturnType<typeof detail.loader>>>(detail.loader as never, {
    url: `/admin/nachrichten/${id}`,
    params: { id },
    cookie,
  });
const post = (id: string, form: Record<string, string>, cookie: string | null = admin.cookie) =>
  callRoute<{ error: string; fieldErrors?: Record<string, string> }>(detail.action as never, {
    url: `/admin/nachrichten/${id}`,
    params: { id },
    form,
    cookie,
  });

describe(`admin inbox (${databaseKind()})`, () => {
  it("lists messages newest first, paged, with unread ones marked and counted in the sidebar", async () => {
    const ids: string[] = [];
    for (let i = 0; i < INBOX_PAGE_SIZE + 2; i++) {
      ids.push(await contact());
      // Distinct times: the order is by arrival.
      await db()
        .update(schema.contactMessage)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 8, i)) })
        .where(eq(schema.contactMessage.id, ids[i]));
    }
    const first = await loadList();
    expect(first.status).toBe(200);
    expect(first.data!.total).toBe(INBOX_PAGE_SIZE + 2);
    expect(first.data!.messages.map((m) => m.id)).toEqual(
      [...ids].reverse().slice(0, INBOX_PAGE_SIZE),
    );
    expect(first.data!.messages.every((m) => !m.isRead)).toBe(true);
    const second = await loadList("?page=2");
    expect(second.data!.messages.map((m) => m.id)).toEqual([ids[1], ids[0]]);

    const sidebar = await callRoute<{ unread: { total: number } }>(layout.loader as never, {
      url: "/admin",
      cookie: admin.cookie,
    });
    expect(sidebar.data!.unread).toEqual({ total: INBOX_PAGE_SIZE + 2, isCapped: false });
  });

  it("opening marks a message read; 'als ungelesen markieren' undoes it; filters follow", async () => {
    const id = await contact({ subject: "Hund erlaubt?" });
    const other = await contact();

    const opened = await openMessage(id);
    expect(opened.status).toBe(200);
    expect(opened.data!.message).toMatchObject({
      subject: "Hund erlaubt?",
      message: "Ist die Wohnung im Juli frei?\nViele Grüße",
      replies: [],
    });
    const unreadOnly = await loadList("?filter=ungelesen");
    expect(unreadOnly.data!.messages.map((m) => m.id)).toEqual([other]);
    expect((await countUnreadMessages()).total).toBe(1);

    const back = await post(id, { intent: "unread" });
    expect(back.status).toBe(302);
    expect(back.location).toBe("/admin/nachrichten");
    expect((await loadList("?filter=ungelesen")).data!.messages.map((m) => m.id)).toEqual([
      other,
      id,
    ]);
    const [entry] = await db().select().from(schema.auditLog);
    expect(entry).toMatchObject({
      actorId: admin.id,
      entity: "contact_message",
      entityId: id,
      action: "marked-unread",
      before: { isRead: true, isArchived: false },
      after: { isRead: false, isArchived: false },
    });
  });

  it("archives a message out of the inbox and restores it", async () => {
    const id = await contact();
    const archived = await post(id, { intent: "archive" });
    expect(archived.location).toBe("/admin/nachrichten?filter=archiv");
    expect((await loadList()).data!.messages).toHaveLength(0);
    const archive = await loadList("?filter=archiv");
    expect(archive.data!.messages.map((m) => [m.id, m.isArchived])).toEqual([[id, true]]);
    // Archived messages do not count as unread in the sidebar.
    expect((await countUnreadMessages()).total).toBe(0);

    const restored = await post(id, { intent: "unarchive" });
    expect(restored.location).toBe(`/admin/nachrichten/${id}?hinweis=unarchive`);
    expect((await loadList()).data!.messages.map((m) => m.id)).toEqual([id]);
    const actions = (await db().select().from(schema.auditLog)).map((e) => e.action).sort();
    expect(actions).toEqual(["archive", "unarchive"]);
  });

  it("sends a reply by e-mail in the visitor's language, stores who and when, audits it", async () => {
    const id = await contact({ subject: "Parking?", language: "en" });
    const answer = await post(id, {
      intent: "reply",
      reply: "  Yes, there is a parking space.\n\nKind regards  ",
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/admin/nachrichten/${id}?hinweis=replied`);

    const [reply] = await db().select().from(schema.contactReply);
    expect(reply).toMatchObject({
      messageId: id,
      authorId: admin.id,
      text: "Yes, there is a parking space.\n\nKind regards",
    });
    const mails = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.template, "contact-reply"));
    expect(mails).toHaveLength(1);
    expect(mails[0].id).toBe(reply.emailId);
    expect(mails[0].to).toBe(`eva${sent}@example.com`);
    const mail = await renderEmail(mails[0].template, mails[0].data, {
      baseUrl: "https://ferien.example.com",
      platformName: "TraumUrlaub Reisen",
      company: demoEmailCompany,
    });
    expect(mail.subject).toBe("Re: Parking?");
    // No salutation of its own (decision 099): the reply box starts with one instead.
    expect(mail.text).toMatch(/^Yes, there is a parking space\./);
    expect(mail.text).toContain("> Ist die Wohnung im Juli frei?");
    // Answers to the reply reach the operator, not the platform's sender address.
    expect(mail.replyTo?.address).toBe("info@traumurlaub.example.com");

    const shown = await openMessage(id);
    expect(shown.data!.message.replies).toEqual([
      expect.objectContaining({
        text: "Yes, there is a parking space.\n\nKind regards",
        author: "Anton Admin",
        emailStatus: "pending",
      }),
    ]);
    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "replied"));
    expect(entry).toMatchObject({ actorId: admin.id, entity: "contact_message", entityId: id });
  });

  it("refuses an empty or overlong reply and keeps the input; nothing is sent", async () => {
    const id = await contact();
    const empty = await post(id, { intent: "reply", reply: "   " });
    expect(empty.status).toBe(400);
    expect(empty.data!.fieldErrors).toEqual({ reply: "replyRequired" });
    const long = await post(id, { intent: "reply", reply: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.data!.fieldErrors).toEqual({ reply: "replyTooLong" });
    // The reply box starts with the salutation in the visitor's language (decision 099); sent
    // as it is, it would be the whole answer.
    expect((await openMessage(id)).data!.replyGreeting).toBe("Hallo Eva,");
    const english = await contact({ language: "en" });
    expect((await openMessage(english)).data!.replyGreeting).toBe("Hello Eva,");
    const greetingOnly = await post(english, { intent: "reply", reply: "Hello Eva,\n\n" });
    expect(greetingOnly.status).toBe(400);
    expect(greetingOnly.data!.fieldErrors).toEqual({ reply: "greetingOnly" });
    expect(await db().select().from(schema.contactReply)).toHaveLength(0);
    const queued = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.template, "contact-reply"));
    expect(queued).toHaveLength(0);
  });

  it("deletes a message with its replies and their e-mails, audited without its content; nothing else goes", async () => {
    const keep = await contact({ subject: "Bleibt" });
    const id = await contact({ subject: "Erledigt" });
    expect((await post(id, { intent: "reply", reply: "Gern, bis bald." })).status).toBe(302);
    expect((await post(keep, { intent: "reply", reply: "Antwort bleibt." })).status).toBe(302);
    await db().delete(schema.auditLog);
    const outboxBefore = await db().select().from(schema.emailOutbox);
    // Both messages' /kontakt e-mails and replies.
    expect(outboxBefore).toHaveLength(4);

    // The confirmation is a dialog of the page (?loeschen=1) that warns of the unsent reply.
    expect((await openMessage(id)).data!.isDeleting).toBe(false);
    const asking = await callRoute<Awaited<ReturnType<typeof detail.loader>>>(
      detail.loader as never,
      { url: `/admin/nachrichten/${id}?loeschen=1`, params: { id }, cookie: admin.cookie },
    );
    expect(asking.data!.isDeleting).toBe(true);

    const answer = await post(id, { intent: "delete", replies: "1" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/nachrichten?hinweis=deleted");
    const shown = await loadList("?hinweis=deleted");
    expect(shown.data!.deleted).toBe(true);
    expect(shown.data!.messages.map((message) => message.id)).toEqual([keep]);

    expect((await db().select().from(schema.contactMessage)).map((row) => row.id)).toEqual([keep]);
    const replies = await db().select().from(schema.contactReply);
    expect(replies.map((reply) => reply.messageId)).toEqual([keep]);
    // Its /kontakt e-mail and its (still pending) reply went; the other message's stay.
    const outbox = await db().select().from(schema.emailOutbox);
    expect(outbox.map((mail) => (mail.data as { subject: string }).subject)).toEqual([
      "Bleibt",
      "Bleibt",
    ]);

    const entries = await db().select().from(schema.auditLog);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      entity: "contact_message",
      entityId: id,
      action: "delete",
      after: null,
    });
    expect(entries[0].before).toMatchObject({ replies: 1, emailsDeleted: 2 });
    // None of the message's content is copied into the log.
    const logged = JSON.stringify(entries[0]);
    for (const personal of ["Eva", "Sommer", "@example.com", "Erledigt", "Juli", "Gern"])
      expect(logged).not.toContain(personal);

    // Gone: the page answers 404, a second delete too.
    expect((await openMessage(id)).status).toBe(404);
    expect((await post(id, { intent: "delete", replies: "1" })).status).toBe(404);
  });

  it("deletes nothing on a stale, malformed or forged delete", async () => {
    const id = await contact();
    // The dialog was opened before a reply was sent: the count it showed no longer holds.
    expect((await post(id, { intent: "reply", reply: "Ja, ist frei." })).status).toBe(302);
    await db().delete(schema.auditLog);
    const stale = await post(id, { intent: "delete", replies: "0" });
    expect(stale.status).toBe(409);
    expect(stale.data!.error).toBe("stale");
    for (const replies of [undefined, "", "-1", "eins", "1e3", "99999"]) {
      const form: Record<string, string> = { intent: "delete" };
      if (replies !== undefined) form.replies = replies;
      expect((await post(id, form)).status, String(replies)).toBe(400);
    }
    for (const forged of ["x", "1 or 1=1", "00000000-0000-0000-0000-000000000000"])
      expect((await post(forged, { intent: "delete", replies: "0" })).status).toBe(404);
    expect(await db().select().from(schema.contactMessage)).toHaveLength(1);
    expect(await db().select().from(schema.contactReply)).toHaveLength(1);
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(2);
    expect(await db().select().from(schema.auditLog)).toHaveLength(0);
  });

  it("answers forged, unknown and foreign ids with 404 and changes nothing", async () => {
    const id = await contact();
    for (const forged of ["x", "1 or 1=1", "00000000-0000-0000-0000-000000000000"]) {
      expect((await openMessage(forged)).status).toBe(404);
      expect((await post(forged, { intent: "reply", reply: "Hallo" })).status).toBe(404);
      expect((await post(forged, { intent: "archive" })).status).toBe(404);
    }
    expect((await post(id, { intent: "delete-everything" })).status).toBe(400);
    expect(await db().select().from(schema.auditLog)).toHaveLength(0);
    const [row] = await db().select().from(schema.contactMessage);
    expect(row.readAt).toBeNull();
  });

  it("keeps guests and visitors out of every loader and action", async () => {
    const id = await contact();
    expect((await loadList("", guestCookie)).status).toBe(403);
    expect((await openMessage(id, guestCookie)).status).toBe(403);
    expect((await post(id, { intent: "archive" }, guestCookie)).status).toBe(403);
    expect((await post(id, { intent: "archive" }, null)).status).toBe(401);
    expect((await post(id, { intent: "delete", replies: "0" }, guestCookie)).status).toBe(403);
    expect((await post(id, { intent: "delete", replies: "0" }, null)).status).toBe(401);
    const visitor = await callRoute(list.loader as never, { url: "/admin/nachrichten" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/auth?redirectTo=%2Fadmin%2Fnachrichten");
    const [row] = await db().select().from(schema.contactMessage);
    expect(row).toMatchObject({ readAt: null, archivedAt: null });
  });
});
