import zlib from "node:zlib";

/**
 * A valid PNG of a few bytes whose header declares 50,000 × 50,000 pixels (7.5 GB decoded): a
 * decompression bomb that an upload must refuse before decoding it.
 */
export function pngBomb() {
  const chunk = (name: string, data: Buffer) => {
    const type = Buffer.from(name);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length, 0);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])), 0);
    return Buffer.concat([length, type, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bit, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(1000))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * What a phone camera makes: a 4000 × 3000 JPEG of about 6.7 MB (noise does not compress, like
 * the detail of a real photo). Takes a few seconds to encode.
 */
export async function phonePhoto() {
  const { default: sharp } = await import("sharp");
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}
