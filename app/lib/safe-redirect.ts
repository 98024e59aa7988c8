/**
 * Only same-site relative paths are followed after sign-in or a language switch: no open
 * redirects to other hosts ("//evil.example", "/\\evil.example", "https://…").
 */
export function safeRedirectPath(value: unknown, fallback = "/dashboard") {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\") ||
    // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
    /[\u0000-\u001f]/.test(value)
  ) {
    return fallback;
  }
  return value;
}
