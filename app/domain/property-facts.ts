/**
 * Property facts a guest needs before booking (issue 15 part 4, decision 033): house rules,
 * check-in and check-out times and the Kurtaxe/Gästebeitrag note. Each property may set its own;
 * an empty field means the default of the settings (the note has its own three-way choice). Shared by the admin forms (browser and
 * server) and the public pages; no zod here, so the property page does not carry it.
 */

import { resolveTouristTaxNote, type TouristTaxMode } from "./tourist-tax";

/** A wall-clock time "HH:MM" (24 h), Europe/Berlin. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const HOUSE_RULES_MAX = 4000;
export const TOURIST_TAX_NOTE_MAX = 500;

/**
 * Plain text as typed in a textarea, made safe to store and show: line breaks kept (as "\n"),
 * other control characters dropped, trailing blanks and more than one empty line removed.
 * React escapes it when rendering; it is never HTML.
 */
export function normalizeFactText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .split("\n")
      .map((line) => line.replace(/\s+$/, ""))
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/** A time as typed ("9:30", "09.30", " 15:00 ") → "09:30", or null when it is no time. */
export function normalizeClockTime(value: string): string | null {
  const match = /^(\d{1,2})[:.](\d{2})$/.exec(value.trim());
  if (!match) return null;
  const time = `${match[1].padStart(2, "0")}:${match[2]}`;
  return CLOCK_TIME.test(time) ? time : null;
}

/** An optional time: blank → "" (the settings' time applies), a time → "HH:MM", else null. */
export function optionalClockTime(value: string): string | null {
  return value.trim() === "" ? "" : normalizeClockTime(value);
}

export type PropertyFactFields = {
  houseRules: string;
  checkInFrom: string;
  checkOutUntil: string;
  touristTaxNote: string;
};

export type PropertyFacts = {
  /** paragraphs of the house rules; empty when neither the property nor the settings have any */
  houseRules: string[];
  /** "HH:MM" or null when neither has a valid time */
  checkInFrom: string | null;
  checkOutUntil: string | null;
  /** null = no note (nothing is shown) */
  touristTaxNote: string | null;
};

/** A property's own value, else the settings' (both trimmed); "" when neither has one. */
export function ownOrDefault(own: string, fallback: string): string {
  return own.trim() || fallback.trim();
}

/**
 * The facts a property shows: its own values, the settings' for every empty one; the Kurtaxe
 * note as its mode says.
 */
export function resolvePropertyFacts(
  property: PropertyFactFields & { touristTaxMode: TouristTaxMode },
  defaults: PropertyFactFields,
): PropertyFacts {
  const time = (own: string, fallback: string) => {
    const value = ownOrDefault(own, fallback);
    return CLOCK_TIME.test(value) ? value : null;
  };
  const rules = ownOrDefault(property.houseRules, defaults.houseRules);
  return {
    houseRules: rules
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    checkInFrom: time(property.checkInFrom, defaults.checkInFrom),
    checkOutUntil: time(property.checkOutUntil, defaults.checkOutUntil),
    touristTaxNote: resolveTouristTaxNote(
      property.touristTaxMode,
      property.touristTaxNote,
      defaults.touristTaxNote,
    ),
  };
}

/** An OpenStreetMap search for the place: a plain link, no map embedded (no third-party requests). */
export function openStreetMapUrl(place: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place.trim())}`;
}
