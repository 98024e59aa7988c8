import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "~/locales/admin-texts";
import { LanguageProvider } from "~/lib/i18n-react";
import { ImageImportStatus } from "./image-import-status";

const text = (node: React.ReactNode, language: "de" | "en" = "de") =>
  renderToStaticMarkup(<LanguageProvider value={language}>{node}</LanguageProvider>)
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");

describe("ImageImportStatus", () => {
  it("counts the images and names each open one with its reason", () => {
    const out = text(
      <ImageImportStatus
        items={[
          { url: "https://a.example/1.jpg", status: "done", error: null, httpStatus: null },
          { url: "https://a.example/2.jpg", status: "pending", error: null, httpStatus: null },
          {
            url: "https://a.example/3.jpg",
            status: "failed",
            error: "httpStatus",
            httpStatus: 404,
          },
          {
            url: "http://10.0.0.1/4.jpg",
            status: "failed",
            error: "blockedAddress",
            httpStatus: null,
          },
        ]}
      />,
    );
    expect(out).toContain("Importierte Bilder");
    expect(out).toContain("1 von 4 geladen, 1 ausstehend, 2 fehlgeschlagen");
    expect(out).toContain("wird geladen: https://a.example/2.jpg");
    expect(out).toContain("Fehler: https://a.example/3.jpg – Der Server antwortete mit Status 404");
    expect(out).toContain(
      "Fehler: http://10.0.0.1/4.jpg – Adressen im internen Netz werden nicht geladen",
    );
    expect(out).not.toContain("https://a.example/1.jpg");
  });

  it("speaks English too, and shows nothing for a property without imported images", () => {
    const out = text(
      <ImageImportStatus
        items={[
          { url: "https://a.example/x", status: "failed", error: "notAnImage", httpStatus: null },
        ]}
      />,
      "en",
    );
    expect(out).toContain("0 of 1 loaded, 0 pending, 1 failed");
    expect(out).toContain("Not a JPG, PNG or WebP image");
    expect(renderToStaticMarkup(<ImageImportStatus items={[]} />)).toBe("");
  });
});
