/**
 * The shape of a content page, read from the shipped default JSON (decision 030), and
 * everything the editor does with it: the form is generated from the shape, a submitted form is
 * parsed back into a body of exactly that shape, and a stored body is merged over the default so
 * a key added to the shipped files in a later release still shows.
 *
 * Nothing here knows a page: another release may add, rename or remove keys (issue 15 removes
 * the fixed ratings and prices from the defaults), and the editor follows without a change.
 * Shared by the server (validation) and the browser (the form), so no server imports.
 */

import { isCalendarDay } from "~/domain/calendar-day";
import { PAYMENT_METHODS, type PaymentMethod } from "~/features/settings/settings";

/** `paymentMethod`: an entry of `onlyWith` (decision 031), one of PAYMENT_METHODS. */
export type StringFormat = "text" | "date" | "id" | "url" | "paymentMethod";
export type Shape =
  | { kind: "string"; long: boolean; format: StringFormat }
  | { kind: "number"; integer: boolean }
  | { kind: "boolean" }
  | { kind: "object"; fields: ShapeField[] }
  | { kind: "array"; variants: Shape[] };
export type ShapeField = { key: string; shape: Shape; optional: boolean };

export type ContentValue =
  string | number | boolean | ContentValue[] | { [key: string]: ContentValue };
export type ContentBody = { [key: string]: ContentValue };

/** Caps a submission must stay within (the route's body limit caps the sum). */
export const CONTENT_LIMITS = {
  /** one-line fields (titles, names, labels) */
  shortText: 300,
  /** paragraphs */
  longText: 10_000,
  /** entries of one list (paragraphs of a section, questions of a tab …) */
  items: 100,
  /** how deep the shipped files nest (the legal texts: sections → blocks → list → item) */
  depth: 8,
  number: 10_000_000,
} as const;

/** A default string longer than this (or with a line break) is edited in a textarea. */
const LONG_TEXT = 90;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Keys whose value is a link target, whatever the page: only safe schemes are accepted. */
const URL_KEY = /(^|[a-z])(href|url|link)$/i;
/** Anchors and list keys (`id`): a slug, since pages use them in URLs and as element ids. */
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,59}$/;
/** Names the form uses itself; a shipped key of that name would be refused at build. */
export const VARIANT_FIELD = "__v";

type Json = unknown;
const isRecord = (value: Json): value is Record<string, Json> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

/**
 * The shape common to some sample values (the German and English defaults of a page, or all
 * entries of one list). Keys missing from some samples are optional; list entries of different
 * kinds (a paragraph or a bullet list among a section's blocks) become variants.
 */
export function shapeOf(samples: Json[], key = ""): Shape {
  const first = samples.find((sample) => sample !== undefined && sample !== null);
  if (typeof first === "string") {
    const texts = samples.filter((s): s is string => typeof s === "string");
    const format: StringFormat = URL_KEY.test(key)
      ? "url"
      : key === "id"
        ? "id"
        : key === "onlyWith"
          ? "paymentMethod"
          : texts.length > 0 && texts.every((t) => ISO_DATE.test(t))
            ? "date"
            : "text";
    const long = texts.some((t) => t.length > LONG_TEXT || t.includes("\n"));
    return { kind: "string", long: format === "text" && long, format };
  }
  if (typeof first === "number") {
    const numbers = samples.filter((s): s is number => typeof s === "number");
    return { kind: "number", integer: numbers.every(Number.isInteger) };
  }
  if (typeof first === "boolean") return { kind: "boolean" };
  if (Array.isArray(first)) {
    const items = samples.filter(Array.isArray).flat();
    return { kind: "array", variants: variantsOf(items, key) };
  }
  if (isRecord(first)) {
    const records = samples.filter(isRecord);
    const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
    return {
      kind: "object",
      fields: keys.map((k) => ({
        key: k,
        optional: !records.every((r) => k in r),
        shape: shapeOf(
          records.map((r) => r[k]),
          k,
        ),
      })),
    };
  }
  // null or nothing to learn from: a plain text field.
  return { kind: "string", long: false, format: "text" };
}

/**
 * Groups list entries into kinds: texts, numbers, booleans, lists, and objects that share a key
 * ({ "list": […] } and { "steps": […] } share none, so they are two kinds; sections with and
 * without "showsController" share "heading", so they are one kind with an optional key).
 */
function variantsOf(items: Json[], key: string): Shape[] {
  const groups: { kind: string; keys: Set<string>; items: Json[] }[] = [];
  for (const item of items) {
    const kind = Array.isArray(item) ? "array" : isRecord(item) ? "object" : typeof item;
    if (kind === "object") {
      const keys = Object.keys(item as Record<string, Json>);
      const group = groups.find((g) => g.kind === "object" && keys.some((k) => g.keys.has(k)));
      if (group) {
        keys.forEach((k) => group.keys.add(k));
        group.items.push(item);
      } else groups.push({ kind, keys: new Set(keys), items: [item] });
    } else {
      const group = groups.find((g) => g.kind === kind);
      if (group) group.items.push(item);
      else groups.push({ kind, keys: new Set(), items: [item] });
    }
  }
  // Plain entries of a list keep the list's key (the method names of `onlyWith`).
  return groups.map((g) => shapeOf(g.items, g.kind === "object" ? "" : key));
}

/** The variant of `shape` an entry belongs to, or -1 when it fits none. */
export function variantIndexOf(variants: Shape[], item: Json): number {
  let best = -1;
  let bestShared = 0;
  variants.forEach((variant, index) => {
    if (variant.kind === "object") {
      if (!isRecord(item)) return;
      const shared = variant.fields.filter((f) => f.key in item).length;
      if (shared > bestShared) {
        best = index;
        bestShared = shared;
      }
    } else if (best === -1 && kindMatches(variant, item)) best = index;
  });
  return best;
}

function kindMatches(shape: Shape, value: Json) {
  if (shape.kind === "array") return Array.isArray(value);
  if (shape.kind === "object") return isRecord(value);
  return typeof value === shape.kind;
}

/** An empty value of a shape: what "add an entry" puts in the form. */
function emptyOf(shape: Shape): ContentValue {
  switch (shape.kind) {
    case "string":
      return "";
    case "number":
      return 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return Object.fromEntries(
        shape.fields.filter((f) => !f.optional).map((f) => [f.key, emptyOf(f.shape)]),
      );
  }
}

/**
 * A stored body fitted to today's shape, with the shipped default filling the gaps: a key the
 * release added comes from the default, a key it removed is dropped, a value of the wrong kind
 * is replaced by the default's. Lists are the operator's (they may have removed entries); an
 * entry lacking a new key takes it from the default's entry at the same place, else empty.
 */
export function mergeOverDefault(shape: Shape, stored: Json, fallback: Json): ContentValue {
  switch (shape.kind) {
    case "string":
    case "number":
    case "boolean":
      if (typeof stored === shape.kind && (shape.kind !== "number" || Number.isFinite(stored)))
        return stored as ContentValue;
      return typeof fallback === shape.kind ? (fallback as ContentValue) : emptyOf(shape);
    case "array": {
      if (!Array.isArray(stored))
        return Array.isArray(fallback)
          ? mergeOverDefault(shape, fallback, undefined)
          : emptyOf(shape);
      const defaults = Array.isArray(fallback) ? fallback : [];
      return stored.flatMap((item, index) => {
        const variant = variantIndexOf(shape.variants, item);
        if (variant === -1) return [];
        const defaultItem = defaults[index];
        const sameKind = variantIndexOf(shape.variants, defaultItem) === variant;
        return [
          mergeOverDefault(shape.variants[variant], item, sameKind ? defaultItem : undefined),
        ];
      });
    }
    case "object": {
      const source = isRecord(stored) ? stored : {};
      const defaults = isRecord(fallback) ? fallback : {};
      const result: Record<string, ContentValue> = {};
      for (const field of shape.fields) {
        if (field.key in source) {
          result[field.key] = mergeOverDefault(field.shape, source[field.key], defaults[field.key]);
        } else if (field.key in defaults) {
          result[field.key] = mergeOverDefault(field.shape, defaults[field.key], undefined);
        } else if (!field.optional) {
          result[field.key] = emptyOf(field.shape);
        }
      }
      return result;
    }
  }
}

/** Link targets content may hold: web, e-mail, phone, or a path on this site. */
export function isSafeHref(value: string) {
  const href = value.trim();
  if (href === "") return true;
  if (/^\/(?![/\\])/.test(href)) return true;
  return /^(https?:\/\/[^\s/]|mailto:[^\s]|tel:\+?[0-9 ()/-]+$)/i.test(href);
}

export type ContentFieldError =
  | "tooLong"
  | "number"
  | "integer"
  | "range"
  | "date"
  | "id"
  | "url"
  | "paymentMethod"
  | "tooMany"
  | "control";

/** Reads a form field; null when the field was not sent. */
export type FormReader = { get(name: string): string | null; names: readonly string[] };

export type ParsedContent =
  | { ok: true; body: ContentBody; errors?: undefined }
  | {
      ok: false;
      /** The submission as far as it could be read, so the form shows what was typed. */
      body: ContentBody;
      errors: Record<string, ContentFieldError>;
    }
  | { ok: false; body: null; errors: null };

// NUL and other control characters (tab and line breaks are text).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The submitted form read back into a body of the page's shape. Field names are the value's
 * path (`sections.2.blocks.0`); a list's entries are the `<path>.<n>.__v` markers (which kind of
 * entry), so entries removed in the browser simply are not sent. Nothing else is taken from the
 * form: unknown fields are ignored, missing ones are empty. Null `body` means the structure
 * itself was forged (an unknown kind of entry, nesting deeper than the shape).
 */
export function parseContentForm(shape: Shape, form: FormReader): ParsedContent {
  const errors: Record<string, ContentFieldError> = {};
  let isForged = false;
  const names = form.names;

  const read = (s: Shape, path: string, depth: number): ContentValue => {
    if (depth > CONTENT_LIMITS.depth) {
      isForged = true;
      return emptyOf(s);
    }
    switch (s.kind) {
      case "boolean":
        return form.get(path) !== null;
      case "string": {
        const raw = (form.get(path) ?? "").replace(/\r\n?/g, "\n");
        const value = s.long ? raw.trim() : raw.replace(/\s+/g, " ").trim();
        const max = s.long ? CONTENT_LIMITS.longText : CONTENT_LIMITS.shortText;
        if (CONTROL.test(value)) errors[path] = "control";
        else if (value.length > max) errors[path] = "tooLong";
        else if (s.format === "date" && value !== "" && !isCalendarDay(value))
          errors[path] = "date";
        else if (s.format === "id" && !ID_PATTERN.test(value)) errors[path] = "id";
        else if (s.format === "url" && !isSafeHref(value)) errors[path] = "url";
        // A misspelt method would hide its block for ever, whatever the settings offer.
        else if (s.format === "paymentMethod" && !PAYMENT_METHODS.includes(value as PaymentMethod))
          errors[path] = "paymentMethod";
        return value;
      }
      case "number": {
        const raw = (form.get(path) ?? "").trim();
        // German admins type "4,8"; a thousands dot is not accepted (ambiguous with English).
        const text = raw.replace(",", ".");
        const value = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
        if (!Number.isFinite(value)) errors[path] = "number";
        else if (s.integer && !Number.isInteger(value)) errors[path] = "integer";
        else if (Math.abs(value) > CONTENT_LIMITS.number) errors[path] = "range";
        // A refused number comes back as typed, beside its error (and through an add/remove
        // of a list entry): the admin corrects it instead of finding a 0 there. Such a body is
        // never stored (only a form without errors is saved or previewed).
        return errors[path] ? raw : value;
      }
      case "object": {
        const result: Record<string, ContentValue> = {};
        for (const field of s.fields) {
          const value = read(field.shape, `${path}${path ? "." : ""}${field.key}`, depth + 1);
          // A key only some entries have (a section's "showsController") stays away when unset.
          const isUnset =
            value === false || value === "" || (Array.isArray(value) && !value.length);
          if (!field.optional || !isUnset) result[field.key] = value;
        }
        return result;
      }
      case "array": {
        const prefix = `${path}.`;
        const suffix = `.${VARIANT_FIELD}`;
        const indexes = new Set<number>();
        for (const name of names) {
          if (!name.startsWith(prefix) || !name.endsWith(suffix)) continue;
          const middle = name.slice(prefix.length, -suffix.length);
          if (/^\d{1,4}$/.test(middle)) indexes.add(Number(middle));
        }
        const sorted = [...indexes].sort((a, b) => a - b);
        if (sorted.length > CONTENT_LIMITS.items) {
          errors[path] = "tooMany";
          sorted.length = CONTENT_LIMITS.items;
        }
        return sorted.map((index) => {
          const itemPath = `${path}.${index}`;
          const marker = form.get(`${itemPath}${suffix}`) ?? "";
          const variant = /^\d{1,3}$/.test(marker) ? Number(marker) : -1;
          if (variant < 0 || variant >= s.variants.length) {
            isForged = true;
            return "";
          }
          return read(s.variants[variant], itemPath, depth + 1);
        });
      }
    }
  };

  if (shape.kind !== "object") return { ok: false, body: null, errors: null };
  const body = read(shape, "", 0) as ContentBody;
  if (isForged) return { ok: false, body: null, errors: null };
  return Object.keys(errors).length > 0 ? { ok: false, body, errors } : { ok: true, body };
}

/** What a list button in the form asks for (without JavaScript, a plain submit button). */
export type ListEdit =
  | { op: "add"; path: string; variant: number }
  | { op: "remove" | "up" | "down"; path: string; index: number };

/** Reads `add:<list path>:<kind>` / `remove|up|down:<entry path>` from the pressed button. */
export function parseListEdit(intent: string): ListEdit | null {
  const add = /^add:([A-Za-z0-9_.-]{1,300}):(\d{1,3})$/.exec(intent);
  if (add) return { op: "add", path: add[1], variant: Number(add[2]) };
  const move = /^(remove|up|down):([A-Za-z0-9_.-]{1,300})\.(\d{1,4})$/.exec(intent);
  if (move)
    return { op: move[1] as "remove" | "up" | "down", path: move[2], index: Number(move[3]) };
  return null;
}

/** The shape of the value at `path` (`sections.2.blocks`), or null when the path is not one. */
function shapeAt(shape: Shape, path: string, body: Json): Shape | null {
  let current: Shape = shape;
  let value: Json = body;
  for (const segment of path.split(".")) {
    if (current.kind === "object") {
      const field = current.fields.find((f) => f.key === segment);
      if (!field || !isRecord(value)) return null;
      current = field.shape;
      value = value[segment];
    } else if (current.kind === "array") {
      if (!/^\d+$/.test(segment) || !Array.isArray(value)) return null;
      const item = value[Number(segment)];
      const variant = variantIndexOf(current.variants, item);
      if (variant === -1) return null;
      current = current.variants[variant];
      value = item;
    } else return null;
  }
  return current;
}

/** Applies a list button to the draft; an edit that does not fit the draft changes nothing. */
export function applyListEdit(shape: Shape, body: ContentBody, edit: ListEdit): ContentBody {
  const listShape = shapeAt(shape, edit.path, body);
  if (!listShape || listShape.kind !== "array") return body;
  const copy = structuredClone(body);
  let list: Json = copy;
  for (const segment of edit.path.split("."))
    list = (list as Record<string, Json>)[segment as never];
  if (!Array.isArray(list)) return body;
  if (edit.op === "add") {
    const variant = listShape.variants[edit.variant];
    if (variant && list.length < CONTENT_LIMITS.items) list.push(emptyOf(variant));
    return copy;
  }
  const { index } = edit;
  if (index >= list.length) return body;
  if (edit.op === "remove") list.splice(index, 1);
  const target = edit.op === "up" ? index - 1 : edit.op === "down" ? index + 1 : -1;
  if (edit.op !== "remove" && target >= 0 && target < list.length)
    [list[index], list[target]] = [list[target], list[index]];
  return copy;
}
