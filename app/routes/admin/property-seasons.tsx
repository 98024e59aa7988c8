/**
 * /admin/properties/edit/{id}/seasons: where the "Saisonzeiten" forms of the property edit page
 * post (issue 18 point 5, decision 046). A saved change goes back to the edit page's section;
 * a refused one shows the section here with the field errors and the input kept, so the forms
 * work the same without JavaScript. GET shows the section on its own.
 */
import "~/locales/admin-texts";
import { MoveLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { isUuid } from "~/domain/ids";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  createSeason,
  deleteSeason,
  getAdminSeasons,
  saveDiscounts,
  updateSeason,
  type SeasonChangeResult,
} from "~/features/properties/admin-seasons.server";
import {
  SeasonsSection,
  type SeasonsActionData,
} from "~/features/properties/components/admin/seasons-section";
import {
  discountFormSchema,
  readDiscountForm,
  readSeasonForm,
  seasonFormSchema,
  type DiscountField,
  type SeasonField,
} from "~/features/properties/season.schema";
import { readEditVersion } from "~/lib/edit-version";
import { fieldErrorsFromIssues } from "~/lib/form";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/property-seasons";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await getAdminSeasons(params.id);
  if (!page) throw data({ notFound: true }, { status: 404 });
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  return { ...page, title: t("adminSeasons.pageTitle", { title: page.property.title }) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Saisonzeiten" },
  { name: "robots", content: "noindex" },
];

const INTENTS = ["create", "update", "delete", "discounts"] as const;
type Intent = (typeof INTENTS)[number];

const STATUS: Record<Exclude<SeasonChangeResult, { ok: true }>["error"], number> = {
  notFound: 404,
  overlap: 409,
  stale: 409,
  minStayAboveMax: 400,
  failed: 500,
};

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  const form = await request.formData();
  const rawIntent = form.get("intent");
  const intent: Intent = INTENTS.includes(rawIntent as Intent) ? (rawIntent as Intent) : "create";
  const rawSeasonId = form.get("seasonId");
  const seasonId = typeof rawSeasonId === "string" ? rawSeasonId.slice(0, 64) : undefined;
  const values =
    intent === "discounts"
      ? readDiscountForm(form)
      : intent === "delete"
        ? {}
        : readSeasonForm(form);
  // A season's edit form sends the version it was loaded with (decision 073); a refusal sends it
  // back with the input, so the form shown again keeps the version of that input.
  const version = intent === "update" ? readEditVersion(form) : undefined;
  const answer = (body: Omit<SeasonsActionData, "intent">, status: number) =>
    data({ intent, seasonId, version, ...body } satisfies SeasonsActionData, { status });
  // An expired session keeps the input on screen (the check above ran).
  if (!admin) return sessionExpired({ intent, seasonId, values, version });
  if (!isUuid(params.id)) return answer({ error: "notFound", values }, 404);
  const propertyId = params.id.toLowerCase();

  let result: SeasonChangeResult;
  if (intent === "delete") {
    if (!isUuid(seasonId)) return answer({ error: "notFound" }, 404);
    result = await deleteSeason({ actor: admin, propertyId, seasonId });
  } else if (intent === "discounts") {
    const parsed = discountFormSchema.safeParse(values);
    if (!parsed.success) {
      return answer(
        {
          error: "invalid",
          fieldErrors: fieldErrorsFromIssues<DiscountField>(parsed.error.issues),
          values,
        },
        400,
      );
    }
    result = await saveDiscounts({ actor: admin, propertyId, discounts: parsed.data });
  } else {
    if (intent === "update" && !isUuid(seasonId)) return answer({ error: "notFound", values }, 404);
    const parsed = seasonFormSchema.safeParse(values);
    if (!parsed.success) {
      return answer(
        {
          error: "invalid",
          fieldErrors: fieldErrorsFromIssues<SeasonField>(parsed.error.issues),
          values,
        },
        400,
      );
    }
    result =
      intent === "update"
        ? await updateSeason({
            actor: admin,
            propertyId,
            seasonId: seasonId!,
            version: version ?? null,
            season: parsed.data,
          })
        : await createSeason({ actor: admin, propertyId, season: parsed.data });
  }
  if (!result.ok && result.error === "minStayAboveMax") {
    // Beside the field, naming the settings' limit (decision 090); the input stays as typed.
    return answer(
      {
        error: "invalid",
        fieldErrors: { minStayNights: "adminSeasons.errors.minStayAboveMax" },
        fieldErrorValues: { minStayNights: { count: result.maxStayDays } },
        values,
      },
      STATUS[result.error],
    );
  }
  if (!result.ok) return answer({ error: result.error, values }, STATUS[result.error]);
  throw redirect(`/admin/properties/edit/${propertyId}?hinweis=seasons#saisonzeiten`);
}

export default function PropertySeasonsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionAnswer(actionData) as (SeasonsActionData & { ok?: false }) | undefined;
  const { property, seasons } = loaderData;
  return (
    <main id="main" className="max-w-4xl">
      <Link
        to={`/admin/properties/edit/${property.id}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-secondary underline"
      >
        <MoveLeft aria-hidden className="size-4" />
        {t("adminSeasons.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{loaderData.title}</h1>
      {result?.error === "sessionExpired" && <SessionExpiredBanner className="mt-4" />}
      <SeasonsSection
        propertyId={property.id}
        seasons={seasons}
        discounts={property}
        result={result}
      />
    </main>
  );
}
