import { isUuid } from "~/domain/ids";
import { contentEditorHref, contentPageById } from "~/features/content/content-pages";
import { formatDate, formatMoney, translate, type Language } from "~/lib/i18n";
// The labels below live in the admin catalogues; registered here so every reader has them.
import "~/locales/admin-texts";
// The reasons for hiding a review, as the guests' /bewertungen and the admin's dialog name them.
import "~/locales/texts/reviews";

/**
 * How an audit entry reads in the admin (spec/06-admin.md "Audit log": who, what, when,
 * old → new): only the fields that changed, with secrets left out and long values cut. One
 * place for /admin/audit and anything else that lists entries.
 *
 * Entries store what the code had in hand: cents, ISO dates, enum values, camelCase field
 * names. An operator or tax adviser must read "Stornierungsgebühr: – → 134,00 €", not
 * "cancellationFee: – → 13400" (audit 23, decision 102), so names and values are translated
 * here by what they are; a field nobody has named yet keeps its raw name and value.
 */
export type AuditChange = { field: string; label: string; before: string; after: string };

/** Field names that never appear in the log's view, whatever a writer stored. */
const SECRET = /password|token|secret|hash/i;
/** Bookkeeping fields that change with every write and say nothing. */
const NOISE = new Set(["updatedAt", "updated_at", "createdAt", "created_at", "id"]);
const MAX = 80;
/**
 * References by id (blockId, refundId, bankAccountId…): a UUID tells a reader nothing, and the
 * entry links to what it is about; the stored entry keeps them.
 */
const isReference = (field: string, value: unknown) =>
  field.endsWith("Id") && (value === null || value === undefined || isUuid(String(value)));

/** Fields that hold money in integer cents, whichever writer stored them. */
const MONEY = new Set([
  "amount",
  "amountDue",
  "amountPaid",
  "amountRefunded",
  "cancellationFee",
  "cleaningFee",
  "expected",
  "joined",
  "nightlyPrice",
  "pricePerNight",
  "received",
  "refundByTransfer",
  "refundDue",
  "refundWithdrawn",
  "serviceFee",
  "specialOfferPrice",
  "totalPrice",
]);

/**
 * Where a field's German name already lives (the label the operator knows from the form or the
 * booking page), per entity first, then for all entities; anything else is looked up in
 * adminAudit.fields.
 */
const LABELS: Record<string, string[]> = {
  settings: ["settings", "adminFacts.settings"],
  // The property form's own fields, then its block "Hausregeln, Zeiten und Kurtaxe".
  property: ["adminProperties.form", "adminFacts.settings"],
  user: ["adminUsers"],
  bank_account: ["bankAccounts"],
  review: ["adminReviews"],
  "*": ["adminAudit.fields", "adminBookings"],
};

/**
 * Labels that depend on what the entry is about, before LABEL_KEYS: the property's entries are
 * also about its blocks and seasons, whose forms name the same stored field differently. A
 * block's checkOut is the first free day, which the block form calls "Frei ab", not "Abreise"
 * (decision 108). The key is an entity or the start of an action ("block-").
 */
const SCOPED_KEYS: Record<string, Record<string, string>> = {
  "block-": {
    checkIn: "adminCalendar.blocks.checkIn",
    checkOut: "adminCalendar.blocks.checkOut",
    reason: "adminCalendar.blocks.reason",
    note: "adminCalendar.blocks.note",
  },
  "season-": {
    name: "adminSeasons.fields.name",
    startDate: "adminSeasons.fields.startDate",
    endDate: "adminSeasons.fields.endDate",
    pricePerNight: "adminSeasons.fields.pricePerNight",
    minStayNights: "adminSeasons.fields.minStayNights",
    arrivalWeekdays: "adminSeasons.fields.arrivalWeekdays",
    departureWeekdays: "adminSeasons.fields.departureWeekdays",
  },
  "discounts-changed": {
    weeklyDiscountPercent: "adminSeasons.discounts.weekly",
    monthlyDiscountPercent: "adminSeasons.discounts.monthly",
  },
  review: {
    isHidden: "adminReviews.hidden",
    hiddenReason: "adminReviews.reason",
    hiddenNote: "adminReviews.note",
    // The note on showing a review again (the dialog's "Begründung (im Protokoll)").
    note: "adminReviews.unhideNoteLabel",
  },
  // What the "Auskunft" found, by the headings of the request page.
  data_request: {
    email: "adminDataRequests.email",
    account: "adminDataRequests.account.title",
    bookings: "adminDataRequests.bookings.title",
    contactMessages: "adminDataRequests.messages.title",
    newsletter: "adminDataRequests.newsletter.title",
    reviews: "adminDataRequests.reviews.title",
    emails: "adminDataRequests.emails.title",
  },
  bank_account: {
    accountHolder: "bankAccounts.holder",
    bankName: "bankAccounts.bank",
    isDefault: "bankAccounts.default",
  },
};

function scopeOf(entity: string, action: string): Record<string, string> {
  const scope = Object.keys(SCOPED_KEYS).find(
    (scope) =>
      scope === entity || (scope.endsWith("-") ? action.startsWith(scope) : scope === action),
  );
  return scope ? SCOPED_KEYS[scope]! : {};
}

function scopedKey(entity: string, action: string, field: string): string | undefined {
  return scopeOf(entity, action)[field];
}
const LABEL_KEYS: Record<string, string> = {
  amountPaid: "adminBookings.paidTotal",
  amountRefunded: "adminBookings.refundedTotal",
  totalPrice: "adminBookings.total",
  method: "adminBookings.paymentMethod",
  refundedOn: "adminBookings.refundedOnLabel",
  reason: "adminCalendar.blocks.reason",
  checkIn: "adminBookings.checkIn",
  checkOut: "adminBookings.checkOut",
  role: "adminUsers.role",
  isSpecialOffer: "adminProperties.form.specialOffer",
};

/** Where the labels of a field's known values live, first hit wins. */
const VALUE_KEYS: Record<string, string[]> = {
  status: ["adminBookings.statuses", "adminProperties.statuses"],
  paymentStatus: ["adminBookings.paymentStatuses"],
  method: ["paymentMethods"],
  paymentMethod: ["paymentMethods"],
  paymentMethods: ["paymentMethods"],
  refundMethod: ["paymentMethods"],
  reason: ["adminCalendar.blocks.reasons", "adminAudit.values.reason"],
  hiddenReason: ["reviews.hideReasons"],
  refundStatus: ["adminAudit.values.refundStatus"],
  instalment: ["adminBookings.kinds"],
  reminder: ["adminAudit.values.reminder"],
  role: ["adminUsers.roles"],
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The catalogue's text for `key`, or undefined when it has none (translate returns the key). */
function textOf(language: Language, key: string): string | undefined {
  const text = translate(language, key);
  return text === key ? undefined : text;
}

export function auditFieldLabel(
  entity: string,
  field: string,
  language: Language,
  action = "",
): string {
  const scoped = scopedKey(entity, action, field);
  const direct =
    (scoped && textOf(language, scoped)) ??
    (LABEL_KEYS[field] && textOf(language, LABEL_KEYS[field]));
  const found =
    direct ??
    [...(LABELS[entity] ?? []), ...LABELS["*"]!]
      .map((prefix) => textOf(language, `${prefix}.${field}`))
      .find((text) => text !== undefined);
  if (!found) return field;
  // Form labels carry the unit ("Preis pro Nacht (€)"), which the value shows here, or a hint
  // for filling in ("Frei ab (Abreisetag)", "Notiz (nur intern)") that a log entry does not need.
  return scoped && /^(adminCalendar|adminReviews)\./.test(scoped)
    ? found.replace(/\s*\([^)]*\)$/, "")
    : found.replace(/\s*\((€|%)\)$/, "");
}

function cut(text: string) {
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

/** A value as stored, without knowing its field: raw, for fields nobody has named. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "–";
  const text =
    typeof value === "string"
      ? value
      : typeof value === "number" || typeof value === "boolean"
        ? String(value)
        : JSON.stringify(value);
  return cut(text);
}

/** A value read by its field: euros for cents, dates as dates, enum values by their label. */
export function formatAuditFieldValue(field: string, value: unknown, language: Language): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "number" && MONEY.has(field) && Number.isInteger(value)) {
    return formatMoney(value, language);
  }
  if (typeof value === "boolean") {
    return translate(language, value ? "adminAudit.yes" : "adminAudit.no");
  }
  const label = (text: string) => {
    const found = (VALUE_KEYS[field] ?? [])
      .map((prefix) => textOf(language, `${prefix}.${text}`))
      .find((found) => found !== undefined);
    if (found) return found;
    return ISO_DAY.test(text) && !Number.isNaN(Date.parse(text))
      ? formatDate(text, language)
      : text;
  };
  if (typeof value === "string") return cut(label(value));
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return cut(value.map(label).join(", "));
  }
  return formatAuditValue(value);
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const orNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/** The fields whose value differs between `before` and `after`, in a stable order. */
export function auditChanges(
  before: unknown,
  after: unknown,
  {
    entity = "",
    action = "",
    language = "de",
  }: { entity?: string; action?: string; language?: Language } = {},
): AuditChange[] {
  const old = asRecord(before);
  const next = asRecord(after);
  // The scope's fields in its form's order (jsonb stores keys in an order of its own), then
  // the others as stored.
  const formOrder = Object.keys(scopeOf(entity, action));
  const rank = (field: string) =>
    formOrder.includes(field) ? formOrder.indexOf(field) : formOrder.length;
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])].sort(
    (a, b) => rank(a) - rank(b),
  );
  return (
    fields
      .filter((field) => !SECRET.test(field) && !NOISE.has(field))
      // Nothing stored as null, "" or left out is the same "–": a new block's empty note is no
      // change (it read "Notiz: – → –").
      .filter((field) => JSON.stringify(orNull(old[field])) !== JSON.stringify(orNull(next[field])))
      .filter((field) => !(isReference(field, old[field]) && isReference(field, next[field])))
      .map((field) => ({
        field,
        label: auditFieldLabel(entity, field, language, action),
        before: formatAuditFieldValue(field, old[field], language),
        after: formatAuditFieldValue(field, next[field], language),
      }))
  );
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
