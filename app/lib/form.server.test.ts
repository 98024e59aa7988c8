import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm } from "./form.server";

const schema = z
  .object({
    name: z.string().trim().min(1, "required"),
    email: z.email("invalidEmail"),
    password: z.string().min(8, "passwordTooShort"),
    amenities: z.array(z.string()).max(2, "tooMany"),
  })
  .refine((value) => value.name !== value.email, { message: "nameIsEmail" });

const fields = ["name", "email", "password", "amenities"] as const;

function form(entries: [string, string | Blob][]) {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("parseForm", () => {
  it("gives the schema's data for a valid form", () => {
    const result = parseForm(
      form([
        ["name", " Anna "],
        ["email", "anna@example.de"],
        ["password", "geheim123"],
        ["amenities", "wifi"],
        ["amenities", "sauna"],
        ["role", "admin"],
      ]),
      schema,
      { fields, multiple: ["amenities"], secret: ["password"] },
    );
    expect(result).toEqual({
      ok: true,
      data: {
        name: "Anna",
        email: "anna@example.de",
        password: "geheim123",
        amenities: ["wifi", "sauna"],
      },
      values: { name: " Anna ", email: "anna@example.de", amenities: "wifi, sauna" },
    });
  });

  it("gives the first error per field and the submitted values, never the password", () => {
    const result = parseForm(
      form([
        ["name", ""],
        ["email", "kein-at"],
        ["password", "kurz"],
      ]),
      schema,
      { fields, multiple: ["amenities"], secret: ["password"] },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({
      name: "required",
      email: "invalidEmail",
      password: "passwordTooShort",
    });
    expect(result.values).toEqual({ name: "", email: "kein-at" });
    expect(JSON.stringify(result)).not.toContain("kurz");
  });

  it("ignores files and reports a missing field as the schema's error", () => {
    const result = parseForm(
      form([
        ["name", new Blob(["x"])],
        ["email", "a@b.de"],
        ["password", "geheim123"],
      ]),
      schema,
      { fields, multiple: ["amenities"] },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors)).toEqual(["name"]);
  });

  it("reports a whole-form refinement as the form's error", () => {
    const result = parseForm(
      form([
        ["name", "a@b.de"],
        ["email", "a@b.de"],
        ["password", "geheim123"],
      ]),
      schema,
      { fields, multiple: ["amenities"] },
    );
    expect(result).toMatchObject({ ok: false, formError: "nameIsEmail", fieldErrors: {} });
  });

  it("cuts very long values before sending them back into the page", () => {
    const result = parseForm(form([["name", "x".repeat(10_000)]]), schema, { fields });
    expect(result.values.name).toHaveLength(2000);
  });

  it("sends back up to echoMax characters for a form with a longer field", () => {
    const result = parseForm(form([["name", "x".repeat(12_000)]]), schema, {
      fields,
      echoMax: 10_000,
    });
    expect(result.values.name).toHaveLength(10_000);
  });
});
