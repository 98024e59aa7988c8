import { z } from "zod";
import { pageParam } from "~/lib/paging";

/** What /admin/nachrichten reads from its URL; shared by the page (links) and the server. */
export const INBOX_PAGE_SIZE = 20;
export const INBOX_FILTERS = ["ungelesen", "alle", "archiv"] as const;
export type InboxFilterName = (typeof INBOX_FILTERS)[number];
export type InboxFilter = { filter: InboxFilterName; page: number };

/** Malformed values fall back to the defaults: the list is a bookmarkable page, not a form. */
export function inboxFilter(params: URLSearchParams): InboxFilter {
  const filter = params.get("filter");
  return {
    filter: INBOX_FILTERS.includes(filter as InboxFilterName)
      ? (filter as InboxFilterName)
      : "alle",
    page: pageParam(params),
  };
}

/** A reply as long as the longest message a visitor may send (spec 02: 5,000 characters). */
export const CONTACT_REPLY_MAX = 5000;

/** Messages are keys under adminInbox.errors. */
export const contactReplySchema = z.object({
  reply: z.string().trim().min(1, "replyRequired").max(CONTACT_REPLY_MAX, "replyTooLong"),
});
export const CONTACT_REPLY_FIELDS = ["reply"] as const;
