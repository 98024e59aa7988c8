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
});
