/**
 * Demo pictures for the seed, drawn as SVG and rasterised by sharp (librsvg): no network, no
 * binary assets in the repository, and every property gets its own variations (colours, shapes
 * and positions come from the seed's PRNG), so the gallery does not look copy-pasted.
 */
import { SOUTHERN_COUNTRIES, type Scene } from "./seed-data";

export const IMAGE_WIDTH = 1600;
export const IMAGE_HEIGHT = 1067;
const W = IMAGE_WIDTH;
const H = IMAGE_HEIGHT;

export type Rand = () => number;

export type PictureKind =
  "exterior" | "living" | "bedroom" | "kitchen" | "bathroom" | "view" | "terrace";

/** How a property looks from outside; derived from its scene and country. */
export type PictureContext = {
  scene: Scene;
  style: "north" | "alpine" | "south" | "cyclades";
  /** Canal cities show water instead of a street. */
  canal: boolean;
  pool: boolean;
};

const CANAL_CITIES = new Set(["Amsterdam", "Brügge", "Kopenhagen", "Hamburg"]);

export function pictureContext(p: {
  scene: Scene;
  country: string;
  city: string;
  amenities: string[];
}): PictureContext {
  const style =
    p.country === "Griechenland"
      ? "cyclades"
      : p.scene === "mountain"
        ? "alpine"
        : SOUTHERN_COUNTRIES.has(p.country)
          ? "south"
          : "north";
  return {
    scene: p.scene,
    style,
    canal: CANAL_CITIES.has(p.city),
    pool: p.amenities.includes("Pool"),
  };
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** One decimal is plenty at 1600 px and keeps the SVG strings (and the render cache) small. */
const n = (v: number) => Math.round(v * 10) / 10;
const between = (r: Rand, a: number, b: number) => a + (b - a) * r();
const int = (r: Rand, a: number, b: number) => Math.floor(between(r, a, b + 1));
function pick<T>(r: Rand, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)];
}

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
function shade(hex: string, amount: number) {
  const v = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const out = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.max(0, Math.min(255, Math.round(out)));
  };
  const rgb = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map(channel);
  return `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
const poly = (points: [number, number][], fill: string, extra = "") =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}" fill="${fill}"${extra ? " " + extra : ""}/>`;
const circle = (x: number, y: number, radius: number, fill: string, extra = "") =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
const ellipse = (x: number, y: number, rx: number, ry: number, fill: string, extra = "") =>
  `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? " " + extra : ""}/>`;
const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra = "",
) =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}"${extra ? " " + extra : ""}/>`;

/** Gradient and pattern definitions of one picture (ids are unique within the document). */
class Defs {
  private parts: string[] = [];
  private count = 0;
  linear(stops: [number, string][], horizontal = false) {
    const id = `g${this.count++}`;
    const dir = horizontal ? `x1="0" y1="0" x2="1" y2="0"` : `x1="0" y1="0" x2="0" y2="1"`;
    const s = stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("");
    this.parts.push(`<linearGradient id="${id}" ${dir}>${s}</linearGradient>`);
    return `url(#${id})`;
  }
  clip(shape: string) {
    const id = `c${this.count++}`;
    this.parts.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }
  pattern(w: number, h: number, content: string) {
    const id = `p${this.count++}`;
    this.parts.push(
      `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse">${content}</pattern>`,
    );
    return `url(#${id})`;
  }
  toString() {
    return this.parts.join("");
  }
}

// ---------------------------------------------------------------------------------------------
// Landscape parts
// ---------------------------------------------------------------------------------------------

const SKIES: [string, string, string][] = [
  ["#2f6fb5", "#a9d6f7", "#fff3b8"],
  ["#3b8ede", "#d9f0ff", "#fff7cf"],
  ["#4a6fa5", "#ffd9a0", "#ffd36b"],
  ["#5a7fc0", "#f6c9a8", "#ffe08a"],
  ["#1f5f9e", "#8ec5ee", "#fff3b8"],
];

function sky(r: Rand, defs: Defs) {
  const [top, bottom, sun] = pick(r, SKIES);
  let out = rect(
    0,
    0,
    W,
    H,
    defs.linear([
      [0, top],
      [0.75, bottom],
      [1, bottom],
    ]),
  );
  const sx = between(r, 150, 1450);
  const sy = between(r, 110, 250);
  const sr = between(r, 48, 78);
  out += circle(sx, sy, sr * 2.3, sun, `opacity="0.18"`) + circle(sx, sy, sr, sun);
  for (let i = int(r, 2, 5); i > 0; i--)
    out += cloud(between(r, -80, W - 100), between(r, 60, 320), between(r, 0.6, 1.4));
  return out;
}

function cloud(x: number, y: number, s: number) {
  return `<g fill="#ffffff" opacity="0.88">${ellipse(x, y, 95 * s, 34 * s, "#fff")}${ellipse(x + 60 * s, y - 26 * s, 70 * s, 46 * s, "#fff")}${ellipse(x + 135 * s, y - 2 * s, 82 * s, 32 * s, "#fff")}${ellipse(x - 70 * s, y + 8 * s, 62 * s, 24 * s, "#fff")}</g>`;
}

/** A mountain range between x = -100 and W + 100; snow caps on the peaks when `snow` is set. */
function mountains(
  r: Rand,
  baseY: number,
  highest: number,
  lowest: number,
  color: string,
  snow: boolean,
) {
  const pts: [number, number][] = [[-100, baseY - between(r, 40, 120)]];
  const peaks: number[] = [];
  let x = -100;
  while (x < W + 100) {
    const w = between(r, 260, 460);
    const peakY = between(r, highest, lowest);
    pts.push([x + w / 2 + between(r, -40, 40), peakY]);
    peaks.push(pts.length - 1);
    pts.push([x + w, between(r, peakY + (baseY - peakY) * 0.35, peakY + (baseY - peakY) * 0.8)]);
    x += w;
  }
  let out = poly([...pts, [W + 100, H], [-100, H]], color);
  // Shadowed flank: one side of each peak a little darker gives the range volume.
  for (const i of peaks) {
    const [px, py] = pts[i];
    const [rx, ry] = pts[i + 1];
    out += poly(
      [
        [px, py],
        [rx, ry],
        [px + (rx - px) * 0.2, ry],
      ],
      shade(color, -0.12),
    );
  }
  if (snow) {
    for (const i of peaks) {
      const [px, py] = pts[i];
      const [lx, ly] = pts[i - 1];
      const [rx, ry] = pts[i + 1];
      const k = between(r, 0.22, 0.32);
      const a: [number, number] = [px + (lx - px) * k, py + (ly - py) * k];
      const b: [number, number] = [px + (rx - px) * k, py + (ry - py) * k];
      out += poly(
        [
          [px, py],
          b,
          [px + (rx - px) * k * 0.5, py + (ry - py) * k * 0.75],
          [px, py + (Math.max(a[1], b[1]) - py) * 0.8],
          [px + (lx - px) * k * 0.55, py + (ly - py) * k * 0.7],
          a,
        ],
        "#f7f9fc",
      );
    }
  }
  return out;
}

/** Rolling hills: a smooth curve around baseY, filled to the bottom of the picture. */
function hills(r: Rand, baseY: number, amplitude: number, fill: string) {
  const step = between(r, 280, 460);
  let x = -60;
  let d = `M ${x} ${n(baseY + between(r, -amplitude, amplitude))}`;
  d += ` Q ${n(x + step / 2)} ${n(baseY - amplitude * between(r, 0.5, 1.6))} ${n(x + step)} ${n(baseY + between(r, -amplitude / 2, amplitude / 2))}`;
  x += step;
  while (x < W + 60) {
    x += step;
    d += ` T ${n(x)} ${n(baseY + between(r, -amplitude, amplitude))}`;
  }
  return `<path d="${d} V ${H} H -60 Z" fill="${fill}"/>`;
}

function fir(x: number, y: number, h: number, color: string) {
  return (
    rect(x - h * 0.035, y - h * 0.12, h * 0.07, h * 0.12, "#5b3b25") +
    poly(
      [
        [x, y - h],
        [x - h * 0.17, y - h * 0.64],
        [x - h * 0.08, y - h * 0.64],
        [x - h * 0.27, y - h * 0.34],
        [x - h * 0.13, y - h * 0.34],
        [x - h * 0.36, y - h * 0.1],
        [x + h * 0.36, y - h * 0.1],
        [x + h * 0.13, y - h * 0.34],
        [x + h * 0.27, y - h * 0.34],
        [x + h * 0.08, y - h * 0.64],
        [x + h * 0.17, y - h * 0.64],
      ],
      color,
    )
  );
}

function leafyTree(x: number, y: number, h: number, color: string) {
  return (
    rect(x - h * 0.04, y - h * 0.45, h * 0.08, h * 0.45, "#6b4a2f") +
    circle(x - h * 0.16, y - h * 0.58, h * 0.22, shade(color, -0.1)) +
    circle(x + h * 0.16, y - h * 0.6, h * 0.23, color) +
    circle(x, y - h * 0.8, h * 0.24, shade(color, 0.08))
  );
}

function cypress(x: number, y: number, h: number) {
  return (
    rect(x - h * 0.02, y - h * 0.08, h * 0.04, h * 0.08, "#5b3b25") +
    ellipse(x, y - h * 0.55, h * 0.11, h * 0.48, "#2f4f2a")
  );
}

function palm(x: number, y: number, h: number) {
  const tx = x + h * 0.16;
  const ty = y - h;
  let out = `<path d="M ${n(x)} ${n(y)} Q ${n(x + h * 0.02)} ${n(y - h * 0.55)} ${n(tx)} ${n(ty)}" stroke="#8b6b4a" stroke-width="${n(h * 0.05)}" fill="none" stroke-linecap="round"/>`;
  const leaves: [number, number][] = [
    [-0.45, 0.18],
    [-0.3, 0.32],
    [0.42, 0.2],
    [0.3, 0.34],
    [0.05, 0.3],
    [-0.12, -0.02],
    [0.2, 0.02],
  ];
  for (const [dx, dy] of leaves) {
    const ex = tx + dx * h;
    const ey = ty + dy * h;
    out += `<path d="M ${n(tx)} ${n(ty)} Q ${n(tx + dx * h * 0.55)} ${n(ty - h * 0.12)} ${n(ex)} ${n(ey)}" stroke="#3d7a3a" stroke-width="${n(h * 0.045)}" fill="none" stroke-linecap="round"/>`;
  }
  return out;
}

function glassWindow(x: number, y: number, w: number, h: number, glass: string, frame = "#ffffff") {
  return (
    rect(x - 5, y - 5, w + 10, h + 10, frame) +
    rect(x, y, w, h, glass) +
    poly(
      [
        [x, y + h * 0.55],
        [x + w * 0.55, y],
        [x + w * 0.8, y],
        [x, y + h * 0.85],
      ],
      "#ffffff",
      `opacity="0.22"`,
    ) +
    line(x + w / 2, y, x + w / 2, y + h, frame, 4) +
    line(x, y + h * 0.45, x + w, y + h * 0.45, frame, 4)
  );
}

// ---------------------------------------------------------------------------------------------
// Houses
// ---------------------------------------------------------------------------------------------

const NORTH_WALLS = ["#f4efe6", "#e9dcc6", "#b5533c", "#f2e3c6", "#dfe7ec", "#c9d8c5"];
const NORTH_ROOFS = ["#8c2f1f", "#4a4a4a", "#a0522d", "#5b3a29", "#33475b"];
const SOUTH_WALLS = ["#f3e2c7", "#efd0a8", "#f6ead8", "#e8c39e", "#f2d6c0"];
const SHUTTERS = ["#2e6b4f", "#2f5f8a", "#3f8f8a", "#7a4b2a", "#8aa37b"];

function house(r: Rand, ctx: PictureContext, cx: number, groundY: number, s: number) {
  if (ctx.style === "alpine") return chalet(r, cx, groundY, s);
  if (ctx.style === "cyclades") return cycladicHouse(r, cx, groundY, s);
  if (ctx.style === "south") return southernHouse(r, cx, groundY, s);
  return northernHouse(r, cx, groundY, s);
}

function northernHouse(r: Rand, cx: number, groundY: number, s: number) {
  const w = between(r, 380, 470) * s;
  const h = between(r, 230, 280) * s;
  const wall = pick(r, NORTH_WALLS);
  const roof = pick(r, NORTH_ROOFS);
  const left = cx - w / 2;
  const top = groundY - h;
  const roofTop = top - between(r, 170, 220) * s;
  let out = rect(cx + w * 0.22, roofTop + 40 * s, 34 * s, 110 * s, shade(roof, -0.2));
  out += rect(left, top, w, h, wall) + rect(left + w * 0.7, top, w * 0.3, h, shade(wall, -0.07));
  out += poly(
    [
      [left - 34 * s, top + 6 * s],
      [cx, roofTop],
      [left + w + 34 * s, top + 6 * s],
    ],
    roof,
  );
  out += circle(
    cx,
    top - (top - roofTop) * 0.38,
    26 * s,
    "#a9d2f0",
    `stroke="#fff" stroke-width="${n(7 * s)}"`,
  );
  const glass = pick(r, ["#a9d2f0", "#bcd9ea", "#f3d98a"]);
  const cols = 3;
  for (let c = 0; c < cols; c++) {
    const wx = left + w * (0.15 + c * 0.3);
    out += glassWindow(wx, top + h * 0.12, 58 * s, 70 * s, glass);
    if (c !== 1) out += glassWindow(wx, top + h * 0.56, 58 * s, 70 * s, glass);
  }
  out += rect(
    cx - 34 * s,
    groundY - 125 * s,
    68 * s,
    125 * s,
    pick(r, ["#3b5b7a", "#6b3e26", "#2e6b4f", "#7a2f2f"]),
  );
  out += circle(cx + 20 * s, groundY - 62 * s, 4 * s, "#e6c35c");
  return out;
}

function chalet(r: Rand, cx: number, groundY: number, s: number) {
  const w = between(r, 440, 520) * s;
  const h = between(r, 270, 310) * s;
  const wood = pick(r, ["#9a6434", "#8a5a2e", "#a8713f", "#7d4f2a"]);
  const left = cx - w / 2;
  const top = groundY - h;
  const flowers = pick(r, ["#d94a4a", "#e86aa6", "#f28c38"]);
  let out = rect(left, groundY - h * 0.45, w, h * 0.45, "#f1ece4");
  out += rect(left, top, w, h * 0.55, wood);
  for (let y = top + 14 * s; y < top + h * 0.55; y += 18 * s)
    out += line(left, y, left + w, y, shade(wood, -0.18), 2);
  const roofTop = top - between(r, 110, 150) * s;
  out += poly(
    [
      [left - 80 * s, top + 16 * s],
      [cx, roofTop],
      [left + w + 80 * s, top + 16 * s],
      [left + w + 80 * s, top + 34 * s],
      [cx, roofTop + 20 * s],
      [left - 80 * s, top + 34 * s],
    ],
    "#4a3020",
  );
  out += poly(
    [
      [left - 60 * s, top + 12 * s],
      [cx, roofTop + 16 * s],
      [left + w + 60 * s, top + 12 * s],
    ],
    shade(wood, -0.05),
  );
  out += glassWindow(
    cx - 40 * s,
    top - (top - roofTop) * 0.15 - 40 * s,
    80 * s,
    60 * s,
    "#a9d2f0",
    "#f1ece4",
  );
  // Balcony with slats and flower boxes: the picture-book chalet.
  const by = top + h * 0.42;
  out += rect(left - 20 * s, by, w + 40 * s, 14 * s, "#5e3b1f");
  for (let x = left - 14 * s; x < left + w + 20 * s; x += 22 * s)
    out += rect(x, by - 52 * s, 10 * s, 52 * s, "#6d4525");
  out += rect(left - 20 * s, by - 58 * s, w + 40 * s, 10 * s, "#5e3b1f");
  for (let x = left; x < left + w; x += 16 * s)
    out += circle(x + 8 * s, by - 62 * s, 8 * s, flowers);
  for (const fx of [0.14, 0.42, 0.7])
    out += glassWindow(left + w * fx, top + h * 0.1, 60 * s, 62 * s, "#a9d2f0", "#f1ece4");
  for (const fx of [0.12, 0.72]) {
    out += glassWindow(left + w * fx, groundY - h * 0.34, 62 * s, 66 * s, "#a9d2f0", "#ffffff");
    out +=
      rect(left + w * fx - 18 * s, groundY - h * 0.34 - 5 * s, 12 * s, 76 * s, "#2e6b4f") +
      rect(left + w * fx + 68 * s, groundY - h * 0.34 - 5 * s, 12 * s, 76 * s, "#2e6b4f");
  }
  out += rect(cx - 36 * s, groundY - 120 * s, 72 * s, 120 * s, "#5e3b1f");
  return out;
}

function southernHouse(r: Rand, cx: number, groundY: number, s: number) {
  const w = between(r, 430, 520) * s;
  const h = between(r, 220, 260) * s;
  const wall = pick(r, SOUTH_WALLS);
  const shutter = pick(r, SHUTTERS);
  const left = cx - w / 2;
  const top = groundY - h;
  let out =
    rect(left, top, w, h, wall) + rect(left + w * 0.72, top, w * 0.28, h, shade(wall, -0.08));
  const roofH = between(r, 70, 100) * s;
  out += poly(
    [
      [left - 26 * s, top + 4 * s],
      [left + 90 * s, top - roofH],
      [left + w - 90 * s, top - roofH],
      [left + w + 26 * s, top + 4 * s],
    ],
    "#c1502e",
  );
  for (let i = 1; i < 4; i++) {
    const y = top - roofH + (roofH * i) / 4;
    out += line(
      left + 90 * s - (90 + 26) * s * (i / 4),
      y,
      left + w - 90 * s + (90 + 26) * s * (i / 4),
      y,
      "#9c3b20",
      3,
    );
  }
  for (const fx of [0.14, 0.44, 0.74]) {
    const wx = left + w * fx;
    for (const wy of [top + h * 0.12, top + h * 0.56]) {
      if (fx === 0.44 && wy > top + h * 0.3) continue;
      out +=
        rect(wx - 18 * s, wy - 4 * s, 16 * s, 78 * s, shutter) +
        rect(wx + 56 * s, wy - 4 * s, 16 * s, 78 * s, shutter);
      out += glassWindow(wx, wy, 54 * s, 70 * s, "#6f8fa8", "#f8f3ea");
    }
  }
  const dx = cx - 10 * s;
  out += `<path d="M ${n(dx - 36 * s)} ${n(groundY)} V ${n(groundY - 100 * s)} A ${n(36 * s)} ${n(36 * s)} 0 0 1 ${n(dx + 36 * s)} ${n(groundY - 100 * s)} V ${n(groundY)} Z" fill="${shade(shutter, -0.2)}"/>`;
  // Bougainvillea on one corner.
  if (r() < 0.7) {
    const bx = r() < 0.5 ? left : left + w;
    for (let i = 0; i < 14; i++)
      out += circle(
        bx + between(r, -40, 40) * s,
        top + between(r, 0, h * 0.7),
        between(r, 10, 22) * s,
        pick(r, ["#d63a8a", "#e0559e", "#b82d74"]),
      );
  }
  return out;
}

function cycladicHouse(r: Rand, cx: number, groundY: number, s: number) {
  const blue = pick(r, ["#1f5fa8", "#2a6fb8", "#1b4f8f"]);
  const w = between(r, 340, 400) * s;
  const h = between(r, 200, 240) * s;
  const left = cx - w / 2;
  let out = "";
  const w2 = w * 0.55;
  const h2 = h * 0.7;
  out +=
    rect(left + w * 0.72, groundY - h2, w2, h2, "#f4f6f8") +
    rect(left + w * 0.72 + w2 * 0.7, groundY - h2, w2 * 0.3, h2, "#dde3ea");
  if (r() < 0.6) {
    const domeX = left + w * 0.72 + w2 * 0.45;
    out += `<path d="M ${n(domeX - 55 * s)} ${n(groundY - h2)} A ${n(55 * s)} ${n(55 * s)} 0 0 1 ${n(domeX + 55 * s)} ${n(groundY - h2)} Z" fill="${blue}"/>`;
  }
  out +=
    rect(left, groundY - h, w, h, "#fbfcfd") +
    rect(left + w * 0.78, groundY - h, w * 0.22, h, "#e2e8ee");
  out += rect(left - 6 * s, groundY - h - 10 * s, w + 12 * s, 12 * s, "#eef2f5");
  out += rect(left + w * 0.14, groundY - 118 * s, 62 * s, 118 * s, blue);
  for (const fx of [0.48, 0.7])
    out +=
      rect(left + w * fx - 6 * s, groundY - h * 0.7 - 6 * s, 60 * s, 66 * s, blue) +
      rect(left + w * fx, groundY - h * 0.7, 48 * s, 54 * s, "#24303c");
  out += rect(left + w * 0.76 + w2 * 0.2, groundY - h2 * 0.62, 50 * s, 56 * s, blue);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Backdrops per scene (everything behind the house); each returns the ground line for the house.
// ---------------------------------------------------------------------------------------------

type Backdrop = { svg: string; groundY: number; houseX: number };

function seaBackdrop(r: Rand, ctx: PictureContext, defs: Defs): Backdrop {
  const horizon = between(r, 560, 620);
  let out = sky(r, defs);
  if (r() < 0.6) out += hills(r, horizon - 10, 30, "#8aa7b8");
  out += rect(
    0,
    horizon,
    W,
    H - horizon,
    defs.linear([
      [0, "#3f8fc4"],
      [1, "#1d5f92"],
    ]),
  );
  for (let i = 0; i < 26; i++) {
    const x = between(r, 0, W);
    const y = between(r, horizon + 10, horizon + 240);
    const len = between(r, 30, 110) * ((y - horizon) / 200 + 0.4);
    out += line(x, y, x + len, y, "#ffffff", 3, `opacity="0.35" stroke-linecap="round"`);
  }
  const shore = horizon + between(r, 180, 240);
  const sand = ctx.style === "north" ? "#eddcb4" : "#f0d6a4";
  if (ctx.style === "cyclades") {
    // A rocky island slope with the white houses on it.
    out += `<path d="M 500 ${n(H)} Q 900 ${n(shore - 120)} ${W} ${n(shore - 160)} V ${H} Z" fill="#cdb48f"/>`;
    out += `<path d="M 0 ${n(shore + 60)} Q 400 ${n(shore + 20)} 700 ${n(shore + 110)} V ${H} H 0 Z" fill="#b99d74"/>`;
    return { svg: out, groundY: shore + 40, houseX: between(r, 1050, 1250) };
  }
  out += `<path d="M 0 ${n(shore + 40)} Q ${n(W * 0.45)} ${n(shore - 30)} ${W} ${n(shore + 10)} V ${H} H 0 Z" fill="#ffffff" opacity="0.6"/>`;
  out += `<path d="M 0 ${n(shore + 50)} Q ${n(W * 0.45)} ${n(shore - 20)} ${W} ${n(shore + 20)} V ${H} H 0 Z" fill="${sand}"/>`;
  return { svg: out, groundY: shore + between(r, 110, 150), houseX: between(r, 950, 1250) };
}

function mountainBackdrop(r: Rand, _ctx: PictureContext, defs: Defs): Backdrop {
  let out = sky(r, defs);
  out += mountains(r, 700, 180, 330, pick(r, ["#8fa5bd", "#9aaec4", "#8196b0"]), true);
  out += mountains(r, 780, 380, 520, pick(r, ["#5f7d6a", "#6b8a72", "#55735f"]), r() < 0.3);
  out += hills(
    r,
    800,
    40,
    defs.linear([
      [0, "#7fb069"],
      [1, "#4f8a3c"],
    ]),
  );
  for (let i = 0; i < 9; i++) {
    const x = between(r, 0, W);
    const y = between(r, 780, 880);
    out += fir(x, y, between(r, 110, 190), pick(r, ["#2f5d3a", "#264d31", "#3a6b43"]));
  }
  return { svg: out, groundY: between(r, 900, 940), houseX: between(r, 550, 1050) };
}

function lakeBackdrop(r: Rand, ctx: PictureContext, defs: Defs): Backdrop {
  let out = sky(r, defs);
  const water = between(r, 600, 650);
  out += mountains(r, water + 20, 230, 420, pick(r, ["#8ea3b9", "#9db0c2"]), r() < 0.7);
  out += hills(r, water - 10, 20, "#6d8f64");
  out += rect(
    0,
    water,
    W,
    H - water,
    defs.linear([
      [0, "#5aa0c8"],
      [1, "#2d6f96"],
    ]),
  );
  for (let i = 0; i < 18; i++) {
    const x = between(r, 0, W * 0.6);
    const y = between(r, water + 15, water + 300);
    out += line(
      x,
      y,
      x + between(r, 40, 120),
      y,
      "#ffffff",
      3,
      `opacity="0.3" stroke-linecap="round"`,
    );
  }
  // A sailing boat on the lake.
  const bx = between(r, 200, 600);
  const by = water + between(r, 80, 180);
  out += `<path d="M ${n(bx - 60)} ${n(by)} L ${n(bx + 60)} ${n(by)} L ${n(bx + 40)} ${n(by + 20)} L ${n(bx - 40)} ${n(by + 20)} Z" fill="#f4f4f4"/>`;
  out +=
    poly(
      [
        [bx, by - 4],
        [bx, by - 130],
        [bx + 70, by - 4],
      ],
      "#ffffff",
    ) +
    poly(
      [
        [bx - 4, by - 4],
        [bx - 4, by - 100],
        [bx - 50, by - 4],
      ],
      "#f3d9a4",
    );
  out += `<path d="M 650 ${H} Q 850 ${n(water + 110)} ${W} ${n(water + 90)} V ${H} Z" fill="${ctx.style === "south" ? "#8fa35a" : "#6aa84f"}"/>`;
  for (let i = 0; i < 5; i++) {
    const x = between(r, 800, W);
    out +=
      ctx.style === "south"
        ? cypress(x, water + 140, between(r, 150, 220))
        : leafyTree(x, water + 150, between(r, 120, 180), "#4f8f3a");
  }
  return { svg: out, groundY: water + between(r, 210, 250), houseX: between(r, 1100, 1300) };
}

const CITY_FACADES_NORTH = [
  "#c9a27e",
  "#b5533c",
  "#e8d8b8",
  "#9fb4c7",
  "#d9c3a5",
  "#7d8f69",
  "#efe6d2",
];
const CITY_FACADES_SOUTH = [
  "#e8c39e",
  "#f2d6c0",
  "#d98e5a",
  "#f3e2c7",
  "#c7a07a",
  "#e5b98f",
  "#f0e0b0",
];

/** A row of town houses; step gables in the north, flat cornices in the south. */
function facadeRow(
  r: Rand,
  ctx: PictureContext,
  baseY: number,
  minH: number,
  maxH: number,
  scale: number,
) {
  const colors = ctx.style === "north" ? CITY_FACADES_NORTH : CITY_FACADES_SOUTH;
  let out = "";
  let x = between(r, -120, -20);
  while (x < W) {
    const w = between(r, 170, 260) * scale;
    const h = between(r, minH, maxH);
    const top = baseY - h;
    const color = pick(r, colors);
    out += rect(x, top, w, h, color);
    if (ctx.style === "north") {
      if (r() < 0.5) {
        out += poly(
          [
            [x, top],
            [x + w / 2, top - w * 0.45],
            [x + w, top],
          ],
          color,
        );
      } else {
        const st = w / 6;
        out += poly(
          [
            [x + st * 0.5, top],
            [x + st * 0.5, top - st],
            [x + st * 1.5, top - st],
            [x + st * 1.5, top - st * 2],
            [x + st * 2.5, top - st * 2],
            [x + st * 2.5, top - st * 3],
            [x + st * 3.5, top - st * 3],
            [x + st * 3.5, top - st * 2],
            [x + st * 4.5, top - st * 2],
            [x + st * 4.5, top - st],
            [x + st * 5.5, top - st],
            [x + st * 5.5, top],
          ],
          color,
        );
      }
    } else {
      out += rect(x - 6, top - 14, w + 12, 16, shade(color, -0.2));
      if (r() < 0.4)
        out += poly(
          [
            [x - 4, top - 14],
            [x + w / 2, top - 60],
            [x + w + 4, top - 14],
          ],
          "#c1502e",
        );
    }
    const cols = Math.max(2, Math.floor(w / (70 * scale)));
    const rows = Math.max(2, Math.floor((h - 90 * scale) / (95 * scale)));
    const glass = pick(r, ["#9fc2da", "#5d7287", "#b9d3e3"]);
    for (let c = 0; c < cols; c++) {
      for (let k = 0; k < rows; k++) {
        const wx = x + (w / cols) * (c + 0.5) - 17 * scale;
        const wy = top + 30 * scale + k * 95 * scale;
        out +=
          rect(wx - 3, wy - 3, 34 * scale + 6, 52 * scale + 6, "#f7f3ea") +
          rect(wx, wy, 34 * scale, 52 * scale, glass);
        if (ctx.style === "south" && r() < 0.5)
          out += rect(wx - 10 * scale, wy + 40 * scale, 54 * scale, 6 * scale, "#333");
      }
    }
    out += rect(
      x + w / 2 - 22 * scale,
      baseY - 70 * scale,
      44 * scale,
      70 * scale,
      shade(color, -0.45),
    );
    x += w + between(r, 0, 6);
  }
  return out;
}

/** Towers, domes and spires seen behind the houses. */
function skyline(r: Rand, baseY: number, color: string) {
  let out = "";
  let x = -40;
  while (x < W) {
    const w = between(r, 60, 170);
    const h = between(r, 120, 380);
    out += rect(x, baseY - h, w, h, color);
    const roll = r();
    if (roll < 0.15)
      out += poly(
        [
          [x, baseY - h],
          [x + w / 2, baseY - h - between(r, 80, 200)],
          [x + w, baseY - h],
        ],
        color,
      );
    else if (roll < 0.25) out += ellipse(x + w / 2, baseY - h, w / 2, w / 2.4, color);
    x += w + between(r, -10, 20);
  }
  return out;
}

function cityBackdrop(r: Rand, ctx: PictureContext, defs: Defs): Backdrop {
  let out = sky(r, defs);
  out += `<g opacity="0.55">${skyline(r, 720, "#8d9fb3")}</g>`;
  out += facadeRow(r, ctx, 830, 330, 520, 1);
  if (ctx.canal) {
    out +=
      rect(0, 830, W, 40, "#8c8478") +
      rect(
        0,
        870,
        W,
        H - 870,
        defs.linear([
          [0, "#3e6f7a"],
          [1, "#244c58"],
        ]),
      );
    for (let i = 0; i < 22; i++) {
      const x = between(r, 0, W);
      const y = between(r, 890, H);
      out += line(x, y, x + between(r, 40, 140), y, "#ffffff", 3, `opacity="0.25"`);
    }
    const bx = between(r, 200, 1100);
    out += `<path d="M ${n(bx)} 960 H ${n(bx + 320)} L ${n(bx + 280)} 1000 H ${n(bx + 30)} Z" fill="${pick(r, ["#7a2f2f", "#2f4f6f", "#3d5a3d"])}"/>`;
  } else {
    out += rect(0, 830, W, 60, "#c4beb3") + rect(0, 890, W, H - 890, "#6b6f75");
    for (let x = 40; x < W; x += 220) out += rect(x, 975, 110, 10, "#f0f0f0");
    for (let x = between(r, 60, 200); x < W; x += between(r, 280, 420)) {
      out +=
        ctx.style === "south"
          ? leafyTree(x, 870, 200, "#5f8f3a")
          : leafyTree(x, 870, 220, "#4f8a3c");
    }
    for (let x = between(r, 150, 250); x < W; x += 500) {
      out +=
        rect(x - 5, 640, 10, 235, "#2f3438") +
        ellipse(x, 640, 20, 12, "#2f3438") +
        circle(x, 652, 10, "#ffe9a8");
    }
  }
  return { svg: out, groundY: 0, houseX: 0 };
}

function countrysideBackdrop(r: Rand, ctx: PictureContext, defs: Defs): Backdrop {
  let out = sky(r, defs);
  const south = ctx.style === "south";
  out += hills(r, 620, 40, south ? "#a9b28a" : "#8fb08a");
  out += hills(r, 700, 40, south ? "#b9a85a" : "#6fa55a");
  const fieldTop = between(r, 770, 810);
  if (south && r() < 0.6) {
    // Lavender (or vine) rows converging towards the hills.
    out += rect(0, fieldTop, W, H - fieldTop, "#8a7a4a");
    const row = pick(r, ["#8e6bbf", "#7b5aa6", "#5f7f3a"]);
    for (let i = -12; i <= 12; i++) {
      const xb = W / 2 + i * 150;
      out += poly(
        [
          [W / 2 + i * 22 - 6, fieldTop],
          [W / 2 + i * 22 + 6, fieldTop],
          [xb + 40, H],
          [xb - 40, H],
        ],
        row,
      );
    }
  } else {
    out += rect(
      0,
      fieldTop,
      W,
      H - fieldTop,
      defs.linear([
        [0, south ? "#c9b46a" : "#79b35f"],
        [1, south ? "#a98f45" : "#4f8a3c"],
      ]),
    );
    for (let i = 0; i < 4; i++)
      out += line(
        0,
        fieldTop + 40 + i * 60,
        W,
        fieldTop + 20 + i * 70,
        "#ffffff",
        2,
        `opacity="0.12"`,
      );
  }
  for (let i = 0; i < 8; i++) {
    const x = between(r, 0, W);
    const y = between(r, 700, fieldTop + 20);
    out += south
      ? cypress(x, y, between(r, 110, 200))
      : leafyTree(x, y, between(r, 90, 170), pick(r, ["#4f8a3c", "#5b9a45", "#3f7a34"]));
  }
  return { svg: out, groundY: between(r, 900, 950), houseX: between(r, 500, 1100) };
}

function backdrop(r: Rand, ctx: PictureContext, defs: Defs): Backdrop {
  switch (ctx.scene) {
    case "sea":
      return seaBackdrop(r, ctx, defs);
    case "mountain":
      return mountainBackdrop(r, ctx, defs);
    case "lake":
      return lakeBackdrop(r, ctx, defs);
    case "city":
      return cityBackdrop(r, ctx, defs);
    case "countryside":
      return countrysideBackdrop(r, ctx, defs);
  }
}

// ---------------------------------------------------------------------------------------------
// Outdoor pictures
// ---------------------------------------------------------------------------------------------

function exterior(r: Rand, ctx: PictureContext, defs: Defs) {
  const back = backdrop(r, ctx, defs);
  if (ctx.scene === "city") return back.svg; // the facades are the house
  let out = back.svg;
  const s = between(r, 0.95, 1.2);
  // A lawn patch or path grounds the house.
  out += ellipse(back.houseX, back.groundY + 6, 320 * s, 26 * s, "#000000", `opacity="0.12"`);
  out += house(r, ctx, back.houseX, back.groundY, s);
  if (ctx.style === "south" && ctx.scene === "sea")
    out +=
      palm(back.houseX - 330 * s, back.groundY + 30, 330) +
      palm(back.houseX + 320 * s, back.groundY + 50, 280);
  if (ctx.style === "north" && ctx.scene === "sea") {
    for (let i = 0; i < 40; i++) {
      const x = between(r, 0, W);
      const y = between(r, back.groundY + 10, H);
      out += line(x, y, x + between(r, -12, 12), y - between(r, 20, 45), "#8a9a5b", 3);
    }
  }
  if (ctx.style === "cyclades") out += cycladicHouse(r, back.houseX - 430, back.groundY + 80, 0.55);
  if (ctx.scene === "countryside" || ctx.scene === "lake") {
    for (let x = back.houseX - 420; x < back.houseX + 420; x += 38)
      out += rect(x, back.groundY + 40, 8, 46, "#f3efe6");
    out += rect(back.houseX - 424, back.groundY + 52, 844, 7, "#f3efe6");
  }
  return out;
}

function balconyRailing(r: Rand, ctx: PictureContext) {
  const wood = ctx.style === "alpine";
  const color = wood ? "#6d4525" : pick(r, ["#f4f4f2", "#2f3438", "#dcd6cc"]);
  let out = rect(0, 930, W, H - 930, wood ? "#8a5a2e" : pick(r, ["#c9b79c", "#d8d2c8", "#b88b6a"]));
  for (let x = 20; x < W; x += wood ? 46 : 64) out += rect(x, 800, wood ? 30 : 10, 135, color);
  out += rect(0, 786, W, 22, color);
  // A potted plant and a coffee cup make the balcony look lived-in.
  const px = between(r, 100, 300);
  out += poly(
    [
      [px - 55, 1000],
      [px + 55, 1000],
      [px + 40, 1067],
      [px - 40, 1067],
    ],
    "#c0623a",
  );
  for (let i = 0; i < 7; i++)
    out += ellipse(
      px + between(r, -60, 60),
      960 - between(r, 0, 90),
      26,
      48,
      pick(r, ["#3f7a34", "#4f8f3a", "#2f6a2a"]),
      `transform="rotate(${int(r, -40, 40)} ${n(px)} 1000)"`,
    );
  return out;
}

function view(r: Rand, ctx: PictureContext, defs: Defs) {
  let out: string;
  if (ctx.scene === "city") {
    out =
      sky(r, defs) +
      `<g opacity="0.6">${skyline(r, 640, "#8d9fb3")}</g>` +
      `<g opacity="0.85">${skyline(r, 760, "#6f8296")}</g>`;
    out += facadeRow(r, { ...ctx, canal: false }, 1000, 220, 360, 0.8);
  } else {
    out = backdrop(r, ctx, defs).svg;
  }
  return out + balconyRailing(r, ctx);
}

function terrace(r: Rand, ctx: PictureContext, defs: Defs) {
  const back =
    ctx.scene === "city"
      ? { svg: sky(r, defs) + `<g opacity="0.7">${skyline(r, 760, "#8d9fb3")}</g>` }
      : backdrop(r, ctx, defs);
  const floor = pick(r, ["#d8c3a5", "#c9b79c", "#e2d6c3", "#b9a58a"]);
  let out = back.svg + rect(0, 760, W, H - 760, floor);
  for (let y = 790; y < H; y += 44) out += line(0, y, W, y, shade(floor, -0.12), 2);
  if (ctx.pool) {
    out += `<rect x="260" y="820" width="1080" height="200" rx="24" fill="${defs.linear([
      [0, "#7fd3e6"],
      [1, "#2aa3c4"],
    ])}" stroke="#f4f1ea" stroke-width="16"/>`;
    for (let i = 0; i < 10; i++) {
      const x = between(r, 300, 1250);
      const y = between(r, 840, 1000);
      out += `<path d="M ${n(x)} ${n(y)} q 20 -10 40 0 t 40 0" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.5"/>`;
    }
  }
  // Sun loungers or a table with chairs, and a parasol.
  const fabric = pick(r, ["#f2f2f2", "#2f5f8a", "#e07a5f", "#3f8f8a"]);
  if (ctx.pool) {
    for (const x of [120, 1380]) {
      out +=
        poly(
          [
            [x - 70, 800],
            [x + 70, 800],
            [x + 70, 770],
            [x - 40, 770],
            [x - 70, 720],
          ],
          fabric,
        ) +
        rect(x - 66, 800, 8, 30, "#555") +
        rect(x + 58, 800, 8, 30, "#555");
    }
  } else {
    const tx = between(r, 600, 1000);
    out += ellipse(tx, 860, 170, 34, "#6b4a2f") + rect(tx - 10, 860, 20, 110, "#6b4a2f");
    for (const dx of [-250, 250]) {
      out +=
        rect(tx + dx - 45, 880, 90, 18, "#7d5a3c") +
        rect(tx + dx - 45, 800, 14, 95, "#7d5a3c") +
        rect(tx + dx - 40, 898, 10, 70, "#5b3b25") +
        rect(tx + dx + 30, 898, 10, 70, "#5b3b25");
    }
    out += ellipse(tx - 60, 845, 30, 10, "#ffffff") + circle(tx + 50, 838, 12, "#c0623a");
  }
  const px = ctx.pool ? 1180 : between(r, 300, 1300);
  out += rect(px - 6, 520, 12, 330, "#8a8a8a");
  out += `<path d="M ${px - 260} 560 Q ${px} 430 ${px + 260} 560 Z" fill="${fabric === "#f2f2f2" ? "#e9e2d0" : fabric}"/>`;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rooms
// ---------------------------------------------------------------------------------------------

const WALLS = ["#f3eee6", "#e8efe9", "#efe6dc", "#e6ecf2", "#f5efe1", "#ece4f0", "#f1e9df"];
const ACCENTS = [
  "#2f5d62",
  "#c96f4a",
  "#3d5a80",
  "#8a9a5b",
  "#b5838d",
  "#e0a458",
  "#5c6f91",
  "#7a4b5a",
];
const WOODS = ["#b98b5e", "#a0714f", "#d2b48c", "#8d6748", "#c49a6c"];

function woodFloor(r: Rand, top: number) {
  const wood = pick(r, WOODS);
  let out = rect(0, top, W, H - top, wood);
  for (let y = top + 30; y < H; y += 34) {
    out += line(0, y, W, y, shade(wood, -0.15), 2);
    for (let x = between(r, 0, 200); x < W; x += between(r, 220, 420))
      out += line(x, y - 34, x, y, shade(wood, -0.15), 2);
  }
  return out;
}

/** A window onto the property's landscape, so rooms match the place. */
function roomWindow(
  r: Rand,
  ctx: PictureContext,
  defs: Defs,
  x: number,
  y: number,
  w: number,
  h: number,
  curtain: string,
) {
  const clip = defs.clip(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"/>`);
  let inside = rect(
    x,
    y,
    w,
    h,
    defs.linear([
      [0, "#6fa8dc"],
      [1, "#d6ecfa"],
    ]),
  );
  const base = y + h * 0.62;
  if (ctx.scene === "sea") inside += rect(x, base, w, h, "#2f7fb0");
  else if (ctx.scene === "lake")
    inside +=
      poly(
        [
          [x, base - 40],
          [x + w * 0.4, base - 110],
          [x + w, base - 30],
          [x + w, base],
          [x, base],
        ],
        "#8ea3b9",
      ) + rect(x, base, w, h, "#4a92ba");
  else if (ctx.scene === "mountain")
    inside +=
      poly(
        [
          [x - 40, base + 40],
          [x + w * 0.3, y + h * 0.25],
          [x + w * 0.55, base - 40],
          [x + w * 0.8, y + h * 0.3],
          [x + w + 40, base + 40],
        ],
        "#8196b0",
      ) +
      poly(
        [
          [x + w * 0.3, y + h * 0.25],
          [x + w * 0.36, y + h * 0.33],
          [x + w * 0.24, y + h * 0.33],
        ],
        "#f7f9fc",
      ) +
      rect(x, base + 30, w, h, "#6b9a5a");
  else if (ctx.scene === "city") {
    for (let bx = x - 10; bx < x + w; bx += between(r, 40, 80))
      inside += rect(
        bx,
        base - between(r, 40, 160),
        between(r, 36, 70),
        300,
        pick(r, ["#a7b3c0", "#c7b9a5", "#b5533c", "#d9c3a5"]),
      );
  } else
    inside +=
      ellipse(x + w * 0.3, base + 40, w * 0.8, 90, "#8fb08a") +
      ellipse(x + w, base + 60, w * 0.7, 90, "#6fa55a");
  let out = `<g clip-path="${clip}">${inside}</g>`;
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="none" stroke="#ffffff" stroke-width="16"/>`;
  out +=
    line(x + w / 2, y, x + w / 2, y + h, "#ffffff", 10) +
    line(x, y + h * 0.4, x + w, y + h * 0.4, "#ffffff", 10);
  out += rect(x - 30, y + h + 8, w + 60, 18, "#f7f5f0");
  out += `<path d="M ${n(x - 70)} ${n(y - 40)} H ${n(x + 20)} Q ${n(x - 10)} ${n(y + h / 2)} ${n(x + 10)} ${n(y + h + 60)} H ${n(x - 70)} Z" fill="${curtain}" opacity="0.9"/>`;
  out += `<path d="M ${n(x + w + 70)} ${n(y - 40)} H ${n(x + w - 20)} Q ${n(x + w + 10)} ${n(y + h / 2)} ${n(x + w - 10)} ${n(y + h + 60)} H ${n(x + w + 70)} Z" fill="${curtain}" opacity="0.9"/>`;
  out += rect(x - 90, y - 50, w + 180, 10, "#6b6b6b");
  return out;
}

function wallPicture(r: Rand, x: number, y: number, w: number, h: number) {
  const colors = [pick(r, ACCENTS), pick(r, ACCENTS), pick(r, ["#f2c14e", "#e07a5f", "#81b29a"])];
  return (
    rect(x - 12, y - 12, w + 24, h + 24, pick(r, ["#2b2b2b", "#c9a66b", "#ffffff"])) +
    rect(x, y, w, h, "#f8f6f0") +
    circle(x + w * 0.35, y + h * 0.4, Math.min(w, h) * 0.22, colors[0]) +
    rect(x + w * 0.45, y + h * 0.5, w * 0.4, h * 0.35, colors[1], `opacity="0.85"`) +
    line(x + w * 0.1, y + h * 0.85, x + w * 0.9, y + h * 0.6, colors[2], 8)
  );
}

function plant(r: Rand, x: number, floorY: number, size: number) {
  let out = poly(
    [
      [x - 45 * size, floorY - 90 * size],
      [x + 45 * size, floorY - 90 * size],
      [x + 34 * size, floorY],
      [x - 34 * size, floorY],
    ],
    pick(r, ["#c0623a", "#f2efe8", "#2f3438", "#d8c3a5"]),
  );
  for (let i = 0; i < 9; i++) {
    const angle = between(r, -55, 55);
    out += ellipse(
      x,
      floorY - 170 * size,
      22 * size,
      80 * size,
      pick(r, ["#3f7a34", "#4f8f3a", "#2f6a2a"]),
      `transform="rotate(${n(angle)} ${n(x)} ${n(floorY - 90 * size)})"`,
    );
  }
  return out;
}

function floorLamp(x: number, floorY: number, shadeColor: string) {
  return (
    rect(x - 4, floorY - 380, 8, 380, "#3a3a3a") +
    ellipse(x, floorY, 40, 8, "#3a3a3a") +
    poly(
      [
        [x - 45, floorY - 380],
        [x + 45, floorY - 380],
        [x + 65, floorY - 300],
        [x - 65, floorY - 300],
      ],
      shadeColor,
    )
  );
}

function living(r: Rand, ctx: PictureContext, defs: Defs) {
  const wall = pick(r, WALLS);
  const sofa = pick(r, ACCENTS);
  const floorY = 800;
  let out =
    rect(0, 0, W, floorY, wall) +
    woodFloor(r, floorY) +
    rect(0, floorY - 16, W, 16, shade(wall, -0.1));
  const winLeft = r() < 0.5;
  // The lamp stands between window and sofa, the plant in the far corner: nothing overlaps.
  const winX = winLeft ? between(r, 140, 220) : between(r, 1120, 1200);
  out += roomWindow(r, ctx, defs, winX, 150, 320, 420, shade(pick(r, ACCENTS), 0.35));
  const sx = winLeft ? between(r, 640, 720) : between(r, 200, 280);
  const sw = between(r, 520, 600);
  out += wallPicture(r, sx + sw / 2 - 150, 250, 300, 200);
  out += ellipse(
    sx + sw / 2,
    960,
    sw * 0.75,
    80,
    pick(r, ["#e9dcc6", "#d6c7b0", "#c8d3d8", "#e6d2c8"]),
  );
  // Sofa: back, seat, arms, cushions and legs.
  out += `<rect x="${n(sx)}" y="560" width="${n(sw)}" height="160" rx="26" fill="${shade(sofa, -0.1)}"/>`;
  out += `<rect x="${n(sx + 20)}" y="670" width="${n(sw - 40)}" height="110" rx="18" fill="${sofa}"/>`;
  out += `<rect x="${n(sx - 40)}" y="620" width="90" height="170" rx="28" fill="${shade(sofa, -0.05)}"/>`;
  out += `<rect x="${n(sx + sw - 50)}" y="620" width="90" height="170" rx="28" fill="${shade(sofa, -0.05)}"/>`;
  for (let i = 0; i < 3; i++)
    out += `<rect x="${n(sx + 70 + (i * (sw - 140)) / 3)}" y="590" width="${n((sw - 160) / 3)}" height="110" rx="22" fill="${shade(sofa, 0.15 + i * 0.05)}"/>`;
  out += `<rect x="${n(sx + 80)}" y="610" width="90" height="80" rx="14" fill="${pick(r, ["#f2c14e", "#f4f1ea", "#e07a5f"])}" transform="rotate(-8 ${n(sx + 125)} 650)"/>`;
  out += rect(sx, 785, 14, 30, "#3a2a1a") + rect(sx + sw - 14, 785, 14, 30, "#3a2a1a");
  // Coffee table with a book and a vase.
  const tx = sx + sw / 2;
  out +=
    `<rect x="${n(tx - 190)}" y="850" width="380" height="26" rx="8" fill="${pick(r, WOODS)}"/>` +
    rect(tx - 170, 876, 14, 80, "#3a2a1a") +
    rect(tx + 156, 876, 14, 80, "#3a2a1a");
  out +=
    rect(tx - 120, 832, 110, 18, pick(r, ACCENTS)) +
    `<rect x="${n(tx + 60)}" y="780" width="40" height="70" rx="14" fill="${pick(r, ["#f4f1ea", "#3d5a80", "#c96f4a"])}"/>`;
  out += floorLamp(winLeft ? sx - 100 : sx + sw + 100, floorY + 20, shade(pick(r, ACCENTS), 0.5));
  out += plant(r, winLeft ? W - 120 : 120, floorY + 40, between(r, 0.9, 1.3));
  return out;
}

function bedroom(r: Rand, ctx: PictureContext, defs: Defs) {
  const wall = pick(r, WALLS);
  const accent = pick(r, ACCENTS);
  const floorY = 780;
  let out =
    rect(0, 0, W, floorY, wall) +
    woodFloor(r, floorY) +
    rect(0, floorY - 16, W, 16, shade(wall, -0.1));
  const winLeft = r() < 0.5;
  out += roomWindow(r, ctx, defs, winLeft ? 130 : W - 430, 170, 300, 400, shade(accent, 0.55));
  const bx = winLeft ? between(r, 560, 660) : between(r, 300, 400);
  const bw = 700;
  out += wallPicture(r, bx + bw / 2 - 170, 210, 340, 170);
  out += `<rect x="${n(bx)}" y="420" width="${bw}" height="330" rx="20" fill="${shade(accent, -0.1)}"/>`;
  out += `<rect x="${n(bx - 20)}" y="660" width="${bw + 40}" height="200" rx="16" fill="#f7f5f0"/>`;
  out += `<rect x="${n(bx - 30)}" y="720" width="${bw + 60}" height="190" rx="18" fill="${pick(r, ["#ffffff", "#eef1f4", "#f3ece2"])}"/>`;
  out += `<rect x="${n(bx - 30)}" y="820" width="${bw + 60}" height="80" rx="10" fill="${shade(accent, 0.25)}"/>`;
  out += `<rect x="${n(bx + 60)}" y="600" width="260" height="110" rx="30" fill="#ffffff" stroke="#e2ddd3" stroke-width="4"/>`;
  out += `<rect x="${n(bx + bw - 320)}" y="600" width="260" height="110" rx="30" fill="#ffffff" stroke="#e2ddd3" stroke-width="4"/>`;
  out += `<rect x="${n(bx + 230)}" y="640" width="120" height="90" rx="20" fill="${shade(accent, 0.4)}"/>`;
  for (const nx of [bx - 200, bx + bw + 40]) {
    out += rect(nx, 700, 160, 180, pick(r, WOODS)) + rect(nx + 20, 760, 120, 4, "#3a2a1a");
    out +=
      rect(nx + 72, 640, 16, 60, "#c9a66b") +
      poly(
        [
          [nx + 40, 570],
          [nx + 120, 570],
          [nx + 135, 640],
          [nx + 25, 640],
        ],
        "#f6ecd8",
      );
  }
  return out;
}

function kitchen(r: Rand, ctx: PictureContext, defs: Defs) {
  const wall = pick(r, WALLS);
  const fronts = pick(r, ["#f4f1ea", "#2f5d62", "#3d5a80", "#8a9a5b", "#d9d4cb", "#2b2f33"]);
  const top = pick(r, ["#2b2b2b", "#e8e4dc", "#b98b5e", "#9aa0a6"]);
  const floorY = 860;
  let out = rect(0, 0, W, floorY, wall);
  const tile = pick(r, ["#ffffff", "#dfe9ef", "#f1e7d6", "#d6e5d8"]);
  const tiles = defs.pattern(
    60,
    30,
    rect(0, 0, 60, 30, tile) +
      `<path d="M0 0 H60 M0 0 V30" stroke="${shade(tile, -0.15)}" stroke-width="2"/>`,
  );
  out += rect(0, 420, W, 200, tiles);
  const floorTile = pick(r, ["#d8d2c8", "#b9b4ab", "#c9b79c"]);
  out += rect(
    0,
    floorY,
    W,
    H - floorY,
    defs.pattern(
      120,
      120,
      rect(0, 0, 120, 120, floorTile) +
        rect(0, 0, 60, 60, shade(floorTile, -0.08)) +
        rect(60, 60, 60, 60, shade(floorTile, -0.08)),
    ),
  );
  // Upper cabinets with a window above the sink.
  const winX = between(r, 520, 760);
  const hobX = winX > 640 ? 160 : 1000;
  // No wall cabinet where the window (with its curtains) or the extractor hood is.
  for (let x = 60; x < W - 300; x += 180) {
    if (x + 170 > winX - 80 && x < winX + 400) continue;
    if (x + 170 > hobX && x < hobX + 240) continue;
    out += rect(x, 120, 170, 270, fronts) + rect(x + 140, 320, 10, 50, "#9a9a9a");
  }
  out += roomWindow(r, ctx, defs, winX, 100, 320, 300, shade(pick(r, ACCENTS), 0.5));
  // Counter, drawers, sink and hob.
  out += rect(40, 620, W - 380, 30, top);
  for (let x = 60; x < W - 360; x += 180)
    out += rect(x, 650, 170, 200, fronts) + rect(x + 55, 670, 60, 10, "#9a9a9a");
  out +=
    rect(winX + 60, 612, 200, 14, "#c0c6cc") +
    `<path d="M ${n(winX + 160)} 612 V 540 Q ${n(winX + 160)} 515 ${n(winX + 190)} 515 V 540" stroke="#9aa0a6" stroke-width="12" fill="none"/>`;
  out +=
    rect(hobX, 608, 240, 14, "#222") +
    circle(hobX + 65, 600, 28, "#333", `opacity="0.6"`) +
    circle(hobX + 175, 600, 28, "#333", `opacity="0.6"`);
  out +=
    poly(
      [
        [hobX + 20, 260],
        [hobX + 220, 260],
        [hobX + 170, 170],
        [hobX + 70, 170],
      ],
      "#b0b6bc",
    ) + rect(hobX + 100, 60, 40, 110, "#b0b6bc");
  // Fridge, pendant lamps, fruit bowl.
  out +=
    `<rect x="${W - 300}" y="130" width="240" height="720" rx="14" fill="#d9dde1"/>` +
    rect(W - 300, 420, 240, 6, "#aab0b6") +
    rect(W - 90, 200, 10, 160, "#8a9096") +
    rect(W - 90, 470, 10, 160, "#8a9096");
  const lamp = pick(r, ["#2b2b2b", "#c9a66b", "#3d5a80", "#f4f1ea"]);
  for (const lx of [winX - 120, winX + 440])
    out +=
      line(lx, 0, lx, 150, "#333", 3) +
      `<path d="M ${n(lx - 50)} 210 Q ${n(lx)} 120 ${n(lx + 50)} 210 Z" fill="${lamp}"/>`;
  const bowlX = hobX === 160 ? 1000 : 300;
  out +=
    ellipse(bowlX, 605, 80, 26, "#f4f1ea") +
    circle(bowlX - 30, 580, 22, "#e07a5f") +
    circle(bowlX + 10, 575, 22, "#f2c14e") +
    circle(bowlX + 40, 585, 20, "#81b29a");
  out += plant(r, 260 + (hobX === 160 ? 500 : 0), 610, 0.45);
  return out;
}

function bathroom(r: Rand, _ctx: PictureContext, defs: Defs) {
  const tile = pick(r, ["#ffffff", "#dfe9ef", "#e7efe9", "#f1e7d6", "#e9e4ee"]);
  const accent = pick(r, ACCENTS);
  const size = pick(r, [60, 80, 100]);
  let out = rect(
    0,
    0,
    W,
    H,
    defs.pattern(
      size,
      size,
      rect(0, 0, size, size, tile) +
        `<path d="M0 0 H${size} M0 0 V${size}" stroke="${shade(tile, -0.14)}" stroke-width="2"/>`,
    ),
  );
  if (r() < 0.6) out += rect(0, 0, W, 360, pick(r, WALLS));
  const floorY = 900;
  const floorTile = pick(r, ["#6b6f75", "#b9b4ab", "#2f3438", "#c9b79c"]);
  out += rect(
    0,
    floorY,
    W,
    H - floorY,
    defs.pattern(
      80,
      80,
      rect(0, 0, 80, 80, floorTile) +
        rect(0, 0, 40, 40, shade(floorTile, 0.08)) +
        rect(40, 40, 40, 40, shade(floorTile, 0.08)),
    ),
  );
  const tubLeft = r() < 0.5;
  const tx = tubLeft ? 90 : W - 790;
  // Bathtub with water and a towel.
  out += `<rect x="${tx}" y="640" width="700" height="270" rx="60" fill="#fbfbfb" stroke="#d9dde1" stroke-width="6"/>`;
  out += `<rect x="${tx + 30}" y="660" width="640" height="40" rx="20" fill="#bfe3f0"/>`;
  out += `<path d="M ${tx + 600} 640 V 540 Q ${tx + 600} 510 ${tx + 630} 510 H ${tx + 660}" stroke="#aab0b6" stroke-width="14" fill="none"/>`;
  out +=
    rect(tx + 40, 580, 120, 20, "#aab0b6") +
    `<rect x="${tx + 60}" y="545" width="40" height="35" rx="8" fill="${accent}"/>`;
  // Vanity, basin, mirror and towel rail.
  const vx = tubLeft ? W - 560 : 140;
  out += rect(vx, 620, 420, 240, pick(r, WOODS)) + rect(vx + 30, 700, 360, 6, "#3a2a1a");
  out +=
    rect(vx - 10, 600, 440, 24, "#f4f4f2") +
    ellipse(vx + 210, 598, 110, 24, "#ffffff", `stroke="#d9dde1" stroke-width="4"`);
  out += `<path d="M ${vx + 210} 575 V 530 H ${vx + 250}" stroke="#aab0b6" stroke-width="12" fill="none"/>`;
  out += `<rect x="${vx + 40}" y="180" width="340" height="300" rx="${pick(r, [12, 40, 150])}" fill="#d9eaf2" stroke="#c9a66b" stroke-width="12"/>`;
  out += poly(
    [
      [vx + 80, 420],
      [vx + 260, 220],
      [vx + 320, 220],
      [vx + 140, 420],
    ],
    "#ffffff",
    `opacity="0.35"`,
  );
  const railX = tubLeft ? vx - 200 : vx + 520;
  out +=
    rect(railX, 380, 150, 10, "#aab0b6") +
    rect(railX + 15, 388, 120, 200, shade(accent, 0.3)) +
    rect(railX + 15, 560, 120, 10, shade(accent, 0.1));
  out += plant(r, tubLeft ? W - 80 : 60, floorY + 40, 0.8);
  return out;
}

// ---------------------------------------------------------------------------------------------

/** One picture of a property as an SVG document (1600 × 1067). */
export function renderPictureSvg(kind: PictureKind, ctx: PictureContext, r: Rand): string {
  const defs = new Defs();
  let body: string;
  switch (kind) {
    case "exterior":
      body = exterior(r, ctx, defs);
      break;
    case "view":
      body = view(r, ctx, defs);
      break;
    case "terrace":
      body = terrace(r, ctx, defs);
      break;
    case "living":
      body = living(r, ctx, defs);
      break;
    case "bedroom":
      body = bedroom(r, ctx, defs);
      break;
    case "kitchen":
      body = kitchen(r, ctx, defs);
      break;
    case "bathroom":
      body = bathroom(r, ctx, defs);
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}
