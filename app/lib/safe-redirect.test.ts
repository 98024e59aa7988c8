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
    ["DEL character", "/ok\u007f"],
    ["lone surrogate", "/ok\ud800"],
  ])("falls back for %s", (_label, value) => {
    expect(safeRedirectPath(value)).toBe("/dashboard");
    expect(safeRedirectPath(value, "/")).toBe("/");
  });

  it("percent-encodes what a Location header cannot carry, and keeps what is encoded already", () => {
    expect(safeRedirectPath("/reiseziele/europa?q=Köln ∑ 𝄞")).toBe(
      "/reiseziele/europa?q=K%C3%B6ln%20%E2%88%91%20%F0%9D%84%9E",
    );
    expect(safeRedirectPath("/properties?location=M%C3%BCnchen")).toBe(
      "/properties?location=M%C3%BCnchen",
    );
    // The result is a valid header value (Headers throws on anything above U+00FF).
    expect(() => new Headers({ Location: safeRedirectPath("/ā") })).not.toThrow();
  });
});
