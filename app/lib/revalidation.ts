import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Whether a navigation only changes the query of the page it is on: a filter, a sort, a page
 * of a list, a search box that writes `?q=` on every keystroke. Loaders of layouts whose data
 * does not depend on the query (the root's settings and user, the admin sidebar's unread count)
 * can skip those. A save (any method but GET) and a revalidation on the same URL (live
 * settings) are not "only the query" and still re-read.
 */
export function onlyQueryChanged({
  currentUrl,
  nextUrl,
  formMethod,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "formMethod">) {
  return (
    (!formMethod || formMethod.toUpperCase() === "GET") &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search
  );
}
