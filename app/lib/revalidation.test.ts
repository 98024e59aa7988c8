import { describe, expect, it } from "vitest";
import { onlyQueryChanged } from "./revalidation";

const url = (path: string) => new URL(path, "http://localhost");

describe("onlyQueryChanged", () => {
  it("is true for a filter, sort or page change of the same page, by link or GET form", () => {
    const from = url("/admin/bookings?status=pending");
    expect(onlyQueryChanged({ currentUrl: from, nextUrl: url("/admin/bookings?page=2") })).toBe(
      true,
    );
    expect(
      onlyQueryChanged({ currentUrl: from, nextUrl: url("/admin/bookings"), formMethod: "GET" }),
    ).toBe(true);
  });

  it("is false for another page, a save, or a revalidation of the same URL", () => {
    const from = url("/admin/bookings?status=pending");
    expect(onlyQueryChanged({ currentUrl: from, nextUrl: url("/admin/nachrichten") })).toBe(false);
    expect(
      onlyQueryChanged({
        currentUrl: from,
        nextUrl: url("/admin/bookings?status=paid"),
        formMethod: "POST",
      }),
    ).toBe(false);
    expect(onlyQueryChanged({ currentUrl: from, nextUrl: url(from.href) })).toBe(false);
  });
});
