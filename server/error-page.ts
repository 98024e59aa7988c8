/**
 * The pages the server itself answers with when a request never reaches the app (too large,
 * malformed) or the app failed without an answer. German, self-contained, no internals.
 */
const PAGES = {
  400: {
    title: "Ungültige Anfrage",
    text: "Die Anfrage enthält Daten, die wir nicht verarbeiten können. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
  },
  413: {
    title: "Anfrage zu groß",
    text: "Die gesendeten Daten sind zu groß. Bitte kürzen Sie Ihre Eingabe oder wählen Sie eine kleinere Datei.",
  },
  415: {
    title: "Format nicht unterstützt",
    text: "Diese Anfrage wird in diesem Format nicht angenommen. Bitte senden Sie das Formular über die Website.",
  },
  500: {
    title: "Fehler",
    text: "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
  },
} as const;

export type ServerErrorStatus = keyof typeof PAGES;

export function errorPage(status: ServerErrorStatus) {
  const { title, text } = PAGES[status];
  const body = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}a{color:#0a2463}</style></head>
<body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Zur Startseite</a></p></main></body></html>`;
  return {
    body,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
      "Cache-Control": "no-store",
      // Only the inline style; nothing else may load or run on this page.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
    },
  };
}
