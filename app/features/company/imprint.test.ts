import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import { placeholderImprintFields } from "./imprint";

const completed = {
  ...DEFAULT_SETTINGS,
  companyName: "Ostsee Ferien GmbH",
  companyAddress: "Strandweg 3",
  companyPostalCode: "24103",
  companyCity: "Kiel",
  companyRepresentative: "Jana Berg",
  companyRegisterCourt: "Amtsgericht Kiel",
  companyRegistration: "HRB 9876 KI",
  companyVatId: "DE987654321",
  companyTaxId: "",
  companyEmail: "kontakt@ostsee-ferien.de",
  companyPhone: "+49 431 555000",
};

describe("placeholderImprintFields", () => {
  it("lists every demo value, the postal code, city and Steuernummer included", () => {
    expect(placeholderImprintFields(DEFAULT_SETTINGS).sort()).toEqual(
      [
        "companyName",
        "companyAddress",
        "companyPostalCode",
        "companyCity",
        "companyRepresentative",
        "companyEmail",
        "companyPhone",
        "companyRegisterCourt",
        "companyRegistration",
        "companyVatId",
        "companyTaxId",
      ].sort(),
    );
  });

  it("is empty once the operator entered real company data", () => {
    expect(placeholderImprintFields(completed)).toEqual([]);
  });

  it("reports only the fields that are still placeholders or, if mandatory, empty", () => {
    expect(
      placeholderImprintFields({
        ...completed,
        companyRepresentative: DEFAULT_SETTINGS.companyRepresentative,
        companyCity: "   ",
        companyTaxId: DEFAULT_SETTINGS.companyTaxId,
      }),
    ).toEqual(["companyCity", "companyRepresentative", "companyTaxId"]);
  });

  it("treats a placeholder with surrounding spaces as a placeholder", () => {
    expect(placeholderImprintFields({ ...completed, companyPostalCode: " 10115 " })).toEqual([
      "companyPostalCode",
    ]);
  });

  it("accepts no register entry, no USt-IdNr. and no Steuernummer (sole trader, § 19 UStG)", () => {
    expect(
      placeholderImprintFields({
        ...completed,
        companyRegisterCourt: "",
        companyRegistration: " ",
        companyVatId: "",
        companyTaxId: "",
      }),
    ).toEqual([]);
  });
});
