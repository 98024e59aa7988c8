import { ImageOff } from "~/components/ui/icons";
import { useMemo, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "~/lib/i18n-react";
import type { PropertyImage } from "../../../db/schema";
import { imageUrls } from "~/lib/image-urls";
import { categoryLabel } from "./image-labels";
import type { ImageViewer as Viewer, ViewerImage } from "./image-viewer";
import "~/locales/texts/property";

// The full-screen viewer is not seen at first: its code (and the dialog's) loads when needed.
// (A plain import() into state rather than React.lazy: with React.lazy in this module the
// page's hydration failed with React error #418 in the production build, not investigated
// further; see decision 036.)
const loadViewer = () => import("./image-viewer");
const preloadViewer = () => void loadViewer();

/** The thumbnails' grid by their number (1–4): every cell filled, the column as high as the main photo. */
const thumbnailGrid: Record<number, string> = {
  1: "grid-cols-1 grid-rows-1",
  2: "grid-cols-1 grid-rows-2",
  3: "grid-cols-2 grid-rows-2",
  4: "grid-cols-2 grid-rows-2",
};

type GalleryImage = ViewerImage & {
  category: string | null;
  width: number;
  height: number;
};

/** Width and height attributes when the stored image does not know its size (3:2 photos). */
const FALLBACK_SIZE = { width: 1600, height: 1067 };

/**
 * The property's photos: the main image large, up to four others beside it on wide screens
 * (a grid without gaps for any number), category filters when the images carry categories,
 * and a full-screen viewer that opens on a click or on "Alle Fotos anzeigen".
 */
export function PropertyGallery({ images, title }: { images: PropertyImage[]; title: string }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<string | null>(null);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [ImageViewer, setImageViewer] = useState<ComponentType<
    Parameters<typeof Viewer>[0]
  > | null>(null);

  const all = useMemo<GalleryImage[]>(
    () =>
      images.flatMap((image, i) => {
        const { src, srcSet } = imageUrls(image);
        if (!src) return [];
        const label = image.category
          ? categoryLabel(image.category, t)
          : t("property.gallery.image", { index: i + 1 });
        const hasSize = Boolean(image.width && image.height);
        return [
          {
            src,
            srcSet,
            label,
            alt: `${title} – ${label}`,
            category: image.category ?? null,
            width: hasSize ? image.width! : FALLBACK_SIZE.width,
            height: hasSize ? image.height! : FALLBACK_SIZE.height,
          },
        ];
      }),
    [images, title, t],
  );

  const categories = [...new Set(all.flatMap((image) => (image.category ? [image.category] : [])))];
  // A filter with a single choice that shows every image anyway would be a dead control.
  const hasFilter =
    categories.length > 1 ||
    (categories.length === 1 && all.some((image) => image.category === null));
  const visible = category ? all.filter((image) => image.category === category) : all;

  if (all.length === 0)
    return (
      <div className="flex aspect-[3/1] w-full flex-col items-center justify-center gap-2 rounded-2xl bg-slate-100 text-slate-600">
        <ImageOff aria-hidden className="size-8" />
        <p>{t("property.gallery.empty")}</p>
      </div>
    );

  const open = (index: number, target: HTMLElement) => {
    opener.current = target;
    setViewerIndex(index);
    if (!ImageViewer) void loadViewer().then((module) => setImageViewer(() => module.ImageViewer));
  };
  const [main, ...rest] = visible;
  // At most four beside the main photo, laid out by their number so that no cell stays empty;
  // the others are one click away in the viewer ("Alle Fotos anzeigen").
  const thumbnails = rest.slice(0, 4);
  const hasThumbnails = thumbnails.length > 0;

  return (
    <section aria-label={t("property.gallery.label")}>
      {hasFilter && (
        <div
          role="group"
          aria-label={t("property.gallery.filter")}
          className="mb-3 flex flex-wrap gap-2"
        >
          {[null, ...categories].map((value) => {
            const isActive = category === value;
            return (
              <button
                key={value ?? "all"}
                type="button"
                aria-pressed={isActive}
                onClick={() => setCategory(value)}
                className={`rounded-full border px-3.5 py-1.5 text-sm font-medium ${
                  isActive
                    ? "border-secondary bg-secondary text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                }`}
              >
                {value === null ? t("property.gallery.all") : categoryLabel(value, t)}
              </button>
            );
          })}
        </div>
      )}

      {/* Fetches the viewer's code as soon as a visitor points at or tabs into the photos. */}
      <div className="relative" onPointerEnter={preloadViewer} onFocus={preloadViewer}>
        <div
          className={`grid gap-2 ${hasThumbnails ? "lg:h-[28rem] lg:grid-cols-2" : ""}`}
          data-testid="gallery"
        >
          <button
            type="button"
            className="group overflow-hidden rounded-2xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-secondary"
            aria-label={t("property.gallery.open", {
              label: main.label,
              index: 1,
              total: visible.length,
            })}
            onClick={(event) => open(0, event.currentTarget)}
          >
            <img
              key={main.src}
              src={main.src}
              srcSet={main.srcSet}
              sizes={
                hasThumbnails
                  ? "(min-width: 1280px) 620px, (min-width: 1024px) 50vw, 100vw"
                  : "(min-width: 1280px) 1250px, 100vw"
              }
              alt={main.alt}
              width={main.width}
              height={main.height}
              loading="eager"
              fetchPriority="high"
              decoding="async"
              className={`aspect-[3/2] max-h-[36rem] w-full object-cover transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none ${
                hasThumbnails ? "lg:aspect-auto lg:h-full lg:max-h-none" : ""
              }`}
            />
          </button>
          {hasThumbnails && (
            // Phones show the main photo only (and "Alle Fotos anzeigen"): a strip of tiny
            // thumbnails there is hard to tap and costs bytes before the guest asks for them.
            <ul className={`hidden min-h-0 gap-2 lg:grid ${thumbnailGrid[thumbnails.length]}`}>
              {thumbnails.map((image, i) => {
                const isWide = thumbnails.length < 3 || (thumbnails.length === 3 && i === 0);
                return (
                  <li
                    key={image.src}
                    className={`min-h-0 ${thumbnails.length === 3 && i === 0 ? "col-span-2" : ""}`}
                  >
                    <button
                      type="button"
                      className="group block h-full w-full overflow-hidden rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-secondary"
                      aria-label={t("property.gallery.open", {
                        label: image.label,
                        index: i + 2,
                        total: visible.length,
                      })}
                      onClick={(event) => open(i + 1, event.currentTarget)}
                    >
                      <img
                        src={image.src}
                        srcSet={image.srcSet}
                        sizes={
                          isWide
                            ? "(min-width: 1280px) 620px, 50vw"
                            : "(min-width: 1280px) 310px, 25vw"
                        }
                        alt={image.alt}
                        width={image.width}
                        height={image.height}
                        loading="lazy"
                        decoding="async"
                        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
                      />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {visible.length > 1 && (
          <button
            type="button"
            className="absolute right-3 bottom-3 rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 shadow-md hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-secondary"
            onClick={(event) => open(0, event.currentTarget)}
          >
            {t("property.gallery.showAll")}
          </button>
        )}
      </div>

      {viewerIndex !== null && ImageViewer && (
        <ImageViewer
          images={visible}
          index={viewerIndex}
          onIndexChange={setViewerIndex}
          title={title}
          onClose={() => {
            setViewerIndex(null);
            // Back to the image that opened the viewer (keyboard users keep their place).
            opener.current?.focus();
          }}
        />
      )}
    </section>
  );
}
