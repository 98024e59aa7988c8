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
import { ensureSettingsRow, getSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { getTranslator } from "~/lib/i18n";
import { uploadsDir } from "~/lib/storage.server";
import * as formRoute from "~/routes/admin/property-form";
import { action as uploadAction } from "~/routes/admin/property-images-upload";
import * as seasonsRoute from "~/routes/admin/property-seasons";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createProperty, createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";
import { openSettings, postSettings, settingsFields } from "../helpers/settings-form";

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

  it("settings: a save from a page loaded before another admin's save is refused; that admin's deposit and payment methods stay", async () => {
    const pageA = await openSettings(anna.cookie);
    const pageB = await openSettings(bernd.cookie);
    expect(pageB.version).toBe(pageA.version);
    const methods = pageA.settings.allowedPaymentMethods;
    expect(methods.length).toBeGreaterThan(1);

    // Anna changes the deposit and drops a payment method.
    const savedA = await postSettings(
      anna.cookie,
      settingsFields(pageA.settings, {
        depositPercentage: "35",
        allowedPaymentMethods: methods.slice(1),
        version: pageA.version,
      }),
    );
    expect(savedA.status).toBe(200);
    expect(savedA.data).toMatchObject({ status: "saved" });
    const afterA = await settingsRow();

    // Bernd, on the page he opened before, changes the platform name.
    const savedB = await postSettings(
      bernd.cookie,
      settingsFields(pageB.settings, {
        platformName: "Bernds Ferienhäuser",
        version: pageB.version,
      }),
    );
    expect(savedB.status).toBe(409);
    expect(savedB.data).toMatchObject({ status: "stale" });
    expect(de("settings.stale")).toBe(
      "Die Einstellungen wurden inzwischen an anderer Stelle geändert. Bitte laden Sie die Seite neu, Ihre Eingaben wurden nicht gespeichert.",
    );
    expect(await settingsRow()).toEqual(afterA);
    expect(await getSettings()).toMatchObject({
      depositPercentage: 35,
      allowedPaymentMethods: methods.slice(1),
    });

    // Anna's page saves again with the version its own save answered, and after removing a
    // logo (another save of the settings row) with the version that answered.
    const againA = await postSettings(
      anna.cookie,
      settingsFields(pageA.settings, {
        depositPercentage: "40",
        allowedPaymentMethods: methods.slice(1),
        version: savedA.data!.version as string,
      }),
    );
    expect(againA.data).toMatchObject({ status: "saved" });
    const logo = await postSettings(anna.cookie, { intent: "brand-remove", asset: "logoDark" });
    expect(logo.data).toMatchObject({ status: "brandSaved" });
    const thirdA = await postSettings(
      anna.cookie,
      settingsFields(pageA.settings, {
        depositPercentage: "45",
        allowedPaymentMethods: methods.slice(1),
        version: logo.data!.version as string,
      }),
    );
    expect(thirdA.data).toMatchObject({ status: "saved" });
    expect((await settingsRow()).depositPercentage).toBe(45);

    // After a reload Bernd's change goes through, over Anna's.
    const reloaded = await openSettings(bernd.cookie);
    const retryB = await postSettings(
      bernd.cookie,
      settingsFields(reloaded.settings, {
        platformName: "Bernds Ferienhäuser",
        version: reloaded.version,
      }),
    );
    expect(retryB.data).toMatchObject({ status: "saved" });
    expect(await settingsRow()).toMatchObject({
      platformName: "Bernds Ferienhäuser",
      depositPercentage: 45,
      allowedPaymentMethods: methods.slice(1),
    });
  });

  it("settings: a missing or garbled version is refused as stale, never a 500", async () => {
    const page = await openSettings(anna.cookie);
    const before = await settingsRow();
    for (const version of [null, "", "heute", "2026-13-01T00:00:00.000Z", "x".repeat(3000)]) {
      const fields = settingsFields(page.settings, { platformName: "Ohne Version" });
      if (version !== null) fields.push(["version", version]);
      const answer = await postSettings(anna.cookie, fields);
      expect(answer.status, String(version).slice(0, 20)).toBe(409);
      expect(answer.data).toMatchObject({ status: "stale" });
    }
    expect(await settingsRow()).toEqual(before);
  });

  it("season: a change from a page loaded before another admin's change is refused", async () => {
    const property = await createProperty({ title: "Haus Saison" });
    const created = await postSeason(property.id, anna.cookie, season({ intent: "create" }));
    expect(created.status).toBe(302);
    const pageA = await openSeasons(property.id, anna.cookie);
    const pageB = await openSeasons(property.id, bernd.cookie);
    const [seasonA] = pageA.seasons;
    expect(pageB.seasons[0].version).toBe(seasonA.version);

    // Anna raises the price and sets Saturday as the only arrival day.
    const savedA = await postSeason(
      property.id,
      anna.cookie,
      season({
        intent: "update",
        seasonId: seasonA.id,
        version: seasonA.version,
        pricePerNight: "180",
        arrivalWeekdays: "5",
      }),
    );
    expect(savedA.status).toBe(302);
    const afterA = await seasonRow(seasonA.id);

    // Bernd renames it from his older page: refused; Anna's price and rule stay.
    const savedB = await postSeason(
      property.id,
      bernd.cookie,
      season({
        intent: "update",
        seasonId: seasonA.id,
        version: pageB.seasons[0].version,
        name: "Sommer",
      }),
    );
    expect(savedB.status).toBe(409);
    expect(savedB.data).toMatchObject({ error: "stale", values: { name: "Sommer" } });
    // The input shown again keeps the version it was typed on.
    expect(savedB.data?.version).toBe(pageB.seasons[0].version);
    expect(de("adminSeasons.errors.stale")).toBe(
      "Diese Saison wurde inzwischen an anderer Stelle geändert. Bitte laden Sie die Seite neu, Ihre Eingaben wurden nicht gespeichert.",
    );
    expect(await seasonRow(seasonA.id)).toEqual(afterA);
    expect(afterA).toMatchObject({ pricePerNight: 18_000, arrivalWeekdays: 1 << 5 });

    // Missing or garbled versions are refused the same way.
    for (const version of [null, "gestern", "2026-02-30T10:00:00.000Z"]) {
      const fields = season({ intent: "update", seasonId: seasonA.id, name: "Sommer" });
      if (version !== null) fields.push(["version", version]);
      const answer = await postSeason(property.id, bernd.cookie, fields);
      expect(answer.status).toBe(409);
      expect(answer.data).toMatchObject({ error: "stale" });
    }
    expect(await seasonRow(seasonA.id)).toEqual(afterA);

    // A page loaded again (as after the save's redirect) changes it again, twice in a row.
    for (const name of ["Sommer", "Hochsommer"]) {
      const page = await openSeasons(property.id, bernd.cookie);
      const saved = await postSeason(
        property.id,
        bernd.cookie,
        season({
          intent: "update",
          seasonId: seasonA.id,
          version: page.seasons[0].version,
          name,
          pricePerNight: "180",
          arrivalWeekdays: "5",
        }),
      );
      expect(saved.status).toBe(302);
    }
    expect(await seasonRow(seasonA.id)).toMatchObject({
      name: "Hochsommer",
      pricePerNight: 18_000,
    });
  });
});

// --- settings -----------------------------------------------------------------------------

const settingsRow = async () => {
  const [row] = await db().select().from(schema.settings);
  return row;
};

// --- seasons ------------------------------------------------------------------------------

type SeasonsPage = { seasons: { id: string; version: string; name: string }[] };

/** The "Saisonzeiten" of the edit page as an admin opens it. */
async function openSeasons(propertyId: string, cookie: string) {
  const page = await callRoute<{ seasons: SeasonsPage }>(formRoute.loader as never, {
    url: `/admin/properties/edit/${propertyId}`,
    params: { id: propertyId },
    cookie,
  });
  expect(page.status).toBe(200);
  return page.data!.seasons;
}

const seasonRow = async (id: string) => {
  const [row] = await db()
    .select()
    .from(schema.propertySeason)
    .where(eq(schema.propertySeason.id, id));
  return row;
};

function season(fields: Record<string, string>): [string, string][] {
  const { arrivalWeekdays, ...rest }: Record<string, string> = {
    name: "Hauptsaison",
    startDate: "2027-07-01",
    endDate: "2027-08-31",
    pricePerNight: "150,00",
    minStayNights: "7",
    ...fields,
  };
  const days = (list?: string) => (list ?? "0,1,2,3,4,5,6").split(",");
  return [
    ...Object.entries(rest),
    ...days(arrivalWeekdays).map((d): [string, string] => ["arrivalWeekdays", d]),
    ...days().map((d): [string, string] => ["departureWeekdays", d]),
  ];
}

function postSeason(propertyId: string, cookie: string, form: [string, string][]) {
  return callRoute<Record<string, unknown>>(seasonsRoute.action as never, {
    url: `/admin/properties/edit/${propertyId}/seasons`,
    params: { id: propertyId },
    cookie,
    form,
  });
}
