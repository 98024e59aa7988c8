import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";

/**
 * The rules of the operator's bank accounts (spec 06-admin, /admin/bankkonten): what a valid
 * IBAN and BIC are, and where guests' money goes after a change. Exactly one active account is
 * the default while any is active; the database enforces the same (migration 0006).
 */

/** "de89 3704 0044…" → "DE89370400440532013000": no spaces or dashes, upper case. */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value.trim()) ?? "";
}

/** The country's format and the mod-97 checksum ("Ungültige IBAN" otherwise). */
export function isIban(value: string): boolean {
  const iban = normalizeIban(value);
  return iban.length > 0 && isValidIBAN(iban);
}

export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** 8 or 11 characters: bank, country, location and an optional branch ("Ungültige BIC"). */
export function isBic(value: string): boolean {
  return isValidBIC(normalizeBic(value));
}

/**
 * For e-mails about a change: only the country and the last four digits, grouped like on a
 * card ("DE•• •••• •••• •••• ••30 00"), enough to recognise an account, useless to a reader.
 */
export function maskIban(iban: string): string {
  const compact = normalizeIban(iban) || iban.replace(/\s+/g, "").toUpperCase();
  const masked =
    compact.slice(0, 2) + "•".repeat(Math.max(compact.length - 6, 0)) + compact.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, "$1 ");
}

export type BankAccountState = {
  id: string;
  iban: string;
  isActive: boolean;
  isDefault: boolean;
  /** Order of creation: the oldest active account takes over a default that goes away. */
  createdAt: Date;
};

export type BankAccountChange =
  | { kind: "save"; id: string | null; iban: string; isActive: boolean; isDefault: boolean }
  | { kind: "remove"; id: string };

export type BankAccountPlan =
  | {
      ok: true;
      /** The default account before and after the change (null: none). */
      defaultBefore: string | null;
      defaultAfter: string | null;
      /** Changes where guests' money goes: asks for the password and e-mails every admin. */
      isSensitive: boolean;
      /** Why it is sensitive, for the e-mail. */
      reasons: ("added" | "ibanChanged" | "defaultChanged")[];
    }
  | { ok: false; error: "notFound" | "defaultMustBeActive" };

const NEW = "(new)";

/**
 * What a change does to the default: a new default replaces the old one; a default that is
 * unticked, deactivated or removed passes to the oldest other active account; the first active
 * account becomes the default by itself. `id` null in a save is a new account.
 */
export function planBankAccountChange(
  accounts: readonly BankAccountState[],
  change: BankAccountChange,
): BankAccountPlan {
  const existing = change.id === null ? null : accounts.find((a) => a.id === change.id);
  if (change.id !== null && !existing) return { ok: false, error: "notFound" };
  const defaultBefore = accounts.find((a) => a.isDefault)?.id ?? null;
  const selfId = existing?.id ?? NEW;

  let after: { id: string; isActive: boolean; isDefault: boolean; createdAt: Date }[];
  if (change.kind === "remove") {
    after = accounts.filter((a) => a.id !== selfId);
  } else {
    if (change.isDefault && !change.isActive) return { ok: false, error: "defaultMustBeActive" };
    const self = {
      id: selfId,
      isActive: change.isActive,
      isDefault: change.isDefault,
      createdAt: existing?.createdAt ?? new Date(8.64e15),
    };
    after = [
      ...accounts
        .filter((a) => a.id !== selfId)
        .map((a) => ({ ...a, isDefault: change.isDefault ? false : a.isDefault })),
      self,
    ];
  }
  let defaultAfter = after.find((a) => a.isDefault && a.isActive)?.id ?? null;
  if (defaultAfter === null) {
    // An account whose "Standardkonto" was just unticked passes it on: it comes last.
    const unticked = change.kind === "save" && !change.isDefault ? selfId : null;
    const rank = (a: { id: string }) => (a.id === unticked ? 1 : 0);
    const heir = after
      .filter((a) => a.isActive)
      .sort(
        (x, y) =>
          rank(x) - rank(y) ||
          x.createdAt.getTime() - y.createdAt.getTime() ||
          x.id.localeCompare(y.id),
      )[0];
    defaultAfter = heir?.id ?? null;
  }

  const reasons: ("added" | "ibanChanged" | "defaultChanged")[] = [];
  if (change.kind === "save" && !existing) reasons.push("added");
  if (
    change.kind === "save" &&
    existing &&
    normalizeIban(existing.iban) !== normalizeIban(change.iban)
  ) {
    reasons.push("ibanChanged");
  }
  if (defaultAfter !== defaultBefore) reasons.push("defaultChanged");
  return { ok: true, defaultBefore, defaultAfter, isSensitive: reasons.length > 0, reasons };
}

/** The id a new account gets in a plan until it is stored. */
export const NEW_BANK_ACCOUNT = NEW;
