import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdminUsers } from "~/features/accounts/admin-users.server";
import { adminUserFilter } from "~/features/accounts/admin-users.schema";
import { AVATAR_MAX_BYTES, type ProfileActionData } from "~/features/accounts/profile.schema";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { uploadsDir } from "~/lib/storage.server";
import { action, loader } from "~/routes/dashboard/profile";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";
import { phonePhoto } from "../helpers/image-fixtures";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

type ActionArgs = Parameters<typeof action>[0];
type LoaderArgs = Parameters<typeof loader>[0];
const URL_ = "http://localhost:3000/dashboard/profile";

/** The action's answer and HTTP status, whether it used data() or returned a plain object. */
async function run(request: Request) {
  const result = (await action({ request, context: {}, params: {} } as unknown as ActionArgs)) as
    ProfileActionData | { data: ProfileActionData; init: { status?: number } | null };
  if ("data" in result && "init" in result)
    return { ...result.data, status: result.init?.status ?? 200 };
  return { ...result, status: 200 };
}

function saveProfileRequest(cookie: string | null, fields: Record<string, string>) {
  return new Request(URL_, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
  });
}

function uploadRequest(cookie: string, file: Blob | null, name = "bild.jpg") {
  const form = new FormData();
  if (file) form.set("avatar", file, name);
  return new Request(URL_, { method: "POST", headers: { cookie }, body: form });
}

async function profileOf(id: string) {
  const [row] = await db().select().from(schema.profile).where(eq(schema.profile.id, id));
  return row;
}

async function signedIn() {
  const user = await createUser({ name: "Erika Musterfrau" });
  return { ...user, cookie: await sessionCookie(user.email) };
}

const valid = {
  fullName: "Erika Musterfrau",
  phone: "+49 170 1234567",
  address: "Deichstraße 5",
  city: "Husum",
  postalCode: "25813",
  country: "Deutschland",
};

/** A real photo-like PNG with EXIF data (camera, GPS-like comment). */
async function pngWithExif(width = 640, height = 480) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .withExif({ IFD0: { Make: "Testkamera", Copyright: "Erika", ImageDescription: "Geheim" } })
    .png()
    .toBuffer();
}

function storedFile(avatarUrl: string) {
  return path.join(uploadsDir(), avatarUrl.replace(/^\/media\//, ""));
}

describe(`/dashboard/profile (${databaseKind()})`, () => {
  it("loads the profile and recreates a missing profile row", async () => {
    const user = await signedIn();
    await db().delete(schema.profile).where(eq(schema.profile.id, user.id));
    const request = new Request(URL_, { headers: { cookie: user.cookie } });
    const data = await loader({ request, context: {}, params: {} } as unknown as LoaderArgs);
    expect(data.profile).toMatchObject({
      email: user.email,
      fullName: "Erika Musterfrau",
      avatarUrl: null,
      phone: "",
    });
    expect(await profileOf(user.id)).toBeDefined();
  });

  it("saves the fields; empty optional fields are cleared", async () => {
    const user = await signedIn();
    const saved = await run(saveProfileRequest(user.cookie, valid));
    expect(saved).toMatchObject({ intent: "profile", ok: true, status: 200 });
    expect(await profileOf(user.id)).toMatchObject(valid);

    const cleared = await run(
      saveProfileRequest(user.cookie, { ...valid, fullName: "  Erika M.  ", phone: "", city: "" }),
    );
    expect(cleared).toMatchObject({ ok: true });
    expect(await profileOf(user.id)).toMatchObject({
      fullName: "Erika M.",
      phone: null,
      city: null,
      address: "Deichstraße 5",
    });
  });

  it("a new name is found by the admins' user search, where the list shows it", async () => {
    const user = await signedIn();
    await run(saveProfileRequest(user.cookie, { ...valid, fullName: "Erika Quastenberg" }));
    const found = await listAdminUsers(adminUserFilter(new URLSearchParams("q=quastenberg")));
    expect(found.users.map((u) => [u.email, u.name])).toEqual([[user.email, "Erika Quastenberg"]]);
  });

  it("refuses invalid input and changes nothing", async () => {
    const user = await signedIn();
    await run(saveProfileRequest(user.cookie, valid));
    const before = await profileOf(user.id);

    const badPhone = await run(saveProfileRequest(user.cookie, { ...valid, phone: "abc123" }));
    expect(badPhone).toMatchObject({
      intent: "profile",
      ok: false,
      error: "invalid",
      fieldErrors: { phone: "phoneInvalid" },
      values: { phone: "abc123" },
      status: 400,
    });
    const noName = await run(saveProfileRequest(user.cookie, { ...valid, fullName: "   " }));
    expect(noName).toMatchObject({ fieldErrors: { fullName: "nameRequired" } });
    const tooLong = await run(
      saveProfileRequest(user.cookie, { ...valid, postalCode: "1".repeat(21) }),
    );
    expect(tooLong).toMatchObject({ fieldErrors: { postalCode: "postalCodeTooLong" } });
    expect(await profileOf(user.id)).toEqual(before);
  });

  it("answers an expired session with sessionExpired", async () => {
    expect(await run(saveProfileRequest(null, valid))).toMatchObject({
      ok: false,
      error: "sessionExpired",
      status: 401,
    });
  });

  it("rejects an avatar above 10 MB without changes", async () => {
    const user = await signedIn();
    // A real image whose file is just over the limit (padding after the PNG data).
    const png = await pngWithExif();
    const oversized = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    expect(oversized.length).toBe(AVATAR_MAX_BYTES + 1);
    const answer = await run(
      uploadRequest(user.cookie, new Blob([oversized], { type: "image/png" }), "a.png"),
    );
    expect(answer).toMatchObject({ intent: "avatar", ok: false, error: "tooLarge", status: 413 });

    // Far larger bodies are refused as well (the body is not buffered beyond the limit).
    const huge = new Blob([Buffer.alloc(12 * 1024 * 1024, 1)], { type: "image/jpeg" });
    expect(await run(uploadRequest(user.cookie, huge))).toMatchObject({ error: "tooLarge" });
    expect((await profileOf(user.id)).avatarUrl).toBeNull();
  });

  it("rejects files that are not JPG, PNG or WebP, whatever their name and type say", async () => {
    const user = await signedIn();
    const text = new Blob(["Das ist kein Bild, nur Text."], { type: "image/jpeg" });
    expect(await run(uploadRequest(user.cookie, text, "urlaub.jpg"))).toMatchObject({
      intent: "avatar",
      ok: false,
      error: "wrongType",
      status: 400,
    });
    const gif = await sharp({
      create: { width: 10, height: 10, channels: 3, background: "#00f" },
    })
      .gif()
      .toBuffer();
    expect(
      await run(uploadRequest(user.cookie, new Blob([gif], { type: "image/png" }), "bild.png")),
    ).toMatchObject({ error: "wrongType" });
    // A truncated JPEG is not an image either.
    const jpeg = await sharp({
      create: { width: 200, height: 200, channels: 3, background: "#0a0" },
    })
      .jpeg()
      .toBuffer();
    expect(
      await run(uploadRequest(user.cookie, new Blob([jpeg.subarray(0, 200)]), "kaputt.jpg")),
    ).toMatchObject({ error: "wrongType" });
    expect(await run(uploadRequest(user.cookie, null))).toMatchObject({ error: "missing" });
    expect((await profileOf(user.id)).avatarUrl).toBeNull();
  });

  it("stores a real PNG as a 256×256 WebP without EXIF and removes the previous avatar", async () => {
    const user = await signedIn();
    const original = await pngWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const first = await run(
      uploadRequest(user.cookie, new Blob([original], { type: "image/png" }), "ich.png"),
    );
    expect(first).toMatchObject({ intent: "avatar", ok: true, status: 200 });
    const firstUrl = (first as { avatarUrl: string }).avatarUrl;
    expect(firstUrl).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect((await profileOf(user.id)).avatarUrl).toBe(firstUrl);

    const meta = await sharp(fs.readFileSync(storedFile(firstUrl))).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();

    // A new avatar (here a WebP sent as octet-stream) replaces the old one and its file.
    const webp = await sharp({
      create: { width: 300, height: 900, channels: 3, background: "#123456" },
    })
      .webp()
      .toBuffer();
    const second = await run(
      uploadRequest(
        user.cookie,
        new Blob([webp], { type: "application/octet-stream" }),
        "ohne-endung",
      ),
    );
    expect(second).toMatchObject({ ok: true });
    const secondUrl = (second as { avatarUrl: string }).avatarUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await profileOf(user.id)).avatarUrl).toBe(secondUrl);
    expect(fs.existsSync(storedFile(secondUrl))).toBe(true);
    expect(fs.existsSync(storedFile(firstUrl))).toBe(false);
  });

  it("scales a 4000×3000 phone photo of several MB down instead of refusing it", async () => {
    const user = await signedIn();
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(6 * 1024 * 1024);
    const answer = await run(
      uploadRequest(user.cookie, new Blob([photo], { type: "image/jpeg" }), "IMG_2041.JPG"),
    );
    expect(answer).toMatchObject({ intent: "avatar", ok: true, status: 200 });
    const url = (answer as { avatarUrl: string }).avatarUrl;
    const stored = fs.readFileSync(storedFile(url));
    expect(await sharp(stored).metadata()).toMatchObject({
      format: "webp",
      width: 256,
      height: 256,
    });
    expect(stored.length).toBeLessThan(100 * 1024);
  }, 60_000);

  it("'Entfernen' clears the avatar and deletes its file; a hostile request changes nothing", async () => {
    const user = await signedIn();
    const uploaded = await run(
      uploadRequest(user.cookie, new Blob([await pngWithExif()], { type: "image/png" }), "a.png"),
    );
    const url = (uploaded as { avatarUrl: string }).avatarUrl;
    expect(fs.existsSync(storedFile(url))).toBe(true);

    // Without a session: 401, the avatar stays.
    expect(await run(saveProfileRequest(null, { intent: "removeAvatar" }))).toMatchObject({
      ok: false,
      error: "sessionExpired",
      status: 401,
    });
    expect((await profileOf(user.id)).avatarUrl).toBe(url);

    expect(await run(saveProfileRequest(user.cookie, { intent: "removeAvatar" }))).toMatchObject({
      intent: "removeAvatar",
      ok: true,
      status: 200,
    });
    expect((await profileOf(user.id)).avatarUrl).toBeNull();
    expect(fs.existsSync(storedFile(url))).toBe(false);
    // Again, with nothing left to remove: still fine.
    expect(await run(saveProfileRequest(user.cookie, { intent: "removeAvatar" }))).toMatchObject({
      ok: true,
    });
  });
});
