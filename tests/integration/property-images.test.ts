/**
 * Property photos (issue 14 part 3, spec 06 "Bilder"): the upload route accepts JPG, PNG and
 * WebP by content, refuses anything else, oversized files and pixel bombs with a German
 * message, stores WebP variants without metadata; a property save takes only uploads the
 * server knows (resolveSubmittedImages); uploads never attached are deleted after 24 hours.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PropertyImage } from "../../db/schema";
import {
  deleteImageFiles,
  deleteOrphanUploads,
  MAX_PENDING_UPLOADS_PER_ADMIN,
  resolveSubmittedImages,
} from "~/features/properties/property-images.server";
import { submittedImagesSchema } from "~/features/properties/property-images";
import { bodyLimitFor } from "~/lib/body-limits";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { putObject, uploadsDir } from "~/lib/storage.server";
import { action, loader } from "~/routes/admin/property-images-upload";
import { pngBomb } from "../helpers/image-fixtures";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;
let cookie: string;
let adminId: string;
let otherAdminId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  const admin = await createUser({ role: "admin" });
  adminId = admin.id;
  cookie = await sessionCookie(admin.email);
  otherAdminId = (await createUser({ role: "admin" })).id;
});
afterAll(() => handle.close());

type Answer = {
  status: number;
  body: {
    ok: boolean;
    error?: string;
    message?: string;
    image?: { ref: string; widths: number[]; width: number; height: number; previewUrl: string };
  };
};

async function upload(bytes: Buffer, name = "foto.jpg", type = "image/jpeg"): Promise<Answer> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const request = new Request("http://localhost:3000/admin/properties/images", {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  const response = (await action({ request, params: {}, context: {} } as never)) as Response;
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

const file = (key: string, width: number) => path.join(uploadsDir(), `${key}-${width}.webp`);

async function photo(width: number, height: number, format: "png" | "jpeg" | "webp" = "jpeg") {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({
      IFD0: { Make: "Testkamera", Artist: "Erika Musterfrau" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1" },
    })
    .toFormat(format)
    .toBuffer();
}

const pendingOf = (key: string) =>
  db()
    .select()
    .from(schema.propertyImageUpload)
    .where(eq(schema.propertyImageUpload.key, key))
    .then((rows) => rows[0]);

describe(`property image uploads (${databaseKind()})`, () => {
  it("stores a JPG, PNG or WebP as WebP 400/800/1600 without EXIF or GPS, recorded and audited", async () => {
    for (const format of ["jpeg", "png", "webp"] as const) {
      const input = await photo(2000, 1500, format);
      expect((await sharp(input).metadata()).exif).toBeDefined(); // the camera data to strip
      const answer = await upload(input, `bild.${format}`);
      expect(answer.status).toBe(200);
      const image = answer.body.image!;
      expect(image).toMatchObject({ widths: [400, 800, 1600], width: 2000, height: 1500 });
      expect(image.previewUrl).toBe(`/media/${image.ref}-400.webp`);
      for (const width of image.widths) {
        const meta = await sharp(fs.readFileSync(file(image.ref, width))).metadata();
        expect(meta).toMatchObject({ format: "webp", width });
        expect(meta.exif).toBeUndefined();
      }
      expect(await pendingOf(image.ref)).toMatchObject({
        uploadedBy: adminId,
        width: 2000,
        height: 1500,
        attachedAt: null,
      });
      const audit = await db()
        .select()
        .from(schema.auditLog)
        .where(
          and(
            eq(schema.auditLog.action, "image-uploaded"),
            sql`${schema.auditLog.after}->>'key' = ${image.ref}`,
          ),
        );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: adminId, entity: "property" });
    }
  });

  it("never enlarges a small photo: only the widths it can fill", async () => {
    const { body } = await upload(await photo(600, 400, "png"));
    expect(body.image).toMatchObject({ widths: [400], width: 600, height: 400 });
  });

  it("refuses a text file named .jpg, an SVG and a GIF by their content", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    for (const bytes of [
      Buffer.from("Das ist kein Bild, nur Text mit .jpg am Ende."),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      gif,
    ]) {
      expect(await upload(bytes, "urlaub.jpg")).toEqual({
        status: 415,
        body: {
          ok: false,
          error: "notImage",
          message: "Die Datei ist kein gültiges Bild (JPG, PNG oder WebP).",
        },
      });
    }
  });

  it("refuses a file over 10 MB, and the route's body limit leaves room for exactly that", async () => {
    const answer = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0xff));
    expect(answer).toMatchObject({
      status: 413,
      body: { ok: false, message: "Die Datei ist größer als 10 MB." },
    });
    expect(bodyLimitFor("/admin/properties/images")).toBeGreaterThan(10 * 1024 * 1024);
    expect(bodyLimitFor("/admin/properties/images")).toBeLessThanOrEqual(12 * 1024 * 1024);
  });

  it("refuses a pixel bomb (a PNG header declaring 50,000 × 50,000) before decoding it", async () => {
    const bomb = pngBomb();
    expect(bomb.byteLength).toBeLessThan(100);
    expect(await upload(bomb, "klein.png", "image/png")).toMatchObject({
      status: 413,
      body: { ok: false, error: "tooManyPixels", message: expect.stringContaining("Pixel") },
    });
  });

  it("refuses a request without a file, and GET", async () => {
    const request = new Request("http://localhost:3000/admin/properties/images", {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ file: "nichts" }),
    });
    const response = (await action({ request, params: {}, context: {} } as never)) as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error: "missing" });
    const get = (await loader({
      request: new Request("http://localhost:3000/admin/properties/images", {
        headers: { cookie },
      }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(get.status).toBe(405);
  });

  it("caps how many unattached uploads one admin may hold", async () => {
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.propertyImageUpload)
      .where(
        and(
          eq(schema.propertyImageUpload.uploadedBy, adminId),
          sql`${schema.propertyImageUpload.attachedAt} is null`,
        ),
      );
    const filler = Array.from({ length: MAX_PENDING_UPLOADS_PER_ADMIN - n }, (_, i) => ({
      key: `property-images/filler-${i}`,
      widths: [400],
      width: 10,
      height: 10,
      uploadedBy: adminId,
    }));
    await db().insert(schema.propertyImageUpload).values(filler);
    expect(await upload(await photo(500, 500))).toMatchObject({
      status: 429,
      body: { ok: false, error: "tooManyPending" },
    });
    await db()
      .delete(schema.propertyImageUpload)
      .where(sql`${schema.propertyImageUpload.key} like 'property-images/filler-%'`);
    expect((await upload(await photo(500, 500))).status).toBe(200);
  });
});

describe(`saving a property's image list (${databaseKind()})`, () => {
  const fresh = async () => (await upload(await photo(900, 600))).body.image!.ref;
  const resolve = (
    current: PropertyImage[],
    submitted: { ref: string; category: string | null }[],
  ) => db().transaction((tx) => resolveSubmittedImages(tx, { current, submitted, adminId }));

  const existing: PropertyImage[] = [
    { key: "properties/p1/a", widths: [400, 800], width: 1200, height: 800, category: "Terrasse" },
    { url: "https://example.com/csv.jpg", category: "Pool" },
    { key: "properties/p1/c", widths: [400], width: 500, height: 400 },
  ];

  it("keeps the order and categories, takes sizes from the server, reports removed images", async () => {
    const ref = await fresh();
    const result = await resolve(existing, [
      { ref, category: "Schlafzimmer" },
      { ref: "https://example.com/csv.jpg", category: null },
      { ref: "properties/p1/a", category: "Terrasse" },
    ]);
    expect(result).toEqual({
      ok: true,
      images: [
        { key: ref, widths: [400, 800], width: 900, height: 600, category: "Schlafzimmer" },
        { url: "https://example.com/csv.jpg" },
        {
          key: "properties/p1/a",
          widths: [400, 800],
          width: 1200,
          height: 800,
          category: "Terrasse",
        },
      ],
      removed: [existing[2]],
    });
    expect((await pendingOf(ref)).attachedAt).toBeInstanceOf(Date);
    // Attached once: another property's save cannot take the same upload.
    expect(await resolve([], [{ ref, category: null }])).toEqual({
      ok: false,
      message: "Ein Bild ist nicht mehr verfügbar. Bitte laden Sie es erneut hoch.",
    });
  });

  it("accepts another admin's fresh upload (shared editing)", async () => {
    const ref = await fresh();
    const result = await db().transaction((tx) =>
      resolveSubmittedImages(tx, {
        current: [],
        submitted: [{ ref, category: null }],
        adminId: otherAdminId,
      }),
    );
    expect(result.ok).toBe(true);
  });

  it("refuses forged refs, another property's image and an expired upload", async () => {
    const expired = await fresh();
    await db()
      .update(schema.propertyImageUpload)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(schema.propertyImageUpload.key, expired));
    for (const ref of [
      "property-images/00000000-0000-0000-0000-000000000000",
      "properties/other-property/x", // stored for some other property, not in `current`
      "brand/logo-light",
      "https://evil.example/x.jpg", // a URL not already in this property's images
      "../../etc/passwd",
      expired,
    ]) {
      expect(await resolve(existing, [{ ref, category: null }])).toMatchObject({ ok: false });
    }
  });

  it("refuses an unknown category, duplicates and more than 30 images", async () => {
    const ref = await fresh();
    expect(await resolve([], [{ ref, category: "Hacker<script>" }])).toEqual({
      ok: false,
      message: "Bitte wählen Sie für jedes Bild eine gültige Kategorie.",
    });
    // The refused save rolled back: the upload is still free.
    expect((await pendingOf(ref)).attachedAt).toBeNull();
    expect(
      await resolve(existing, [
        { ref: "properties/p1/a", category: null },
        { ref: "properties/p1/a", category: null },
      ]),
    ).toMatchObject({ ok: false });
    const many = Array.from({ length: 31 }, (_, i) => ({ key: `properties/p1/m${i}` }));
    expect(
      await resolve(
        many,
        many.map((m) => ({ ref: m.key, category: null })),
      ),
    ).toEqual({ ok: false, message: "Eine Unterkunft kann höchstens 30 Bilder haben." });
  });

  it("reads the form's hidden field: JSON list, at most 30, empty means none", () => {
    expect(submittedImagesSchema.parse("")).toEqual([]);
    expect(submittedImagesSchema.parse('[{"ref":"a","category":null}]')).toEqual([
      { ref: "a", category: null },
    ]);
    expect(submittedImagesSchema.safeParse("{kaputt").success).toBe(false);
    expect(submittedImagesSchema.safeParse('[{"ref":1}]').success).toBe(false);
    const list = JSON.stringify(
      Array.from({ length: 31 }, (_, i) => ({ ref: `r${i}`, category: null })),
    );
    expect(submittedImagesSchema.safeParse(list).success).toBe(false);
  });

  it("deletes every width of removed images, and never files outside property folders", async () => {
    for (const width of [400, 800, 1600])
      await putObject(`properties/p9/x-${width}.webp`, Buffer.from("x"));
    await putObject("brand/logo-400.webp", Buffer.from("x"));
    await deleteImageFiles([{ key: "properties/p9/x", widths: [400] }, { key: "brand/logo" }]);
    for (const width of [400, 800, 1600])
      expect(fs.existsSync(file("properties/p9/x", width))).toBe(false);
    expect(fs.existsSync(file("brand/logo", 400))).toBe(true);
  });
});

describe(`orphan uploads (${databaseKind()})`, () => {
  it("deletes uploads never attached after 24 hours, rows and files, and nothing else", async () => {
    await deleteOrphanUploads(); // what earlier tests left expired
    const [old, young, attached] = [
      (await upload(await photo(900, 600))).body.image!,
      (await upload(await photo(900, 600))).body.image!,
      (await upload(await photo(900, 600))).body.image!,
    ];
    await db()
      .update(schema.propertyImageUpload)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${schema.propertyImageUpload.key} in (${old.ref}, ${attached.ref})`);
    await db()
      .update(schema.propertyImageUpload)
      .set({ attachedAt: sql`now()` })
      .where(eq(schema.propertyImageUpload.key, attached.ref));

    // Two processes at once: each upload is deleted exactly once.
    const counts = await Promise.all([deleteOrphanUploads(), deleteOrphanUploads()]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await pendingOf(old.ref)).toBeUndefined();
    for (const width of old.widths) expect(fs.existsSync(file(old.ref, width))).toBe(false);
    for (const image of [young, attached]) {
      expect(await pendingOf(image.ref)).toBeDefined();
      for (const width of image.widths) expect(fs.existsSync(file(image.ref, width))).toBe(true);
    }
    expect(await deleteOrphanUploads()).toBe(0);
  });
});
