import { describe, expect, it } from "vitest";
import { pageParam } from "./paging";

describe("pageParam", () => {
  it("reads whole pages from 1 to 10,000 and falls back to page 1", () => {
    const page = (query: string) => pageParam(new URLSearchParams(query));
    expect(page("")).toBe(1);
    expect(page("page=3")).toBe(3);
    expect(page("page=10000")).toBe(10_000);
    for (const bad of ["page=0", "page=-2", "page=1.5", "page=abc", "page=10001", "page="]) {
      expect(page(bad)).toBe(1);
    }
  });
});
