import { describe, expect, it } from "vitest";
import { recommendationReason } from "./home-lists";

const plain = {
  isOffer: false,
  nightlyPrice: 10000,
  regularNightlyPrice: 10000,
  reviewCount: 0,
  ratingAverage: null,
  amenities: ["WLAN"],
};

describe("recommendationReason", () => {
  it("gives no reason for a property without one", () => {
    expect(recommendationReason(plain)).toBeNull();
  });

  it("names an active offer with its real discount first", () => {
    expect(
      recommendationReason({
        ...plain,
        isOffer: true,
        nightlyPrice: 6700,
        ratingAverage: 5,
        reviewCount: 9,
        amenities: ["Haustiere erlaubt"],
      }),
    ).toEqual({ kind: "offer", percent: 33 });
  });

  it("needs a rating of 4.5 from at least three reviews", () => {
    expect(recommendationReason({ ...plain, ratingAverage: 4.9, reviewCount: 2 })).toBeNull();
    expect(recommendationReason({ ...plain, ratingAverage: 4.4, reviewCount: 20 })).toBeNull();
    expect(recommendationReason({ ...plain, ratingAverage: 4.5, reviewCount: 3 })).toEqual({
      kind: "rating",
      average: 4.5,
      count: 3,
    });
  });

  it("recommends pets allowed when that is the only reason", () => {
    expect(recommendationReason({ ...plain, amenities: ["Haustiere erlaubt"] })).toEqual({
      kind: "pets",
    });
  });
});
