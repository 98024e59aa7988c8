// Its own module, not property-facts.ts: that one is a chunk the public pages share, and the
// admin form's use of these would put them into it (JS budgets, tests/http/js-budget.test.ts).

/**
 * Which Kurtaxe/Gästebeitrag note a property shows (decision 041): the settings' note, its own,
 * or none at all, for a place without Kurtaxe while the settings have a note for the others.
 */
export const TOURIST_TAX_MODES = ["default", "own", "none"] as const;
export type TouristTaxMode = (typeof TOURIST_TAX_MODES)[number];

export function isTouristTaxMode(value: unknown): value is TouristTaxMode {
  return TOURIST_TAX_MODES.includes(value as TouristTaxMode);
}

/**
 * The mode a form or a stored draft means: the chosen one, or, where none was sent (a draft
 * saved before the choice existed, a client without it), what the note alone meant before it:
 * a text is the property's own note, an empty field the settings'. Null for any other value.
 */
export function touristTaxModeOf(mode: string | undefined, note: string): TouristTaxMode | null {
  if (mode === undefined || mode === "") return note.trim() ? "own" : "default";
  return isTouristTaxMode(mode) ? mode : null;
}

/** The note guests see: null = no note (nothing is shown). */
export function resolveTouristTaxNote(
  mode: TouristTaxMode,
  own: string,
  fallback: string,
): string | null {
  if (mode === "none") return null;
  return (mode === "own" ? own.trim() : fallback.trim()) || null;
}
