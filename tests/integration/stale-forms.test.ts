/**
 * Stale admin forms are refused (audit 19 finding 2, decision 073): the property form, the
 * settings form and a season's form carry the version they were loaded with; a save from a page
 * loaded before someone else's change changes nothing (409 and a German message): no photo is
 * removed and no file deleted, the other admin's values stay. The admin's own autosave and save
 * move the version on in their own form, so their next save still goes through.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { getTranslator } from "~/lib/i18n";
import { uploadsDir } from "~/lib/storage.server";
import * as formRoute from "~/routes/admin/property-form";
import { action as uploadAction } from "~/routes/admin/property-images-upload";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";

let handle: DatabaseHandle;
/** Two admins, each in their own browser. */
let anna: { id: string; cookie: string };
let bernd: { id: string; cookie: string };
const de = getTranslator("de").t;

beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
  const a = await createUser({ name: "Anna Admin", role: "admin" });
  const b = await createUser({ name: "Bernd Admin", role: "admin" });
  anna = { id: a.id, cookie: (await sessionCookie(a.email))! };
  bernd = { id: b.id, cookie: (await sessionCookie(b.email))! };
});
afterAll(() => handle.close());

type Fields = Record<string, string> | [string, string][];

/** One photo through the upload route, as the form's uploader sends it; its ref. */
async function upload(color: string, cookie: string): Promise<string> {
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "foto.jpg");
  const request = new Request("http://localhost:3000/admin/properties/images", {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  const response = (await uploadAction({ request, params: {}, context: {} } as never)) as Response;
  const body = (await response.json()) as { ok: boolean; image?: { ref: string } };
  expect(body.ok).toBe(true);
  return body.image!.ref;
}

const fileExists = (key: string) => fs.existsSync(path.join(uploadsDir(), `${key}-400.webp`));

const propertyRow = async (id: string) =>
  (await db().select().from(schema.property).where(eq(schema.property.id, id)))[0];

const propertyAudit = (id: string) =>
  db()
    .select({ action: schema.auditLog.action, actorId: schema.auditLog.actorId })
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, "property"), eq(schema.auditLog.entityId, id)));

type PropertyPage = {
  property: { id: string; version: string };
  values: Record<string, string | string[] | undefined>;
};

/** The edit page as an admin opens it: the form's values and the version it carries. */
async function openPropertyForm(id: string, cookie: string) {
  const page = await callRoute<PropertyPage>(formRoute.loader as never, {
    url: `/admin/properties/edit/${id}`,
    params: { id },
    cookie,
  });
  expect(page.status).toBe(200);
  return page.data!;
}

/** The form's fields as the browser posts them, from what the page showed plus the edits. */
function formFields(page: PropertyPage, edits: Record<string, string> = {}): [string, string][] {
  const fields: [string, string][] = [];
  for (const [name, value] of Object.entries({ ...page.values, ...edits })) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) fields.push([name, v]);
  }
  return fields;
}

function postProperty(id: string | null, cookie: string, form: Fields) {
  return callRoute<Record<string, unknown>>(formRoute.action as never, {
    url: id === null ? "/admin/properties/add" : `/admin/properties/edit/${id}`,
    params: id === null ? {} : { id },
    cookie,
    form,
  });
}

const withVersion = (fields: [string, string][], version: string): [string, string][] => [
  ...fields.filter(([name]) => name !== "version"),
  ["version", version],
];

/** A published property with one uploaded photo, made through the add form. */
async function propertyWithPhoto(title: string) {
  const first = await upload("#2a6f97", anna.cookie);
  const created = await postProperty(null, anna.cookie, {
    intent: "save",
    title,
    description: "Reetgedecktes Haus hinter dem Deich.",
    pricePerNight: "120",
    country: "Deutschland",
    city: "Sylt",
    bedrooms: "2",
    bathrooms: "1",
    maxGuests: "4",
    images: JSON.stringify([{ ref: first, category: null }]),
  });
  expect(created.status).toBe(302);
  const [row] = await db().select().from(schema.property).where(eq(schema.property.title, title));
  return { id: row.id, first };
}

describe(`stale admin forms are refused (${databaseKind()})`, () => {
  it("property: a save from a page loaded before another admin's save is refused; the new photo and its files stay", async () => {
    const { id, first } = await propertyWithPhoto("Haus Düne");
    // Both open the edit page.
    const pageA = await openPropertyForm(id, anna.cookie);
    const pageB = await openPropertyForm(id, bernd.cookie);
    expect(pageB.property.version).toBe(pageA.property.version);

    // Anna uploads photo X, changes the price and saves.
    const photoX = await upload("#e76f51", anna.cookie);
    const savedA = await postProperty(
      id,
      anna.cookie,
      withVersion(
        formFields(pageA, {
          intent: "save",
          pricePerNight: "150",
          images: JSON.stringify([
            { ref: first, category: null },
            { ref: photoX, category: null },
          ]),
        }),
        pageA.property.version,
      ),
    );
    expect(savedA.status).toBe(302);
    expect((await propertyRow(id)).images.map((image) => image.key)).toEqual([first, photoX]);
    const auditBefore = await propertyAudit(id);

    // Bernd saves a new description from his older page: refused, nothing changes.
    const savedB = await postProperty(
      id,
      bernd.cookie,
      withVersion(
        formFields(pageB, { intent: "save", description: "Neu renoviert, mit Sauna." }),
        pageB.property.version,
      ),
    );
    expect(savedB.status).toBe(409);
    expect(savedB.data).toMatchObject({ ok: false, error: "stale" });
    // The input comes back for the form, and the message is German.
    expect((savedB.data?.values as Record<string, string>).description).toBe(
      "Neu renoviert, mit Sauna.",
    );
    expect(de("adminProperties.errors.stale")).toBe(
      "Diese Unterkunft wurde inzwischen an anderer Stelle geändert. Bitte laden Sie die Seite neu, Ihre Eingaben wurden nicht gespeichert.",
    );
    const row = await propertyRow(id);
    expect(row.images.map((image) => image.key)).toEqual([first, photoX]);
    expect(row.pricePerNight).toBe(15_000);
    expect(row.description).toBe("Reetgedecktes Haus hinter dem Deich.");
    expect(fileExists(photoX)).toBe(true);
    expect(fileExists(first)).toBe(true);
    expect(await propertyAudit(id)).toEqual(auditBefore);

    // Publish from the old page, and Bernd's autosave, are refused too; no draft is written.
    const publishB = await postProperty(
      id,
      bernd.cookie,
      withVersion(formFields(pageB, { intent: "publish" }), pageB.property.version),
    );
    expect(publishB.status).toBe(409);
    const autosaveB = await postProperty(
      id,
      bernd.cookie,
      withVersion(
        formFields(pageB, { intent: "autosave", description: "Entwurf von gestern." }),
        pageB.property.version,
      ),
    );
    expect(autosaveB.status).toBe(409);
    expect(autosaveB.data).toMatchObject({ ok: false, error: "stale" });
    expect((await propertyRow(id)).draft).toBeNull();

    // After a reload Bernd's save goes through, and removes what he took out: only that.
    const reloaded = await openPropertyForm(id, bernd.cookie);
    const retry = await postProperty(
      id,
      bernd.cookie,
      withVersion(
        formFields(reloaded, {
          intent: "save",
          description: "Neu renoviert, mit Sauna.",
          images: JSON.stringify([{ ref: photoX, category: null }]),
        }),
        reloaded.property.version,
      ),
    );
    expect(retry.status).toBe(302);
    const after = await propertyRow(id);
    expect(after.images.map((image) => image.key)).toEqual([photoX]);
    expect(after.pricePerNight).toBe(15_000);
    expect(after.description).toBe("Neu renoviert, mit Sauna.");
    expect(fileExists(photoX)).toBe(true);
    expect(fileExists(first)).toBe(false);
  });

  it("property: the admin's own autosaves and saves move the version on in their form", async () => {
    const { id, first } = await propertyWithPhoto("Haus Priel");
    const page = await openPropertyForm(id, anna.cookie);
    const photo = await upload("#52b788", anna.cookie);
    const images = JSON.stringify([
      { ref: first, category: null },
      { ref: photo, category: null },
    ]);

    // Two autosaves: each answers the new version, which the form sends next.
    const autosaved = await postProperty(
      id,
      anna.cookie,
      withVersion(
        formFields(page, { intent: "autosave", title: "Haus Priel am Watt", images }),
        page.property.version,
      ),
    );
    expect(autosaved.status).toBe(200);
    const afterFirst = autosaved.data!.version as string;
    expect(afterFirst).not.toBe(page.property.version);
    const again = await postProperty(
      id,
      anna.cookie,
      withVersion(
        formFields(page, { intent: "autosave", title: "Haus Priel am Wattenmeer", images }),
        afterFirst,
      ),
    );
    expect(again.status).toBe(200);
    const afterSecond = again.data!.version as string;
    expect(afterSecond).not.toBe(afterFirst);

    // The version the page was loaded with is not enough any more: that is how a second tab
    // learns of the autosave.
    const fromOldVersion = await postProperty(
      id,
      anna.cookie,
      withVersion(formFields(page, { intent: "save" }), page.property.version),
    );
    expect(fromOldVersion.status).toBe(409);

    // The form's own "Speichern" right after its autosaves goes through.
    const saved = await postProperty(
      id,
      anna.cookie,
      withVersion(
        formFields(page, { intent: "save", title: "Haus Priel am Wattenmeer", images }),
        afterSecond,
      ),
    );
    expect(saved.status).toBe(302);
    const row = await propertyRow(id);
    expect(row.title).toBe("Haus Priel am Wattenmeer");
    expect(row.images.map((image) => image.key)).toEqual([first, photo]);
    expect(row.draft).toBeNull();

    // Saving brings the admin back to the list; the page opened again saves again, at once.
    const reopened = await openPropertyForm(id, anna.cookie);
    expect(reopened.property.version).not.toBe(afterSecond);
    const savedAgain = await postProperty(
      id,
      anna.cookie,
      withVersion(
        formFields(reopened, { intent: "save", pricePerNight: "99" }),
        reopened.property.version,
      ),
    );
    expect(savedAgain.status).toBe(302);
    expect((await propertyRow(id)).pricePerNight).toBe(9_900);
  });

  it("property: the add page's save after its first autosave carries the autosave's version", async () => {
    const fields = {
      title: "Haus Kliff",
      description: "Am Roten Kliff.",
      pricePerNight: "130",
      country: "Deutschland",
      city: "Sylt",
      bedrooms: "1",
      bathrooms: "1",
      maxGuests: "2",
      images: "[]",
    };
    const autosaved = await postProperty(null, anna.cookie, { ...fields, intent: "autosave" });
    expect(autosaved.status).toBe(200);
    const id = autosaved.data!.id as string;
    // The add page learns its id (and version) from the answer; it stays on /add.
    const withoutVersion = await postProperty(null, anna.cookie, { ...fields, intent: "save", id });
    expect(withoutVersion.status).toBe(409);
    expect(withoutVersion.data).toMatchObject({ error: "stale" });
    const saved = await postProperty(null, anna.cookie, {
      ...fields,
      intent: "save",
      id,
      version: autosaved.data!.version as string,
    });
    expect(saved.status).toBe(302);
    expect((await propertyRow(id)).status).toBe("published");
  });

  it("property: a stale page cannot throw away a newer draft", async () => {
    const { id, first } = await propertyWithPhoto("Haus Watt");
    const old = await openPropertyForm(id, bernd.cookie);
    const page = await openPropertyForm(id, anna.cookie);
    const autosaved = await postProperty(
      id,
      anna.cookie,
      withVersion(
        formFields(page, {
          intent: "autosave",
          title: "Haus Watt (neu)",
          images: JSON.stringify([{ ref: first, category: "Küche" }]),
        }),
        page.property.version,
      ),
    );
    expect(autosaved.status).toBe(200);
    const discard = await postProperty(id, bernd.cookie, {
      intent: "discardDraft",
      version: old.property.version,
    });
    expect(discard.status).toBe(409);
    expect((await propertyRow(id)).draft).toMatchObject({ title: "Haus Watt (neu)" });
    const fresh = await openPropertyForm(id, bernd.cookie);
    const discarded = await postProperty(id, bernd.cookie, {
      intent: "discardDraft",
      version: fresh.property.version,
    });
    expect(discarded.status).toBe(302);
    expect((await propertyRow(id)).draft).toBeNull();
  });

  it("property: a missing or garbled version is refused as stale (409, German message), never a 500", async () => {
    const { id } = await propertyWithPhoto("Haus Lister Ellenbogen");
    const page = await openPropertyForm(id, anna.cookie);
    const before = await propertyRow(id);
    for (const version of [
      null,
      "",
      "gestern",
      "2026-02-30T10:00:00.000Z",
      "9".repeat(5000),
      "' or 1=1 --",
      page.property.version.replace("Z", "+01:00"),
    ]) {
      for (const intent of ["save", "publish", "autosave", "discardDraft"]) {
        const fields = formFields(page, { intent, description: "Geändert" }).filter(
          ([name]) => name !== "version",
        );
        if (version !== null) fields.push(["version", version]);
        const answer = await postProperty(id, anna.cookie, fields);
        expect(answer.status, `${intent} ${version?.slice(0, 30)}`).toBe(409);
        expect(answer.data).toMatchObject({ ok: false, error: "stale" });
      }
    }
    const after = await propertyRow(id);
    expect(after.description).toBe(before.description);
    expect(after.draft).toBeNull();
    expect(after.updatedAt).toEqual(before.updatedAt);
  });
});
