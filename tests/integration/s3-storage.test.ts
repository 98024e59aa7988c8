/**
 * Uploads in S3 (issue 16 part 5, decision 034), against a real S3-protocol server (s3rver) and
 * the real database: property photos, avatars and logos land in the bucket (not on the disk)
 * with their type and cache headers, are read back for /media/ with ETag and 304, and every
 * deletion (replaced avatar or logo, deleted account, orphaned upload) removes the object.
 */
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "~/features/accounts/account-settings.server";
import { storeAvatar } from "~/features/accounts/profile.server";
import {
  deleteOrphanUploads,
  storePropertyImageUpload,
} from "~/features/properties/property-images.server";
import { storeBrandAsset } from "~/features/settings/brand-assets.server";
import { getSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { getEnv, resetEnvCache } from "~/lib/env.server";
import { documentSecurityHeaders } from "~/lib/security-headers.server";
import { readMedia, storageKind, uploadsDir } from "~/lib/storage.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, TEST_PASSWORD } from "../helpers/factories";
import { startS3Server } from "../helpers/s3-server";

let handle: DatabaseHandle;
let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  s3 = await startS3Server();
  Object.assign(process.env, s3.env);
  resetEnvCache();
  handle = await openTestDatabase();
});

afterAll(async () => {
  for (const name of Object.keys(s3?.env ?? {})) delete process.env[name];
  delete process.env.S3_PUBLIC_URL;
  resetEnvCache();
  await handle?.close();
  await s3?.close();
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

/** The object as the bucket has it, read directly (not through our code). */
const inBucket = (key: string) => fetch(s3.objectUrl(key));
const keyOf = (url: string) => url.replace(/^\/media\//, "");

describe(`uploads in S3 (${databaseKind()})`, () => {
  it("a property photo's variants go to the bucket as WebP with a year's immutable caching, not to the disk", async () => {
    expect(storageKind()).toBe("s3");
    const admin = await createUser({ role: "admin" });
    const result = await storePropertyImageUpload(await photo(1800, 1200), admin.id);
    if (!result.ok) throw new Error(result.error);
    const key = result.image.ref;
    for (const width of [400, 800, 1600]) {
      const object = await inBucket(`${key}-${width}.webp`);
      expect(object.status).toBe(200);
      expect(object.headers.get("content-type")).toBe("image/webp");
      expect(object.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(Buffer.from(await object.arrayBuffer())).metadata()).width).toBe(width);
    }
    expect(fs.existsSync(uploadsDir())).toBe(false);

    // What /media/<key> answers: the bytes with S3's ETag, then 304 for that ETag.
    const answer = await readMedia(`${key}-400.webp`, { head: false });
    expect(answer).toMatchObject({
      status: 200,
      contentType: "image/webp",
      cacheControl: "public, max-age=31536000, immutable",
    });
    if (answer.status !== 200 || !answer.body) throw new Error("no body");
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).byteLength).toBe(answer.contentLength);
    expect(await readMedia(`${key}-400.webp`, { head: false, ifNoneMatch: answer.etag })).toEqual(
      expect.objectContaining({ status: 304 }),
    );
    const head = await readMedia(`${key}-400.webp`, { head: true });
    expect(head).toMatchObject({ status: 200, contentLength: answer.contentLength });
    expect("body" in head && head.body).toBeFalsy();

    // Never attached to a property within a day: the clean-up removes row and objects.
    await db().execute(
      sql`update property_image_upload set created_at = now() - interval '2 days' where key = ${key}`,
    );
    expect(await deleteOrphanUploads()).toBeGreaterThanOrEqual(1);
    for (const width of [400, 800, 1600])
      expect((await inBucket(`${key}-${width}.webp`)).status).toBe(404);
    expect((await readMedia(`${key}-400.webp`, { head: false })).status).toBe(404);
  });

  it("missing keys are a 404 and keys that try to leave their folder a 400", async () => {
    expect(
      (await readMedia("property-images/gibt-es-nicht-400.webp", { head: false })).status,
    ).toBe(404);
    expect((await readMedia("avatars/gibt-es-nicht.webp", { head: true })).status).toBe(404);
    for (const hostile of [
      "../auth-secret",
      "avatars/../../etc/passwd",
      "/etc/passwd",
      "avatars//x.webp",
      "avatars/",
      "avatars/x.webp\u0000.png",
      "avatars/x y.webp",
      "avatars/%2e%2e/x",
      "",
      "a".repeat(300),
    ])
      expect((await readMedia(hostile, { head: false })).status, hostile).toBe(400);
  });

  it("a replaced avatar and the avatar of a deleted account are removed from the bucket", async () => {
    const guest = await createUser();
    const first = await storeAvatar({ id: guest.id, fullName: "Gast" }, await photo(600, 600));
    if (!first.ok) throw new Error(first.error);
    const firstKey = keyOf(first.avatarUrl);
    const object = await inBucket(firstKey);
    expect(object.status).toBe(200);
    // Personal data: an hour in caches, not a year.
    expect(object.headers.get("cache-control")).toBe("public, max-age=3600");

    const second = await storeAvatar({ id: guest.id, fullName: "Gast" }, await photo(500, 700));
    if (!second.ok) throw new Error(second.error);
    expect((await inBucket(firstKey)).status).toBe(404);
    expect((await inBucket(keyOf(second.avatarUrl))).status).toBe(200);

    const deleted = await deleteAccount({
      userId: guest.id,
      email: guest.email,
      clientIp: "203.0.113.7",
      password: TEST_PASSWORD,
    });
    expect(deleted).toEqual({ ok: true });
    expect(await db().select().from(schema.user).where(eq(schema.user.id, guest.id))).toEqual([]);
    expect((await inBucket(keyOf(second.avatarUrl))).status).toBe(404);
  });

  it("a new logo replaces the old one in the bucket", async () => {
    const admin = await createUser({ role: "admin" });
    const logo = await sharp({
      create: { width: 800, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const first = await storeBrandAsset("logoLight", logo, admin.id);
    if (!first.ok) throw new Error(first.error);
    expect((await getSettings()).logoLightUrl).toBe(first.url);
    expect((await inBucket(keyOf(first.url))).status).toBe(200);
    const second = await storeBrandAsset("logoLight", logo, admin.id);
    if (!second.ok) throw new Error(second.error);
    expect((await inBucket(keyOf(first.url))).status).toBe(404);
    expect((await inBucket(keyOf(second.url))).status).toBe(200);
  });

  it("with S3_PUBLIC_URL, /media/ sends browsers on to it and the page's CSP lets them load it", async () => {
    process.env.S3_PUBLIC_URL = `${s3.endpoint}/${s3.bucket}`;
    resetEnvCache();
    try {
      expect(await readMedia("avatars/ein-bild.webp", { head: false })).toEqual({
        status: 302,
        location: `${s3.endpoint}/${s3.bucket}/avatars/ein-bild.webp`,
      });
      expect((await readMedia("../x", { head: false })).status).toBe(400);
      const headers = new Headers();
      documentSecurityHeaders(headers, "nonce");
      const imgSrc = headers
        .get("Content-Security-Policy")!
        .split("; ")
        .find((d) => d.startsWith("img-src"));
      expect(imgSrc).toBe(`img-src 'self' data: blob: ${new URL(s3.endpoint).origin}`);
    } finally {
      delete process.env.S3_PUBLIC_URL;
      resetEnvCache();
    }
    expect(getEnv().s3?.publicUrl).toBeUndefined();
  });
});
