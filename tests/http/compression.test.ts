/**
 * Compressed answers from a production process (issue 12 quick fixes, issue 16 part 1): pages,
 * data and static files in Brotli or gzip as the client asks, with Vary and a correct length;
 * nothing compressed twice, nor per request below a kilobyte, nor the endless event stream.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { createBlock } from "~/features/calendar/blocks.server";
import { getExportToken } from "~/features/calendar/ical-export.server";
import { compressStatic } from "../../server/compression";
import { startAppServer, stopAppServers } from "../helpers/app-servers";
import { openTestDatabase } from "../helpers/database";
import { createProperty, createUser } from "../helpers/factories";

const PORT = 3472;
let handle: DatabaseHandle;
let server: ChildProcess;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("this test needs TEST_DATABASE_URL");
  handle = await openTestDatabase();
  await ensureSettingsRow();
  await createProperty();
  // Rendered answers: the page cache would answer repeated requests from its gzip copy
  // (decision 038; tests/http/page-cache.test.ts covers those).
  server = await startAppServer({
    port: PORT,
    databaseUrl: handle.url!,
    env: { PAGE_CACHE_MB: "0" },
  });
}, 240_000);

afterAll(async () => {
  if (server) await stopAppServers([server]);
  await handle?.close();
});

/** A raw GET (fetch would decompress on its own and hide what was sent). */
function get(
  path: string,
  acceptEncoding?: string,
  method = "GET",
  extraHeaders: Record<string, string> = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port: PORT,
          path,
          method,
          headers: {
            ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
            ...extraHeaders,
          },
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
      request.on("error", reject);
      request.end();
    },
  );
}

const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === "br"
    ? zlib.brotliDecompressSync(body)
    : encoding === "gzip"
      ? zlib.gunzipSync(body)
      : body;

describe("compressed answers", () => {
  it("pages in Brotli or gzip as asked, with Vary and the compressed length", async () => {
    const plain = await get("/properties");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    for (const [accept, expected] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const answer = await get("/properties", accept);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(expected);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.byteLength);
      const decoded = decode(answer.body, expected);
      const html = decoded.toString("utf8");
      expect(html).toContain("Ferienwohnung am Deich");
      expect(html.endsWith("</html>")).toBe(true);
      // Same page (only the per-request CSP nonce differs), a fraction of the bytes. Bytes
      // against bytes: the page's dashes and umlauts are two or three bytes each.
      expect(Math.abs(decoded.byteLength - plain.body.byteLength)).toBeLessThan(100);
      expect(answer.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
    }
    expect((await get("/properties", "identity")).headers["content-encoding"]).toBeUndefined();
  });

  it("data requests are compressed too; HEAD and tiny answers are not", async () => {
    const data = await get("/properties.data", "br");
    expect(data.status).toBe(200);
    expect(data.headers["content-encoding"]).toBe("br");
    expect(decode(data.body, "br").toString("utf8")).toContain("Ferienwohnung am Deich");

    const head = await get("/properties", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.body.byteLength).toBe(0);

    const robots = await get("/robots.txt", "br");
    expect(robots.body.byteLength).toBeLessThan(1024);
    expect(robots.headers["content-encoding"]).toBeUndefined();
    expect(robots.body.toString("utf8")).toContain("User-agent");
  });

  it("the iCal export is compressed text; a repeated poll with its ETag gets 304", async () => {
    const property = await createProperty({ title: "Haus Kalender" });
    const today = todayInBerlin();
    const admin = await createUser({ role: "admin" });
    // Enough stays for more than a kilobyte of calendar.
    for (let i = 0; i < 12; i++) {
      const checkIn = addDays(today, 10 + i * 5);
      const block = await createBlock({
        actor: admin,
        propertyId: property.id,
        input: { checkIn, checkOut: addDays(checkIn, 2), reason: "own-use", note: "" },
      });
      expect(block.ok).toBe(true);
    }
    const path = `/ical/${await getExportToken(property.id)}.ics`;
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(plain.body.byteLength).toBeGreaterThan(1024);
    const compressed = await get(path, "br");
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(
      decode(compressed.body, "br")
        .toString("utf8")
        .match(/BEGIN:VEVENT/g),
    ).toHaveLength(12);
    const etag = compressed.headers.etag!;
    const again = await get(path, "br", "GET", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  it("static scripts and styles are sent as the files compressed at build time", async () => {
    const page = (await get("/")).body.toString("utf8");
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(
      page,
    );
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(page);
    for (const path of [script![1] ?? script![2], style![1]]) {
      const plain = await get(path);
      for (const encoding of ["br", "gzip"]) {
        const answer = await get(path, encoding);
        expect(answer.headers["content-encoding"]).toBe(encoding);
        expect(answer.headers["cache-control"]).toContain("immutable");
        expect(Number(answer.headers["content-length"])).toBe(answer.body.byteLength);
        expect(decode(answer.body, encoding)).toEqual(plain.body);
        // Each encoding has its own ETag, so no cache hands gzip to a client that asked for br.
        expect(answer.headers.etag).not.toBe(plain.headers.etag);
      }
    }
  });

  it("small build files go out compressed when that saves bytes, the tiniest as they are", async () => {
    // Decisions 043, 095: the build writes twins at any size when they save at least 32 bytes,
    // more than the Content-Encoding header and the ETag's suffix they add.
    const assets = path.resolve(process.env.BUILD_DIR ?? "build", "client", "assets");
    const small = fs
      .readdirSync(assets)
      .filter((name) => name.endsWith(".js") && fs.statSync(path.join(assets, name)).size < 1024);
    const withTwin = small.find((name) => fs.existsSync(path.join(assets, `${name}.br`)));
    const withoutTwin = small.find((name) => !fs.existsSync(path.join(assets, `${name}.br`)));
    expect(withTwin, "a script under 1 KB with a Brotli twin").toBeDefined();
    expect(withoutTwin, "a script too small to gain from Brotli").toBeDefined();

    const plain = await get(`/assets/${withTwin}`);
    const answer = await get(`/assets/${withTwin}`, "br");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.byteLength).toBeLessThanOrEqual(plain.body.byteLength - 32);
    expect(decode(answer.body, "br")).toEqual(plain.body);

    // The rule itself, on every small script of this build: a twin exactly where Brotli saves
    // at least 32 bytes (files saving 32–63 bytes went out uncompressed before decision 095).
    for (const name of small) {
      const body = fs.readFileSync(path.join(assets, name));
      const saving = body.byteLength - compressStatic(body).br.byteLength;
      expect(fs.existsSync(path.join(assets, `${name}.br`)), name).toBe(saving >= 32);
    }

    const tiny = await get(`/assets/${withoutTwin}`, "br");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body).toEqual(fs.readFileSync(path.join(assets, withoutTwin!)));
  });

  it("the event stream is never compressed (it would be held back in the compressor)", async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.get(
        {
          host: "127.0.0.1",
          port: PORT,
          path: "/api/events",
          headers: { "accept-encoding": "br, gzip" },
        },
        resolve,
      );
      request.on("error", reject);
    });
    expect(answer.headers["content-type"]).toContain("text/event-stream");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    const first = await new Promise<string>((resolve) =>
      answer.once("data", (c: Buffer) => resolve(c.toString())),
    );
    expect(first).toContain("retry:");
    answer.destroy();
  });
});

describe("what the browser asks for first", () => {
  it("every page names its stylesheet in a preload header, so it is not queued behind the scripts", async () => {
    // Over HTTP/1.1 a browser has six connections per host and asks in document order; React
    // writes the stylesheet's <link> after ~20 modulepreloads, and nothing paints without it.
    for (const path of ["/", "/properties", "/auth"]) {
      const answer = await get(path);
      const html = answer.body.toString("utf8");
      const stylesheet = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
      expect(stylesheet, path).toMatch(/^\/assets\/app-.*\.css$/);
      expect(answer.headers.link, path).toBe(`<${stylesheet}>; rel=preload; as=style`);
      expect((await get(stylesheet!)).status).toBe(200);
    }
  });
});
