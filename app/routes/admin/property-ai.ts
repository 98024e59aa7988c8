import "~/locales/admin-texts";
import { requireAdmin, type CurrentUser } from "~/features/accounts/session.server";
import {
  AI_DESCRIPTION_MAX_LENGTH,
  type AiDescriptionAnswer,
  type AiDescriptionError,
} from "~/features/properties/ai-description";
import { AI_RATE_LIMIT, optimizeDescription } from "~/features/properties/ai-description.server";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import type { Route } from "./+types/property-ai";

/**
 * POST /admin/properties/ai: "Mit KI optimieren" beside the property description (spec
 * 06-admin, decision 029). Form field `description`; answers JSON `{ ok: true, text }` or
 * `{ ok: false, error, message }`. Nothing is stored: the text goes back into the form for
 * review, and only the form's own save stores it.
 */

// 409, not 503, for "not configured": the server is fine, this installation has no API set up
// (and a 5xx would count as a crash in tests/http/hostile-requests.test.ts). 502: the API failed.
const STATUS: Record<AiDescriptionError, number> = {
  descriptionRequired: 400,
  tooLong: 400,
  notConfigured: 409,
  rateLimited: 429,
  emptyResult: 502,
  truncated: 502,
  failed: 502,
};

const json = (body: unknown, status: number, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store", ...headers } });

/**
 * `requireAdmin`, with its refusals as JSON for the component: thrown `data()` in a resource
 * route would reach the browser as React Router's "Unexpected Server Error". The visitor's
 * sign-in redirect of a GET stays a redirect.
 */
async function requireAdminOrAnswer(
  request: Request,
): Promise<{ admin: CurrentUser } | { answer: Response }> {
  try {
    return { admin: await requireAdmin(request) };
  } catch (thrown) {
    if (thrown instanceof Response) return { answer: thrown };
    const status = (thrown as { init?: ResponseInit | null } | null)?.init?.status;
    if (status !== 401 && status !== 403) throw thrown;
    const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
    return {
      answer: json(
        status === 401
          ? { ok: false, error: "sessionExpired", message: t("errors.sessionExpired") }
          : { ok: false, error: "forbidden", message: t("errors.forbiddenText") },
        status,
      ),
    };
  }
}

/** Only POST: a GET (a typed address, a prefetch) gets 405 after the role check. */
export async function loader({ request }: Route.LoaderArgs) {
  const guard = await requireAdminOrAnswer(request);
  if ("answer" in guard) return guard.answer;
  return json({ ok: false, error: "methodNotAllowed" }, 405, { Allow: "POST" });
}

export async function action({ request }: Route.ActionArgs) {
  const guard = await requireAdminOrAnswer(request);
  if ("answer" in guard) return guard.answer;
  const { t, i18n } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  // The server checked size and encoding before this runs (server/request-checks.ts).
  const form = await request.formData().catch(() => null);
  const raw = form?.get("description");
  const result = await optimizeDescription({
    description: typeof raw === "string" ? raw : "",
    adminId: guard.admin.id,
  });
  if (result.ok) return json({ ok: true, text: result.text } satisfies AiDescriptionAnswer, 200);
  const max = result.error === "rateLimited" ? AI_RATE_LIMIT.max : AI_DESCRIPTION_MAX_LENGTH;
  const values = { max: max.toLocaleString(i18n.language === "de" ? "de-DE" : "en-GB") };
  return json(
    {
      ok: false,
      error: result.error,
      message: t(`adminPropertyAi.errors.${result.error}`, values),
    } satisfies AiDescriptionAnswer,
    STATUS[result.error],
  );
}
