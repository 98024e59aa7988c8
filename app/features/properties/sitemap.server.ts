import { desc, eq } from "drizzle-orm";
import { todayInBerlin } from "~/domain/calendar-day";
import { db, schema } from "~/lib/db.server";
import { regionsWithProperties } from "./destinations.server";

/**
 * Public pages of the site (the route table of spec 01), for the sitemap. The region pages
 * (/reiseziele/<region>) are added by buildSitemap for the regions that have published
 * properties, as the menu does: a region page without properties only says so, and a search
 * engine should not be sent there.
 */
export const PUBLIC_PATHS = [
  "/",
  "/angebote",
  "/ueber-uns",
  "/kontakt",
  "/properties",
  "/buchungsprozess",
  "/zahlungsmethoden",
  "/bewertungen",
  "/faq",
  "/reisepakete",
  "/hotelbuchung",
  "/flugbuchung",
  "/reiseversicherung",
  "/datenschutz",
  "/agb",
  "/impressum",
];

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/**
 * sitemap.xml: the public pages, the regions with published properties and every published
 * property (with its last change).
 */
export async function buildSitemap(baseUrl: string) {
  const [properties, regions] = await Promise.all([
    db()
      .select({ id: schema.property.id, updatedAt: schema.property.updatedAt })
      .from(schema.property)
      .where(eq(schema.property.status, "published"))
      .orderBy(desc(schema.property.updatedAt)),
    regionsWithProperties(todayInBerlin()),
  ]);
  const paths = [
    PUBLIC_PATHS[0],
    ...regions.map((region) => `/reiseziele/${region}`),
    ...PUBLIC_PATHS.slice(1),
  ];
  const urls = [
    ...paths.map(
      (path) => `<url><loc>${escapeXml(baseUrl + (path === "/" ? "/" : path))}</loc></url>`,
    ),
    ...properties.map(
      (p) =>
        `<url><loc>${escapeXml(`${baseUrl}/properties/${p.id}`)}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
