/**
 * The page cache for visitors (issue 16 point 4, decision 038) against two production
 * processes on one PostgreSQL: anonymous public pages come from memory with a fresh CSP nonce
 * each time; a signed-in page is never cached nor served to anyone else; a booking made through
 * one process and a settings change made straight in the database show on the next requests of
 * both processes; the headers tell browsers and shared caches the right thing.
 */
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import {
  addBankAccount,
  liftBookingLimits,
  startAppServer,
  stopAppServers,
  submitBooking,
} from "../helpers/app-servers";
import { openTestDatabase } from "../helpers/database";
import { createProperty, createUser, sessionCookie } from "../helpers/factories";

const [A, B] = [3491, 3492];
let handle: DatabaseHandle;
let servers: ChildProcess[] = [];
let propertyId: string;
let guest: { email: string; cookie: string };

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("this test needs TEST_DATABASE_URL");
  handle = await openTestDatabase();
  await ensureSettingsRow();
  await liftBookingLimits();
  await addBankAccount();
  propertyId = (await createProperty({ title: "Kapitänshaus am Hafen" })).id;
  const user = await createUser({ name: "Paula Privatgast" });
  guest = { email: user.email, cookie: await sessionCookie(user.email) };
  servers = await Promise.all(
    [A, B].map((port) => startAppServer({ port, databaseUrl: handle.url! })),
  );
}, 240_000);

afterAll(async () => {
  await stopAppServers(servers);
  await handle?.close();
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; html: string; bytes: number };

/** A raw request (fetch would decompress on its own and hide what was sent). */
function get(
  port: number,
  path: string,
  options: { cookie?: string; acceptEncoding?: string; method?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.acceptEncoding) headers["accept-encoding"] = options.acceptEncoding;
    const request = http.request(
      { host: "127.0.0.1", port, path, method: options.method ?? "GET", headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const plain =
            encoding === "br"
              ? zlib.brotliDecompressSync(body)
              : encoding === "gzip"
                ? zlib.gunzipSync(body)
                : body;
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            html: String(plain),
            bytes: body.byteLength,
          });
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** The nonce of the answer's CSP header. */
function cspNonce(answer: Answer) {
  return /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
}

/**
 * Asks until `check` holds. Another process learns of a change through PostgreSQL's
 * notification, which arrives a moment after the commit; a cache that never learns fails here.
 */
async function eventually(ask: () => Promise<Answer>, check: (answer: Answer) => boolean) {
  let answer = await ask();
  for (let i = 0; i < 100 && !check(answer); i++) {
    await new Promise((r) => setTimeout(r, 50));
    answer = await ask();
  }
  return answer;
}

describe("page cache", () => {
  it("serves an anonymous public page from memory, with a fresh nonce that matches its scripts", async () => {
    const first = await get(A, "/faq");
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    const hits = [
      await get(A, "/faq"),
      await get(A, "/faq", { acceptEncoding: "br" }),
      await get(A, "/faq", { acceptEncoding: "gzip, deflate, br, zstd" }),
    ];
    const nonces = new Set([cspNonce(first)]);
    for (const hit of hits) {
      expect(hit.status).toBe(200);
      expect(hit.headers["x-cache"]).toBe("HIT");
      const nonce = cspNonce(hit)!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce);
      // Every script tag carries this answer's nonce, and no other nonce is left in the page.
      const scripts = hit.html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect([...hit.html.matchAll(/nonce="([^"]*)"/g)].every((m) => m[1] === nonce)).toBe(true);
      // The same page as the render that was stored, apart from the nonce.
      expect(hit.html.replaceAll(nonce, "N")).toBe(first.html.replaceAll(cspNonce(first)!, "N"));
    }
    expect(nonces.size).toBe(4);
    // Compressed as the client asks; a browser's usual header gets the gzip copy stored with
    // the page (no compression per hit), decoded above with its CRC checked.
    expect(hits[0].headers["content-encoding"]).toBeUndefined();
    expect(hits[1].headers["content-encoding"]).toBe("br");
    expect(hits[2].headers["content-encoding"]).toBe("gzip");
    for (const hit of hits) {
      expect(hit.headers.vary).toBe("Cookie, Accept-Encoding");
      expect(Number(hit.headers["content-length"])).toBe(hit.bytes);
    }
  });

  it("tells browsers and shared caches: anonymous pages private and revalidated, signed-in pages not stored", async () => {
    await get(A, "/agb");
    const anonymous = await get(A, "/agb");
    expect(anonymous.headers["x-cache"]).toBe("HIT");
    expect(anonymous.headers["cache-control"]).toBe("private, no-cache");
    expect(anonymous.headers.vary).toMatch(/^Cookie, Accept-Encoding$/);

    const signedIn = await get(A, "/agb", { cookie: guest.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers["x-cache"]).toBeUndefined();
  });

  it("never stores a signed-in page and never serves one to another visitor, nor the reverse", async () => {
    // Signed in first: the header names the guest; nothing is stored for it.
    const own = await get(A, "/properties", { cookie: guest.cookie });
    expect(own.html).toContain("Paula Privatgast");
    expect(own.headers["x-cache"]).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const visitor = await get(A, "/properties");
      expect(visitor.headers["x-cache"]).toBe(i === 0 ? "MISS" : "HIT");
      expect(visitor.html).not.toContain("Paula Privatgast");
      expect(visitor.html).toContain("Kapitänshaus am Hafen");
    }
    // The cached anonymous page is not what the signed-in guest gets.
    const again = await get(A, "/properties", { cookie: `lang=de; ${guest.cookie}` });
    expect(again.headers["x-cache"]).toBeUndefined();
    expect(again.html).toContain("Paula Privatgast");
    // A cookie the cache does not know makes the request bypass it too.
    expect((await get(A, "/properties", { cookie: "other=1" })).headers["x-cache"]).toBeUndefined();
  });

  it("keeps the languages apart", async () => {
    const german = await eventually(
      () => get(A, "/ueber-uns"),
      (a) => a.headers["x-cache"] === "HIT",
    );
    expect(german.html).toContain('<html lang="de"');
    const english = await get(A, "/ueber-uns", { cookie: "lang=en" });
    expect(english.headers["x-cache"]).toBe("MISS");
    expect(english.html).toContain('<html lang="en"');
    const englishAgain = await get(A, "/ueber-uns", { cookie: "lang=en" });
    expect(englishAgain.headers["x-cache"]).toBe("HIT");
    expect(englishAgain.html).toContain('<html lang="en"');
    expect((await get(A, "/ueber-uns")).html).toContain('<html lang="de"');
  });

  it("never caches the booking form, the account area or the sign-in page", async () => {
    for (const path of [`/properties/${propertyId}/book`, "/dashboard", "/auth", "/admin"]) {
      await get(A, path);
      const answer = await get(A, path);
      expect(answer.headers["x-cache"], path).toBeUndefined();
    }
  });

  it("a booking made through one process makes its nights unavailable on the next request of both", async () => {
    const page = `/properties/${propertyId}`;
    const data = `/properties/${propertyId}.data`;
    for (const port of [A, B]) {
      for (const path of [page, data]) {
        await get(port, path);
        const warm = await get(port, path);
        expect(warm.headers["x-cache"]).toBe("HIT");
        expect(warm.html).not.toContain("2027-06-10");
      }
    }

    const booked = await submitBooking({
      port: A,
      propertyId,
      guest,
      checkIn: "2027-06-10",
      checkOut: "2027-06-13",
    });
    expect(booked.status).toBeGreaterThanOrEqual(300);
    expect(booked.status).toBeLessThan(400);

    // The process that took the booking: its very next answers.
    for (const path of [page, data]) {
      const next = await get(A, path);
      expect(next.headers["x-cache"]).toBe("MISS");
      expect(next.html).toContain("2027-06-10");
    }
    // The other process: as soon as PostgreSQL's notification has reached it.
    for (const path of [page, data]) {
      const next = await eventually(
        () => get(B, path),
        (a) => a.html.includes("2027-06-10"),
      );
      expect(next.html).toContain("2027-06-10");
    }
  });

  it("a settings change made in the database shows on both processes", async () => {
    for (const port of [A, B]) {
      await get(port, "/impressum");
      const warm = await get(port, "/impressum");
      expect(warm.headers["x-cache"]).toBe("HIT");
      expect(warm.html).not.toContain("Seeblick Ferien GmbH");
    }
    // Not through the app: the table's trigger is what tells the processes.
    await db()
      .update(schema.settings)
      .set({ companyName: "Seeblick Ferien GmbH" })
      .where(eq(schema.settings.id, 1));
    for (const port of [A, B]) {
      const next = await eventually(
        () => get(port, "/impressum"),
        (a) => a.html.includes("Seeblick Ferien GmbH"),
      );
      expect(next.html).toContain("Seeblick Ferien GmbH");
    }
  });
});
