/**
 * The pure rules of photos in an autosaved draft (decision 067): which refs a draft holds as
 * uploads, which entries an autosave keeps, and what the form lists after a reload.
 */
import { describe, expect, it } from "vitest";
import type { PropertyImage } from "../../../db/schema";
import type { PropertyRow } from "./admin-properties.server";
import { imagesForForm } from "./admin-property-form.server";
import { draftUploadRefs, keepDraftImages, MAX_PROPERTY_IMAGES } from "./property-images";

const upload = (n: number) => `property-images/0000000${n}-0000-4000-8000-000000000000`;
const own: PropertyImage[] = [
  { key: "properties/p1/a", widths: [400], category: "Terrasse" },
  { url: "https://example.com/csv.jpg" },
];
const list = (refs: (string | [string, string | null])[]) =>
  JSON.stringify(
    refs.map((r) =>
      typeof r === "string" ? { ref: r, category: null } : { ref: r[0], category: r[1] },
    ),
  );

describe("draftUploadRefs", () => {
  it("names the refs that can be uploads and are not the property's own, each once", () => {
    const json = list([
      "properties/p1/a",
      upload(1),
      "https://example.com/csv.jpg",
      "properties/other/x",
      upload(2),
      upload(1),
    ]);
    expect(draftUploadRefs(json, own)).toEqual([upload(1), upload(2)]);
  });

  it("is empty for no draft, broken text or a list that is not one", () => {
    expect(draftUploadRefs(undefined, own)).toEqual([]);
    expect(draftUploadRefs("{kaputt", own)).toEqual([]);
    expect(draftUploadRefs(JSON.stringify({ ref: upload(1) }), own)).toEqual([]);
  });
});

describe("keepDraftImages", () => {
  const allowed = new Map<string, string | null | undefined>([
    ["properties/p1/a", "Terrasse"],
    [upload(1), null],
  ]);

  it("keeps the order of vouched-for refs, each once, and drops everything else", () => {
    expect(
      keepDraftImages(
        [
          { ref: upload(9), category: null },
          { ref: upload(1), category: "Küche" },
          { ref: "properties/p1/a", category: null },
          { ref: upload(1), category: "Pool" },
        ],
        allowed,
      ),
    ).toEqual([
      { ref: upload(1), category: "Küche" },
      { ref: "properties/p1/a", category: null },
    ]);
  });

  it("keeps a known category or the image's own older one; anything else becomes none", () => {
    expect(
      keepDraftImages(
        [
          { ref: "properties/p1/a", category: "Terrasse" },
          { ref: upload(1), category: "Terrasse" },
        ],
        allowed,
      ),
    ).toEqual([
      { ref: "properties/p1/a", category: "Terrasse" },
      { ref: upload(1), category: null },
    ]);
  });

  it("keeps at most 30", () => {
    const many = new Map(Array.from({ length: 40 }, (_, i) => [`properties/p/${i}`, undefined]));
    const submitted = [...many.keys()].map((ref) => ({ ref, category: null }));
    expect(keepDraftImages(submitted, many)).toHaveLength(MAX_PROPERTY_IMAGES);
  });
});

describe("imagesForForm", () => {
  const row = { images: own } as PropertyRow;
  const held: PropertyImage = { key: upload(1), widths: [400, 800], width: 900, height: 600 };

  it("lists the draft's uploads among the property's images, in the draft's order and categories", () => {
    expect(imagesForForm(row, list([[upload(1), "Küche"], "properties/p1/a"]), [held])).toEqual({
      images: [
        { ...held, category: "Küche" },
        { key: "properties/p1/a", widths: [400] },
      ],
      missing: 0,
    });
  });

  it("counts refs that are neither the property's nor a held upload as missing, duplicates once", () => {
    expect(imagesForForm(row, list([upload(2), upload(1), upload(1)]), [held])).toEqual({
      images: [held],
      missing: 1,
    });
  });

  it("shows the property's images when the list cannot be read", () => {
    expect(imagesForForm(row, "{kaputt", [held])).toEqual({ images: own, missing: 0 });
  });
});
