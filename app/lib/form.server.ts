import type { z } from "zod";
import { fieldErrorsFromIssues, type FieldErrors } from "./form";

/** Longer than any field of ours; cuts what is sent back into the page for a hostile body. */
const MAX_ECHO_LENGTH = 2000;

export type FormValues<Field extends string> = Partial<Record<Field, string>>;

export type ParsedForm<Data, Field extends string> =
  | { ok: true; data: Data; values: FormValues<Field> }
  | {
      ok: false;
      fieldErrors: FieldErrors<Field>;
      /** An issue of the whole form (a refinement without a field path), if any. */
      formError?: string;
      values: FormValues<Field>;
    };

/**
 * The one form path of every action: read the named text fields (files and unnamed fields are
 * ignored, a repeated name gives all its values to the schema), check them with the shared zod
 * schema, and give back either the data or the first error per field, with the values as
 * submitted so the page can show them again. `secret` fields (passwords) are checked but never
 * sent back. The body itself was size- and encoding-checked by the server before this runs.
 */
export function parseForm<Schema extends z.ZodType, Field extends string>(
  form: FormData,
  schema: Schema,
  options: {
    fields: readonly Field[];
    multiple?: readonly Field[];
    secret?: readonly Field[];
    /** The longest value sent back, for a form with a longer field (a 5,000-character message). */
    echoMax?: number;
  },
): ParsedForm<z.output<Schema>, Field> {
  const input: Record<string, string | string[]> = {};
  const values: FormValues<Field> = {};
  for (const field of options.fields) {
    const strings = form.getAll(field).filter((value) => typeof value === "string");
    if (options.multiple?.includes(field)) {
      input[field] = strings;
    } else if (strings.length > 0) {
      input[field] = strings[0];
    }
    if (strings.length > 0 && !options.secret?.includes(field)) {
      values[field] = strings.join(", ").slice(0, options.echoMax ?? MAX_ECHO_LENGTH);
    }
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  return {
    ok: false,
    fieldErrors: fieldErrorsFromIssues(parsed.error.issues, options.fields),
    formError: parsed.error.issues.find((issue) => issue.path.length === 0)?.message,
    values,
  };
}
