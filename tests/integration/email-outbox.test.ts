import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import {
  deleteExpiredOutboxFiles,
  enqueueEmail,
  MAX_ATTEMPTS,
  outboxFolder,
  processEmailOutboxOnce,
  startEmailWorker,
  stopEmailWorker,
} from "~/features/email/outbox.server";
import { resetEnvCache } from "~/lib/env.server";
import { PASSWORD_RESET_LINK_SECONDS, REDACTED } from "~/features/email/templates";
import { RESET_TOKEN_TTL_SECONDS } from "~/features/accounts/password-reset.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { parseMail, startSmtpReceiver, type SmtpReceiver } from "../helpers/mail";

let handle: DatabaseHandle;
let receiver: SmtpReceiver;
beforeAll(async () => {
  handle = await openTestDatabase();
  receiver = await startSmtpReceiver();
});
afterAll(async () => {
  await stopEmailWorker();
  await receiver.close();
  await handle.close();
});

function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetEnvCache();
}

const contactData = {
  firstName: "Lena",
  lastName: "Vogel",
  email: "lena.vogel@example.com",
  subject: "Frage zur Wohnung",
  message: "Ist ein Kinderbett vorhanden?\n\nViele Grüße <script>alert(1)</script>",
};

async function outboxRow(id: string) {
  const [row] = await db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id));
  return row;
}

/** Makes a waiting retry due now (instead of waiting minutes). */
async function makeDue(id: string) {
  await db()
    .update(schema.emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(schema.emailOutbox.id, id));
}

/** A port with nothing listening on it: an unreachable mail server. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeEach(async () => {
  await db().delete(schema.emailOutbox);
  await db().delete(schema.contactMessage);
  receiver.messages.length = 0;
  useSmtp(receiver.url);
});
afterEach(() => useSmtp(undefined));

describe(`e-mail outbox (${databaseKind()})`, () => {
  it("queues the e-mail in the caller's transaction: a failure leaves neither row", async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(schema.contactMessage).values(contactData);
        await enqueueEmail(tx, {
          to: "info@example.com",
          template: "contact-message",
          data: contactData,
        });
        // A later statement of the same transaction fails (check constraint).
        await tx
          .insert(schema.newsletterSubscription)
          .values({ email: "x@example.com", token: "t-1", status: "bogus" });
      }),
    ).rejects.toThrow();
    expect(await db().select().from(schema.contactMessage)).toHaveLength(0);
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);

    await db().transaction(async (tx) => {
      await tx.insert(schema.contactMessage).values(contactData);
      await enqueueEmail(tx, {
        to: "info@example.com",
        template: "contact-message",
        data: contactData,
      });
    });
    expect(await db().select().from(schema.contactMessage)).toHaveLength(1);
    const [queued] = await db().select().from(schema.emailOutbox);
    expect(queued).toMatchObject({ status: "pending", attempts: 0, to: "info@example.com" });
  });

  it("refuses to queue data that does not fit the template", async () => {
    await expect(
      enqueueEmail(db(), {
        to: "a@example.com",
        template: "newsletter-confirm",
        data: { token: "" },
      }),
    ).rejects.toThrow();
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);
  });

  it("sends through a real SMTP server and marks the e-mail sent", async () => {
    const id = await enqueueEmail(db(), {
      to: "info@traumurlaub.example.com",
      template: "contact-message",
      data: contactData,
    });
    expect(await processEmailOutboxOnce()).toMatchObject({ claimed: 1, sent: 1 });

    const [received] = await receiver.waitForMessages(1);
    expect(received.to).toEqual(["info@traumurlaub.example.com"]);
    const mail = parseMail(received.raw);
    expect(mail.to).toBe("info@traumurlaub.example.com");
    expect(mail.from).toContain("noreply@example.com");
    expect(mail.subject).toBe("Neue Kontaktanfrage: Frage zur Wohnung");
    expect(mail.replyTo).toContain("lena.vogel@example.com");
    expect(mail.replyTo).toContain("Lena Vogel");
    expect(mail.text).toContain("Name: Lena Vogel");
    expect(mail.text).toContain("Ist ein Kinderbett vorhanden?");
    expect(mail.text).toContain("Viele Grüße <script>alert(1)</script>");
    // Values in the HTML part are escaped.
    expect(mail.html).toContain("Viele Grüße &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Nothing is sent twice.
    expect(await processEmailOutboxOnce()).toMatchObject({ claimed: 0 });
  });

  it("renders the newsletter confirmation with confirm and unsubscribe links, in English too", async () => {
    await enqueueEmail(db(), {
      to: "leser@example.com",
      template: "newsletter-confirm",
      data: { token: "abc_DEF-123" },
    });
    await enqueueEmail(db(), {
      to: "reader@example.com",
      template: "newsletter-confirm",
      data: { token: "xyz", language: "en" },
    });
    await processEmailOutboxOnce();
    await receiver.waitForMessages(2);
    const german = parseMail(receiver.messages.find((m) => m.to[0] === "leser@example.com")!.raw);
    expect(german.subject).toBe("Bitte bestätigen Sie Ihre Newsletter-Anmeldung");
    expect(german.text).toContain("http://localhost:3000/newsletter/bestaetigen?token=abc_DEF-123");
    expect(german.text).toContain("http://localhost:3000/newsletter/abmelden?token=abc_DEF-123");
    expect(german.html).toContain(
      'href="http://localhost:3000/newsletter/bestaetigen?token=abc_DEF-123"',
    );
    expect(german.headers["list-unsubscribe"]).toBe(
      "<http://localhost:3000/newsletter/abmelden?token=abc_DEF-123>",
    );
    const english = parseMail(receiver.messages.find((m) => m.to[0] === "reader@example.com")!.raw);
    expect(english.subject).toBe("Please confirm your newsletter subscription");
    expect(english.text).toContain("/newsletter/bestaetigen?token=xyz");
  });

  it("retries after an SMTP failure and records the error", async () => {
    const id = await enqueueEmail(db(), {
      to: "info@example.com",
      template: "contact-message",
      data: contactData,
    });
    receiver.failNext(1);
    expect(await processEmailOutboxOnce()).toMatchObject({ claimed: 1, retried: 1 });
    let row = await outboxRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toContain("451");
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: the next run leaves it alone.
    expect(await processEmailOutboxOnce()).toMatchObject({ claimed: 0 });

    await makeDue(id);
    expect(await processEmailOutboxOnce()).toMatchObject({ sent: 1 });
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(receiver.messages).toHaveLength(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts when the mail server stays unreachable`, async () => {
    useSmtp(`smtp://127.0.0.1:${await closedPort()}`);
    const id = await enqueueEmail(db(), {
      to: "info@example.com",
      template: "contact-message",
      data: contactData,
    });
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await processEmailOutboxOnce()).toMatchObject({ retried: 1 });
      await makeDue(id);
    }
    expect(await processEmailOutboxOnce()).toMatchObject({ failed: 1 });
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.sentAt).toBeNull();
  });

  it("blanks the reset link's token once the e-mail is sent, and keeps other data as it was", async () => {
    const token = "geheimes-Token_0123456789abcdef";
    const resetId = await enqueueEmail(db(), {
      to: "lena.vogel@example.com",
      template: "password-reset",
      data: { name: "Lena Vogel", token },
    });
    const contactId = await enqueueEmail(db(), {
      to: "info@example.com",
      template: "contact-message",
      data: contactData,
    });
    expect((await outboxRow(resetId)).data).toMatchObject({ token });

    expect(await processEmailOutboxOnce()).toMatchObject({ sent: 2 });
    await receiver.waitForMessages(2);
    // The guest got the working link …
    const mail = parseMail(
      receiver.messages.find((m) => m.to[0] === "lena.vogel@example.com")!.raw,
    );
    expect(mail.text).toContain(`/auth/passwort-zuruecksetzen?token=${token}`);
    // … and the database keeps no trace of it.
    const row = await outboxRow(resetId);
    expect(row.status).toBe("sent");
    expect(row.data).toEqual({ language: "de", name: "Lena Vogel", token: REDACTED });
    const dump = await db().execute(sql`select * from email_outbox`);
    expect(JSON.stringify(dump)).not.toContain(token);
    // Templates without secrets are stored unchanged.
    expect((await outboxRow(contactId)).data).toEqual({ language: "de", ...contactData });
  });

  it("keeps the token while a reset e-mail waits for a retry, and blanks it when given up", async () => {
    useSmtp(`smtp://127.0.0.1:${await closedPort()}`);
    const token = "noch-ein-geheimes-Token_42";
    const id = await enqueueEmail(db(), {
      to: "lena.vogel@example.com",
      template: "password-reset",
      data: { name: "Lena Vogel", token },
    });
    expect(await processEmailOutboxOnce()).toMatchObject({ retried: 1 });
    // The next attempt renders the e-mail again and needs the token.
    expect((await outboxRow(id)).data).toMatchObject({ token });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue(id);
      await processEmailOutboxOnce();
    }
    const row = await outboxRow(id);
    expect(row.status).toBe("failed");
    expect(row.data).toMatchObject({ name: "Lena Vogel", token: REDACTED });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("marks an e-mail with an unknown template failed at once", async () => {
    const [row] = await db()
      .insert(schema.emailOutbox)
      .values({ to: "a@example.com", template: "does-not-exist", data: {} })
      .returning();
    expect(await processEmailOutboxOnce()).toMatchObject({ failed: 1 });
    expect(await outboxRow(row.id)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("writes an .eml file into DATA_DIR/outbox when no SMTP server is configured", async () => {
    useSmtp(undefined);
    const id = await enqueueEmail(db(), {
      to: "info@example.com",
      template: "contact-message",
      data: contactData,
    });
    expect(await processEmailOutboxOnce()).toMatchObject({ sent: 1 });
    const files = fs.readdirSync(outboxFolder()).filter((f) => f.includes(id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = parseMail(fs.readFileSync(path.join(outboxFolder(), files[0]), "utf8"));
    expect(mail.to).toBe("info@example.com");
    expect(mail.subject).toBe("Neue Kontaktanfrage: Frage zur Wohnung");
    expect(mail.text).toContain("Ist ein Kinderbett vorhanden?");
    expect(receiver.messages).toHaveLength(0);
  });

  it("two workers running at once send every e-mail exactly once", async () => {
    for (let i = 0; i < 12; i++) {
      await enqueueEmail(db(), {
        to: `gast${i}@example.com`,
        template: "newsletter-confirm",
        data: { token: `token-${i}` },
      });
    }
    const runs = await Promise.all([
      processEmailOutboxOnce({ limit: 5 }),
      processEmailOutboxOnce({ limit: 5 }),
      processEmailOutboxOnce({ limit: 5 }),
    ]);
    expect(runs.reduce((sum, r) => sum + r.claimed, 0)).toBe(12);
    await receiver.waitForMessages(12);
    const recipients = receiver.messages.map((m) => m.to[0]).sort();
    expect(new Set(recipients).size).toBe(12);
    const sent = await db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.status, "sent"));
    expect(sent).toHaveLength(12);
  });

  it("the background worker sends queued e-mails and stops cleanly", async () => {
    startEmailWorker({ intervalMs: 50 });
    await enqueueEmail(db(), {
      to: "info@example.com",
      template: "contact-message",
      data: contactData,
    });
    await receiver.waitForMessages(1);
    await stopEmailWorker();
    await enqueueEmail(db(), {
      to: "info@example.com",
      template: "contact-message",
      data: contactData,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.messages).toHaveLength(1);
  });
});

describe(`reset links in the outbox folder (${databaseKind()})`, () => {
  // No SMTP server: e-mails go to DATA_DIR/outbox.
  beforeEach(() => useSmtp(undefined));
  const HOUR_MS = PASSWORD_RESET_LINK_SECONDS * 1000;
  const files = () => (fs.existsSync(outboxFolder()) ? fs.readdirSync(outboxFolder()) : []);
  const fileOf = (id: string) => files().find((name) => name.includes(id));
  const mtimeOf = (name: string) => fs.statSync(path.join(outboxFolder(), name)).mtimeMs;
  /** Sends one e-mail into the folder and gives its file name. */
  async function writeToFolder(template: "password-reset" | "contact-message") {
    const id =
      template === "password-reset"
        ? await enqueueEmail(db(), {
            to: "lena.vogel@example.com",
            template,
            data: { name: "Lena Vogel", token: `token-${crypto.randomUUID()}` },
          })
        : await enqueueEmail(db(), { to: "info@example.com", template, data: contactData });
    expect(await processEmailOutboxOnce()).toMatchObject({ sent: 1 });
    return { id, name: fileOf(id)! };
  }
  const age = (name: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    fs.utimesSync(path.join(outboxFolder(), name), when, when);
  };

  it("the link's lifetime is the one the reset uses", () => {
    expect(RESET_TOKEN_TTL_SECONDS).toBe(PASSWORD_RESET_LINK_SECONDS);
  });

  it("deletes a reset e-mail's file once its link has expired, and keeps other e-mails", async () => {
    const reset = await writeToFolder("password-reset");
    const contact = await writeToFolder("contact-message");
    expect(reset.name).toMatch(/-password-reset-[0-9a-f-]{36}\.eml$/);
    expect(fs.readFileSync(path.join(outboxFolder(), reset.name), "utf8")).toContain(
      "passwort-zuruecksetzen",
    );
    // Still valid: kept.
    const written = mtimeOf(reset.name);
    expect(await deleteExpiredOutboxFiles(written + HOUR_MS - 1000)).toEqual([]);
    expect(fileOf(reset.id)).toBeDefined();
    // Expired: gone; the contact message stays however old it is.
    expect(await deleteExpiredOutboxFiles(written + HOUR_MS)).toEqual([reset.name]);
    expect(fileOf(reset.id)).toBeUndefined();
    expect(await deleteExpiredOutboxFiles(written + 100 * HOUR_MS)).toEqual([]);
    expect(fileOf(contact.id)).toBe(contact.name);
  });

  it("also finds reset e-mails written before the template was part of the file name", async () => {
    const reset = await writeToFolder("password-reset");
    const contact = await writeToFolder("contact-message");
    // The old name: "<stamp>-<outbox id>.eml".
    const oldName = (name: string) => name.replace(/-(password-reset|contact-message)-/, "-");
    for (const { name } of [reset, contact]) {
      fs.renameSync(path.join(outboxFolder(), name), path.join(outboxFolder(), oldName(name)));
    }
    const unknown = `2026-01-01T10-00-00-000Z-${crypto.randomUUID()}.eml`;
    fs.writeFileSync(path.join(outboxFolder(), unknown), "Subject: fremd\r\n\r\nHallo");
    for (const name of [oldName(reset.name), oldName(contact.name), unknown])
      age(name, 2 * HOUR_MS);

    expect(await deleteExpiredOutboxFiles()).toEqual([oldName(reset.name)]);
    expect(files()).toEqual(expect.arrayContaining([oldName(contact.name), unknown]));
    expect(fileOf(reset.id)).toBeUndefined();
  });

  it("the e-mail worker clears the folder without being asked", async () => {
    const reset = await writeToFolder("password-reset");
    age(reset.name, HOUR_MS + 1000);
    startEmailWorker({ intervalMs: 50 });
    try {
      const deadline = Date.now() + 10_000;
      while (fileOf(reset.id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(fileOf(reset.id)).toBeUndefined();
    } finally {
      await stopEmailWorker();
    }
  });

  it("an outbox folder that does not exist is no error", async () => {
    fs.rmSync(outboxFolder(), { recursive: true, force: true });
    expect(await deleteExpiredOutboxFiles()).toEqual([]);
  });
});
