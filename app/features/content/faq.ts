/** One question of the FAQ page (content/<language>/faq.json). */
export type FaqItem = { id: string; question: string; answer: string };
export type FaqCategory = { id: string; label: string; items: FaqItem[] };

/**
 * Lower case without accents and umlaut dots, so "gebuhr", "GEBÜHR" and "Gebühr" all match
 * and a search in the browser and on the server agree.
 */
export function normalizeForSearch(text: string) {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("de-DE")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The FAQ entries matching a search: every word of the query must occur in the question or
 * the answer (case-insensitive). Searches all categories; categories without a match are
 * dropped. An empty query matches nothing (the page then shows the selected tab instead).
 */
export function searchFaq(categories: FaqCategory[], query: string): FaqCategory[] {
  const words = normalizeForSearch(query).split(" ").filter(Boolean);
  if (words.length === 0) return [];
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => {
        const haystack = normalizeForSearch(`${item.question} ${item.answer}`);
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((category) => category.items.length > 0);
}

/** The tab to show: the one named in `?tab=` when it exists, otherwise the first ("Buchung"). */
export function selectedFaqTab(categories: FaqCategory[], tab: string | null | undefined) {
  return categories.find((category) => category.id === tab)?.id ?? categories[0]?.id ?? "";
}
