/**
 * Brand marks (Lucide no longer ships them), drawn into the guests' icon sprite by
 * scripts/icon-sprite.ts; pages show them through icons.tsx (`FacebookIcon`, …), so their paths
 * are not in every page's scripts. The sprite's <svg> draws with a 2 px stroke and no fill, so
 * the filled marks say `fill` and `stroke` on their own shapes. Decorative: the link carries
 * the label.
 */
import type { ComponentType } from "react";

function Facebook() {
  return (
    <svg viewBox="0 0 24 24">
      <path
        fill="currentColor"
        stroke="none"
        d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9H16.5l.5-4h-3.5V8.8c0-.5.3-.8 1-.8Z"
      />
    </svg>
  );
}

function Instagram() {
  return (
    <svg viewBox="0 0 24 24">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
    </svg>
  );
}

function X() {
  return (
    <svg viewBox="0 0 24 24">
      <path
        fill="currentColor"
        stroke="none"
        d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z"
      />
    </svg>
  );
}

/** icons.tsx export name → drawing, for the sprite's generator. */
export const BRAND_MARKS: Record<string, ComponentType> = {
  FacebookIcon: Facebook,
  InstagramIcon: Instagram,
  XIcon: X,
};
