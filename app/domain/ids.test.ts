import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";

describe("isUuid", () => {
  it.each([
    ["0e9b1f52-2f42-4b8e-9a53-2d0a3c1d4e5f", true],
    ["0E9B1F52-2F42-4B8E-9A53-2D0A3C1D4E5F", true],
    ["00000000-0000-0000-0000-000000000000", true],
    ["0e9b1f52-2f42-4b8e-9a53-2d0a3c1d4e5", false],
    ["0e9b1f52-2f42-4b8e-9a53-2d0a3c1d4e5f0", false],
    [" 0e9b1f52-2f42-4b8e-9a53-2d0a3c1d4e5f", false],
    ["not-a-uuid", false],
    ["' OR 1=1 --", false],
    [42, false],
    [null, false],
  ])("%s → %s", (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});
