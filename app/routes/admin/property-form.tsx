import "~/locales/admin-texts";
import { MoveLeft } from "lucide-react";
import { useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useLocation,
  useNavigation,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Banner } from "~/components/ui/banner";
import { LinkButton } from "~/components/ui/button";
import { todayInBerlin } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";
import { isAiConfigured } from "~/features/properties/ai-description.server";
import { listImageImports } from "~/features/properties/image-import.server";
import { ImageImportStatus } from "~/features/properties/components/admin/image-import-status";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  draftValues,
  propertyFormSchema,
  readPropertyForm,
  type PropertyFormField,
} from "~/features/properties/admin-property.schema";
import {
  discardDraft,
  getAdminProperty,
  saveDraft,
  saveProperty,
} from "~/features/properties/admin-properties.server";
import { formValuesOf, imagesForForm } from "~/features/properties/admin-property-form.server";
import { draftUploadRefs } from "~/features/properties/property-images";
import { draftUploads } from "~/features/properties/property-images.server";
import {
  PropertyForm,
  type PropertyFormActionData,
} from "~/features/properties/components/admin/property-form";
import { getSettings } from "~/features/settings/settings.server";
import { getAdminSeasons } from "~/features/properties/admin-seasons.server";
import { SeasonsSection } from "~/features/properties/components/admin/seasons-section";
import { fieldErrorsFromIssues } from "~/lib/form";
import { editVersionOf, readEditVersion } from "~/lib/edit-version";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/property-form";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { checkInFrom, checkOutUntil, touristTaxNote } = await getSettings();
  const factDefaults = { checkInFrom, checkOutUntil, touristTaxNote };
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const today = todayInBerlin();
  if (params.id === undefined) {
    return {
      title: t("adminProperties.form.titleAdd"),
      mode: "add" as const,
      today,
      loadFailed: false,
      property: null,
      values: formValuesOf(null),
      images: [],
      missingDraftImages: 0,
      aiConfigured: isAiConfigured(),
      imageImports: [],
      factDefaults,
      seasons: null,
    };
  }
  if (!isUuid(params.id)) throw data({ notFound: true }, { status: 404 });
  let row;
  try {
    row = await getAdminProperty(params.id);
  } catch (error) {
    logger.error({ err: error }, "loading a property for the admin form failed");
    return {
      title: t("adminProperties.form.titleEdit"),
      mode: "edit" as const,
      today,
      loadFailed: true,
      property: null,
      values: formValuesOf(null),
      images: [],
      missingDraftImages: 0,
      aiConfigured: false,
      imageImports: [],
      factDefaults,
      seasons: null,
    };
  }
  if (!row) throw data({ notFound: true }, { status: 404 });
  const values = formValuesOf(row);
  // Photos uploaded into the unsaved form that autosave kept (decision 067).
  const uploads = await draftUploads(draftUploadRefs(values.images, row.images));
  const { images, missing } = imagesForForm(row, values.images, uploads);
  return {
    title: t("adminProperties.form.titleEdit"),
    mode: "edit" as const,
    today,
    loadFailed: false,
    property: {
      id: row.id,
      status: row.status as "draft" | "published" | "archived",
      draftSavedAt: row.draftSavedAt?.toISOString() ?? null,
      // What the form sends back, so a save from a stale page is refused (decision 073).
      version: editVersionOf(row.updatedAt),
    },
    values,
    images,
    missingDraftImages: missing,
    aiConfigured: isAiConfigured(),
    // Photos of a CSV import still being fetched, or failed (with the reason).
    imageImports: await listImageImports(row.id),
    factDefaults,
    // "Saisonzeiten" and the long-stay discounts (issue 18, decision 046).
    seasons: await getAdminSeasons(row.id),
    isSeasonsSaved: new URL(request.url).searchParams.get("hinweis") === "seasons",
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Unterkunft" },
  { name: "robots", content: "noindex" },
];

/**
 * An autosave changes nothing the page shows from its loader; the form keeps its input, and the
 * new version from the autosave's answer (decision 073).
 */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "autosave") return false;
  return defaultShouldRevalidate;
}

const INTENTS = ["save", "publish", "autosave", "discardDraft"] as const;
type Intent = (typeof INTENTS)[number];

/** "stale": the property changed since the form was loaded; nothing was saved (decision 073). */
const STATUS = { notFound: 404, stale: 409, failed: 500 } as const;

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  const form = await request.formData();
  const rawIntent = form.get("intent");
  const intent: Intent = INTENTS.includes(rawIntent as Intent) ? (rawIntent as Intent) : "save";
  // The add page learns its property's id from the first autosave (hidden field "id").
  const rawId = params.id ?? form.get("id");
  const id = typeof rawId === "string" && rawId !== "" ? rawId : null;
  const raw = readPropertyForm(form);
  const values = draftValues(raw);
  // Every write to an existing property names the version its form was loaded with (decision
  // 073). None, or not one (a forged form, a page from before versions) is refused as stale by
  // the write, after "not found": reloading is the answer either way. A refusal sends it back
  // with the input: a page shown again without JavaScript keeps the version of that input.
  const version = readEditVersion(form);
  // The check above ran; an expired session keeps the form and its input on screen.
  if (!admin) return sessionExpired({ intent, values, version });
  type Refusal = Extract<PropertyFormActionData, { ok: false }>;
  /** A refused write: the input and its version go back to the form. */
  const refuse = (
    error: Refusal["error"],
    status: number,
    more: Pick<Refusal, "fieldErrors" | "message" | "isNew"> = {},
  ) => data({ intent, ok: false, error, ...more, values, version } satisfies Refusal, { status });
  if (id !== null && !isUuid(id)) return refuse("notFound", 404);

  if (intent === "autosave") {
    // Lenient (a half-filled form is a fine draft), but only once there is something to keep.
    if (!raw.title.trim() || !raw.description.trim()) return refuse("invalid", 400);
    const result = await saveDraft({ actor: admin, id, version, values });
    if (!result.ok) return refuse(result.error, STATUS[result.error]);
    return {
      intent,
      ok: true as const,
      id: result.id,
      savedAt: result.savedAt,
      version: result.version,
    };
  }

  if (intent === "discardDraft") {
    if (id === null) throw redirect("/admin/properties/add");
    const result = await discardDraft({ actor: admin, id, version });
    if (!result.ok) return refuse(result.error, STATUS[result.error]);
    throw redirect(`/admin/properties/edit/${id.toLowerCase()}`);
  }

  const parsed = propertyFormSchema(todayInBerlin()).safeParse(raw);
  if (!parsed.success) {
    return refuse("invalid", 400, {
      fieldErrors: fieldErrorsFromIssues<PropertyFormField>(parsed.error.issues),
    });
  }
  const result = await saveProperty({
    actor: admin,
    id,
    version,
    values: parsed.data,
    // The add page creates a published property (also when autosave made it a draft first);
    // on the edit page "Speichern" keeps the status and "Veröffentlichen" publishes.
    publish: params.id === undefined || intent === "publish",
  });
  if (!result.ok) {
    return refuse(result.error, result.error === "invalidImage" ? 400 : STATUS[result.error], {
      message: result.message,
      isNew: id === null,
    });
  }
  throw redirect("/admin/properties?hinweis=saved");
}

/**
 * The form's key: a navigation (another property, the reload after "Entwurf verwerfen") starts
 * the form afresh; an action's answer (a refused save) and a revalidation keep it. Keyed by the
 * draft's time and the version, as it was, the form was rebuilt under the admin's hands after
 * its own autosave as soon as anything re-read the page (a live update when someone saves the
 * settings or a content page): what was typed since the autosave and the focus were lost.
 */
function useFormKey(isAnswer: boolean) {
  const { key: at } = useLocation();
  const [current, setCurrent] = useState({ at, key: at });
  if (at === current.at) return current.key;
  const next = { at, key: isAnswer ? current.key : at };
  setCurrent(next);
  return next.key;
}

export default function PropertyFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const result = useActionAnswer(actionData) as PropertyFormActionData | undefined;
  const { mode, property, loadFailed } = loaderData;
  const formKey = useFormKey(actionData != null);
  const heading =
    mode === "add" ? t("adminProperties.form.titleAdd") : t("adminProperties.form.titleEdit");
  return (
    <main id="main" className="max-w-4xl">
      <Link
        to="/admin/properties"
        className="inline-flex items-center gap-1 text-sm font-medium text-secondary underline"
      >
        <MoveLeft aria-hidden className="size-4" />
        {t("adminProperties.form.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{heading}</h1>
      {property && (
        // Blocks, the iCal export and imported calendars live on their own page (decision 045).
        <Link
          to={`/admin/properties/${property.id}/kalender`}
          className="mt-1 inline-block text-sm font-medium text-secondary underline"
        >
          {t("adminCalendar.openCalendar")}
        </Link>
      )}
      {loadFailed ? (
        <Banner tone="error" className="mt-4">
          {t("adminProperties.errors.loadFailed")}
        </Banner>
      ) : (
        <>
          <ImageImportStatus items={loaderData.imageImports} />
          <PropertyForm
            key={formKey}
            mode={mode}
            property={property}
            values={(result && !result.ok ? result.values : undefined) ?? loaderData.values}
            images={loaderData.images}
            missingDraftImages={loaderData.missingDraftImages}
            isAiConfigured={loaderData.aiConfigured}
            today={loaderData.today}
            result={result}
            isSaving={navigation.state === "submitting"}
            factDefaults={loaderData.factDefaults}
          />
          {loaderData.seasons && (
            <SeasonsSection
              propertyId={loaderData.seasons.property.id}
              seasons={loaderData.seasons.seasons}
              discounts={loaderData.seasons.property}
              isSaved={"isSeasonsSaved" in loaderData && loaderData.isSeasonsSaved}
            />
          )}
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  // Sign-in and role answers (401, 403) are the admin layout's to show.
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) throw error;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="space-y-4">
      <p role="alert" className="text-lg font-semibold text-slate-900">
        {notFound ? t("adminProperties.errors.notFound") : t("adminProperties.errors.loadFailed")}
      </p>
      <LinkButton to="/admin/properties" variant="outline" size="md">
        {t("adminProperties.form.back")}
      </LinkButton>
    </main>
  );
}
