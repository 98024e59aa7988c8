import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/properties/abc/book?checkIn=2027-01-02")).toBe(
      "/properties/abc/book?checkIn=2027-01-02",
    );
  });

  it.each([
    ["protocol-relative", "//evil.example/login"],
    ["backslash trick", "/\\evil.example"],
    ["absolute URL", "https://evil.example"],
    ["javascript URL", "javascript:alert(1)"],
    ["header injection", "/ok\r\nSet-Cookie: x=1"],
    ["not a string", 42],
    ["missing", null],
  ])("falls back for %s", (_label, value) => {
    expect(safeRedirectPath(value)).toBe("/dashboard");
    expect(safeRedirectPath(value, "/")).toBe("/");
  });
});
