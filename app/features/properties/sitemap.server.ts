import { desc, eq } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";

/** Public pages of the site (the route table of spec 01), for the sitemap. */
export const PUBLIC_PATHS = [
  "/",
  "/reiseziele/europa",
  "/reiseziele/asien",
  "/reiseziele/amerika",
  "/reiseziele/afrika",
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

/** sitemap.xml: the public pages and every published property (with its last change). */
export async function buildSitemap(baseUrl: string) {
  const properties = await db()
    .select({ id: schema.property.id, updatedAt: schema.property.updatedAt })
    .from(schema.property)
    .where(eq(schema.property.status, "published"))
    .orderBy(desc(schema.property.updatedAt));
  const urls = [
    ...PUBLIC_PATHS.map(
      (path) => `<url><loc>${escapeXml(baseUrl + (path === "/" ? "/" : path))}</loc></url>`,
    ),
    ...properties.map(
      (p) =>
        `<url><loc>${escapeXml(`${baseUrl}/properties/${p.id}`)}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
