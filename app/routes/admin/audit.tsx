import "~/locales/admin-texts";
import { ScrollText } from "lucide-react";
import { Form, Link } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { STACKED, StackedTable } from "~/components/ui/stacked-table";
import { Td, Th } from "~/components/ui/table";
import { requireAdmin } from "~/features/accounts/session.server";
import { auditFilter, listAuditEntries } from "~/features/audit/audit.server";
import { AUDIT_ENTITIES } from "~/features/audit/describe";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/audit";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = languageFromCookie(request.headers.get("cookie"));
  const { t } = getTranslator(language);
  const filter = auditFilter(new URL(request.url).searchParams);
  try {
    return {
      title: t("adminAudit.title"),
      filter,
      loadFailed: false,
      ...(await listAuditEntries(filter, language)),
    };
  } catch (error) {
    logger.error({ err: error }, "loading the audit log failed");
    return {
      title: t("adminAudit.title"),
      filter,
      loadFailed: true,
      entries: [],
      next: null,
      admins: [],
    };
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Protokoll" },
  { name: "robots", content: "noindex" },
];

function auditHref(
  filter: { entity: string; actor: string | null },
  before?: { at: string; id: string },
) {
  const params = new URLSearchParams();
  if (filter.entity !== "alle") params.set("entity", filter.entity);
  if (filter.actor) params.set("admin", filter.actor);
  if (before) {
    params.set("vor", before.at);
    params.set("id", before.id);
  }
  const query = params.toString();
  return `/admin/audit${query ? `?${query}` : ""}`;
}

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "en" ? "en-GB" : "de-DE";
  const { filter, entries, next, admins, loadFailed } = loaderData;
  const label = (group: "entities" | "actions", key: string) =>
    t(`adminAudit.${group}.${key}` as "adminAudit.actions.update", { defaultValue: key });

  return (
    <main id="main">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <ScrollText aria-hidden className="size-6 text-secondary" />
        {t("adminAudit.title")}
      </h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t("adminAudit.intro")}</p>

      <Form
        method="get"
        className="mt-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto]"
      >
        <Field label={t("adminAudit.entity")}>
          <Select name="entity" defaultValue={filter.entity}>
            <option value="alle">{t("adminAudit.all")}</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {label("entities", entity)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("adminAudit.admin")}>
          <Select name="admin" defaultValue={filter.actor ?? ""}>
            <option value="">{t("adminAudit.all")}</option>
            {admins.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {`${admin.name} (${admin.email})${admin.former ? ` – ${t("adminAudit.former")}` : ""}`}
              </option>
            ))}
            <option value="system">{t("adminAudit.system")}</option>
          </Select>
        </Field>
        <div className="flex items-end">
          <Button type="submit" size="md">
            {t("adminAudit.apply")}
          </Button>
        </div>
      </Form>

      {loadFailed ? (
        <Banner tone="error" className="mt-6">
          {t("adminAudit.loadFailed")}
        </Banner>
      ) : entries.length === 0 ? (
        <p className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {t("adminAudit.empty")}
        </p>
      ) : (
        // On a phone each entry is a card (audit 23: the changes column sat off-screen in a
        // sideways scroller, decision 102).
        <StackedTable caption={t("adminAudit.caption")} className="mt-6" testId="audit">
          <thead {...STACKED.head}>
            <tr {...STACKED.row}>
              <Th {...STACKED.header}>{t("adminAudit.when")}</Th>
              <Th {...STACKED.header}>{t("adminAudit.who")}</Th>
              <Th {...STACKED.header}>{t("adminAudit.what")}</Th>
              <Th {...STACKED.header}>{t("adminAudit.changes")}</Th>
            </tr>
          </thead>
          <tbody {...STACKED.body}>
            {entries.map((entry) => (
              <tr key={entry.id} {...STACKED.row}>
                <Td {...STACKED.cell} className={`${STACKED.cell.className} whitespace-nowrap`}>
                  <time dateTime={entry.at}>
                    {new Date(entry.at).toLocaleString(locale, {
                      timeZone: "Europe/Berlin",
                      dateStyle: "medium",
                      timeStyle: "short",
                    })}
                  </time>
                </Td>
                <Td {...STACKED.cell}>{entry.actor ?? t("adminAudit.system")}</Td>
                <Td {...STACKED.cell}>
                  <span className="font-medium text-slate-900">
                    {`${label("entities", entry.entity)}${entry.subject ? ` ${entry.subject}` : ""}: ${label("actions", entry.action)}`}
                  </span>
                  {entry.href && (
                    <>
                      {" "}
                      <Link to={entry.href} className="text-secondary underline">
                        {t("adminAudit.open")}
                      </Link>
                    </>
                  )}
                </Td>
                <Td {...STACKED.cell}>
                  {entry.changes.length === 0 ? (
                    t("adminAudit.noChanges")
                  ) : (
                    <ul className="space-y-0.5">
                      {entry.changes.map((change) => (
                        <li key={change.field} className="break-words">
                          <span className="text-slate-600">{`${change.label}: `}</span>
                          {`${change.before} → ${change.after}`}
                        </li>
                      ))}
                    </ul>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <nav aria-label={t("adminAudit.caption")} className="mt-6 flex flex-wrap gap-4">
        {filter.before && (
          <Link to={auditHref(filter)} className="font-medium text-secondary underline">
            {t("adminAudit.newest")}
          </Link>
        )}
        {next && (
          <Link
            to={auditHref(filter, next)}
            rel="next"
            className="font-medium text-secondary underline"
          >
            {t("adminAudit.older")}
          </Link>
        )}
      </nav>
    </main>
  );
}
