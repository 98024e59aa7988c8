/**
 * Names the page and the server share, without zod or the IBAN rules, so the browser's bundle of
 * /admin/bankkonten does not carry the schema (decision 018).
 */
/** The fields of the "Bankkonto" dialog, as the form posts them. */
export const BANK_ACCOUNT_FIELDS = [
  "accountHolder",
  "iban",
  "bic",
  "bankName",
  "isActive",
  "isDefault",
  "password",
] as const;
export type BankAccountField = (typeof BANK_ACCOUNT_FIELDS)[number];

/** Message codes; the page translates them (bankAccounts.errors.*). */
export type BankAccountFieldError =
  | "required"
  | "invalidIban"
  | "invalidBic"
  | "tooLong"
  | "defaultMustBeActive"
  | "passwordRequired"
  | "wrongPassword"
  | "tooManyAttempts";

export const BANK_ACCOUNT_STATUS_FILTERS = ["alle", "aktiv", "inaktiv"] as const;
export type BankAccountStatusFilter = (typeof BANK_ACCOUNT_STATUS_FILTERS)[number];
