/**
 * "Mit KI optimieren" (spec 06-admin): what the browser and the server share — the route, the
 * input rule and the error codes. The API call itself is server-only (ai-description.server.ts):
 * the key never reaches the browser (spec README, "an AI API key embedded in the browser").
 */

/** The resource route the component posts to (app/routes/admin/property-ai.ts). */
export const AI_DESCRIPTION_PATH = "/admin/properties/ai";

/**
 * The longest description sent to the model. About 2,700 tokens of German, so the rewrite fits
 * the 3,000-token answer limit of the spec; a longer text costs money and would come back cut.
 */
export const AI_DESCRIPTION_MAX_LENGTH = 10_000;

export const AI_DESCRIPTION_ERRORS = [
  "descriptionRequired",
  "tooLong",
  "notConfigured",
  "rateLimited",
  "emptyResult",
  "truncated",
  "failed",
] as const;
export type AiDescriptionError = (typeof AI_DESCRIPTION_ERRORS)[number];

/** The route's answer (JSON). */
export type AiDescriptionAnswer =
  { ok: true; text: string } | { ok: false; error: AiDescriptionError; message: string };

/** The input rule, checked in the browser (button state) and again on the server. */
export function checkAiDescriptionInput(description: string): AiDescriptionError | null {
  if (description.trim() === "") return "descriptionRequired";
  if (description.length > AI_DESCRIPTION_MAX_LENGTH) return "tooLong";
  return null;
}
