/**
 * The version an admin edit form was loaded with (decision 073): the row's `updated_at` to the
 * millisecond, as ISO text, sent back in the hidden field `version`. A save applies only when
 * the row still has that version (checked on the row locked FOR UPDATE in the save's
 * transaction); otherwise nothing changes and the admin is asked to reload.
 *
 * Why updated_at and not a counter: every Drizzle update of these tables already moves it
 * (`$onUpdate`, or saveSettings), so a writer added later cannot forget to. The writes that
 * check a version store `nextUpdatedAt`, which is always after the version it replaces, so two
 * saves within one millisecond still give two versions.
 */

export const EDIT_VERSION_FIELD = "version";

/** The version of a row whose `updated_at` is this. */
export function editVersionOf(updatedAt: Date): string {
  return updatedAt.toISOString();
}

const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The version a form sent, or null when it is missing or not a version (forged, or garbled). */
export function readEditVersion(form: FormData): string | null {
  const value = form.get(EDIT_VERSION_FIELD);
  if (typeof value !== "string" || !ISO_MILLIS.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) || at.toISOString() !== value ? null : value;
}

/** Whether a row with this `updated_at` is still the version the form was loaded with. */
export function isEditVersion(updatedAt: Date, version: string | null): boolean {
  return version !== null && editVersionOf(updatedAt) === version;
}

/** The `updated_at` a checked write stores: now, and always after the one it replaces. */
export function nextUpdatedAt(before: Date): Date {
  return new Date(Math.max(Date.now(), before.getTime() + 1));
}
