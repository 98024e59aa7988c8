/**
 * Only same-site relative paths are followed after sign-in or a language switch: no open
 * redirects to other hosts ("//evil.example", "/\\evil.example", "https://…"). What is kept is
 * made safe for a Location header: characters outside printable ASCII (spaces, umlauts, "€")
 * are percent-encoded, as a browser would send them; a header cannot carry them raw.
 */
export function safeRedirectPath(value: unknown, fallback = "/dashboard") {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\") ||
    // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
    /[\u0000-\u001f\u007f]/.test(value) ||
    // A lone surrogate cannot be encoded (and no browser sends one).
    !value.isWellFormed()
  ) {
    return fallback;
  }
  return value.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}
