/** Shape of content/<language>/contact.json. */
export type ContactContent = {
  title: string;
  description: string;
  intro: string;
  mapNote: string;
};

/** A search for the address on OpenStreetMap: a plain link, no third-party content on our page. */
export function mapSearchUrl(parts: string[]) {
  const query = parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(", ");
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
