/**
 * Where pages link uploaded files (decision 034): `/media/<key>` on this site, or, with
 * S3_PUBLIC_URL, the bucket's public origin or CDN directly, which spares each image the app
 * process and a redirect. The base is one value per installation; the root route sets it from
 * its loader data on the server and in the browser before any image renders (root.tsx), so
 * server and client markup agree.
 */
const LOCAL_BASE = "/media/";
let base = LOCAL_BASE;

/** `publicUrl`: S3_PUBLIC_URL without a trailing slash, or null for `/media/`. */
export function setMediaBase(publicUrl: string | null | undefined) {
  base = publicUrl ? `${publicUrl}/` : LOCAL_BASE;
}

/** The URL of a stored object by its key. */
export function mediaKeyUrl(key: string) {
  return base + key;
}

/**
 * A URL as stored in the database (`/media/<key>` for our uploads) as pages link it; anything
 * else (the default icons, a foreign URL) is returned unchanged.
 */
export function mediaUrl<T extends string | null | undefined>(stored: T): T {
  if (stored && stored.startsWith(LOCAL_BASE))
    return mediaKeyUrl(stored.slice(LOCAL_BASE.length)) as T;
  return stored;
}
