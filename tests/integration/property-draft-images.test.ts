/**
 * Photos in an autosaved draft (decision 067, spec 01 "no input is silently lost", spec 06
 * autosave and "Bilder"): photos uploaded into an unsaved form come back after a reload, in
 * their order and with their categories; the server keeps only images a save could take (never
 * a ref from the browser it cannot vouch for); the 24-hour clean-up spares uploads a draft
 * names, "Speichern" still takes them, and discarding the draft lets them go.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteOrphanUploads } from "~/features/properties/property-images.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { uploadsDir } from "~/lib/storage.server";
import * as formRoute from "~/routes/admin/property-form";
import { action as uploadAction } from "~/routes/admin/property-images-upload";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { currentPropertyVersion } from "../helpers/edit-version";
import { createProperty, createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;
let cookie: string;
let otherCookie: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  cookie = await sessionCookie((await createUser({ role: "admin" })).email);
  otherCookie = await sessionCookie((await createUser({ role: "admin" })).email);
});
afterAll(() => handle.close());

type Answer = { status: number; data: Record<string, unknown> | null };

async function call(handler: (args: never) => unknown, args: unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await handler(args as never);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, data: null };
  const result = value as { data?: unknown; init?: ResponseInit | null } | null;
  if (result && typeof result === "object" && "init" in result) {
    return { status: result.init?.status ?? 200, data: result.data as Record<string, unknown> };
  }
  return { status: 200, data: value as Record<string, unknown> };
}

/** One photo through the upload route, as the form's uploader sends it; its ref. */
async function upload(color: string, as = cookie): Promise<string> {
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "foto.jpg");
  const request = new Request("http://localhost:3000/admin/properties/images", {
    method: "POST",
    headers: { cookie: as },
    body: form,
  });
  const response = (await uploadAction({ request, params: {}, context: {} } as never)) as Response;
  const body = (await response.json()) as { ok: boolean; image?: { ref: string } };
  expect(body.ok).toBe(true);
  return body.image!.ref;
}

type Listed = { ref: string; category: string | null };

/**
 * The property form as the browser posts it: the add page without id, the edit page with one,
 * with the version of a page opened just now (decision 073).
 */
async function postForm(fields: Record<string, string>, id?: string) {
  const url = `http://localhost:3000/admin/properties/${id === undefined ? "add" : `edit/${id}`}`;
  const version = await currentPropertyVersion(id ?? fields.id);
  const request = new Request(url, {
    method: "POST",
    headers: { cookie, origin: "http://localhost:3000" },
    body: new URLSearchParams(version ? { ...fields, version } : fields),
  });
  return call(formRoute.action, {
    request,
    params: id === undefined ? {} : { id },
    context: { clientIp: "198.51.100.9" },
  });
}

const autosave = (images: Listed[], id?: string, title = "Kapitänshaus") =>
  postForm(
    {
      intent: "autosave",
      title,
      description: "Altes Kapitänshaus mit Garten.",
      pricePerNight: "140",
      country: "Deutschland",
      city: "Sylt",
      bedrooms: "2",
      bathrooms: "1",
      maxGuests: "4",
      images: JSON.stringify(images),
    },
    id,
  );

/** What the edit page's loader gives the form: the images it lists and the missing count. */
async function reload(id: string) {
  const request = new Request(`http://localhost:3000/admin/properties/edit/${id}`, {
    headers: { cookie },
  });
  const answer = await call(formRoute.loader, { request, params: { id }, context: {} });
  expect(answer.status).toBe(200);
  const data = answer.data as {
    images: { key?: string; url?: string; widths?: number[]; category?: string }[];
    missingDraftImages: number;
    values: { images?: string };
  };
  return {
    refs: data.images.map((image) => ({
      ref: image.key ?? image.url ?? "",
      category: image.category ?? null,
    })),
    images: data.images,
    missing: data.missingDraftImages,
  };
}

const propertyRow = async (id: string) =>
  (await db().select().from(schema.property).where(eq(schema.property.id, id)))[0];
const draftImagesOf = async (id: string) =>
  JSON.parse(String((await propertyRow(id)).draft?.images ?? "[]")) as Listed[];
const uploadRow = async (key: string) =>
  (
    await db()
      .select()
      .from(schema.propertyImageUpload)
      .where(eq(schema.propertyImageUpload.key, key))
  )[0];
/** Makes uploads a day and an hour old: past the 24 hours an unattached upload is kept alone. */
const age = (keys: string[]) =>
  db()
    .update(schema.propertyImageUpload)
    .set({ createdAt: sql`now() - interval '25 hours'` })
    .where(inArray(schema.propertyImageUpload.key, keys));
const fileExists = (key: string) => fs.existsSync(path.join(uploadsDir(), `${key}-400.webp`));

describe(`photos in an autosaved draft (${databaseKind()})`, () => {
  it("a new property's autosave keeps its uploaded photos: after a reload they are listed in order with their categories", async () => {
    const first = await upload("#2a6f97");
    const second = await upload("#e07a5f");
    const saved = await autosave([
      { ref: second, category: "Küche" },
      { ref: first, category: null },
    ]);
    expect(saved.data).toMatchObject({ ok: true, intent: "autosave" });
    const id = saved.data!.id as string;

    const form = await reload(id);
    expect(form.refs).toEqual([
      { ref: second, category: "Küche" },
      { ref: first, category: null },
    ]);
    // Sizes from the server's record, so the form shows its previews.
    expect(form.images[0]).toMatchObject({ widths: [400, 800], width: 900, height: 600 });
    expect(form.missing).toBe(0);
    // Still a private draft, nothing attached: the photos wait for "Speichern".
    expect(await propertyRow(id)).toMatchObject({ status: "draft", images: [] });
    expect((await uploadRow(first)).attachedAt).toBeNull();

    // A second autosave from the reloaded form (now an edit page) keeps them too.
    expect((await autosave(form.refs, id)).data).toMatchObject({ ok: true, id });
    expect((await reload(id)).refs).toEqual(form.refs);
  });

  it("a forged key, another admin's upload, another property's image and a URL are left out of the draft", async () => {
    const own = { key: "properties/kapitaen/garten", widths: [400], width: 800, height: 600 };
    const property = await createProperty({ title: "Kapitänshaus Süd", images: [own] });
    const mine = await upload("#81b29a");
    const foreign = await upload("#f2cc8f", otherCookie);
    const other = await createProperty({
      images: [{ key: "properties/fremd/bild", widths: [400] }],
    });
    const submitted: Listed[] = [
      { ref: "property-images/00000000-0000-4000-8000-000000000000", category: null },
      { ref: foreign, category: null },
      { ref: "properties/fremd/bild", category: null },
      { ref: "https://example.com/fremd.jpg", category: null },
      { ref: mine, category: "Pool" },
      { ref: "properties/kapitaen/garten", category: "Erfunden" },
      { ref: mine, category: null },
    ];
    const saved = await autosave(submitted, property.id);
    expect(saved.data).toMatchObject({ ok: true, id: property.id });

    // Only what a save could take, each once; an unknown category becomes none.
    const kept = [
      { ref: mine, category: "Pool" },
      { ref: "properties/kapitaen/garten", category: null },
    ];
    expect(await draftImagesOf(property.id)).toEqual(kept);
    expect((await reload(property.id)).refs).toEqual(kept);
    // The published values stay as they were; nothing was claimed.
    expect((await propertyRow(property.id)).images).toEqual([own]);
    expect((await propertyRow(other.id)).images).toEqual([
      { key: "properties/fremd/bild", widths: [400] },
    ]);
    expect((await uploadRow(foreign)).attachedAt).toBeNull();
  });

  it("a draft holds its uploads past 24 hours: the clean-up spares them and Speichern takes them", async () => {
    const held = await upload("#3d405b");
    const loose = await upload("#e9c46a");
    const saved = await autosave([{ ref: held, category: "Ausblick" }]);
    const id = saved.data!.id as string;
    await age([held, loose]);

    expect(await deleteOrphanUploads()).toBeGreaterThanOrEqual(1);
    expect(await uploadRow(loose)).toBeUndefined();
    expect(fileExists(loose)).toBe(false);
    expect(await uploadRow(held)).toBeDefined();
    expect(fileExists(held)).toBe(true);

    // Coming back after a day: the photo is there, a further autosave keeps it …
    expect((await reload(id)).refs).toEqual([{ ref: held, category: "Ausblick" }]);
    // … and an upload older than 24 hours that no draft named does not come back.
    const again = await autosave(
      [
        { ref: loose, category: null },
        { ref: held, category: "Ausblick" },
      ],
      id,
    );
    expect(again.data).toMatchObject({ ok: true });
    expect(await draftImagesOf(id)).toEqual([{ ref: held, category: "Ausblick" }]);

    // "Speichern" takes the held photo although it is older than 24 hours.
    const stored = await postForm(
      {
        intent: "save",
        id,
        title: "Kapitänshaus",
        description: "Altes Kapitänshaus mit Garten.",
        pricePerNight: "140",
        country: "Deutschland",
        city: "Sylt",
        bedrooms: "2",
        bathrooms: "1",
        maxGuests: "4",
        images: JSON.stringify([{ ref: held, category: "Ausblick" }]),
      },
      id,
    );
    expect(stored.status).toBe(302);
    expect(await propertyRow(id)).toMatchObject({
      draft: null,
      images: [{ key: held, widths: [400, 800], width: 900, height: 600, category: "Ausblick" }],
    });
    expect((await uploadRow(held)).attachedAt).toBeInstanceOf(Date);
  });

  it("discarding the draft lets its uploads go: the clean-up deletes them after 24 hours", async () => {
    const property = await createProperty({ title: "Kapitänshaus Nord" });
    const photo = await upload("#264653");
    await autosave([{ ref: photo, category: null }], property.id);
    await age([photo]);
    await deleteOrphanUploads();
    expect(await uploadRow(photo)).toBeDefined();

    expect((await postForm({ intent: "discardDraft" }, property.id)).status).toBe(302);
    await deleteOrphanUploads();
    expect(await uploadRow(photo)).toBeUndefined();
    expect(fileExists(photo)).toBe(false);
  });

  it("an upload another property took meanwhile is left out of the form, with a note", async () => {
    const property = await createProperty({ title: "Kapitänshaus West" });
    const kept = await upload("#6d597a");
    const taken = await upload("#b56576");
    await autosave(
      [
        { ref: taken, category: null },
        { ref: kept, category: null },
      ],
      property.id,
    );
    await db()
      .update(schema.propertyImageUpload)
      .set({ attachedAt: sql`now()` })
      .where(eq(schema.propertyImageUpload.key, taken));

    const form = await reload(property.id);
    expect(form.refs).toEqual([{ ref: kept, category: null }]);
    expect(form.missing).toBe(1);
  });
});
