import { z } from "zod";
import { isBic, isIban, normalizeBic, normalizeIban } from "~/domain/bank-account";

export * from "./bank-account-fields";

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
