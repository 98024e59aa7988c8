/**
 * Logos and favicon in /admin/settings (issue 13 part 6): accepted by content, re-encoded
 * without metadata, favicon PNGs of 32 and 180 px, old files removed, every change audited.
 */
import fs from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSettings } from "~/features/settings/settings.server";
import { touchIconUrl } from "~/features/settings/settings";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { uploadsDir } from "~/lib/storage.server";
import { action } from "~/routes/admin/settings";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;
let cookie: string;
let adminId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  const admin = await createUser({ role: "admin" });
  adminId = admin.id;
  cookie = await sessionCookie(admin.email);
});
afterAll(() => handle.close());

async function upload(asset: string, bytes: Buffer, name = "bild.png") {
  const form = new FormData();
  form.set("intent", "brand-upload");
  form.set("asset", asset);
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "text/plain" }), name);
  const request = new Request("http://localhost:3000/admin/settings", {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  const answer = (await action({ request, params: {}, context: {} } as never)) as {
    init?: { status?: number };
    data?: { status?: string; error?: string };
    status?: string;
  };
  return {
    status: answer.init?.status ?? 200,
    result: answer.data?.status ?? answer.status,
    error: answer.data?.error,
  };
}

const file = (url: string) => path.join(uploadsDir(), url.replace(/^\/media\//, ""));

async function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 36, b: 99 } } })
    .withExif({ IFD0: { Make: "Testkamera", ImageDescription: "Geheim" } })
    .png()
    .toBuffer();
}

describe(`brand images (${databaseKind()})`, () => {
  it("stores a logo by its content (whatever the name and type), re-encoded without metadata", async () => {
    const answer = await upload("logoLight", await photo(1200, 300), "logo.txt");
    expect(answer).toMatchObject({ status: 200, result: "brandSaved" });
    const { logoLightUrl } = await getSettings();
    expect(logoLightUrl).toMatch(/^\/media\/brand\/.+\.webp$/);
    const meta = await sharp(fs.readFileSync(file(logoLightUrl!))).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 160 });
    expect(meta.exif).toBeUndefined();
    const [audit] = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, "settings"))
      .orderBy(desc(schema.auditLog.createdAt))
      .limit(1);
    expect(audit).toMatchObject({ actorId: adminId });
    expect((audit.after as { logoLightUrl: string }).logoLightUrl).toBe(logoLightUrl);

    // A new logo replaces the file of the old one.
    await upload("logoLight", await photo(400, 200));
    expect(fs.existsSync(file(logoLightUrl!))).toBe(false);
  });

  it("makes the favicon a 32 px PNG and a 180 px touch icon", async () => {
    expect(await upload("favicon", await photo(512, 512))).toMatchObject({ result: "brandSaved" });
    const { faviconUrl } = await getSettings();
    expect(faviconUrl).toMatch(/-32\.png$/);
    for (const [url, size] of [
      [faviconUrl!, 32],
      [touchIconUrl(faviconUrl)!, 180],
    ] as const) {
      const meta = await sharp(fs.readFileSync(file(url))).metadata();
      expect(meta).toMatchObject({ format: "png", width: size, height: size });
    }
  });

  it("refuses what is not a PNG, JPG or WebP image, and oversized or gigantic ones", async () => {
    const before = await getSettings();
    expect(
      await upload("logoDark", Buffer.from("<svg onload=alert(1)></svg>"), "logo.png"),
    ).toEqual({
      status: 400,
      result: "uploadFailed",
      error: "wrongType",
    });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    expect((await upload("logoDark", gif)).error).toBe("wrongType");
    expect(await upload("logoDark", Buffer.alloc(2 * 1024 * 1024 + 1, 1))).toMatchObject({
      status: 413,
      error: "tooLarge",
    });
    // 10,000 × 10,000 pixels in a few kilobytes: refused before it is decoded.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: "#fff" },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await upload("logoDark", bomb)).error).toBe("wrongType");
    expect((await upload("nichtda", await photo(10, 10))).error).toBe("wrongType");
    expect((await getSettings()).logoDarkUrl).toBe(before.logoDarkUrl);
  });
});
