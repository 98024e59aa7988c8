import { contentEditorHref, contentPageById } from "~/features/content/content-pages";

/**
 * How an audit entry reads in the admin (spec/06-admin.md "Audit log": who, what, when,
 * old → new): only the fields that changed, with secrets left out and long values cut. One
 * place for /admin/audit and anything else that lists entries.
 */
export type AuditChange = { field: string; before: string; after: string };

/** Field names that never appear in the log's view, whatever a writer stored. */
const SECRET = /password|token|secret|hash/i;
/** Bookkeeping fields that change with every write and say nothing. */
const NOISE = new Set(["updatedAt", "updated_at", "createdAt", "created_at", "id"]);
const MAX = 80;

export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "–";
  const text =
    typeof value === "string"
      ? value
      : typeof value === "number" || typeof value === "boolean"
        ? String(value)
        : JSON.stringify(value);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The fields whose value differs between `before` and `after`, in a stable order. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const old = asRecord(before);
  const next = asRecord(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return fields
    .filter((field) => !SECRET.test(field) && !NOISE.has(field))
    .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(next[field]))
    .map((field) => ({
      field,
      before: formatAuditValue(old[field]),
      after: formatAuditValue(next[field]),
    }));
}

export const AUDIT_ENTITIES = [
  "booking",
  "user",
  "bank_account",
  "settings",
  "property",
  "content",
  "contact_message",
  "review",
  "newsletter_subscription",
  "demo-data",
  "data_request",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Where the changed thing can be looked at, if anywhere. */
export function auditEntityHref(entity: string, entityId: string | null): string | null {
  if (!entityId) return null;
  if (entity === "booking") return `/admin/bookings/${entityId}`;
  if (entity === "user") return `/admin/bookings?user=${entityId}`;
  if (entity === "bank_account") return "/admin/bankkonten";
  if (entity === "settings") return "/admin/settings";
  if (entity === "property") return `/admin/properties/edit/${entityId}`;
  if (entity === "content") {
    // "terms:en": the page and the language of the edited text.
    const [page, language] = entityId.split(":");
    const info = contentPageById(page);
    return info ? contentEditorHref(info, language === "en" ? "en" : "de") : null;
  }
  if (entity === "contact_message") return `/admin/nachrichten/${entityId}`;
  if (entity === "review") return "/admin/bewertungen";
  // A removed subscription has nothing left to look at.
  return null;
}
