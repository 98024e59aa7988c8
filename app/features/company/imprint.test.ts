import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import { MANDATORY_IMPRINT_FIELDS, placeholderImprintFields } from "./imprint";

const completed = {
  ...DEFAULT_SETTINGS,
  companyName: "Ostsee Ferien GmbH",
  companyAddress: "Strandweg 3",
  companyRepresentative: "Jana Berg",
  companyRegisterCourt: "Amtsgericht Kiel",
  companyRegistration: "HRB 9876 KI",
  companyVatId: "DE987654321",
  companyEmail: "kontakt@ostsee-ferien.de",
  companyPhone: "+49 431 555000",
};

describe("placeholderImprintFields", () => {
  it("lists every mandatory field while the demo defaults are unchanged", () => {
    expect(placeholderImprintFields(DEFAULT_SETTINGS)).toEqual([...MANDATORY_IMPRINT_FIELDS]);
  });

  it("is empty once the operator entered real company data", () => {
    expect(placeholderImprintFields(completed)).toEqual([]);
  });

  it("reports only the fields that are still placeholders or empty", () => {
    expect(
      placeholderImprintFields({
        ...completed,
        companyRepresentative: DEFAULT_SETTINGS.companyRepresentative,
        companyVatId: "   ",
      }),
    ).toEqual(["companyRepresentative", "companyVatId"]);
  });

  it("treats a placeholder with surrounding spaces as a placeholder", () => {
    expect(placeholderImprintFields({ ...completed, companyPhone: " +49 30 12345678 " })).toEqual([
      "companyPhone",
    ]);
  });

  it("does not require optional fields such as the tax number", () => {
    expect(placeholderImprintFields({ ...completed, companyTaxId: "" })).toEqual([]);
  });
});
