/**
 * /admin/inhalte through its real route modules with real admin sessions (issue 15 part 1,
 * decision 030): saving a page's texts as a new version with its audit entry, the shape check
 * of a submission, forged pages and languages, versions and restore, the merge over the shipped
 * default, the preview, and the per-process cache dropped when another process saves (NOTIFY).
 */
import { and, desc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ContentBody, Shape } from "~/features/content/content-shape";
import { getContent, hasOperatorVersion, shapeOfPage } from "~/features/content/content.server";
import {
  emitContentChanged,
  listenForSettingsChanges,
  onContentChanged,
  onPageDataChanged,
  stopListening,
} from "~/features/settings/settings-events.server";
import { shippedContent } from "~/lib/content.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import * as editRoute from "~/routes/admin/content-edit";
import * as listRoute from "~/routes/admin/content";
import * as termsRoute from "~/routes/public/terms";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;
let admin: { id: string; email: string; cookie: string };
let guestCookie: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  if (handle.kind === "postgres" && handle.url) await listenForSettingsChanges(handle.url);
  const a = await createUser({ name: "Anton Admin", role: "admin" });
  admin = { ...a, cookie: await sessionCookie(a.email) };
  const guest = await createUser({ name: "Gina Gast" });
  guestCookie = await sessionCookie(guest.email);
});
afterAll(async () => {
  await stopListening();
  await handle.close();
});
beforeEach(async () => {
  await db().delete(schema.contentVersion);
  await db().delete(schema.contentPreview);
  await db().delete(schema.auditLog);
  // Every test starts from a cold cache, as after a restart.
  emitContentChanged("*");
});

type Answer = { status: number; data: Record<string, unknown> | null; location: string | null };
const read = (value: unknown): Answer => {
  if (value instanceof Response)
    return { status: value.status, data: null, location: value.headers.get("location") };
  const result = value as { data?: unknown; init?: ResponseInit | null };
  if (result && typeof result === "object" && "init" in result)
    return {
      status: result.init?.status ?? 200,
      data: (result.data ?? null) as Record<string, unknown> | null,
      location: null,
    };
  return { status: 200, data: value as Record<string, unknown>, location: null };
};
async function call(handler: (args: never) => unknown, request: Request, page = "agb") {
  const args = { request, params: { page }, context: { clientIp: "198.51.100.7" } } as never;
  try {
    return read(await handler(args));
  } catch (thrown) {
    return read(thrown);
  }
}

/** Posts the editor's form as the browser would. */
function post(
  fields: [string, string][],
  { page = "agb", query = "", cookie = admin.cookie as string | null } = {},
) {
  const request = new Request(`http://localhost:3000/admin/inhalte/${page}${query}`, {
    method: "POST",
    headers: { ...(cookie ? { cookie } : {}), origin: "http://localhost:3000" },
    body: new URLSearchParams(fields),
  });
  return call(editRoute.action as never, request, page);
}

/** The form fields of a body (what the generated form posts, markers included). */
function formOf(shape: Shape, body: unknown): [string, string][] {
  const fields: [string, string][] = [];
  const walk = (s: Shape, value: unknown, path: string) => {
    if (s.kind === "object") {
      for (const f of s.fields) {
        const v = (value as Record<string, unknown>)[f.key];
        if (v !== undefined) walk(f.shape, v, path ? `${path}.${f.key}` : f.key);
      }
    } else if (s.kind === "array") {
      (value as unknown[]).forEach((item, i) => {
        const variant = s.variants.findIndex((c) =>
          c.kind === "object"
            ? typeof item === "object" && item !== null && c.fields.some((f) => f.key in item)
            : c.kind === typeof item,
        );
        fields.push([`${path}.${i}.__v`, String(variant)]);
        walk(s.variants[variant], item, `${path}.${i}`);
      });
    } else if (s.kind === "boolean") {
      if (value === true) fields.push([path, "on"]);
    } else fields.push([path, String(value)]);
  };
  walk(shape, body, "");
  return fields;
}

const terms = (language: "de" | "en" = "de") =>
  structuredClone(shippedContent("terms", language)) as ContentBody & {
    title: string;
    intro: string[];
  };
const saveFields = (body: unknown, basedOn = 0): [string, string][] => [
  ["intent", "save"],
  ["basedOn", String(basedOn)],
  ...formOf(shapeOfPage("terms"), body),
];

/** /agb as a guest (or an admin with `?vorschau=`) sees it. */
async function publicTerms(language: "de" | "en", query = "", cookie = "") {
  const request = new Request(`http://localhost:3000/agb${query}`, {
    headers: { cookie: `${cookie}${cookie ? "; " : ""}lang=${language}` },
  });
  const answer = await call(termsRoute.loader as never, request);
  return answer.data as { title: string; intro: string[] };
}

const versions = () =>
  db()
    .select()
    .from(schema.contentVersion)
    .where(eq(schema.contentVersion.page, "terms"))
    .orderBy(desc(schema.contentVersion.version));

describe(`content editor (${databaseKind()})`, () => {
  it("shows the shipped texts until the operator saves their own", async () => {
    expect((await publicTerms("de")).title).toBe(terms("de").title);
    expect(await hasOperatorVersion("terms")).toBe(false);
    const list = await call(
      listRoute.loader as never,
      new Request("http://localhost:3000/admin/inhalte", { headers: { cookie: admin.cookie } }),
    );
    const pages = list.data?.pages as { page: string; de: unknown; en: unknown }[];
    expect(pages.map((p) => p.page)).toEqual(
      expect.arrayContaining(["home", "about", "faq", "privacy", "terms", "destinations"]),
    );
    expect(pages.find((p) => p.page === "terms")).toMatchObject({ de: null, en: null });
  });

  it("saves a version with its audit entry; the page shows it at once in that language only", async () => {
    const body = terms("de");
    body.title = "Unsere AGB";
    body.intro = ["Es gelten unsere eigenen Bedingungen."];
    const answer = await post(saveFields(body));
    expect(answer.location).toBe("/admin/inhalte/agb?hinweis=saved");

    const [row] = await versions();
    expect(row).toMatchObject({ language: "de", version: 1, createdBy: admin.id });
    expect((await publicTerms("de")).title).toBe("Unsere AGB");
    expect((await publicTerms("de")).intro).toEqual(["Es gelten unsere eigenen Bedingungen."]);
    expect((await publicTerms("en")).title).toBe(terms("en").title);
    expect(await hasOperatorVersion("terms")).toBe(true);

    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, "content"));
    expect(entry).toMatchObject({ actorId: admin.id, entityId: "terms:de", action: "update" });
    // Only what changed, old → new.
    expect(entry.before).toEqual({
      version: 0,
      title: terms("de").title,
      intro: terms("de").intro,
    });
    expect(entry.after).toEqual({
      version: 1,
      title: "Unsere AGB",
      intro: ["Es gelten unsere eigenen Bedingungen."],
    });

    const list = await call(
      listRoute.loader as never,
      new Request("http://localhost:3000/admin/inhalte", { headers: { cookie: admin.cookie } }),
    );
    const page = (list.data?.pages as { page: string; de: { who: string } | null }[]).find(
      (p) => p.page === "terms",
    );
    expect(page?.de?.who).toBe("Anton Admin");
  });

  it("refuses a submission that does not fit the page's shape, and stores nothing", async () => {
    const body = terms("de");
    body.title = "x".repeat(301);
    const tooLong = await post(saveFields(body));
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({ error: "invalid", errors: { title: "tooLong" } });
    // The form comes back as typed.
    expect((tooLong.data?.draft as { title: string }).title).toBe("x".repeat(301));

    const forgedKind = saveFields(terms("de")).map(([name, value]): [string, string] =>
      name === "sections.0.blocks.0.__v" ? [name, "9"] : [name, value],
    );
    expect(await post(forgedKind)).toMatchObject({ status: 400, data: { error: "forged" } });
    const noBase = saveFields(terms("de")).filter(([name]) => name !== "basedOn");
    expect(await post(noBase)).toMatchObject({ status: 400, data: { error: "forged" } });
    const unknownIntent = saveFields(terms("de")).map(([n, v]): [string, string] =>
      n === "intent" ? [n, "publish"] : [n, v],
    );
    expect((await post(unknownIntent)).status).toBe(400);
    expect(await versions()).toEqual([]);
    expect(await db().select().from(schema.auditLog)).toEqual([]);
  });

  it("answers a forged page with 404, a forged language with 400, a guest with 403", async () => {
    expect((await post(saveFields(terms()), { page: "passwd" })).status).toBe(404);
    expect((await post(saveFields(terms()), { query: "?sprache=fr" })).status).toBe(400);
    const loader = (page: string, query = "", cookie = admin.cookie) =>
      call(
        editRoute.loader as never,
        new Request(`http://localhost:3000/admin/inhalte/${page}${query}`, {
          headers: { cookie },
        }),
        page,
      );
    expect((await loader("../etc")).status).toBe(404);
    expect(await loader("agb", "?sprache=xx")).toMatchObject({
      status: 400,
      data: { kind: "badLanguage" },
    });
    expect((await loader("agb", "?sprache=en")).data).toMatchObject({
      kind: "editor",
      language: "en",
      body: { title: terms("en").title },
    });
    expect((await loader("agb", "", guestCookie)).status).toBe(403);
    expect((await post(saveFields(terms()), { cookie: guestCookie })).status).toBe(403);
    expect((await post(saveFields(terms()), { cookie: null })).status).toBe(401);
    expect(await versions()).toEqual([]);
  });

  it("refuses to overwrite a version saved by someone else in between", async () => {
    const first = terms("de");
    first.title = "Erste Fassung";
    await post(saveFields(first, 0));
    const stale = terms("de");
    stale.title = "Veraltetes Formular";
    const answer = await post(saveFields(stale, 0));
    expect(answer.status).toBe(409);
    expect(answer.data?.error).toBe("conflict");
    expect((await versions()).map((v) => v.version)).toEqual([1]);
    expect((await publicTerms("de")).title).toBe("Erste Fassung");
  });

  it("lists versions and restores an older one as a new version", async () => {
    const one = terms("en");
    one.title = "Version one";
    await post(saveFields(one, 0), { query: "?sprache=en" });
    const two = terms("en");
    two.title = "Version two";
    await post(saveFields(two, 1), { query: "?sprache=en" });
    expect((await publicTerms("en")).title).toBe("Version two");

    const restored = await post(
      [
        ["intent", "restore"],
        ["version", "1"],
      ],
      { query: "?sprache=en" },
    );
    expect(restored.location).toBe("/admin/inhalte/agb?sprache=en&hinweis=restored");
    expect((await publicTerms("en")).title).toBe("Version one");
    const rows = await versions();
    expect(rows.map((r) => [r.version, r.restoredFrom])).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    const loader = await call(
      editRoute.loader as never,
      new Request("http://localhost:3000/admin/inhalte/agb?sprache=en", {
        headers: { cookie: admin.cookie },
      }),
    );
    expect(loader.data?.basedOn).toBe(3);
    expect((loader.data?.versions as { version: number; who: string }[])[0]).toMatchObject({
      version: 3,
      who: "Anton Admin",
    });
    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "content"), eq(schema.auditLog.action, "restore")));
    expect(entry.entityId).toBe("terms:en");

    for (const forged of ["99", "0", "-1", "abc", "1e3", ""]) {
      const answer = await post(
        [
          ["intent", "restore"],
          ["version", forged],
        ],
        { query: "?sprache=en" },
      );
      expect(answer.status, forged).toBe(404);
    }
    expect(await versions()).toHaveLength(3);
  });

  it("merges a stored body over the shipped default: a key of a later release still shows", async () => {
    const old = terms("de") as Record<string, unknown>;
    delete old.cta;
    old.title = "Aus einer älteren Version";
    old.removedInThisRelease = "weg";
    await db()
      .insert(schema.contentVersion)
      .values({ page: "terms", language: "de", version: 1, body: old, createdBy: admin.id });
    const page = (await publicTerms("de")) as Record<string, unknown>;
    expect(page.title).toBe("Aus einer älteren Version");
    expect(page.cta).toEqual(terms("de").cta);
    expect(page).not.toHaveProperty("removedInThisRelease");
  });

  it("drops the cached page when any process saves (NOTIFY on PostgreSQL)", async () => {
    expect((await getContent<{ title: string }>("terms", "de")).title).toBe(terms("de").title);
    const body = { ...terms("de"), title: "Von einem anderen Prozess" };
    if (handle.kind === "postgres" && handle.url) {
      // Another process writes a version through its own connection. The table's statement
      // trigger (migration 0021) notifies every process when that commits, this one included,
      // and this process drops its cached copy (content.server.ts). (Whether the old text is
      // still cached before the notification arrives is a race, so it is not asserted.)
      const heard = new Promise<void>((resolve) => {
        const off = onPageDataChanged(() => {
          off();
          resolve();
        });
      });
      const other = new pg.Client({ connectionString: handle.url });
      await other.connect();
      await other.query(
        "insert into content_version (page, language, version, body, created_by) values ($1, $2, 1, $3, $4)",
        ["terms", "de", JSON.stringify(body), admin.id],
      );
      await other.end();
      await heard;
    } else {
      // PGlite serves one process: the saving process publishes locally.
      await db()
        .insert(schema.contentVersion)
        .values({ page: "terms", language: "de", version: 1, body, createdBy: admin.id });
      expect((await getContent<{ title: string }>("terms", "de")).title).toBe(terms("de").title);
      const notified = new Promise<string>((resolve) => {
        const off = onContentChanged((page) => {
          off();
          resolve(page);
        });
      });
      emitContentChanged("terms");
      expect(await notified).toBe("terms");
    }
    expect((await getContent<{ title: string }>("terms", "de")).title).toBe(
      "Von einem anderen Prozess",
    );
  });

  it("previews a draft on the real page for admins only, without storing a version", async () => {
    const draft = terms("de");
    draft.title = "Entwurf der AGB";
    const fields = saveFields(draft).map(([n, v]): [string, string] =>
      n === "intent" ? [n, "preview"] : [n, v],
    );
    const answer = await post(fields);
    expect(answer.status).toBe(200);
    const url = answer.data?.previewUrl as string;
    expect(url).toMatch(/^\/agb\?vorschau=[0-9a-f-]{36}$/);
    expect(await versions()).toEqual([]);
    const query = url.slice("/agb".length);
    expect((await publicTerms("de", query, admin.cookie)).title).toBe("Entwurf der AGB");
    // A guest or a visitor with the link sees the page as it is.
    expect((await publicTerms("de", query, guestCookie)).title).toBe(terms("de").title);
    expect((await publicTerms("de", query)).title).toBe(terms("de").title);
    expect((await publicTerms("de", "?vorschau=kaputt", admin.cookie)).title).toBe(
      terms("de").title,
    );
    // After 24 hours the link shows the page as it is, even before a cleanup drops the draft.
    await db()
      .update(schema.contentPreview)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) });
    expect((await publicTerms("de", query, admin.cookie)).title).toBe(terms("de").title);
  });

  it("adds, moves and removes entries without storing anything", async () => {
    const fields = saveFields(terms("de")).map(([n, v]): [string, string] =>
      n === "intent" ? [n, "add:intro:0"] : [n, v],
    );
    const added = await post(fields);
    expect(added.status).toBe(200);
    expect((added.data?.draft as { intro: string[] }).intro).toEqual([...terms("de").intro, ""]);
    expect(await versions()).toEqual([]);
  });
});
