import { z } from "zod";

/**
 * The address a data-protection request is about, normalised as the app stores and compares
 * addresses elsewhere (newsletter sign-up, registration): trimmed, lower case, at most 254
 * characters, a valid e-mail. Messages are keys under `adminDataRequests.errors`.
 */
export const dataRequestEmailSchema = z
  .string("emailRequired")
  .trim()
  .toLowerCase()
  .min(1, "emailRequired")
  .max(254, "emailInvalid")
  .pipe(z.email("emailInvalid"));

/** The search form of /admin/datenschutz-anfragen. */
export const dataRequestSearchSchema = z.object({ email: dataRequestEmailSchema });

/**
 * "Daten löschen": the address and the snapshot of what the page showed (a SHA-256 in hex,
 * `personalDataSnapshot`); anything else is a forged or broken form.
 */
export const dataRequestEraseSchema = z.object({
  email: dataRequestEmailSchema,
  snapshot: z.string("invalid").regex(/^[0-9a-f]{64}$/, "invalid"),
});

export const DATA_REQUEST_FIELDS = ["email", "snapshot"] as const;
