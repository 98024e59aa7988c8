/**
 * Where pages link uploaded files (decision 034): `/media/<key>` on this site, or, with
 * S3_PUBLIC_URL, the bucket's public origin or CDN directly, which spares each image the app
 * process and a redirect. The base is one value per installation: boot sets it on the server;
 * the browser reads it from `<meta name="media-base">`, which the root layout writes only when
 * S3_PUBLIC_URL is set, so server and client markup agree. (Setting it during the root's render
 * instead broke hydration of every page.)
 */
const LOCAL_BASE = "/media/";
let base: string | undefined;

/** `publicUrl`: S3_PUBLIC_URL without a trailing slash, or null for `/media/`. */
export function setMediaBase(publicUrl: string | null | undefined) {
  base = publicUrl ? `${publicUrl}/` : LOCAL_BASE;
}

function currentBase() {
  if (base === undefined && typeof document !== "undefined") {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="media-base"]');
    base = meta?.content ? `${meta.content}/` : LOCAL_BASE;
  }
  return base ?? LOCAL_BASE;
}

/** The URL of a stored object by its key. */
export function mediaKeyUrl(key: string) {
  return currentBase() + key;
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
