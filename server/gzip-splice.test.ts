import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipTemplate, gzipWithNonce } from "./gzip-splice";

const nonce = () => Buffer.from(crypto.randomBytes(16).toString("base64"));

describe("gzip of a cached page with a new nonce", () => {
  it("decompresses (CRC and length checked by gunzip) to the page with that nonce, wherever it stands", () => {
    const page = Buffer.from(
      `<html><head><link nonce="§"></head><body>${"Ferienwohnung am Deich, ".repeat(3000)}` +
        `<script nonce="§">window.x=1</script><script nonce="§"></script></body></html>§`,
    );
    const pieces: Buffer[] = [];
    let from = 0;
    for (let at = page.indexOf("§"); at !== -1; at = page.indexOf("§", from)) {
      pieces.push(page.subarray(from, at));
      from = at + Buffer.byteLength("§");
    }
    pieces.push(page.subarray(from));
    expect(pieces).toHaveLength(5);
    const template = gzipTemplate(pieces, 24);
    for (let i = 0; i < 3; i++) {
      const fresh = nonce();
      const gz = gzipWithNonce(template, fresh);
      expect(zlib.gunzipSync(gz).toString()).toBe(page.toString().replaceAll("§", String(fresh)));
      // Compressed once, about as small as compressing the whole page.
      expect(gz.byteLength).toBeLessThan(zlib.gzipSync(page).byteLength + 200);
    }
  });

  it("a page without a nonce, and empty pieces", () => {
    const plain = Buffer.from("x".repeat(5000));
    expect(zlib.gunzipSync(gzipWithNonce(gzipTemplate([plain], 24), nonce())).equals(plain)).toBe(
      true,
    );
    const fresh = nonce();
    const gz = gzipWithNonce(gzipTemplate([Buffer.alloc(0), Buffer.alloc(0)], 24), fresh);
    expect(zlib.gunzipSync(gz).equals(fresh)).toBe(true);
  });
});
