/**
 * CSV import of properties (spec 06 "CSV import", issue 14 part 6): the page's action on a real
 * database — good rows published with the admin as owner, every kind of bad row reported with
 * its German message and line, the 10 MB limit, one audit entry — and the background image
 * fetch from a local HTTP server: stored WebP variants, the SSRF guard, redirects, non-images.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import "~/locales/admin-texts";
import { csvIssueText } from "~/features/properties/components/admin/csv-import-form";
import {
  listImageImports,
  processImageImportsOnce,
} from "~/features/properties/image-import.server";
import { getPublishedPropertyDetail } from "~/features/properties/property-detail.server";
import { bodyLimitFor } from "~/lib/body-limits";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { getTranslator } from "~/lib/i18n";
import { safeFetch } from "~/lib/safe-fetch.server";
import { uploadsDir } from "~/lib/storage.server";
import { action, loader } from "~/routes/admin/properties-import";
import { loader as templateLoader } from "~/routes/admin/properties-template-csv";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;
let adminId: string;
let adminCookie: string;
let guestCookie: string;
let server: http.Server;
let base: string;
let png: Buffer;

const HEADER =
  "title;description;price_per_night;location;country;city;bedrooms;bathrooms;max_guests;images;amenities;is_special_offer;special_offer_price;special_offer_end_date;cleaning_fee";

type Row = Partial<{
  title: string;
  description: string;
  price: string;
  location: string;
  country: string;
  city: string;
  bedrooms: string;
  bathrooms: string;
  guests: string;
  images: string;
  amenities: string;
  offer: string;
  offerPrice: string;
  offerEnd: string;
  cleaning: string;
}>;

function row(values: Row = {}) {
  const v = {
    title: "Deichhaus",
    description: "Hell und ruhig",
    price: "120,50",
    location: "Husum, Deutschland",
    country: "Deutschland",
    city: "Husum",
    bedrooms: "2",
    bathrooms: "1",
    guests: "4",
    images: "https://bilder.example/a.jpg",
    amenities: "WLAN,Balkon",
    offer: "false",
    offerPrice: "",
    offerEnd: "",
    cleaning: "",
    ...values,
  };
  return [
    v.title,
    v.description,
    v.price,
    v.location,
    v.country,
    v.city,
    v.bedrooms,
    v.bathrooms,
    v.guests,
    v.images,
    v.amenities,
    v.offer,
    v.offerPrice,
    v.offerEnd,
    v.cleaning,
  ].join(";");
}

async function submit(
  content: string | Uint8Array,
  options: { cookie?: string; name?: string } = {},
) {
  const form = new FormData();
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  form.set(
    "file",
    new Blob([new Uint8Array(bytes)], { type: "text/csv" }),
    options.name ?? "import.csv",
  );
  const request = new Request("http://localhost:3000/admin/properties/import", {
    method: "POST",
    headers: { cookie: options.cookie ?? adminCookie },
    body: form,
  });
  try {
    const answer = (await action({ request, params: {}, context: {} } as never)) as {
      init?: { status?: number };
      data?: unknown;
    };
    const payload = (answer && "data" in answer ? answer.data : answer) as Record<string, unknown>;
    return { status: answer.init?.status ?? 200, payload };
  } catch (thrown) {
    const response = thrown as { init?: { status?: number }; status?: number };
    return { status: response.init?.status ?? response.status ?? 0, payload: {} };
  }
}

type RowErrorPayload = { line: number; issues: Parameters<typeof csvIssueText>[1][] };

/** The row errors as the German page shows them. */
function germanErrors(payload: Record<string, unknown>) {
  const { t } = getTranslator("de");
  return (payload.errors as RowErrorPayload[]).map((error) =>
    t("csvImport.rowError", {
      line: error.line,
      message: error.issues.map((issue) => csvIssueText(t, issue)).join("; "),
    }),
  );
}

function setAllowPrivate(value: boolean) {
  process.env.IMPORT_ALLOW_PRIVATE = value ? "true" : "false";
  resetEnvCache();
}

beforeAll(async () => {
  handle = await openTestDatabase();
  const admin = await createUser({ role: "admin" });
  adminId = admin.id;
  adminCookie = await sessionCookie(admin.email);
  const guest = await createUser();
  guestCookie = await sessionCookie(guest.email);
  png = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 60, b: 40 } },
  })
    .withExif({ IFD0: { Make: "Testkamera" } })
    .png()
    .toBuffer();
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    if (url.pathname === "/foto.png") {
      response.writeHead(200, { "content-type": "image/png" });
      response.end(png);
    } else if (url.pathname === "/seite.html") {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<html><body>Kein Bild</body></html>");
    } else if (url.pathname === "/umleitung-intern") {
      // 127.0.0.2 is loopback too, but another address than the server's own.
      const { port } = server.address() as AddressInfo;
      response.writeHead(302, { location: `http://127.0.0.2:${port}/foto.png` });
      response.end();
    } else if (url.pathname.startsWith("/kette/")) {
      const n = Number(url.pathname.split("/")[2]);
      response.writeHead(302, { location: n > 0 ? `/kette/${n - 1}` : "/foto.png" });
      response.end();
    } else if (url.pathname === "/riesig") {
      // 11 MB without a Content-Length: the limit must be counted while streaming.
      response.writeHead(200, { "content-type": "image/png" });
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 11; i++) response.write(chunk);
      response.end();
    } else if (url.pathname === "/ueberlastet") {
      response.writeHead(503);
      response.end();
    } else if (url.pathname === "/stumm") {
      // Never answers (the time limit).
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  delete process.env.IMPORT_ALLOW_PRIVATE;
  resetEnvCache();
  await handle.close();
});

beforeEach(async () => {
  // Each case looks at its own jobs only.
  await db().delete(schema.propertyImageImport);
  setAllowPrivate(false);
});

describe(`CSV import (${databaseKind()})`, () => {
  it("imports good rows as published properties of the admin and reports each bad row with its line", async () => {
    const file = [
      HEADER, // 1
      row({ title: "Gut Eins", description: '"Zwei Zeilen;\nmit Semikolon"' }), // 2–3
      row({ title: "" }), // 4
      row({ bedrooms: "drei" }), // 5
      row({ guests: "0" }), // 6
      row({ offer: "true", offerPrice: "150" }), // 7
      row({ offer: "true", offerPrice: "99", offerEnd: "2020-01-01" }), // 8
      row({ images: "" }), // 9
      row({ images: "https://bilder.example/a.jpg,ftp://bilder.example/b.jpg" }), // 10
      "", // 11
      row({ title: "Gut Zwei", cleaning: "49,90", offer: "true", offerPrice: "99", amenities: "" }), // 12
      row({ title: "", city: "", price: "" }), // 13
    ].join("\r\n");
    const { status, payload } = await submit(file, { name: "meine-unterkuenfte.csv" });
    expect(status).toBe(200);
    expect(payload).toMatchObject({ status: "done", imported: 2, failed: 8, moreErrors: 0 });
    expect(germanErrors(payload)).toEqual([
      "Zeile 4: Titel ist erforderlich",
      "Zeile 5: Ungültige numerische Werte für Schlafzimmer, Badezimmer, Gäste oder Preis",
      "Zeile 6: Maximale Gäste muss größer als 0 sein",
      "Zeile 7: Sonderangebotspreis muss niedriger sein als der reguläre Preis",
      "Zeile 8: Sonderangebot-Enddatum muss in der Zukunft liegen",
      "Zeile 9: Bilder sind erforderlich",
      "Zeile 10: Ungültige Bild-URL: ftp://bilder.example/b.jpg",
      "Zeile 13: Titel ist erforderlich; Preis pro Nacht ist erforderlich; Stadt ist erforderlich",
    ]);

    const stored = await db()
      .select()
      .from(schema.property)
      .where(eq(schema.property.ownerId, adminId))
      .orderBy(schema.property.title);
    expect(stored.map((p) => [p.title, p.status, p.pricePerNight, p.cleaningFee])).toEqual([
      ["Gut Eins", "published", 12050, 7500],
      ["Gut Zwei", "published", 12050, 4990],
    ]);
    expect(stored[0].description).toBe("Zwei Zeilen;\nmit Semikolon");
    expect(stored[1]).toMatchObject({
      isSpecialOffer: true,
      specialOfferPrice: 9900,
      amenities: [],
    });
    // Public at once, the image a placeholder until fetched (no foreign URL on the page).
    const detail = await getPublishedPropertyDetail(stored[0].id);
    expect(detail?.title).toBe("Gut Eins");
    expect(stored[0].images).toEqual([{ url: "https://bilder.example/a.jpg" }]);
    expect(await listImageImports(stored[0].id)).toEqual([
      { url: "https://bilder.example/a.jpg", status: "pending", error: null, httpStatus: null },
    ]);

    const [audit] = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "csv-import"), eq(schema.auditLog.actorId, adminId)));
    expect(audit).toMatchObject({
      entity: "property",
      after: { fileName: "meine-unterkuenfte.csv", imported: 2, failed: 8 },
    });
  });

  it("shows at most 100 row errors and counts the rest", async () => {
    const rows = Array.from({ length: 130 }, () => row({ title: "" }));
    const { payload } = await submit([HEADER, ...rows].join("\n"));
    expect(payload).toMatchObject({ status: "done", imported: 0, failed: 130, moreErrors: 30 });
    expect((payload.errors as unknown[]).length).toBe(100);
  });

  it("refuses unreadable files with the German reason and imports nothing", async () => {
    const before = await db().$count(schema.property);
    const { t } = getTranslator("de");
    const message = (payload: Record<string, unknown>) => {
      const error = payload.error as { code: string; line?: number; columns?: string };
      return t("csvImport.processingFailed", {
        message: t(`csvImport.fileErrors.${error.code}`, error),
      });
    };
    const missing = await submit("title;description\nA;B\n");
    expect(missing.status).toBe(400);
    expect(message(missing.payload)).toBe(
      "Fehler beim Verarbeiten der CSV-Datei: Es fehlen Spalten: price_per_night, location, country, city, bedrooms, bathrooms, max_guests, images, amenities, is_special_offer, special_offer_price, special_offer_end_date",
    );
    const quote = await submit(`${HEADER}\n${row()}\n"offen;${row()}\n`);
    expect(message(quote.payload)).toBe(
      "Fehler beim Verarbeiten der CSV-Datei: Ein Anführungszeichen in Zeile 3 wird nicht geschlossen.",
    );
    const binary = await submit(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]));
    expect(message(binary.payload)).toBe(
      "Fehler beim Verarbeiten der CSV-Datei: Die Datei ist nicht in UTF-8 gespeichert.",
    );
    expect(await db().$count(schema.property)).toBe(before);
  });

  it("answers a missing file with the upload error", async () => {
    const form = new FormData();
    form.set("other", "x");
    const request = new Request("http://localhost:3000/admin/properties/import", {
      method: "POST",
      headers: { cookie: adminCookie },
      body: form,
    });
    const answer = (await action({ request, params: {}, context: {} } as never)) as {
      init?: { status?: number };
      data?: { status?: string };
    };
    expect(answer.init?.status).toBe(400);
    expect(answer.data?.status).toBe("uploadFailed");
    expect(getTranslator("de").t("csvImport.uploadFailed")).toBe("Fehler beim Hochladen der Datei");
  });

  it("enforces 10 MB: the server's body limit lets the file through, the action refuses one byte more", async () => {
    expect(bodyLimitFor("/admin/properties/import")).toBeGreaterThan(10 * 1024 * 1024);
    expect(bodyLimitFor("/admin/properties/import")).toBeLessThan(11 * 1024 * 1024);
    const before = await db().$count(schema.property);
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41);
    const { status, payload } = await submit(big);
    expect(status).toBe(413);
    expect(payload).toEqual({ status: "processingFailed", error: { code: "tooLarge" } });
    expect(await db().$count(schema.property)).toBe(before);
  });

  it("is for admins only: visitors get 401 on POST and the sign-in redirect on GET, guests 403", async () => {
    expect((await submit(`${HEADER}\n${row()}`, { cookie: guestCookie })).status).toBe(403);
    expect((await submit(`${HEADER}\n${row()}`, { cookie: "" })).status).toBe(401);
    const get = (cookie: string) =>
      loader({
        request: new Request("http://localhost:3000/admin/properties/import", {
          headers: { cookie },
        }),
        params: {},
        context: {},
      } as never).catch((thrown: Response | { init?: { status?: number } }) =>
        thrown instanceof Response ? thrown.status : (thrown.init?.status ?? 0),
      );
    expect(await get("")).toBe(302);
    expect(await get(guestCookie)).toBe(403);
  });

  it("offers the template with the header row and one example row", async () => {
    const response = (await templateLoader({
      request: new Request("http://localhost:3000/admin/properties/properties_template.csv", {
        headers: { cookie: adminCookie },
      }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(response.headers.get("content-disposition")).toContain("properties_template.csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A BOM first, so that Excel reads the UTF-8 (Response.text() would drop it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(HEADER);
    // The example row imports as it is (BOM and all).
    const { payload } = await submit(bytes);
    expect(payload).toMatchObject({ status: "done", imported: 1, failed: 0 });
  });
});

describe(`image fetch of imported properties (${databaseKind()})`, () => {
  async function importWithImages(images: string) {
    const title = `Bilderhaus ${Math.random().toString(36).slice(2, 8)}`;
    const { payload } = await submit(`${HEADER}\n${row({ title, images })}\n`);
    expect(payload).toMatchObject({ imported: 1 });
    const [property] = await db()
      .select()
      .from(schema.property)
      .where(eq(schema.property.title, title));
    return property;
  }

  async function imagesOf(id: string) {
    const [property] = await db()
      .select({ images: schema.property.images })
      .from(schema.property)
      .where(eq(schema.property.id, id));
    return property.images;
  }

  it("stores a fetched image as WebP variants without metadata, in its place, and lists a non-image as failed", async () => {
    setAllowPrivate(true);
    const property = await importWithImages(
      `${base}/seite.html,${base}/foto.png#category=Au%C3%9Fenbereich,${base}/fehlt.png`,
    );
    const result = await processImageImportsOnce();
    expect(result).toMatchObject({ claimed: 3, done: 1, failed: 2 });

    const images = await imagesOf(property.id);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({
      widths: [400, 800],
      width: 1200,
      height: 800,
      category: "Außenbereich",
    });
    expect(images[0].url).toBeUndefined();
    for (const width of images[0].widths!) {
      const file = path.join(uploadsDir(), `${images[0].key}-${width}.webp`);
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
    }
    expect(await listImageImports(property.id)).toEqual([
      { url: `${base}/seite.html`, status: "failed", error: "notAnImage", httpStatus: null },
      { url: `${base}/foto.png`, status: "done", error: null, httpStatus: null },
      { url: `${base}/fehlt.png`, status: "failed", error: "httpStatus", httpStatus: 404 },
    ]);
    // Nothing left to do.
    expect((await processImageImportsOnce()).claimed).toBe(0);
  });

  it("an autosaved draft that names the image by its URL names it by its key once fetched", async () => {
    setAllowPrivate(true);
    const url = `${base}/foto.png`;
    const property = await importWithImages(url);
    // The admin opened the new property and autosave kept a draft with the image still pending.
    const draft = {
      title: property.title,
      images: JSON.stringify([{ ref: url, category: "Pool" }]),
    };
    await db()
      .update(schema.property)
      .set({ draft, draftSavedAt: new Date() })
      .where(eq(schema.property.id, property.id));
    expect(await processImageImportsOnce()).toMatchObject({ done: 1 });

    const [{ key }] = await imagesOf(property.id);
    const [row] = await db()
      .select({ draft: schema.property.draft })
      .from(schema.property)
      .where(eq(schema.property.id, property.id));
    expect(row.draft).toEqual({
      title: property.title,
      images: JSON.stringify([{ ref: key, category: "Pool" }]),
    });
  });

  it("refuses a loopback URL without IMPORT_ALLOW_PRIVATE and drops it from the property", async () => {
    const property = await importWithImages(`${base}/foto.png`);
    expect(await processImageImportsOnce()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await listImageImports(property.id)).toEqual([
      { url: `${base}/foto.png`, status: "failed", error: "blockedAddress", httpStatus: null },
    ]);
    expect(await imagesOf(property.id)).toEqual([]);
  });

  it("refuses a redirect to an internal address and follows at most 3 redirects", async () => {
    const onlyTheTestServer = (address: string) => address === "127.0.0.1";
    const options = {
      allowPrivate: false,
      maxBytes: 10 * 1024 * 1024,
      timeoutMs: 15_000,
      maxRedirects: 3,
      isAllowedAddress: onlyTheTestServer,
    };
    expect(await safeFetch(`${base}/foto.png`, options)).toMatchObject({ ok: true });
    expect(await safeFetch(`${base}/umleitung-intern`, options)).toEqual({
      ok: false,
      error: "blockedAddress",
    });
    expect(await safeFetch(`${base}/kette/2`, options)).toMatchObject({ ok: true });
    expect(await safeFetch(`${base}/kette/3`, options)).toEqual({
      ok: false,
      error: "tooManyRedirects",
    });
    // Resolved names are checked like addresses ("localhost" is loopback).
    const port = new URL(base).port;
    expect(
      await safeFetch(`http://localhost:${port}/foto.png`, {
        ...options,
        isAllowedAddress: undefined,
      }),
    ).toEqual({
      ok: false,
      error: "blockedAddress",
    });
    expect(await safeFetch(`file:///etc/passwd`, options)).toEqual({
      ok: false,
      error: "invalidUrl",
    });
  });

  it("cuts a body over 10 MB while streaming and gives up on a server that does not answer", async () => {
    const options = {
      allowPrivate: true,
      maxBytes: 10 * 1024 * 1024,
      timeoutMs: 15_000,
      maxRedirects: 3,
    };
    expect(await safeFetch(`${base}/riesig`, options)).toEqual({ ok: false, error: "tooLarge" });
    expect(await safeFetch(`${base}/stumm`, { ...options, timeoutMs: 300 })).toEqual({
      ok: false,
      error: "timeout",
    });
  });

  it("tries a server error again later (three attempts), then lists it as failed", async () => {
    setAllowPrivate(true);
    const property = await importWithImages(`${base}/ueberlastet`);
    const jobOf = async () =>
      (
        await db()
          .select()
          .from(schema.propertyImageImport)
          .where(eq(schema.propertyImageImport.propertyId, property.id))
      )[0];
    expect(await processImageImportsOnce()).toMatchObject({ claimed: 1, retried: 1 });
    let job = await jobOf();
    expect(job).toMatchObject({
      status: "pending",
      error: "httpStatus",
      httpStatus: 503,
      attempts: 1,
    });
    expect(job.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing happens.
    expect((await processImageImportsOnce()).claimed).toBe(0);
    for (const attempt of [2, 3]) {
      await db()
        .update(schema.propertyImageImport)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(schema.propertyImageImport.id, job.id));
      await processImageImportsOnce();
      job = await jobOf();
      expect(job.attempts).toBe(attempt);
    }
    expect(job).toMatchObject({ status: "failed", error: "httpStatus", httpStatus: 503 });
    expect(await imagesOf(property.id)).toEqual([]);
  });

  it("takes up a job whose lease ran out (a process that died mid-fetch)", async () => {
    setAllowPrivate(true);
    const property = await importWithImages(`${base}/foto.png`);
    // As if another process had claimed it and died: attempts counted, lease in the past.
    await db()
      .update(schema.propertyImageImport)
      .set({ attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(schema.propertyImageImport.propertyId, property.id));
    expect(await processImageImportsOnce()).toMatchObject({ claimed: 1, done: 1 });
    expect((await imagesOf(property.id))[0].key).toBeTruthy();
  });

  it("leaves a job claimed by another process alone until its lease runs out", async () => {
    setAllowPrivate(true);
    const property = await importWithImages(`${base}/foto.png`);
    await db()
      .update(schema.propertyImageImport)
      .set({ attempts: 1, nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(schema.propertyImageImport.propertyId, property.id));
    expect((await processImageImportsOnce()).claimed).toBe(0);
    expect(await imagesOf(property.id)).toEqual([{ url: `${base}/foto.png` }]);
  });
});
