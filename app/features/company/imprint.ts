import { DEFAULT_SETTINGS, type SiteSettings } from "~/features/settings/settings";

/**
 * The settings fields every Impressum must state (§ 5 DDG): name, postal address, who
 * represents the company, a fast way to reach it. Empty is as wrong as a demo placeholder.
 */
export const MANDATORY_IMPRINT_FIELDS = [
  "companyName",
  "companyAddress",
  "companyPostalCode",
  "companyCity",
  "companyRepresentative",
  "companyEmail",
  "companyPhone",
] as const satisfies readonly (keyof SiteSettings)[];

/**
 * Fields the Impressum shows only where they exist (decision 083): register entry and USt-IdNr.
 * (sole traders and § 19 UStG small businesses have none) and the Steuernummer (not required;
 * shown only when the operator enters one). Empty is fine; the shipped demo value is not.
 */
export const OPTIONAL_IMPRINT_FIELDS = [
  "companyRegisterCourt",
  "companyRegistration",
  "companyVatId",
  "companyTaxId",
] as const satisfies readonly (keyof SiteSettings)[];

export type ImprintField =
  (typeof MANDATORY_IMPRINT_FIELDS)[number] | (typeof OPTIONAL_IMPRINT_FIELDS)[number];

const isDemoValue = (settings: SiteSettings, field: ImprintField) =>
  settings[field].trim() === DEFAULT_SETTINGS[field].trim();

/**
 * Impressum fields that still hold the demo placeholders of DEFAULT_SETTINGS ("Max Mustermann",
 * "HRB 123456 B", "12/345/67890" …), and mandatory ones that are empty: publishing those would
 * be a false Impressum, so admins are told which ones to complete.
 */
export function placeholderImprintFields(settings: SiteSettings): ImprintField[] {
  return [
    ...MANDATORY_IMPRINT_FIELDS.filter(
      (field) => settings[field].trim() === "" || isDemoValue(settings, field),
    ),
    ...OPTIONAL_IMPRINT_FIELDS.filter((field) => isDemoValue(settings, field)),
  ];
}
