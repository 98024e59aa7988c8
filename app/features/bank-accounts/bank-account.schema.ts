import { z } from "zod";
import { isBic, isIban, normalizeBic, normalizeIban } from "~/domain/bank-account";

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

const text = (max: number) =>
  z
    .string()
    .default("")
    .transform((value) => value.trim())
    .pipe(z.string().min(1, "required").max(max, "tooLong"));
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

/**
 * One account as the dialog sends it. IBAN and BIC are stored in their compact upper-case form
 * whatever the admin typed (spaces, lower case); "Aktiv" is on for a new account.
 */
export const bankAccountFormSchema = z.object({
  accountHolder: text(140),
  iban: text(42)
    .refine(isIban, "invalidIban")
    .transform((value) => normalizeIban(value)),
  bic: text(11 + 4)
    .refine(isBic, "invalidBic")
    .transform((value) => normalizeBic(value)),
  bankName: text(140),
  isActive: checkbox,
  isDefault: checkbox,
  password: z.string().max(128).default(""),
});
export type BankAccountInput = z.output<typeof bankAccountFormSchema>;

export const BANK_ACCOUNT_STATUS_FILTERS = ["alle", "aktiv", "inaktiv"] as const;
export type BankAccountStatusFilter = (typeof BANK_ACCOUNT_STATUS_FILTERS)[number];
