import { dayInBerlin } from "~/domain/calendar-day";

// Server-only (loaders): review-display.ts rides in the browser bundle of /bewertungen and the
// property page, which need only its formatting.
/** The operator's public answer under a review: text and day (who answered stays internal). */
export function ownerReplyOf(row: { ownerReply: string | null; ownerReplyAt: Date | null }) {
  if (!row.ownerReply) return null;
  return {
    text: row.ownerReply,
    /** calendar day in Europe/Berlin, "YYYY-MM-DD" */
    date: row.ownerReplyAt ? dayInBerlin(row.ownerReplyAt) : null,
  };
}
