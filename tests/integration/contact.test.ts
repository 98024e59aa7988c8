import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { subjectFromQuery } from "~/features/contact/contact.schema";
import { CONTACT_LIMIT } from "~/features/contact/contact.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { getTranslator } from "~/lib/i18n";
import { action, loader } from "~/routes/public/contact";
import { databaseKind, openTestDatabase } from "../helpers/database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await db().delete(schema.emailOutbox);
  await db().delete(schema.contactMessage);
  await db().delete(schema.rateLimit);
});

const german = getTranslator("de");
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

const valid = {
  firstName: " Lena ",
  lastName: "Vogel",
  email: "lena.vogel@example.com",
  subject: "Reisepaket Toskana",
  message: "Gibt es im Mai noch freie Termine?",
};

type ActionArgs = Parameters<typeof action>[0];
type Answer = {
  data: {
    status: string;
    id?: string;
    errors?: Record<string, string>;
    values?: Record<string, string>;
  };
  init: { status?: number } | null;
};

async function submit(fields: Record<string, string>, clientIp = freshIp()) {
  const request = new Request("http://localhost:3000/kontakt", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const context = { clientIp, requestId: "test-request", nonce: "" };
  return (await action({
    request,
    context,
    params: {},
  } as unknown as ActionArgs)) as unknown as Answer;
}

describe(`contact form (${databaseKind()})`, () => {
  it("stores the message and queues its e-mail to the company address", async () => {
    const answer = await submit(valid);
    expect(answer.data.status).toBe("sent");
    const [stored] = await db().select().from(schema.contactMessage);
    expect(stored).toMatchObject({ ...valid, firstName: "Lena", id: answer.data.id });
    const [email] = await db().select().from(schema.emailOutbox);
    expect(email).toMatchObject({
      to: "info@traumurlaub.example.com",
      template: "contact-message",
      status: "pending",
    });
    expect(email.data).toMatchObject({ firstName: "Lena", message: valid.message, language: "de" });
  });

  it("answers missing fields with German field messages and stores nothing", async () => {
    const answer = await submit({
      firstName: "",
      lastName: " ",
      email: "",
      subject: "",
      message: "",
    });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.status).toBe("invalid");
    const messages = Object.fromEntries(
      Object.entries(answer.data.errors ?? {}).map(([k, v]) => [
        k,
        german.t(`contact.errors.${v}`),
      ]),
    );
    expect(messages).toEqual({
      firstName: "Bitte geben Sie Ihren Vornamen ein.",
      lastName: "Bitte geben Sie Ihren Nachnamen ein.",
      email: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
      subject: "Bitte geben Sie einen Betreff ein.",
      message: "Bitte geben Sie eine Nachricht ein.",
    });
    expect(await db().select().from(schema.contactMessage)).toHaveLength(0);
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);
  });

  it("checks the e-mail address and the length of the message, keeping the input", async () => {
    const tooLong = "x".repeat(5001);
    const answer = await submit({ ...valid, email: "lena@", message: tooLong });
    expect(answer.data.errors).toEqual({ email: "emailInvalid", message: "messageTooLong" });
    expect(german.t("contact.errors.messageTooLong")).toBe(
      "Die Nachricht darf höchstens 5.000 Zeichen lang sein.",
    );
    expect(answer.data.values).toEqual({ ...valid, email: "lena@", message: tooLong });
    expect(await db().select().from(schema.contactMessage)).toHaveLength(0);

    const atLimit = await submit({ ...valid, message: "y".repeat(5000) });
    expect(atLimit.data.status).toBe("sent");
  });

  it(`limits a client to ${CONTACT_LIMIT.max} messages in ${CONTACT_LIMIT.windowSeconds / 60} minutes`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMIT.max; i++) {
      expect((await submit(valid, ip)).data.status).toBe("sent");
    }
    const limited = await submit(valid, ip);
    expect(limited.init?.status).toBe(429);
    expect(limited.data.status).toBe("tooMany");
    expect(limited.data.values).toMatchObject(valid);
    expect(german.t("contact.tooMany")).toBe(
      "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    );
    expect(await db().select().from(schema.contactMessage)).toHaveLength(CONTACT_LIMIT.max);
    // Another visitor is not affected.
    expect((await submit(valid)).data.status).toBe("sent");
  });

  it("stores nothing when the e-mail cannot be queued, and says so", async () => {
    await db().execute(sql`alter table email_outbox rename to email_outbox_away`);
    try {
      const answer = await submit(valid);
      expect(answer.init?.status).toBe(500);
      expect(answer.data.status).toBe("failed");
      expect(answer.data.values).toMatchObject(valid);
    } finally {
      await db().execute(sql`alter table email_outbox_away rename to email_outbox`);
    }
    expect(await db().select().from(schema.contactMessage)).toHaveLength(0);
    expect(german.t("contact.failed")).toBe(
      "Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.",
    );
  });

  it("pre-fills Betreff from ?subject= (one line, trimmed, at most 200 characters)", async () => {
    expect(subjectFromQuery("  Hotel Adlon  ")).toBe("Hotel Adlon");
    expect(subjectFromQuery("Flug\r\nBcc: x@example.com")).toBe("Flug Bcc: x@example.com");
    expect(subjectFromQuery("a".repeat(300))).toHaveLength(200);
    expect(subjectFromQuery(null)).toBe("");

    const request = new Request(
      `http://localhost:3000/kontakt?subject=${encodeURIComponent(" Premium-Schutz ")}`,
    );
    const data = await loader({ request, context: {}, params: {} } as unknown as Parameters<
      typeof loader
    >[0]);
    expect(data.subject).toBe("Premium-Schutz");
    expect(data.company).toMatchObject({
      email: "info@traumurlaub.example.com",
      registerCourt: "Amtsgericht Berlin-Charlottenburg",
      vatId: "DE123456789",
    });
  });
});
