/**
 * A cached page compressed once, sent with a new CSP nonce on every hit (decision 038).
 *
 * The stored page is cut at its nonce. Each piece between nonces is compressed once, on its own
 * (a fresh raw deflate stream ending in a sync flush: byte-aligned, and no back-reference can
 * reach outside the piece). On a hit the pieces are joined with the new nonce as "stored"
 * (uncompressed) deflate blocks between them, inside a gzip header and trailer. The trailer's
 * CRC-32 is the only thing that depends on the whole page: it is carried across each piece with
 * a precomputed operator (CRC-32 is linear: advancing the register over a piece is a 32×32 bit
 * matrix plus the piece's own CRC from zero), so a hit costs a few hundred operations, not a
 * pass over the page. Brotli cannot be joined like this (its context modelling and distance
 * cache carry over between blocks), which is why hits are sent in gzip.
 */
import zlib from "node:zlib";

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 register (no pre- or post-inversion) after `data`, starting from `register`. */
function advance(register: number, data: Uint8Array) {
  let r = register;
  for (let i = 0; i < data.length; i++) r = TABLE[(r ^ data[i]) & 0xff] ^ (r >>> 8);
  return r >>> 0;
}

/** A linear map on the 32-bit register: column n is the image of bit n. */
type Operator = Uint32Array;

function apply(op: Operator, vector: number) {
  let sum = 0;
  let v = vector >>> 0;
  for (let n = 0; v !== 0; n++, v >>>= 1) if (v & 1) sum ^= op[n];
  return sum >>> 0;
}

function compose(a: Operator, b: Operator): Operator {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = apply(a, b[n]);
  return out;
}

const ONE_ZERO_BYTE: Operator = (() => {
  const op = new Uint32Array(32);
  for (let n = 0; n < 32; n++) op[n] = advance((1 << n) >>> 0, new Uint8Array(1));
  return op;
})();

/** The register map of `length` zero bytes (square and multiply). */
function zeroBytes(length: number): Operator {
  let result: Operator = new Uint32Array(32);
  for (let n = 0; n < 32; n++) result[n] = (1 << n) >>> 0;
  let base = ONE_ZERO_BYTE;
  for (let len = length; len > 0; len = Math.floor(len / 2)) {
    if (len % 2 === 1) result = compose(base, result);
    if (len > 1) base = compose(base, base);
  }
  return result;
}

export type GzipTemplate = {
  /** The compressed pieces; the last one ends the deflate stream. */
  pieces: Buffer[];
  /** CRC register after the first piece (started from all ones). */
  first: number;
  /** For every later piece: its length as a register map, and its CRC register from zero. */
  later: { op: Operator; crc: number }[];
  plainLength: number;
  nonceLength: number;
  bytes: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** Compresses the pieces of a page that `nonce`-long nonces will join. */
export function gzipTemplate(pieces: Buffer[], nonceLength: number): GzipTemplate {
  const compressed = pieces.map((piece, i) =>
    zlib.deflateRawSync(piece, {
      level: 6,
      finishFlush: i === pieces.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
    }),
  );
  const later = pieces.slice(1).map((piece) => ({
    op: zeroBytes(piece.byteLength),
    crc: advance(0, piece),
  }));
  const bytes = compressed.reduce((sum, b) => sum + b.byteLength, 0) + later.length * 32 * 4 + 64;
  return {
    pieces: compressed,
    first: advance(0xffffffff, pieces[0]),
    later,
    plainLength: pieces.reduce((sum, p) => sum + p.byteLength, 0),
    nonceLength,
    bytes,
  };
}

/** The gzip body of the page with `nonce` between its pieces. */
export function gzipWithNonce(template: GzipTemplate, nonce: Buffer): Buffer {
  if (nonce.byteLength !== template.nonceLength && template.later.length > 0)
    throw new Error("nonce length differs from the stored page's");
  const stored = Buffer.alloc(5 + nonce.byteLength);
  stored[0] = 0; // not the last block, type "stored"; the stream is byte-aligned here
  stored.writeUInt16LE(nonce.byteLength, 1);
  stored.writeUInt16LE(~nonce.byteLength & 0xffff, 3);
  nonce.copy(stored, 5);

  let register = template.first;
  const out: Buffer[] = [GZIP_HEADER, template.pieces[0]];
  template.later.forEach((piece, i) => {
    register = advance(register, nonce);
    register = (apply(piece.op, register) ^ piece.crc) >>> 0;
    out.push(stored, template.pieces[i + 1]);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(~register >>> 0, 0);
  const size = template.plainLength + template.later.length * nonce.byteLength;
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  out.push(trailer);
  return Buffer.concat(out);
}
