import { buildSitemap } from "~/features/properties/sitemap.server";
import { getEnv } from "~/lib/env.server";

export async function loader() {
  return new Response(await buildSitemap(getEnv().BASE_URL), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
