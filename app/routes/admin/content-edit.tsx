import "~/locales/admin-texts";
import { ArrowLeft, ExternalLink, FileText, History } from "lucide-react";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { Table, Td, Th } from "~/components/ui/table";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import { ContentFields } from "~/features/content/components/content-fields";
import { contentEditorHref, contentPageBySlug } from "~/features/content/content-pages";
import {
  applyListEdit,
  parseContentForm,
  parseListEdit,
  type ContentBody,
  type ContentFieldError,
} from "~/features/content/content-shape";
import {
  createPreview,
  currentVersion,
  listVersions,
  restoreContentVersion,
  saveContent,
  shapeOfPage,
  withDefaults,
} from "~/features/content/content.server";
import {
  getTranslator,
  isLanguage,
  LANGUAGES,
  languageFromCookie,
  type Language,
} from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/content-edit";

const NOTICES = ["saved", "restored"] as const;
type Notice = (typeof NOTICES)[number];

/** The page from the URL (`/admin/inhalte/agb`); anything else is the 404 page. */
function pageOf(params: { page?: string }) {
  const info = contentPageBySlug(params.page);
  if (!info) throw data({ notFound: true }, { status: 404 });
  return info;
}

/** `?sprache=de|en`, German without one; null for anything else (answered with 400). */
function languageOf(url: URL): Language | null {
  const raw = url.searchParams.get("sprache");
  if (raw === null || raw === "") return "de";
  return isLanguage(raw) ? raw : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const info = pageOf(params);
  const url = new URL(request.url);
  const language = languageOf(url);
  const title = t("adminContent.editTitle", { page: t(`adminContent.pages.${info.page}`) });
  if (!language) {
    return data({ kind: "badLanguage" as const, title, info }, { status: 400 });
  }
  const notice = url.searchParams.get("hinweis");
  try {
    const [current, versions] = await Promise.all([
      currentVersion(info.page, language),
      listVersions(info.page, language),
    ]);
    return {
      kind: "editor" as const,
      title,
      info,
      language,
      notice: NOTICES.includes(notice as Notice) ? (notice as Notice) : null,
      shape: shapeOfPage(info.page),
      body: withDefaults(info.page, language, current?.body),
      basedOn: current?.version ?? 0,
      versions: versions.map((v) => ({
        version: v.version,
        restoredFrom: v.restoredFrom,
        at: v.createdAt.toISOString(),
        who: v.authorName || v.authorEmail,
      })),
    };
  } catch (error) {
    logger.error({ err: error, page: info.page }, "loading the content editor failed");
    return data({ kind: "loadFailed" as const, title, info }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Inhalte" },
  { name: "robots", content: "noindex" },
];

type ActionData = {
  /** True for an answer that only brings the form back (a list button, a preview). */
  ok: boolean;
  error?: "invalid" | "forged" | "conflict" | "notFound" | "failed" | "language" | "sessionExpired";
  /** The form as the admin left it (after an add/remove/move button, or with errors). */
  draft?: ContentBody;
  /** A new key per answer, so the form's fields take the draft's values. */
  draftKey?: string;
  /** The version the draft started from, kept across list buttons (see `basedOn` below). */
  basedOn?: number;
  errors?: Record<string, ContentFieldError>;
  previewUrl?: string;
};

const answer = (body: ActionData, status = 200) => data(body, { status });

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired();
  const info = contentPageBySlug(params.page);
  if (!info) return answer({ ok: false, error: "notFound" }, 404);
  const url = new URL(request.url);
  const language = languageOf(url);
  if (!language) return answer({ ok: false, error: "language" }, 400);
  const done = (notice: Notice) =>
    redirect(
      `${contentEditorHref(info, language)}${language === "en" ? "&" : "?"}hinweis=${notice}`,
    );

  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "restore") {
    const raw = String(form.get("version") ?? "");
    const version = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
    if (version < 1) return answer({ ok: false, error: "notFound" }, 404);
    const result = await restoreContentVersion({
      actor: admin,
      page: info.page,
      language,
      version,
    });
    if (!result.ok) return answer({ ok: false, error: result.error }, statusOf(result.error));
    return done("restored");
  }

  const shape = shapeOfPage(info.page);
  const names = [...new Set(form.keys())];
  const parsed = parseContentForm(shape, {
    names,
    get: (name) => {
      const value = form.get(name);
      return typeof value === "string" ? value : null;
    },
  });
  if (parsed.body === null) return answer({ ok: false, error: "forged" }, 400);
  const draftKey = crypto.randomUUID();
  const rawBase = String(form.get("basedOn") ?? "");
  if (!/^\d{1,9}$/.test(rawBase)) return answer({ ok: false, error: "forged" }, 400);
  const basedOn = Number(rawBase);

  const edit = parseListEdit(intent);
  if (edit) {
    // Add, remove, move: the form comes back with the change, nothing is stored yet.
    const draft = applyListEdit(shape, parsed.body, edit);
    return answer({ ok: true, draft, draftKey, basedOn, errors: {} });
  }
  if (!parsed.ok) {
    return answer(
      { ok: false, error: "invalid", draft: parsed.body, draftKey, basedOn, errors: parsed.errors },
      400,
    );
  }
  if (intent === "preview") {
    const id = await createPreview({ actor: admin, page: info.page, language, body: parsed.body });
    return answer({
      ok: true,
      draft: parsed.body,
      draftKey,
      basedOn,
      errors: {},
      previewUrl: `${info.publicPath}?vorschau=${id}`,
    });
  }
  if (intent !== "save") return answer({ ok: false, error: "forged" }, 400);
  const result = await saveContent({
    actor: admin,
    page: info.page,
    language,
    body: parsed.body,
    basedOn,
  });
  if (!result.ok) {
    return answer(
      { ok: false, error: result.error, draft: parsed.body, draftKey, basedOn, errors: {} },
      statusOf(result.error),
    );
  }
  return done("saved");
}

const statusOf = (error: "conflict" | "notFound" | "failed") =>
  error === "conflict" ? 409 : error === "notFound" ? 404 : 500;

export default function ContentEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const result = useActionAnswer(actionData) as ActionData | undefined;
  const locale = i18n.language === "en" ? "en-GB" : "de-DE";
  const { info, title } = loaderData;

  const header = (
    <div>
      <Link
        to="/admin/inhalte"
        className="inline-flex items-center gap-1 text-sm font-medium text-secondary hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("adminContent.back")}
      </Link>
      <h1 className="mt-2 flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <FileText aria-hidden className="size-6 text-secondary" />
        {title}
      </h1>
    </div>
  );
  if (loaderData.kind !== "editor") {
    return (
      <main id="main">
        {header}
        <Banner tone="error" className="mt-4">
          {loaderData.kind === "badLanguage"
            ? t("adminContent.errors.language")
            : t("adminContent.errors.loadFailed")}
        </Banner>
        <p className="mt-4">
          <Link to={contentEditorHref(info)} className="font-medium text-secondary underline">
            {t("adminContent.german")}
          </Link>
        </p>
      </main>
    );
  }

  const { language, shape, versions, notice } = loaderData;
  // The version this form started from. It stays put while the page revalidates because someone
  // else saved (live update): their save then makes this one a conflict instead of being
  // overwritten, and what the admin typed stays in the fields.
  const basedOn = result?.basedOn ?? loaderData.basedOn;
  const body = result?.draft ?? loaderData.body;
  const errors = result?.errors ?? {};
  const isSubmitting = navigation.state === "submitting";
  const formError =
    result?.error && result.error !== "sessionExpired"
      ? t(`adminContent.errors.${result.error}`)
      : null;
  const when = (at: string) =>
    new Date(at).toLocaleString(locale, {
      timeZone: "Europe/Berlin",
      dateStyle: "medium",
      timeStyle: "short",
    });

  return (
    <main id="main">
      <div className="flex flex-wrap items-end justify-between gap-4">
        {header}
        <a
          href={info.publicPath}
          className="inline-flex items-center gap-1.5 font-medium text-secondary hover:underline"
        >
          <ExternalLink aria-hidden className="size-4" />
          {t("adminContent.showPage")}
        </a>
      </div>

      <nav aria-label={t("adminContent.languageNav")} className="mt-4 flex gap-2">
        {LANGUAGES.map((lang) => (
          <Link
            key={lang}
            to={contentEditorHref(info, lang)}
            aria-current={lang === language ? "page" : undefined}
            className={
              lang === language
                ? "rounded-lg bg-secondary px-4 py-2 font-medium text-white"
                : "rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100"
            }
          >
            {lang === "de" ? t("adminContent.german") : t("adminContent.english")}
          </Link>
        ))}
      </nav>

      {notice && !result && (
        <Banner tone="success" className="mt-4">
          {t(`adminContent.notices.${notice}`)}
        </Banner>
      )}
      {result?.error === "sessionExpired" && <SessionExpiredBanner className="mt-4" />}
      {formError && (
        <Banner tone="error" className="mt-4">
          {formError}
        </Banner>
      )}
      {result?.previewUrl && (
        <Banner tone="info" className="mt-4" testId="content-preview">
          {t("adminContent.previewReady")}{" "}
          <a
            href={result.previewUrl}
            target="_blank"
            rel="noreferrer"
            className="font-medium underline"
          >
            {t("adminContent.previewOpen")}
          </a>
        </Banner>
      )}

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <Form
          method="post"
          noValidate
          preventScrollReset
          className="min-w-0 space-y-5"
          // New fields after a list button (draft) or a navigation (own save, restore), not when
          // a live update revalidates the page.
          key={result?.draftKey ?? `${language}-${location.key}`}
          data-testid="content-form"
        >
          {/* Enter in a field saves: the first submit button of a form is its default. */}
          <button
            type="submit"
            name="intent"
            value="save"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
          />
          <input type="hidden" name="basedOn" defaultValue={basedOn} />
          <p className="max-w-3xl text-sm text-slate-700">{t("adminContent.formHint")}</p>
          <ContentFields shape={shape} value={body} errors={errors} />
          <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-slate-50/95 py-3">
            <Button type="submit" name="intent" value="preview" variant="outline">
              {t("adminContent.preview")}
            </Button>
            <Button type="submit" name="intent" value="save" disabled={isSubmitting}>
              {isSubmitting ? t("adminContent.saving") : t("adminContent.save")}
            </Button>
          </div>
        </Form>

        <section aria-labelledby="content-versions" className="min-w-0">
          <h2
            id="content-versions"
            className="flex items-center gap-2 text-lg font-semibold text-slate-900"
          >
            <History aria-hidden className="size-5 text-secondary" />
            {t("adminContent.versions")}
          </h2>
          {versions.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t("adminContent.noVersions")}</p>
          ) : (
            <Table
              caption={t("adminContent.versionsCaption")}
              hideCaption
              className="mt-2 rounded-lg border border-slate-200 bg-white"
              testId="content-versions"
            >
              <thead>
                <tr>
                  <Th>{t("adminContent.version")}</Th>
                  <Th>{t("adminContent.who")}</Th>
                  <Th>
                    <span className="sr-only">{t("adminContent.restore")}</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {versions.map((v, index) => (
                  <tr key={v.version}>
                    <Td>
                      <span className="font-medium">{v.version}</span>
                      {v.restoredFrom && (
                        <span className="block text-xs text-slate-600">
                          {t("adminContent.restoredFrom", { n: v.restoredFrom })}
                        </span>
                      )}
                    </Td>
                    <Td>
                      {v.who ?? t("adminContent.unknownAuthor")}
                      <time dateTime={v.at} className="block text-xs text-slate-600">
                        {when(v.at)}
                      </time>
                    </Td>
                    <Td>
                      {index === 0 ? (
                        <span className="text-xs font-medium text-green-800">
                          {t("adminContent.current")}
                        </span>
                      ) : (
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="version" value={v.version} />
                          <Button
                            type="submit"
                            name="intent"
                            value="restore"
                            variant="outline"
                            size="sm"
                            aria-label={`${t("adminContent.restore")}: ${t("adminContent.version")} ${v.version}`}
                          >
                            {t("adminContent.restore")}
                          </Button>
                        </Form>
                      )}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </section>
      </div>
    </main>
  );
}
