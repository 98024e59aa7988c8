/**
 * How many bytes a request body may have before the server refuses it with 413, checked in
 * server/app-listener.ts before anything parses it (issue 11). Forms are small; only upload
 * routes get more, and their actions check their own, smaller per-file limits so a guest reads
 * the German message of the form ("Das Bild darf höchstens 10 MB groß sein.") for any file a
 * phone camera makes, and a 413 page only beyond that.
 */
export const FORM_BODY_LIMIT = 64 * 1024;

/** Upload routes by path (React Router's `.data` URL of a route counts as the route). */
const UPLOAD_BODY_LIMITS: Record<string, number> = {
  // Avatars: a 10 MB phone photo (checked by the action with a German message) plus the
  // multipart envelope.
  "/dashboard/profile": 11 * 1024 * 1024,
  // Logos and favicon (2 MB each, checked by the action with a German message).
  "/admin/settings": 10 * 1024 * 1024,
  // Property photos, one per request: 10 MB each (checked by the action with a German message)
  // plus the multipart envelope.
  "/admin/properties/images": 11 * 1024 * 1024,
  // CSV import: a 10 MB file plus the multipart framing; larger files get the German message of
  // the action up to here and the 413 page beyond (decision 028).
  "/admin/properties/import": 10 * 1024 * 1024 + 64 * 1024,
};

/**
 * The admin property form: a 10,000-character description is up to 60 KB once URL-encoded
 * (ü is %C3%BC), plus the other fields and the image list.
 */
const PROPERTY_FORM_BODY_LIMIT = 256 * 1024;
const PROPERTY_FORM_ROUTE = /^\/admin\/properties\/(add|edit\/[^/]+)$/;

/**
 * The content editor (/admin/inhalte/<page>): the whole page in one form. The longest shipped
 * page (Datenschutz) posts ~12 KB once its field names and umlauts are URL-encoded; an
 * operator's own legal texts may be many times longer (decision 030).
 */
const CONTENT_FORM_BODY_LIMIT = 512 * 1024;
const CONTENT_FORM_ROUTE = /^\/admin\/inhalte\/[^/]+$/;

export function bodyLimitFor(pathname: string): number {
  const route = pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
  if (PROPERTY_FORM_ROUTE.test(route)) return PROPERTY_FORM_BODY_LIMIT;
  if (CONTENT_FORM_ROUTE.test(route)) return CONTENT_FORM_BODY_LIMIT;
  return UPLOAD_BODY_LIMITS[route] ?? FORM_BODY_LIMIT;
}
