import { describe, expect, it } from "vitest";
import { reviewListQuerySchema, parseReviewListQuery } from "./reviews.schema";
import { formatRating, publicReviewerName, roundRating } from "./review-display";

describe("publicReviewerName", () => {
  it("shows the first name and the initial of the last name", () => {
    expect(publicReviewerName("Erika Musterfrau")).toEqual({ name: "Erika M.", initials: "EM" });
    expect(publicReviewerName("  anna   maria  von berg ")).toEqual({
      name: "anna B.",
      initials: "AB",
    });
  });

  it("keeps a single name as it is", () => {
    expect(publicReviewerName("Özlem")).toEqual({ name: "Özlem", initials: "Ö" });
  });

  it("returns null when there is no name", () => {
    expect(publicReviewerName("")).toBeNull();
    expect(publicReviewerName("   ")).toBeNull();
    expect(publicReviewerName(null)).toBeNull();
  });
});

describe("rating display", () => {
  it("rounds to one decimal, half up", () => {
    expect(roundRating(4.25)).toBe(4.3);
    expect(roundRating(30 / 7)).toBe(4.3);
    expect(roundRating(4.04)).toBe(4);
    expect(roundRating(5)).toBe(5);
  });

  it("always shows one decimal in the page's language", () => {
    expect(formatRating(4.3, "de")).toBe("4,3");
    expect(formatRating(4, "de")).toBe("4,0");
    expect(formatRating(4.3, "en")).toBe("4.3");
    expect(formatRating(4.8, "de")).toBe("4,8");
    expect(formatRating(5, "en")).toBe("5.0");
  });
});

describe("review list query", () => {
  const parse = (query: string) => parseReviewListQuery(new URLSearchParams(query));

  it("defaults to the newest reviews on page 1", () => {
    expect(parse("")).toEqual({ sort: "newest", page: 1 });
  });

  it("accepts the three sort orders and a page number", () => {
    expect(parse("sort=best&page=2")).toEqual({ sort: "best", page: 2 });
    expect(parse("sort=helpful")).toEqual({ sort: "helpful", page: 1 });
  });

  it("falls back to the defaults for unknown or malformed values", () => {
    expect(parse("sort=rating%20desc;drop&page=abc")).toEqual({ sort: "newest", page: 1 });
    expect(parse("page=0")).toEqual({ sort: "newest", page: 1 });
    expect(parse("page=-3")).toEqual({ sort: "newest", page: 1 });
    expect(parse("page=1.5")).toEqual({ sort: "newest", page: 1 });
    expect(parse("page=99999999999")).toEqual({ sort: "newest", page: 1 });
    expect(reviewListQuerySchema.parse({})).toEqual({ sort: "newest", page: 1 });
  });
});
