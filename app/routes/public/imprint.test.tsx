import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "~/lib/i18n-react";
import ImprintPage from "./imprint";

/** The page as the server renders it for the given company data (the loader's shape). */
function render(company: Record<string, string>, language: "de" | "en") {
  const loaderData = {
    content: { title: "Impressum", description: "", sections: [] },
    company: {
      name: "Ferienwohnung Petersen",
      address: "Deichweg 4",
      postalCode: "25980",
      city: "Sylt",
      country: "Deutschland",
      representative: "Inke Petersen",
      registerCourt: "",
      registration: "",
      vatId: "",
      taxId: "",
      phone: "+49 4651 12345",
      email: "gast@petersen.example",
      ...company,
    },
    placeholderFields: [],
  };
  const Page = ImprintPage as unknown as React.ComponentType<{ loaderData: typeof loaderData }>;
  return renderToStaticMarkup(
    <LanguageProvider value={language}>
      <MemoryRouter>
        <Page loaderData={loaderData} />
      </MemoryRouter>
    </LanguageProvider>,
  ).replace(/<[^>]+>/g, " ");
}

describe("Impressum rows (decision 083)", () => {
  it("has no register, VAT id or tax rows for a sole trader without them, in both languages", () => {
    const de = render({}, "de");
    for (const label of [
      "Registereintrag",
      "Registergericht",
      "Registernummer",
      "Umsatzsteuer-Identifikationsnummer",
      "Steuernummer",
      "Steuerangaben",
    ])
      expect(de).not.toContain(label);
    expect(de).toContain("Inke Petersen");
    const en = render({}, "en");
    for (const label of [
      "Commercial register",
      "Register court",
      "Registration number",
      "VAT identification",
      "Tax number",
      "Tax information",
    ])
      expect(en).not.toContain(label);
    expect(en).toContain("Inke Petersen");
  });

  it("shows each filled row with its label, and the Steuernummer only when entered", () => {
    const filled = {
      registerCourt: "Amtsgericht Flensburg",
      registration: "HRB 9876 FL",
      vatId: "DE298765432",
    };
    const de = render(filled, "de");
    expect(de).toMatch(/Registergericht:\s+Amtsgericht Flensburg/);
    expect(de).toMatch(/Registernummer:\s+HRB 9876 FL/);
    expect(de).toMatch(/Umsatzsteuer-Identifikationsnummer[^:]*:\s+DE298765432/);
    expect(de).not.toContain("Steuernummer");
    const en = render({ ...filled, taxId: "15/123/45678" }, "en");
    expect(en).toMatch(/Register court:\s+Amtsgericht Flensburg/);
    expect(en).toMatch(/Tax number:\s+15\/123\/45678/);
    // Only the VAT id, no register: the register heading stays away too.
    const vatOnly = render({ vatId: "DE298765432" }, "de");
    expect(vatOnly).toContain("DE298765432");
    expect(vatOnly).not.toContain("Registergericht");
  });
});
