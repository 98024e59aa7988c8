/**
 * Building blocks for e-mail templates: escaping and one plain HTML frame. Every value that
 * reaches the HTML goes through `escapeHtml`; the plain-text part needs no escaping.
 */
export type EmailLanguage = "de" | "en";

export function escapeHtml(value: string) {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Escaped text with line breaks kept (user messages). */
export function htmlParagraphs(value: string) {
  return value
    .split(/\r?\n\s*\r?\n/)
    .map((block) => `<p style="margin:0 0 12px">${escapeHtml(block).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

/** A header line (subject, names) must not carry line breaks into the message headers. */
export function singleLine(value: string) {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

export function htmlButton(href: string, label: string) {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#0A2463;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(label)}</a></p>`;
}

export function htmlLink(href: string, label = href) {
  return `<a href="${escapeHtml(href)}" style="color:#0A2463">${escapeHtml(label)}</a>`;
}

/** The frame around every HTML e-mail: platform name on top, content, a small footer. */
export function htmlDocument(options: {
  language: EmailLanguage;
  title: string;
  platformName: string;
  body: string;
  footer?: string;
}) {
  return [
    "<!doctype html>",
    `<html lang="${options.language}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(options.title)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    '<div style="max-width:600px;margin:0 auto;padding:24px">',
    `<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0A2463">${escapeHtml(options.platformName)}</p>`,
    `<div style="background:#ffffff;border-radius:12px;padding:24px">${options.body}</div>`,
    options.footer
      ? `<p style="margin:16px 0 0;font-size:12px;color:#475569">${options.footer}</p>`
      : "",
    "</div></body></html>",
  ].join("");
}
