import { ChevronLeft, ChevronRight, X } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n-react";
import "~/locales/texts/property";

export type ViewerImage = { src: string; srcSet?: string; alt: string; label: string };

/** Horizontal movement (px) that counts as a swipe rather than a tap. */
const SWIPE_DISTANCE = 50;

/**
 * The full-screen image viewer: the one `Dialog` (a native modal `<dialog>`: the browser traps
 * focus, makes the page behind it inert and closes it on Escape), on black and named by a
 * heading only screen readers see. ←/→ and swipes move through the images; the
 * caller returns focus to the image that opened it.
 */
export function ImageViewer({
  images,
  index,
  onIndexChange,
  onClose,
  title,
}: {
  images: ViewerImage[];
  /** The shown image; null = closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  title: string;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const isOpen = index !== null;
  const total = images.length;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
    if (!isOpen) return;
    // The page behind the viewer must not scroll while it is open.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
    };
  }, [isOpen]);

  const show = (next: number) => onIndexChange((next + total) % total);
  const current = index !== null ? images[index] : undefined;

  return (
    <Dialog
      dialogRef={dialogRef}
      title={`${t("property.gallery.viewer")}: ${title}`}
      hideTitle
      fullScreen
      className="bg-slate-950 text-white backdrop:bg-black/80"
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "Tab") {
          keepFocusInside(event, dialogRef.current);
          return;
        }
        if (index === null || total < 2) return;
        if (event.key === "ArrowRight") {
          event.preventDefault();
          show(index + 1);
        } else if (event.key === "ArrowLeft") {
          event.preventDefault();
          show(index - 1);
        }
      }}
    >
      {current && index !== null && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <p aria-live="polite" className="text-sm font-medium" data-testid="viewer-counter">
              {t("property.gallery.counter", { index: index + 1, total })}
            </p>
            <button
              type="button"
              autoFocus
              aria-label={t("property.gallery.close")}
              className="rounded-full p-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
              onClick={() => dialogRef.current?.close()}
            >
              <X aria-hidden className="size-6" />
            </button>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y select-none items-center justify-center px-2 sm:px-16"
            onPointerDown={(event) => {
              swipeStart.current = { x: event.clientX, y: event.clientY };
            }}
            onPointerUp={(event) => {
              const start = swipeStart.current;
              swipeStart.current = null;
              if (!start || total < 2) return;
              const dx = event.clientX - start.x;
              const dy = event.clientY - start.y;
              if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy))
                show(dx < 0 ? index + 1 : index - 1);
            }}
            onPointerCancel={() => {
              swipeStart.current = null;
            }}
          >
            <img
              key={current.src}
              src={current.src}
              srcSet={current.srcSet}
              sizes="100vw"
              alt={current.alt}
              draggable={false}
              className="max-h-full max-w-full object-contain"
            />
            {total > 1 && (
              <>
                <button
                  type="button"
                  aria-label={t("property.gallery.previous")}
                  className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-black/60 p-2 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white sm:left-4"
                  onClick={() => show(index - 1)}
                >
                  <ChevronLeft aria-hidden className="size-7" />
                </button>
                <button
                  type="button"
                  aria-label={t("property.gallery.next")}
                  className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-black/60 p-2 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white sm:right-4"
                  onClick={() => show(index + 1)}
                >
                  <ChevronRight aria-hidden className="size-7" />
                </button>
              </>
            )}
          </div>
          <p className="px-4 py-3 text-center text-sm text-slate-200">{current.label}</p>
        </div>
      )}
    </Dialog>
  );
}

/**
 * Tab from the last button goes to the first one and Shift+Tab the other way round: the
 * browser makes the page inert, but would otherwise let focus leave into its own toolbar.
 */
function keepFocusInside(event: React.KeyboardEvent, dialog: HTMLDialogElement | null) {
  if (!dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>("button:not([disabled])")];
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
