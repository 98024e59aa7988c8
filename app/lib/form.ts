import type { z } from "zod";

/** A form's errors: one message code per field, the first the schema found for it. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * The first issue message per top-level field. Schemas put a message *code* (e.g. "required",
 * "invalidEmail") into the issue; the page translates it. Used on the server (`parseForm`) and in
 * the browser (the booking form checks a step before it moves on) alike.
 */
export function fieldErrorsFromIssues<Field extends string>(
  issues: readonly z.core.$ZodIssue[],
  fields?: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key !== "string") continue;
    if (fields && !fields.includes(key as Field)) continue;
    errors[key as Field] ??= issue.message;
  }
  return errors;
}
