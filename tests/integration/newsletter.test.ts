import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_LIMITS } from "~/features/newsletter/newsletter.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { getTranslator } from "~/lib/i18n";
import { action as subscribeAction } from "~/routes/api/newsletter";
import * as confirmPage from "~/routes/newsletter/confirm";
import * as unsubscribePage from "~/routes/newsletter/unsubscribe";
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
  await db().delete(schema.newsletterSubscription);
  await db().delete(schema.rateLimit);
});

const german = getTranslator("de");
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
const context = (clientIp = freshIp()) => ({ clientIp, requestId: "test", nonce: "" });
// The route modules' own argument types; the tests pass what the server passes.
type Args = { request: Request; context: ReturnType<typeof context>; params: object };
const call = <T>(fn: (args: never) => T, args: Args) => fn(args as never) as Awaited<T>;

async function subscribe(
  email: string,
  options: {
    via?: "fetcher" | "document";
    clientIp?: string;
    cookie?: string;
    redirectTo?: string;
  } = {},
) {
  const body = new URLSearchParams({
    email,
    via: options.via ?? "fetcher",
    formId: "footer-newsletter",
  });
  if (options.redirectTo) body.set("redirectTo", options.redirectTo);
  const request = new Request("http://localhost:3000/api/newsletter", {
    method: "POST",
    body,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  return (await call(subscribeAction, {
    request,
    context: context(options.clientIp),
    params: {},
  })) as unknown as Response & { data: { result: string }; init: { status: number } };
}

async function subscription(email: string) {
  const [row] = await db()
    .select()
    .from(schema.newsletterSubscription)
    .where(sql`lower(${schema.newsletterSubscription.email}) = ${email.toLowerCase()}`);
  return row;
}

async function confirmationMails(email: string) {
  const rows = await db()
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.to, email.toLowerCase()));
  return rows.map((r) => ({
    template: r.template,
    ...(r.data as { token: string; language: string }),
  }));
}

function pageRequest(path: string, token: string | undefined, method = "GET") {
  const url = `http://localhost:3000${path}${token === undefined ? "" : `?token=${encodeURIComponent(token)}`}`;
  return method === "GET"
    ? new Request(url)
    : new Request(url, { method, body: new URLSearchParams({ token: token ?? "" }) });
}

const openConfirm = async (token?: string) =>
  (
    await call(confirmPage.loader, {
      request: pageRequest("/newsletter/bestaetigen", token),
      context: context(),
      params: {},
    })
  ).state;
const pressConfirm = async (token?: string) =>
  (
    await call(confirmPage.action, {
      request: pageRequest("/newsletter/bestaetigen", token, "POST"),
      context: context(),
      params: {},
    })
  ).state;
const openUnsubscribe = async (token?: string) =>
  (
    await call(unsubscribePage.loader, {
      request: pageRequest("/newsletter/abmelden", token),
      context: context(),
      params: {},
    })
  ).state;
const pressUnsubscribe = async (token?: string) =>
  (
    await call(unsubscribePage.action, {
      request: pageRequest("/newsletter/abmelden", token, "POST"),
      context: context(),
      params: {},
    })
  ).state;

describe(`newsletter double opt-in (${databaseKind()})`, () => {
  it("stores a pending subscription and queues the confirmation e-mail", async () => {
    const answer = await subscribe("  Leser@Example.com ");
    expect(answer.data.result).toBe("pending");
    expect(german.t(`newsletter.${answer.data.result}`)).toBe(
      "Bitte bestätigen Sie Ihre Anmeldung über den Link in der E-Mail, die wir Ihnen gesendet haben.",
    );
    const row = await subscription("leser@example.com");
    expect(row).toMatchObject({ email: "leser@example.com", status: "pending", confirmedAt: null });
    expect(row.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await confirmationMails("leser@example.com")).toEqual([
      { template: "newsletter-confirm", token: row.token, language: "de" },
    ]);
  });

  it("writes the confirmation e-mail in the visitor's language", async () => {
    await subscribe("reader@example.com", { cookie: "lang=en" });
    const [mail] = await confirmationMails("reader@example.com");
    expect(mail.language).toBe("en");
  });

  it("rejects an invalid address with the German message and stores nothing", async () => {
    for (const email of ["", "kein-at-zeichen", "a@b", `${"x".repeat(250)}@example.com`]) {
      const answer = await subscribe(email);
      expect(answer.data.result).toBe("invalid");
      expect(answer.init.status).toBe(400);
    }
    expect(german.t("newsletter.invalid")).toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    expect(await db().select().from(schema.newsletterSubscription)).toHaveLength(0);
    expect(await db().select().from(schema.emailOutbox)).toHaveLength(0);
  });

  it("without JavaScript, sends the browser back to the page with the result", async () => {
    const answer = await subscribe("ohne-js@example.com", {
      via: "document",
      redirectTo: "/kontakt?subject=Hallo",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(
      "/kontakt?subject=Hallo&newsletter=pending&newsletterForm=footer-newsletter#footer-newsletter",
    );
    const invalid = await subscribe("falsch", { via: "document", redirectTo: "//evil.example/x" });
    expect(invalid.headers.get("Location")).toBe(
      "/?newsletter=invalid&newsletterForm=footer-newsletter#footer-newsletter",
    );
  });

  it("confirms only after the button on the linked page is pressed", async () => {
    await subscribe("bestaetigen@example.com");
    const { token } = await subscription("bestaetigen@example.com");

    // Opening the link (what a mail scanner does) changes nothing.
    expect(await openConfirm(token)).toBe("ready");
    expect((await subscription("bestaetigen@example.com")).status).toBe("pending");

    expect(await pressConfirm(token)).toBe("confirmed");
    const row = await subscription("bestaetigen@example.com");
    expect(row.status).toBe("confirmed");
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(german.t("newsletter.confirm.done")).toBe("Ihre Newsletter-Anmeldung ist bestätigt.");
    // Opening or pressing again just says it is confirmed.
    expect(await openConfirm(token)).toBe("confirmed");
    expect(await pressConfirm(token)).toBe("confirmed");
  });

  it("answers a second sign-up the same way, without revealing or changing anything", async () => {
    await subscribe("doppelt@example.com");
    const first = await subscription("doppelt@example.com");
    // Still pending: the same (still valid) link is sent again.
    expect((await subscribe("Doppelt@example.com")).data.result).toBe("pending");
    const mails = await confirmationMails("doppelt@example.com");
    expect(mails.map((m) => m.token)).toEqual([first.token, first.token]);

    await pressConfirm(first.token);
    // Confirmed: same answer, no further e-mail, still confirmed.
    expect((await subscribe("doppelt@example.com")).data.result).toBe("pending");
    expect(await confirmationMails("doppelt@example.com")).toHaveLength(2);
    expect(await subscription("doppelt@example.com")).toMatchObject({
      status: "confirmed",
      token: first.token,
    });
    expect(await db().select().from(schema.newsletterSubscription)).toHaveLength(1);
  });

  it("refuses unknown, malformed and expired links", async () => {
    expect(await openConfirm(undefined)).toBe("invalid");
    expect(await openConfirm("x".repeat(43))).toBe("invalid");
    expect(await openConfirm("<script>alert(1)</script>")).toBe("invalid");
    expect(await pressConfirm("nicht-vorhanden-nicht-vorhanden-123")).toBe("invalid");
    expect(german.t("newsletter.invalidLink")).toBe("Dieser Link ist ungültig oder abgelaufen.");

    await subscribe("spaet@example.com");
    const { token } = await subscription("spaet@example.com");
    await db()
      .update(schema.newsletterSubscription)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(schema.newsletterSubscription.token, token));
    expect(await openConfirm(token)).toBe("invalid");
    expect(await pressConfirm(token)).toBe("invalid");
    expect((await subscription("spaet@example.com")).status).toBe("pending");

    // Signing up again starts over with a new link.
    await subscribe("spaet@example.com");
    const renewed = await subscription("spaet@example.com");
    expect(renewed.token).not.toBe(token);
    expect(await pressConfirm(renewed.token)).toBe("confirmed");
  });

  it("unsubscribes through the link's button; a new sign-up starts over", async () => {
    await subscribe("abmelden@example.com");
    const { token } = await subscription("abmelden@example.com");
    await pressConfirm(token);

    expect(await openUnsubscribe(token)).toBe("ready");
    expect((await subscription("abmelden@example.com")).status).toBe("confirmed");
    expect(await pressUnsubscribe(token)).toBe("unsubscribed");
    expect((await subscription("abmelden@example.com")).status).toBe("unsubscribed");
    expect(await openUnsubscribe(token)).toBe("unsubscribed");
    expect(await openConfirm(token)).toBe("invalid");
    expect(await pressUnsubscribe("unbekannt-unbekannt-unbekannt")).toBe("invalid");

    await subscribe("abmelden@example.com");
    const again = await subscription("abmelden@example.com");
    expect(again.status).toBe("pending");
    expect(again.token).not.toBe(token);
    expect((await confirmationMails("abmelden@example.com")).at(-1)?.token).toBe(again.token);
  });

  it("limits sign-ups per client and confirmation e-mails per address", async () => {
    const ip = freshIp();
    for (let i = 0; i < NEWSLETTER_LIMITS.perClient.max; i++) {
      expect((await subscribe(`viele${i}@example.com`, { clientIp: ip })).data.result).toBe(
        "pending",
      );
    }
    const limited = await subscribe("noch-einer@example.com", { clientIp: ip });
    expect(limited.data.result).toBe("tooMany");
    expect(limited.init.status).toBe(429);
    expect(await subscription("noch-einer@example.com")).toBeUndefined();

    // Someone signing up a stranger's address again and again: same answer, no more e-mails.
    for (let i = 0; i < NEWSLETTER_LIMITS.mailsPerAddress.max + 2; i++) {
      expect((await subscribe("fremd@example.com")).data.result).toBe("pending");
    }
    expect(await confirmationMails("fremd@example.com")).toHaveLength(
      NEWSLETTER_LIMITS.mailsPerAddress.max,
    );
  });
});
