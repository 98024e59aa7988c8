import { requireAdmin } from "~/features/accounts/session.server";
import {
  storePropertyImageUpload,
  UPLOAD_MESSAGES,
  type UploadError,
} from "~/features/properties/property-images.server";
import type { Route } from "./+types/property-images-upload";

/**
 * POST /admin/properties/images: one property photo per request (multipart, field `file`), from
 * the admin form's uploader (PropertyImagesField). Answers JSON for the uploader's
 * XMLHttpRequest: `{ ok: true, image }` or `{ ok: false, error, message }` with a 4xx the
 * uploader does not retry (a 5xx it does). The body limit for this path is in body-limits.ts.
 */
const STATUS: Record<UploadError, number> = {
  missing: 400,
  notImage: 415,
  tooLarge: 413,
  tooManyPixels: 413,
  tooManyPending: 429,
  failed: 500,
};

const noStore = { "Cache-Control": "private, no-store" };

function refused(error: UploadError) {
  return Response.json(
    { ok: false, error, message: UPLOAD_MESSAGES[error] },
    { status: STATUS[error], headers: noStore },
  );
}

/** Nothing to read here; the admin area's pages use the action. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return Response.json(
    { ok: false, message: "Bitte laden Sie Bilder über das Formular der Unterkunft hoch." },
    { status: 405, headers: { ...noStore, Allow: "POST" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused("missing");
  }
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0) return refused("missing");
  const result = await storePropertyImageUpload(Buffer.from(await file.arrayBuffer()), admin.id);
  if (!result.ok) return refused(result.error);
  return Response.json({ ok: true, image: result.image }, { headers: noStore });
}
