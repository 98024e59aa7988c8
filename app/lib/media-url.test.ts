import { afterEach, describe, expect, it } from "vitest";
import { imageUrls } from "./image-urls";
import { mediaKeyUrl, mediaUrl, setMediaBase } from "./media-url";

afterEach(() => setMediaBase(null));

describe("where pages link uploads (decision 034)", () => {
  it("on this site by default", () => {
    expect(mediaKeyUrl("avatars/a.webp")).toBe("/media/avatars/a.webp");
    expect(mediaUrl("/media/brand/logo.webp")).toBe("/media/brand/logo.webp");
  });

  it("at S3_PUBLIC_URL when set: stored /media/ URLs and image variants; other URLs unchanged", () => {
    setMediaBase("https://cdn.example.com/bilder");
    expect(mediaUrl("/media/avatars/a.webp")).toBe("https://cdn.example.com/bilder/avatars/a.webp");
    expect(mediaUrl("/favicon.svg")).toBe("/favicon.svg");
    expect(mediaUrl("https://example.org/x.png")).toBe("https://example.org/x.png");
    expect(mediaUrl(null)).toBeNull();
    const urls = imageUrls({
      key: "property-images/k",
      widths: [400, 800],
      width: 1000,
      height: 800,
    });
    expect(urls.src).toBe("https://cdn.example.com/bilder/property-images/k-800.webp");
    expect(urls.srcSet).toBe(
      "https://cdn.example.com/bilder/property-images/k-400.webp 400w, " +
        "https://cdn.example.com/bilder/property-images/k-800.webp 800w",
    );
  });
});
