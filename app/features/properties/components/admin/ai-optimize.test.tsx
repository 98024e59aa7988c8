import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "~/lib/i18n-react";
import { AiOptimize } from "./ai-optimize";

/**
 * The button's states before any request (the project has no DOM test environment; the
 * request, the suggestion beside the original, "Übernehmen" and "Verwerfen" are covered in
 * tests/e2e/admin-property-ai.spec.ts).
 */
function html(props: { description: string; configured: boolean }, language = "de" as const) {
  const router = createMemoryRouter([
    { path: "/", element: <AiOptimize {...props} onAccept={() => {}} /> },
  ]);
  return renderToStaticMarkup(
    <LanguageProvider value={language}>
      <RouterProvider router={router} />
    </LanguageProvider>,
  );
}

const button = (out: string) => /<button[^>]*>.*?<\/button>/s.exec(out)?.[0] ?? "";

describe("AiOptimize before a request", () => {
  it("is ready with a description and a configured API", () => {
    const out = html({ description: "Helle Wohnung", configured: true });
    expect(button(out)).toContain("Mit KI optimieren");
    expect(button(out)).not.toContain('disabled=""');
    expect(out).not.toContain("nicht konfiguriert");
  });

  it("is disabled with the hint 'KI-Textoptimierung ist nicht konfiguriert' without an API", () => {
    const out = html({ description: "Helle Wohnung", configured: false });
    expect(button(out)).toContain('disabled=""');
    const hintId = /aria-describedby="([^"]+)"/.exec(button(out))?.[1];
    expect(out).toContain(
      `<p id="${hintId}" class="text-sm text-slate-600">KI-Textoptimierung ist nicht konfiguriert</p>`,
    );
  });

  it("is disabled with 'Bitte geben Sie zuerst eine Beschreibung ein' without a description", () => {
    const out = html({ description: "  ", configured: true });
    expect(button(out)).toContain('disabled=""');
    expect(out).toContain("Bitte geben Sie zuerst eine Beschreibung ein");
  });

  it("is disabled for a description over 10,000 characters, saying the limit", () => {
    const out = html({ description: "a".repeat(10_001), configured: true });
    expect(button(out)).toContain('disabled=""');
    expect(out).toContain("höchstens 10.000 Zeichen");
  });

  it("speaks English with the English interface", () => {
    const out = html({ description: "", configured: false }, "en" as "de");
    expect(button(out)).toContain("Optimise with AI");
    expect(out).toContain("AI text optimisation is not configured");
  });
});
