/** Colour helpers for the operator's brand colours (validated "#RRGGBB"). */

export function isHexColor(value: unknown): value is string {
  return typeof value === "string" && /^#[0-9a-fA-F]{6}$/.test(value);
}

function channels(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: number[]) {
  return (
    "#" +
    rgb
      .map((c) => Math.round(c).toString(16).padStart(2, "0"))
      .join("")
      .toUpperCase()
  );
}

/** WCAG relative luminance. */
export function luminance(hex: string) {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The brand colour darkened just enough to carry white text (and to be readable as text on
 * white) at WCAG AA 4.5:1. Operators pick any colour; buttons and links stay legible.
 */
export function accessibleShade(hex: string, against = "#FFFFFF", ratio = 4.5) {
  let rgb = channels(hex);
  for (let i = 0; i < 40 && contrastRatio(toHex(rgb), against) < ratio; i++) {
    rgb = rgb.map((c) => c * 0.94);
  }
  return toHex(rgb);
}

/**
 * The secondary colour is the site's dark surface: the top bar, the footer, the admin sidebar,
 * step markers and badges carry white and light grey text on it (slate-100 to slate-300), and
 * the admin sidebar lays a white tint over it. 4.5:1 for white alone would leave those at about
 * 3:1 for a light brand colour; 7:1 against white keeps every one of them at 4.5:1 or more
 * (color.test.ts checks the pairs).
 */
export const SECONDARY_CONTRAST = 7;

/** CSS custom properties for the theme; invalid stored values fall back to the defaults. */
export function themeCss(primary: string, secondary: string) {
  const p = isHexColor(primary) ? primary : "#FF385C";
  const s = isHexColor(secondary) ? secondary : "#0A2463";
  return `:root{--brand-primary:${p};--brand-primary-strong:${accessibleShade(p)};--brand-secondary:${s};--brand-secondary-strong:${accessibleShade(s, "#FFFFFF", SECONDARY_CONTRAST)}}`;
}
