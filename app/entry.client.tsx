import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerCatalogue } from "~/lib/i18n";

async function hydrate() {
  // German is in the bundle; an English page loads its texts first, so hydration matches the
  // server's HTML (the language switch reloads the page, so this happens once per page load).
  if (document.documentElement.lang === "en") {
    registerCatalogue("en", (await import("~/locales/en")).default);
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
