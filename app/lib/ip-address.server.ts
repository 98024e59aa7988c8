import { isIP } from "node:net";

/**
 * Whether the server may connect to an address on behalf of a user-supplied URL (the SSRF
 * guard of the CSV image import, decision 028). Refused: unspecified, loopback, private,
 * carrier-grade NAT, link-local, unique-local and site-local, multicast, documentation,
 * benchmarking and reserved ranges, broadcast — and IPv6 forms that carry an IPv4 address
 * (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16),
 * judged by that IPv4 address. Anything that is not an IP address is refused too.
 */
export function isPublicAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return isPublicIpv4(ipv4Bytes(address));
  if (kind === 6) {
    const bytes = ipv6Bytes(address);
    return bytes ? isPublicIpv6(bytes) : false;
  }
  return false;
}

function ipv4Bytes(address: string): number[] {
  return address.split(".").map(Number);
}

const IPV4_BLOCKED: [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network", 0.0.0.0
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local, cloud metadata (169.254.169.254)
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, 255.255.255.255
];

function inPrefix(bytes: number[], prefix: number[], bits: number) {
  for (let i = 0; i < prefix.length; i++) {
    const remaining = bits - i * 8;
    if (remaining <= 0) return true;
    const mask = remaining >= 8 ? 0xff : (0xff << (8 - remaining)) & 0xff;
    if ((bytes[i] & mask) !== (prefix[i] & mask)) return false;
  }
  return true;
}

function isPublicIpv4(bytes: number[]) {
  return !IPV4_BLOCKED.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
}

/** 16 bytes of an IPv6 address (with an optional dotted IPv4 tail); null when malformed. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.split("%")[0].toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = ipv4Bytes(tail[1]);
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...rest];
  const bytes: number[] = [];
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}

const IPV6_BLOCKED: [number[], number][] = [
  [[0x01, 0x00], 64], // discard-only
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0xfc], 7], // unique-local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated, still routed by some)
  [[0xff], 8], // multicast
];

function isPublicIpv6(bytes: number[]) {
  const isZero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::, ::1, and ::a.b.c.d (IPv4-compatible) / ::ffff:a.b.c.d (IPv4-mapped)
  if (isZero(0, 10)) {
    const marker = (bytes[10] << 8) | bytes[11];
    if (marker === 0xffff || (marker === 0 && !isZero(12, 14))) {
      return isPublicIpv4(bytes.slice(12, 16));
    }
    if (marker === 0) return false; // ::, ::1 and the rest of ::/96
  }
  // NAT64 64:ff9b::/96 carries an IPv4 address in its last four bytes.
  if (inPrefix(bytes, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96)) {
    return isPublicIpv4(bytes.slice(12, 16));
  }
  // 6to4 2002:a.b.c.d::/48 routes to the embedded IPv4 address.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return isPublicIpv4(bytes.slice(2, 6));
  return !IPV6_BLOCKED.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
}
