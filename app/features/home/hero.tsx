import { Pause, Play } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import type { PropertyImage } from "../../../db/schema";
import { imageUrls } from "~/lib/image-urls";
import "~/locales/texts/home";

export const HERO_INTERVAL_MS = 5000;

type HeroImage = { image: PropertyImage; title: string; location: string };

/**
 * Up to four photos cross-fading every 5 s. Rotation pauses while the pointer or keyboard focus
 * is inside, when the visitor prefers reduced motion, and with the pause button (WCAG 2.2.2).
 */
export function Hero({ images, children }: { images: HeroImage[]; children: React.ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const [prefersReducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const isPaused = isHovered || isFocused || isStopped || prefersReducedMotion;
  useEffect(() => {
    if (isPaused || images.length < 2) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % images.length), HERO_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isPaused, images.length]);

  return (
    <section
      aria-label={t("home.heroLabel")}
      className="relative isolate overflow-hidden bg-secondary"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      data-hero-index={current}
      data-hero-paused={isPaused ? "" : undefined}
    >
      {images.map((item, index) => {
        const urls = imageUrls(item.image);
        return (
          <img
            key={urls.src}
            src={urls.src}
            srcSet={urls.srcSet}
            sizes="100vw"
            alt=""
            width={1600}
            height={1067}
            // The first photo is the largest paint of the page: load it at once.
            loading={index === 0 ? "eager" : "lazy"}
            fetchPriority={index === 0 ? "high" : "low"}
            className={`absolute inset-0 -z-10 h-full w-full object-cover transition-opacity duration-1000 motion-reduce:transition-none ${
              index === current ? "opacity-100" : "opacity-0"
            }`}
          />
        );
      })}
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-slate-950/85 via-slate-950/60 to-slate-950/30" />
      <div className="mx-auto max-w-7xl px-4 py-16 md:py-24">{children}</div>
      {images.length > 1 && (
        <div className="absolute bottom-3 right-4 flex items-center gap-3 text-sm text-white">
          <span aria-live="off" className="hidden sm:inline">
            {images[current]?.title} · {images[current]?.location}
          </span>
          <button
            type="button"
            onClick={() => setStopped(!isStopped)}
            className="rounded-full bg-slate-950/60 p-2 hover:bg-slate-950/80"
            aria-label={isStopped ? t("home.heroPlay") : t("home.heroPause")}
          >
            {isStopped ? (
              <Play aria-hidden className="size-4" />
            ) : (
              <Pause aria-hidden className="size-4" />
            )}
          </button>
        </div>
      )}
    </section>
  );
}
