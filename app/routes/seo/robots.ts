import { getEnv } from "~/lib/env.server";

/** Crawlers may read the public site, not the account, admin or sign-in pages. */
export function loader() {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /auth",
    "Disallow: /api/",
    "",
    `Sitemap: ${getEnv().BASE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
