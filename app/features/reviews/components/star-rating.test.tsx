import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StarRating } from "./star-rating";

const stars = (rating: number) => {
  const html = renderToStaticMarkup(<StarRating rating={rating} label={`${rating} von 5`} />);
  return {
    html,
    drawn: [...html.matchAll(/data-star="(\w+)"/g)].map((match) => match[1]).join(" "),
  };
};

describe("star rating", () => {
  it("draws four and a half stars for 4.5, with the number as its accessible name", () => {
    const { html, drawn } = stars(4.5);
    expect(drawn).toBe("full full full full half");
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="4.5 von 5"');
  });

  it("rounds an average to the nearest half star", () => {
    expect(stars(4.3).drawn).toBe("full full full full half");
    expect(stars(4.2).drawn).toBe("full full full full empty");
    expect(stars(4.8).drawn).toBe("full full full full full");
    expect(stars(1.5).drawn).toBe("full half empty empty empty");
    expect(stars(3).drawn).toBe("full full full empty empty");
  });
});
