import { DEFAULT_SETTINGS, type SiteSettings } from "~/features/settings/settings";

/** The settings fields a German Impressum must state (§ 5 DDG) and that ship as placeholders. */
export const MANDATORY_IMPRINT_FIELDS = [
  "companyName",
  "companyAddress",
  "companyRepresentative",
  "companyRegisterCourt",
  "companyRegistration",
  "companyVatId",
  "companyEmail",
  "companyPhone",
] as const satisfies readonly (keyof SiteSettings)[];

export type ImprintField = (typeof MANDATORY_IMPRINT_FIELDS)[number];

/**
 * Mandatory Impressum fields that are still empty or still the demo placeholders of
 * DEFAULT_SETTINGS ("Max Mustermann", "HRB 123456 B" …): publishing those would be a false
 * Impressum, so admins are told which ones to complete.
 */
export function placeholderImprintFields(settings: SiteSettings): ImprintField[] {
  return MANDATORY_IMPRINT_FIELDS.filter((field) => {
    const value = settings[field].trim();
    return value === "" || value === DEFAULT_SETTINGS[field].trim();
  });
}
