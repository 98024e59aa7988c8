import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptedEncodings, compressDynamic, isCompressible, varyOnEncoding } from "./compression";

describe("acceptedEncodings", () => {
  it.each([
    [undefined, []],
    ["", []],
    ["gzip, deflate, br, zstd", ["br", "gzip"]],
    ["gzip", ["gzip"]],
    ["br;q=0, gzip", ["gzip"]],
    ["gzip;q=1.0, br;q=0.5", ["gzip", "br"]],
    ["identity", []],
    ["*", ["br", "gzip"]],
    ["*;q=0.5, gzip;q=0", ["br"]],
    ["gzip;q=abc, br", ["br"]],
  ])("%s → %j", (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe("isCompressible", () => {
  it.each([
    ["text/html; charset=utf-8", true],
    ["text/x-script", true],
    ["application/json", true],
    ["application/manifest+json; charset=utf-8", true],
    ["image/svg+xml", true],
    ["application/xml", true],
    ["text/event-stream; charset=utf-8", false],
    ["image/webp", false],
    ["image/png", false],
    [null, false],
  ])("%s → %s", (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

it("adds Accept-Encoding to Vary once", () => {
  expect(varyOnEncoding(null)).toBe("Accept-Encoding");
  expect(varyOnEncoding("Cookie")).toBe("Cookie, Accept-Encoding");
  expect(varyOnEncoding("cookie, accept-encoding")).toBe("cookie, accept-encoding");
  expect(varyOnEncoding("*")).toBe("*");
});

it("compresses to what the client can decode", async () => {
  const html = new TextEncoder().encode("<p>Ferienwohnung am Deich</p>".repeat(200));
  const br = await compressDynamic(html, "br");
  const gz = await compressDynamic(html, "gzip");
  expect(br.byteLength).toBeLessThan(html.byteLength / 10);
  expect(zlib.brotliDecompressSync(br)).toEqual(Buffer.from(html));
  expect(zlib.gunzipSync(gz)).toEqual(Buffer.from(html));
});
