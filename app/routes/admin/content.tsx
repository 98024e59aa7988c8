import "~/locales/admin-texts";
import { FileText, Pencil } from "lucide-react";
import { Link } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Table, Td, Th } from "~/components/ui/table";
import { requireAdmin } from "~/features/accounts/session.server";
import { CONTENT_PAGES, contentEditorHref } from "~/features/content/content-pages";
import { lastChanges, type ContentChange } from "~/features/content/content.server";
import { getTranslator, languageFromCookie, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/content";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  try {
    const changes = await lastChanges();
    const find = (page: string, language: Language) =>
      changes.find((c) => c.page === page && c.language === language) ?? null;
    const pages = CONTENT_PAGES.map((info) => ({
      ...info,
      de: changeView(find(info.page, "de")),
      en: changeView(find(info.page, "en")),
    }));
    return { title: t("adminContent.title"), pages, loadFailed: false };
  } catch (error) {
    logger.error({ err: error }, "loading the content list failed");
    return { title: t("adminContent.title"), pages: [], loadFailed: true };
  }
}

const changeView = (change: ContentChange | null) =>
  change && {
    at: change.createdAt.toISOString(),
    who: change.authorName || change.authorEmail,
  };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Inhalte" },
  { name: "robots", content: "noindex" },
];

export default function ContentListPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "en" ? "en-GB" : "de-DE";
  const { pages, loadFailed } = loaderData;
  const changeText = (change: { at: string; who: string | null } | null) =>
    change
      ? t("adminContent.byAt", {
          who: change.who ?? t("adminContent.unknownAuthor"),
          when: new Date(change.at).toLocaleString(locale, {
            timeZone: "Europe/Berlin",
            dateStyle: "medium",
            timeStyle: "short",
          }),
        })
      : t("adminContent.never");

  return (
    <main id="main">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <FileText aria-hidden className="size-6 text-secondary" />
        {t("adminContent.title")}
      </h1>
      <p className="mt-1 max-w-2xl text-slate-700">{t("adminContent.intro")}</p>
      {loadFailed && (
        <Banner tone="error" className="mt-4">
          {t("adminContent.errors.loadFailed")}
        </Banner>
      )}
      <Table
        caption={t("adminContent.caption")}
        hideCaption
        className="mt-6"
        testId="content-pages"
      >
        <thead>
          <tr>
            <Th>{t("adminContent.page")}</Th>
            <Th>
              {t("adminContent.lastChange")} ({t("adminContent.german")})
            </Th>
            <Th>
              {t("adminContent.lastChange")} ({t("adminContent.english")})
            </Th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.page}>
              <Th scope="row">
                <Link
                  to={contentEditorHref(page)}
                  className="inline-flex items-center gap-1.5 font-medium text-secondary underline-offset-2 hover:underline"
                >
                  <Pencil aria-hidden className="size-4" />
                  {t(`adminContent.pages.${page.page}`)}
                </Link>
              </Th>
              <Td>
                <Link to={contentEditorHref(page, "de")} className="hover:underline">
                  {changeText(page.de)}
                </Link>
              </Td>
              <Td>
                <Link to={contentEditorHref(page, "en")} className="hover:underline">
                  {changeText(page.en)}
                </Link>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </main>
  );
}
