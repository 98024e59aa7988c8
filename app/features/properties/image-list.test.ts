/**
 * The admin form's image list: order (the first saved image is the main image), categories,
 * removal, and what the hidden field sends — only images the server already has.
 */
import { describe, expect, it } from "vitest";
import {
  imageListReducer,
  initialImageItems,
  isBusy,
  mainImageId,
  submittedImages,
  type ImageItem,
  type ImageListAction,
} from "./image-list";

const stored = initialImageItems([
  { key: "properties/p/a", widths: [400, 800], width: 1200, height: 800, category: "Pool" },
  { url: "https://example.com/b.jpg" },
  { key: "properties/p/c", widths: [800, 400], width: 900, height: 600 },
]);

const run = (items: ImageItem[], ...actions: ImageListAction[]) =>
  actions.reduce(imageListReducer, items);

describe("image list", () => {
  it("starts from the stored images with their previews and categories", () => {
    expect(stored.map((i) => [i.id, i.previewUrl, i.category, i.status])).toEqual([
      ["properties/p/a", "/media/properties/p/a-400.webp", "Pool", "stored"],
      ["https://example.com/b.jpg", "https://example.com/b.jpg", null, "stored"],
      ["properties/p/c", "/media/properties/p/c-400.webp", null, "stored"],
    ]);
    expect(submittedImages(stored)).toEqual([
      { ref: "properties/p/a", category: "Pool" },
      { ref: "https://example.com/b.jpg", category: null },
      { ref: "properties/p/c", category: null },
    ]);
  });

  it("reorders by moving one image onto another's place; the first is the main image", () => {
    const items = run(stored, { type: "moved", id: "properties/p/c", overId: "properties/p/a" });
    expect(items.map((i) => i.id)).toEqual([
      "properties/p/c",
      "properties/p/a",
      "https://example.com/b.jpg",
    ]);
    expect(mainImageId(items)).toBe("properties/p/c");
    const back = run(items, {
      type: "moved",
      id: "properties/p/c",
      overId: "https://example.com/b.jpg",
    });
    expect(back.map((i) => i.id)).toEqual([
      "properties/p/a",
      "https://example.com/b.jpg",
      "properties/p/c",
    ]);
    // Unknown ids change nothing.
    expect(run(stored, { type: "moved", id: "x", overId: "properties/p/a" })).toBe(stored);
  });

  it("sets and clears a category, and removes an image", () => {
    const items = run(
      stored,
      { type: "categorized", id: "properties/p/c", category: "Küche" },
      { type: "categorized", id: "properties/p/a", category: null },
      { type: "removed", id: "https://example.com/b.jpg" },
    );
    expect(submittedImages(items)).toEqual([
      { ref: "properties/p/a", category: null },
      { ref: "properties/p/c", category: "Küche" },
    ]);
  });

  it("sends new files only once uploaded, and knows when uploads are running", () => {
    let items = run(stored, {
      type: "added",
      files: [
        { id: "n1", fileName: "eins.jpg", previewUrl: "blob:1" },
        { id: "n2", fileName: "zwei.jpg", previewUrl: "blob:2" },
      ],
    });
    // A new file dragged to the front is not the main image until it is uploaded.
    items = run(items, { type: "moved", id: "n1", overId: "properties/p/a" });
    expect(mainImageId(items)).toBe("properties/p/a");
    expect(isBusy(items)).toBe(true);
    items = run(
      items,
      { type: "started", id: "n1", attempt: 1 },
      { type: "progress", id: "n1", progress: 0.4 },
      { type: "started", id: "n2", attempt: 1 },
    );
    expect(items.find((i) => i.id === "n1")).toMatchObject({ status: "uploading", progress: 0.4 });
    expect(submittedImages(items)).toHaveLength(3);
    items = run(
      items,
      { type: "uploaded", id: "n1", ref: "property-images/n1", previewUrl: "/media/n1-400.webp" },
      { type: "failed", id: "n2", error: "Die Datei ist größer als 10 MB." },
    );
    expect(isBusy(items)).toBe(false);
    expect(mainImageId(items)).toBe("n1");
    expect(submittedImages(items)[0]).toEqual({ ref: "property-images/n1", category: null });
    expect(submittedImages(items)).toHaveLength(4);
    expect(items.find((i) => i.id === "n2")).toMatchObject({
      status: "error",
      error: "Die Datei ist größer als 10 MB.",
    });
    // "Erneut versuchen" queues it again; progress of a finished upload is not overwritten.
    items = run(items, { type: "retried", id: "n2" }, { type: "progress", id: "n1", progress: 0 });
    expect(items.find((i) => i.id === "n2")).toMatchObject({ status: "queued", error: undefined });
    expect(items.find((i) => i.id === "n1")?.progress).toBe(1);
  });
});
