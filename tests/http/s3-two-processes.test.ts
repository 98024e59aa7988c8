/**
 * Several app processes with uploads in S3 (issue 16 part 5, decision 034): three production
 * processes that share only the PostgreSQL database and an S3 bucket (s3rver, a real
 * S3-protocol server; each process has its own DATA_DIR). A photo or avatar uploaded through
 * one is served by another; a replaced avatar is gone everywhere; missing keys are a 404 and
 * hostile ones a 400; with S3_PUBLIC_URL the pages link the bucket and the CSP allows it.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { startAppServer, stopAppServers } from "../helpers/app-servers";
import { openTestDatabase } from "../helpers/database";
import { createProperty, createUser, sessionCookie } from "../helpers/factories";
import { startS3Server } from "../helpers/s3-server";

const [UPLOADER, SERVER, PUBLIC] = [3481, 3482, 3483];
let handle: DatabaseHandle;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let servers: ChildProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("this test needs TEST_DATABASE_URL");
  handle = await openTestDatabase();
  await ensureSettingsRow();
  s3 = await startS3Server();
  const start = (port: number, env: Record<string, string> = {}) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fw-s3-app-${port}-`));
    dataDirs.push(dataDir);
    return startAppServer({
      port,
      databaseUrl: handle.url!,
      env: { ...s3.env, DATA_DIR: dataDir, ...env },
    });
  };
  servers = await Promise.all([
    start(UPLOADER),
    start(SERVER),
    start(PUBLIC, { S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}` }),
  ]);
}, 240_000);

afterAll(async () => {
  await stopAppServers(servers);
  await handle?.close();
  await s3?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw request: fetch would normalise `..` in the path and follow redirects. */
function request(port: number, urlPath: string, options: { method?: string; etag?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const outgoing = http.request(
        {
          host: "127.0.0.1",
          port,
          path: urlPath,
          method: options.method ?? "GET",
          headers: options.etag ? { "if-none-match": options.etag } : {},
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (c: Buffer) => chunks.push(c));
          response.on("end", () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    },
  );
}

function upload(port: number, urlPath: string, cookie: string, field: string, bytes: Buffer) {
  const form = new FormData();
  form.set(field, new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "foto.jpg");
  return fetch(`http://localhost:${port}${urlPath}`, {
    method: "POST",
    headers: { cookie, origin: `http://localhost:${port}` },
    body: form,
    redirect: "manual",
  });
}

const photo = (width: number, height: number, red = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();

/** The avatar URL the database has for a user (what every process renders). */
async function avatarUrlOf(userId: string) {
  const [row] = await db()
    .select({ avatarUrl: schema.profile.avatarUrl })
    .from(schema.profile)
    .where(eq(schema.profile.id, userId));
  return row?.avatarUrl ?? null;
}

let photoKey = "";

describe("uploads in S3, several app processes", () => {
  it("a property photo uploaded through one process is served by another, with ETag and 304", async () => {
    const admin = await createUser({ role: "admin" });
    const cookie = await sessionCookie(admin.email);
    const answer = await upload(
      UPLOADER,
      "/admin/properties/images",
      cookie,
      "file",
      await photo(1200, 800),
    );
    expect(answer.status).toBe(200);
    const { image } = (await answer.json()) as { image: { ref: string; widths: number[] } };
    photoKey = image.ref;
    expect(image.widths).toEqual([400, 800]);

    const served = await request(SERVER, `/media/${photoKey}-400.webp`);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(served.headers["content-length"])).toBe(served.body.byteLength);
    expect((await sharp(served.body).metadata()).width).toBe(400);
    // The same bytes as in the bucket: streamed, not re-encoded or taken from a local disk.
    const inBucket = Buffer.from(
      await (await fetch(s3.objectUrl(`${photoKey}-400.webp`))).arrayBuffer(),
    );
    expect(served.body.equals(inBucket)).toBe(true);
    for (const dir of dataDirs)
      expect(fs.existsSync(path.join(dir, "uploads", "property-images"))).toBe(false);

    const again = await request(SERVER, `/media/${photoKey}-400.webp`, {
      etag: served.headers.etag,
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    const head = await request(SERVER, `/media/${photoKey}-400.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(served.body.byteLength));
    expect(head.body.byteLength).toBe(0);
  });

  it("an avatar uploaded through one process is served by another; replacing it removes the old one everywhere", async () => {
    const guest = await createUser();
    const cookie = await sessionCookie(guest.email);
    expect(
      (await upload(UPLOADER, "/dashboard/profile", cookie, "avatar", await photo(600, 600)))
        .status,
    ).toBe(200);
    const first = await avatarUrlOf(guest.id);
    expect(first).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.webp$/);
    const served = await request(SERVER, first!);
    expect(served.status).toBe(200);
    expect(served.headers["cache-control"]).toBe("public, max-age=3600");

    expect(
      (await upload(SERVER, "/dashboard/profile", cookie, "avatar", await photo(600, 600, 220)))
        .status,
    ).toBe(200);
    const second = await avatarUrlOf(guest.id);
    expect(second).not.toBe(first);
    expect((await request(UPLOADER, second!)).status).toBe(200);
    for (const port of [UPLOADER, SERVER]) expect((await request(port, first!)).status).toBe(404);
    expect((await fetch(s3.objectUrl(first!.replace("/media/", "")))).status).toBe(404);
  });

  it("a missing key is a 404 and a hostile one a 400 with a German message, never a 500", async () => {
    const missing = await request(SERVER, "/media/property-images/gibt-es-nicht-400.webp");
    expect(missing.status).toBe(404);
    expect(missing.body.toString("utf8")).toContain("Diese Datei gibt es nicht");
    for (const hostile of [
      "/media/../auth-secret",
      "/media/..%2f..%2fauth-secret",
      "/media/%2e%2e/%2e%2e/etc/passwd",
      "/media/avatars/%00.webp",
      "/media/%E0%A4%A",
      "/media/avatars//x.webp",
      `/media/${"a".repeat(400)}.webp`,
    ]) {
      const answer = await request(SERVER, hostile);
      expect(answer.status, hostile).toBe(400);
      expect(answer.body.toString("utf8"), hostile).toBe("Ungültiger Dateiname.");
    }
  });

  it("with S3_PUBLIC_URL the page links the bucket, the CSP allows it, and /media/ redirects there", async () => {
    expect(photoKey).not.toBe("");
    const property = await createProperty({
      images: [{ key: photoKey, widths: [400, 800], width: 1200, height: 800 }],
    });
    const publicBase = `${s3.endpoint}/${s3.bucket}`;
    const page = await request(PUBLIC, `/properties/${property.id}`);
    expect(page.status).toBe(200);
    const html = page.body.toString("utf8");
    expect(html).toContain(`src="${publicBase}/${photoKey}-800.webp"`);
    expect(html).not.toContain(`/media/${photoKey}`);
    const imgSrc = String(page.headers["content-security-policy"])
      .split("; ")
      .find((d) => d.startsWith("img-src"));
    expect(imgSrc).toContain(new URL(s3.endpoint).origin);
    // What the browser then loads, straight from the bucket.
    const direct = await fetch(`${publicBase}/${photoKey}-800.webp`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    // Without S3_PUBLIC_URL the same page links /media/ on the site itself.
    const local = (await request(SERVER, `/properties/${property.id}`)).body.toString("utf8");
    expect(local).toContain(`src="/media/${photoKey}-800.webp"`);

    const moved = await request(PUBLIC, `/media/${photoKey}-400.webp`);
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe(`${publicBase}/${photoKey}-400.webp`);
  });
});
