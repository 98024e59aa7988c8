import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StarRating } from "./star-rating";

const render = (rating: number) =>
  renderToStaticMarkup(<StarRating rating={rating} label={`${rating} von 5`} />);
/** How much of the five stars is drawn filled, in percent. */
const filled = (rating: number) => Number(render(rating).match(/width:(\d+)%/)![1]);

describe("star rating", () => {
  it("draws four and a half stars for 4.5, with the number as its accessible name", () => {
    const html = render(4.5);
    expect(filled(4.5)).toBe(90);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="4.5 von 5"');
    // Five empty stars under five filled ones, cut at the rating.
    expect(html.match(/<svg/g)).toHaveLength(10);
  });

  it("rounds an average to the nearest half star", () => {
    expect(filled(4.3)).toBe(90);
    expect(filled(4.2)).toBe(80);
    expect(filled(4.8)).toBe(100);
    expect(filled(1.5)).toBe(30);
    expect(filled(3)).toBe(60);
  });
});
