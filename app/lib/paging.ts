/**
 * The `page` of an admin list's URL. Anything else than a whole number from 1 to 10,000 is page
 * 1: a malformed link still shows the list, and no URL asks the database for an offset of
 * millions of rows.
 */
export function pageParam(params: URLSearchParams) {
  const page = Number(params.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}
