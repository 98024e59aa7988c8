import { getEnv } from "./env.server";

/**
 * Content-Security-Policy for HTML documents: scripts only from our origin or with this
 * request's nonce (no 'unsafe-inline' for scripts); styles allow inline attributes because
 * server-rendered React style props need them. No framing by anyone.
 */
export function documentSecurityHeaders(headers: Headers, nonce: string) {
  const env = getEnv();
  const isDev = env.NODE_ENV === "development";
  // Uploads linked straight from the bucket or CDN (S3_PUBLIC_URL, decision 034).
  const mediaOrigin = env.s3?.publicUrl ? ` ${new URL(env.s3.publicUrl).origin}` : "";
  // The booking form's POST answers with a redirect to Stripe Checkout (decision 044); a browser
  // without JavaScript follows it as part of the form submission, which form-action governs.
  const checkoutOrigin = env.STRIPE_SECRET_KEY
    ? env.STRIPE_API_BASE
      ? ` ${new URL(env.STRIPE_API_BASE).origin}`
      : " https://checkout.stripe.com"
    : "";
  const csp = [
    "default-src 'self'",
    // Vite's dev server injects inline module scripts for HMR; dev runs without a script policy.
    isDev
      ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
      : `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigin}`,
    "font-src 'self'",
    // blob: — the photo uploader's previews of the admin's own files: Chrome loads a large or
    // undecodable one through the network stack, which connect-src governs. A blob URL is made
    // by this page's own script from a local file; it reaches no server.
    isDev ? "connect-src 'self' blob: ws: wss:" : "connect-src 'self' blob:",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${checkoutOrigin}`,
    "frame-ancestors 'none'",
  ];
  headers.set("Content-Security-Policy", csp.join("; "));
  headers.set("Cache-Control", "private, no-store");
}
