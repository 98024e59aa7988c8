import type { Language } from "~/lib/i18n";

/**
 * How a reviewer appears in public: first name and the initial of the last name
 * ("Erika Musterfrau" → "Erika M."), never the full name. Null when no name is known.
 */
export function publicReviewerName(
  fullName: string | null | undefined,
): { name: string; initials: string } | null {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const first = words[0];
  const firstInitial = initialOf(first);
  if (words.length === 1) return { name: first, initials: firstInitial };
  const lastInitial = initialOf(words[words.length - 1]);
  return { name: `${first} ${lastInitial}.`, initials: `${firstInitial}${lastInitial}` };
}

function initialOf(word: string) {
  // Array.from keeps letters outside the BMP (and combining-free emoji) whole.
  return (Array.from(word)[0] ?? "").toLocaleUpperCase("de-DE");
}

/** The average shown to guests: rounded to one decimal, half up (4.25 → 4.3). */
export function roundRating(average: number): number {
  return Math.round(average * 10) / 10;
}

/** "4,3" (de) / "4.3" (en): always one decimal. */
export function formatRating(rating: number, language: Language): string {
  return new Intl.NumberFormat(language === "en" ? "en-GB" : "de-DE", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating);
}
