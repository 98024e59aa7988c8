import { renderToStaticMarkup } from "react-dom/server";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "~/lib/i18n-react";
import { Banner } from "./banner";
import { Button, buttonClass } from "./button";
import { Dialog } from "./dialog";
import { Field } from "./field";
import { Checkbox, Input, Select, Textarea } from "./input";
import { Table, Td, Th } from "./table";

const html = (node: React.ReactNode) =>
  renderToStaticMarkup(<LanguageProvider value="de">{node}</LanguageProvider>);

describe("Field", () => {
  it("labels the control and describes it by hint and error, marking it invalid", () => {
    const out = html(
      <Field label="E-Mail" hint="Für die Bestätigung" error="Ungültige E-Mail" id="email">
        <Input name="email" type="email" />
      </Field>,
    );
    expect(out).toContain('<label for="email"');
    expect(out).toMatch(/<input[^>]*id="email"/);
    expect(out).toMatch(/<input[^>]*aria-describedby="email-hint email-error"/);
    expect(out).toMatch(/<input[^>]*aria-invalid="true"/);
    expect(out).toContain('<p id="email-hint"');
    expect(out).toContain('<p id="email-error"');
  });

  it("leaves a valid control without aria-invalid and keeps its own describedby too", () => {
    const out = html(
      <Field label="Nachricht" hint="Höchstens 2000 Zeichen">
        <Textarea name="message" aria-describedby="counter" />
      </Field>,
    );
    const id = /<label for="([^"]+)"/.exec(out)?.[1];
    expect(id).toBeTruthy();
    expect(out).toContain(`<textarea name="message" aria-describedby="${id}-hint counter"`);
    expect(out).not.toContain("aria-invalid=");
  });

  it("wires a Select the same way", () => {
    const out = html(
      <Field label="Land" error="Pflichtfeld" id="country">
        <Select name="country">
          <option>DE</option>
        </Select>
      </Field>,
    );
    expect(out).toMatch(/<select[^>]*id="country"[^>]*aria-describedby="country-error"/);
  });
});

describe("Button", () => {
  it("does not submit a form unless asked to", () => {
    expect(html(<Button>Abbrechen</Button>)).toContain('type="button"');
    expect(html(<Button type="submit">Speichern</Button>)).toContain('type="submit"');
  });

  it("has a visible focus outline and the variant's colours", () => {
    const danger = buttonClass({ variant: "danger" });
    expect(danger).toContain("focus-visible:outline-2");
    expect(danger).toContain("bg-red-700");
    expect(buttonClass({ block: true })).toContain("w-full");
  });
});

describe("Banner", () => {
  it("announces errors at once and other news politely", () => {
    expect(html(<Banner tone="error">Fehler</Banner>)).toContain('role="alert"');
    expect(html(<Banner tone="success">Gespeichert</Banner>)).toContain('role="status"');
    expect(
      html(
        <Banner tone="warning" announce="alert">
          Sitzung
        </Banner>,
      ),
    ).toContain('role="alert"');
    expect(
      html(
        <Banner tone="info" announce="none">
          Hinweis
        </Banner>,
      ),
    ).not.toContain("role=");
  });
});

describe("Checkbox", () => {
  it("is labelled by its line and described by its hint", () => {
    const out = html(<Checkbox name="news" label="Newsletter" hint="Monatlich" />);
    expect(out).toMatch(/^<label[^>]*><input type="checkbox" aria-describedby="([^"]+)"/);
    const hintId = /aria-describedby="([^"]+)"/.exec(out)?.[1];
    expect(out).toContain(`<span id="${hintId}"`);
  });
});

describe("Dialog", () => {
  it("is a native dialog named by its heading, with an optional close button", () => {
    const ref = createRef<HTMLDialogElement>();
    const out = html(
      <Dialog dialogRef={ref} title="Cookies" titleId="cookie-title" closeButton>
        <p>Inhalt</p>
      </Dialog>,
    );
    expect(out).toMatch(/^<dialog[^>]*aria-labelledby="cookie-title"/);
    expect(out).toContain('<h2 id="cookie-title"');
    expect(out).toContain(">Schließen</button>");
    const without = html(
      <Dialog dialogRef={ref} title="Bild" hideTitle>
        <p>Inhalt</p>
      </Dialog>,
    );
    expect(without).not.toContain("Schließen");
    expect(without).toContain('class="sr-only"');
  });

  it("fills the screen without the card's look when asked to", () => {
    const ref = createRef<HTMLDialogElement>();
    const out = html(
      <Dialog dialogRef={ref} title="Bild" hideTitle fullScreen className="bg-slate-950">
        <p>Inhalt</p>
      </Dialog>,
    );
    expect(out).toContain("w-screen");
    expect(out).toContain("bg-slate-950");
    expect(out).not.toContain("bg-white");
  });
});

describe("Table", () => {
  it("has a caption and column headers scoped to their columns", () => {
    const out = html(
      <Table caption="Zahlungen" hideCaption>
        <thead>
          <tr>
            <Th>Art</Th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <Td>Anzahlung</Td>
          </tr>
        </tbody>
      </Table>,
    );
    expect(out).toContain('<caption class="sr-only">Zahlungen</caption>');
    expect(out).toContain('<th scope="col"');
  });
});
