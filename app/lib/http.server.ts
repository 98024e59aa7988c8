/** Copies every Set-Cookie of a library response (Headers.get would join them with commas). */
export function withSetCookies(from: Headers, to: Headers = new Headers()) {
  for (const cookie of from.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}
