import { describe, expect, it } from "vitest";
import { accessibleShade, contrastRatio, isHexColor, themeCss } from "./color";

describe("brand colours", () => {
  it("darkens the default primary colour until white text on it reaches WCAG AA", () => {
    expect(contrastRatio("#FF385C", "#FFFFFF")).toBeLessThan(4.5);
    const strong = accessibleShade("#FF385C");
    expect(contrastRatio(strong, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
    // Still recognisably the same hue: red channel dominates.
    expect(Number.parseInt(strong.slice(1, 3), 16)).toBeGreaterThan(
      Number.parseInt(strong.slice(3, 5), 16),
    );
  });

  it("leaves colours that already have enough contrast unchanged", () => {
    expect(accessibleShade("#0A2463")).toBe("#0A2463");
  });

  it("never writes an invalid stored value into the page's CSS", () => {
    const css = themeCss("red;}</style><script>alert(1)</script>", "#123456");
    expect(css).not.toContain("<");
    expect(css).toContain("--brand-primary:#FF385C");
    expect(css).toContain("--brand-secondary:#123456");
    expect(isHexColor("#12345")).toBe(false);
  });

  // Light colours an operator may well pick; the last two are the extremes.
  const lightColours = [
    "#FFD166",
    "#9AD1F5",
    "#F4A6C6",
    "#A8E6A1",
    "#00FF00",
    "#FFFF00",
    "#FFFFFF",
  ];
  const shadeIn = (css: string, name: string) =>
    css.match(new RegExp(`--${name}:(#[0-9A-F]{6})`))![1];
  const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const hex = (rgb: number[]) =>
    `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
  /** `background` under a layer of `share` white (Tailwind's bg-white/10, bg-white/15). */
  const underWhite = (background: string, share: number) =>
    hex(channels(background).map((c) => c + (255 - c) * share));
  /** `color-mix(in srgb, colour (1 - share), black)`, the buttons' hover (app.css). */
  const darker = (colour: string, share: number) =>
    hex(channels(colour).map((c) => c * (1 - share)));

  it.each(lightColours)(
    "keeps every text on a light secondary colour (%s) legible: top bar, footer, admin sidebar",
    (colour) => {
      const shade = shadeIn(themeCss("#FF385C", colour), "brand-secondary-strong");
      // The texts that sit on the secondary colour: white, slate-100/200/300, red-100.
      for (const text of ["#FFFFFF", "#F1F5F9", "#E2E8F0", "#CBD5E1", "#FFE2E2"]) {
        expect(contrastRatio(text, shade), `${text} on ${shade}`).toBeGreaterThanOrEqual(4.5);
      }
      // The admin sidebar's active item (white/15) and hovered item (white/10, text white).
      expect(contrastRatio("#FFFFFF", underWhite(shade, 0.15))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio("#FFFFFF", underWhite(shade, 0.1))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio("#FFFFFF", darker(shade, 0.2))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(lightColours)(
    "keeps a primary button (%s) legible, also while the pointer is on it",
    (colour) => {
      const shade = shadeIn(themeCss(colour, "#0A2463"), "brand-primary-strong");
      expect(contrastRatio("#FFFFFF", shade)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio("#FFFFFF", darker(shade, 0.15))).toBeGreaterThan(
        contrastRatio("#FFFFFF", shade),
      );
    },
  );
});
