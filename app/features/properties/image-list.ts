/**
 * The admin form's image list (PropertyImagesField) as plain state: stored images and files on
 * their way up, in the order the admin chose (the first stored one is the main image). A pure
 * reducer, so the rules are tested without a browser.
 */
import type { PropertyImage } from "../../../db/schema";
import type { SubmittedImage } from "./property-images";
import { mediaKeyUrl } from "~/lib/media-url";

export type ImageItemStatus = "stored" | "queued" | "uploading" | "done" | "error";

export type ImageItem = {
  /** Stable within the page: the ref for stored images, a generated id for new files. */
  id: string;
  /** The stored image's key or URL; null until the upload succeeded. */
  ref: string | null;
  /** What the card shows: the 400 px variant, a local preview while uploading, or nothing. */
  previewUrl: string | null;
  category: string | null;
  status: ImageItemStatus;
  fileName?: string;
  /** Upload progress of the current attempt, 0–1. */
  progress: number;
  /** 1-based attempt number while uploading. */
  attempt: number;
  /** Why the upload failed, as shown. */
  error?: string;
};

export type ImageListAction =
  | { type: "added"; files: { id: string; fileName: string; previewUrl: string | null }[] }
  | { type: "started"; id: string; attempt: number }
  | { type: "progress"; id: string; progress: number }
  | { type: "uploaded"; id: string; ref: string; previewUrl: string }
  | { type: "failed"; id: string; error: string }
  | { type: "retried"; id: string }
  | { type: "removed"; id: string }
  | { type: "moved"; id: string; overId: string }
  | { type: "categorized"; id: string; category: string | null };

/** The 400 px variant of a stored image (or its URL for an imported one not yet fetched). */
export function previewOf(image: PropertyImage): string | null {
  if (image.key && image.widths?.length) {
    return mediaKeyUrl(`${image.key}-${Math.min(...image.widths)}.webp`);
  }
  return image.url ?? null;
}

export function initialImageItems(images: PropertyImage[]): ImageItem[] {
  return images.flatMap((image) => {
    const ref = image.key ?? image.url;
    if (!ref) return [];
    return [
      {
        id: ref,
        ref,
        previewUrl: previewOf(image),
        category: image.category ?? null,
        status: "stored" as const,
        progress: 1,
        attempt: 0,
      },
    ];
  });
}

function update(items: ImageItem[], id: string, change: (item: ImageItem) => ImageItem) {
  return items.map((item) => (item.id === id ? change(item) : item));
}

export function imageListReducer(items: ImageItem[], action: ImageListAction): ImageItem[] {
  switch (action.type) {
    case "added":
      return [
        ...items,
        ...action.files.map((file): ImageItem => ({
          id: file.id,
          ref: null,
          previewUrl: file.previewUrl,
          category: null,
          status: "queued",
          fileName: file.fileName,
          progress: 0,
          attempt: 0,
        })),
      ];
    case "started":
      return update(items, action.id, (item) => ({
        ...item,
        status: "uploading",
        attempt: action.attempt,
        progress: 0,
        error: undefined,
      }));
    case "progress":
      return update(items, action.id, (item) =>
        item.status === "uploading"
          ? { ...item, progress: Math.max(0, Math.min(1, action.progress)) }
          : item,
      );
    case "uploaded":
      return update(items, action.id, (item) => ({
        ...item,
        status: "done",
        ref: action.ref,
        previewUrl: action.previewUrl,
        progress: 1,
        error: undefined,
      }));
    case "failed":
      return update(items, action.id, (item) => ({
        ...item,
        status: "error",
        error: action.error,
      }));
    case "retried":
      return update(items, action.id, (item) =>
        item.status === "error"
          ? { ...item, status: "queued", progress: 0, attempt: 0, error: undefined }
          : item,
      );
    case "removed":
      return items.filter((item) => item.id !== action.id);
    case "moved": {
      const from = items.findIndex((item) => item.id === action.id);
      const to = items.findIndex((item) => item.id === action.overId);
      if (from < 0 || to < 0 || from === to) return items;
      const next = [...items];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      return next;
    }
    case "categorized":
      return update(items, action.id, (item) => ({ ...item, category: action.category }));
  }
}

/** What the hidden form field carries: only images the server has, in order. */
export function submittedImages(items: ImageItem[]): SubmittedImage[] {
  return items.flatMap((item) =>
    item.ref !== null && (item.status === "stored" || item.status === "done")
      ? [{ ref: item.ref, category: item.category }]
      : [],
  );
}

/** The main image: the first image that will be saved. */
export function mainImageId(items: ImageItem[]): string | null {
  return items.find((item) => item.status === "stored" || item.status === "done")?.id ?? null;
}

export const isBusy = (items: ImageItem[]) =>
  items.some((item) => item.status === "queued" || item.status === "uploading");
