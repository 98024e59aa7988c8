/**
 * /admin/newsletter and its CSV export through the real route modules (issue 15, part 5;
 * decision 032): status, search by e-mail (typed wildcards literal), paging, the export of the
 * whole filter as a formula-safe UTF-8 CSV, removal that deletes the record with a masked audit
 * entry in the same transaction.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_PAGE_SIZE } from "~/features/newsletter/admin-newsletter.schema";
import { EXPORT_BATCH } from "~/features/newsletter/admin-newsletter.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import * as csv from "~/routes/admin/newsletter-csv";
import { unsubscribe } from "~/features/newsletter/newsletter.server";
import * as route from "~/routes/admin/newsletter";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";

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
  await db().delete(schema.auditLog);
  await db().delete(schema.newsletterSubscription);
  n = 0;
});

let n = 0;
async function subscriber(email: string, status: "pending" | "confirmed" | "unsubscribed") {
  n += 1;
  const [row] = await db()
    .insert(schema.newsletterSubscription)
    .values({
      email,
      status,
      token: `token_${n}_${crypto.randomUUID()}`,
      createdAt: new Date(Date.UTC(2026, 2, 1, 9, n)),
      confirmedAt: status === "confirmed" ? new Date(Date.UTC(2026, 2, 1, 10, n)) : null,
    })
    .returning();
  return row;
}

const load = (query = "", cookie = admin.cookie) =>
  callRoute<Awaited<ReturnType<typeof route.loader>>>(route.loader as never, {
    url: `/admin/newsletter${query}`,
    cookie,
  });
const post = (form: Record<string, string>, cookie: string | null = admin.cookie) =>
  callRoute<{ error: string }>(route.action as never, {
    url: "/admin/newsletter",
    form,
    cookie,
  });
async function download(query = "", cookie = admin.cookie) {
  const answer = await callRoute(csv.loader as never, {
    url: `/admin/newsletter.csv${query}`,
    cookie,
  });
  return answer;
}

describe(`admin newsletter (${databaseKind()})`, () => {
  it("lists subscribers newest first with status, by status and e-mail search, paged", async () => {
    await subscriber("anna@example.com", "confirmed");
    await subscriber("ben@gmx.example", "pending");
    await subscriber("carla@example.com", "unsubscribed");
    await subscriber("dora_x@example.com", "confirmed");

    const all = await load();
    expect(all.status).toBe(200);
    expect(all.data!.subscribers.map((s) => [s.email, s.status])).toEqual([
      ["dora_x@example.com", "confirmed"],
      ["carla@example.com", "unsubscribed"],
      ["ben@gmx.example", "pending"],
      ["anna@example.com", "confirmed"],
    ]);
    expect(all.data!.confirmedCount).toBe(2);
    expect((await load("?status=pending")).data!.subscribers.map((s) => s.email)).toEqual([
      "ben@gmx.example",
    ]);
    expect((await load("?q=GMX")).data!.subscribers.map((s) => s.email)).toEqual([
      "ben@gmx.example",
    ]);
    // Typed % and _ are characters, not wildcards.
    expect((await load("?q=a_x")).data!.subscribers.map((s) => s.email)).toEqual([
      "dora_x@example.com",
    ]);
    expect((await load("?q=%25")).data!.subscribers).toEqual([]);
    // Malformed filters are not applied rather than failing.
    expect((await load("?status=evil&page=abc")).data!.subscribers).toHaveLength(4);

    for (let i = 0; i < NEWSLETTER_PAGE_SIZE; i++) await subscriber(`p${i}@example.com`, "pending");
    const second = await load("?page=2");
    expect(second.data!.total).toBe(NEWSLETTER_PAGE_SIZE + 4);
    expect(second.data!.subscribers.map((s) => s.email)).toEqual([
      "dora_x@example.com",
      "carla@example.com",
      "ben@gmx.example",
      "anna@example.com",
    ]);
  });

  it("exports the filtered subscribers as formula-safe UTF-8 CSV with semicolons", async () => {
    const anna = await subscriber("anna@example.com", "confirmed");
    await subscriber('=HYPERLINK("http://evil")@example.com', "pending");
    await subscriber("müller;chef@example.com", "unsubscribed");
    const answer = await download();
    expect(answer.status).toBe(200);
    const response = answer.response!;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="newsletter-abonnenten-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8 with BOM, so a German spreadsheet reads the umlauts.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe("E-Mail;Status;Angemeldet am;Bestätigt am;Abmeldelink");
    expect(lines.slice(1, 4)).toEqual([
      expect.stringMatching(/^"müller;chef@example\.com";Abgemeldet;01\.03\.2026, 10:03;;$/),
      // The formula is text: apostrophe first, then quoted for its own quotes.
      `"'=HYPERLINK(""http://evil"")@example.com";Unbestätigt;01.03.2026, 10:02;;`,
      expect.stringMatching(
        /^anna@example\.com;Bestätigt;01\.03\.2026, 10:01;01\.03\.2026, 11:01;http:\/\/\S+\/newsletter\/abmelden\?token=\S+$/,
      ),
    ]);
    expect(lines[4]).toBe("");
    const link = new URL(lines[3].split(";").at(-1)!);

    const confirmed = await download("?status=confirmed");
    const text = new TextDecoder().decode(await confirmed.response!.arrayBuffer());
    expect(text.trim().split("\r\n")).toHaveLength(2);

    // A mailing sent with another tool carries the link; following it unsubscribes here.
    expect(link.searchParams.get("token")).toBe(anna.token);
    expect(await unsubscribe(link.searchParams.get("token"))).toBe("unsubscribed");
  });

  it("exports every page, not only the one on screen", async () => {
    const total = NEWSLETTER_PAGE_SIZE * 2 + 3;
    await db()
      .insert(schema.newsletterSubscription)
      .values(
        Array.from({ length: total }, (_, i) => ({
          email: `bulk${i}@example.com`,
          status: "confirmed",
          token: `bulk-token-${i}`,
        })),
      );
    const text = new TextDecoder().decode(await (await download()).response!.arrayBuffer());
    expect(text.trim().split("\r\n")).toHaveLength(total + 1);
  });

  it("exports every subscriber of a batch-sized insert that shares one created_at", async () => {
    // As one statement's rows share now(): one created_at, with microseconds. A millisecond
    // cursor used to stop the export after the first batch.
    const total = EXPORT_BATCH * 2 + 7;
    await db().execute(sql`
      insert into newsletter_subscription (email, status, token, created_at)
      select 'same' || i || '@example.com', 'confirmed', 'same-token-' || i,
             '2026-03-01 09:00:00.123456+00'::timestamptz
      from generate_series(1, ${total}) as i`);
    const text = new TextDecoder().decode(await (await download()).response!.arrayBuffer());
    const emails = text
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(";")[0]);
    expect(emails).toHaveLength(total);
    expect(new Set(emails).size).toBe(total);
  });

  it("removes a subscriber for good and audits it with a masked address", async () => {
    const row = await subscriber("max.mustermann@example.com", "confirmed");
    const confirm = await load(`?entfernen=${row.id}`);
    expect(confirm.data!.removing).toMatchObject({ email: "max.mustermann@example.com" });
    const removed = await post({ intent: "remove", id: row.id });
    expect(removed.status).toBe(302);
    expect(removed.location).toBe("/admin/newsletter?hinweis=removed");
    expect(
      await db()
        .select()
        .from(schema.newsletterSubscription)
        .where(eq(schema.newsletterSubscription.id, row.id)),
    ).toEqual([]);
    const [entry] = await db().select().from(schema.auditLog);
    expect(entry).toMatchObject({
      actorId: admin.id,
      entity: "newsletter_subscription",
      entityId: row.id,
      action: "delete",
      before: { email: "m•••@example.com", status: "confirmed" },
    });
    expect(JSON.stringify(entry)).not.toContain("mustermann");
    // Twice: the second finds nothing.
    expect((await post({ intent: "remove", id: row.id })).status).toBe(404);
  });

  it("answers forged ids with 404 and keeps guests and visitors out", async () => {
    const row = await subscriber("eva@example.com", "pending");
    expect((await post({ intent: "remove", id: "x' or '1'='1" })).status).toBe(404);
    expect((await post({ intent: "remove" })).status).toBe(404);
    expect((await post({ intent: "nuke", id: row.id })).status).toBe(400);
    expect((await load("?entfernen=00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await load("", guestCookie)).status).toBe(403);
    expect((await download("", guestCookie)).status).toBe(403);
    const visitor = await download("", null as never);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/auth?redirectTo=%2Fadmin%2Fnewsletter.csv");
    expect((await post({ intent: "remove", id: row.id }, guestCookie)).status).toBe(403);
    expect((await post({ intent: "remove", id: row.id }, null)).status).toBe(401);
    expect(await db().select().from(schema.newsletterSubscription)).toHaveLength(1);
    expect(await db().select().from(schema.auditLog)).toHaveLength(0);
  });
});
