import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { getCurrentUser, type CurrentUser } from "~/features/accounts/session.server";
import {
  contentChangedPayload,
  emitContentChanged,
  onContentChanged,
  onPageDataChanged,
  SETTINGS_CHANNEL,
} from "~/features/settings/settings-events.server";
import { isUuid } from "~/domain/ids";
import { shippedContent } from "~/lib/content.server";
import {
  databaseHandle,
  db,
  pgErrorCode,
  PG_UNIQUE_VIOLATION,
  schema,
  type Database,
} from "~/lib/db.server";
import { LANGUAGES, type Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { contentPageById, type ContentPage } from "./content-pages";
import { mergeOverDefault, shapeOf, type ContentBody, type Shape } from "./content-shape";

/**
 * The operator's page texts (issue 15, decision 030). The newest stored version of a page in a
 * language is what guests see, merged over the shipped default; without one, the default.
 *
 * Every public page reads its content on every request, so it is cached per process. A save
 * drops the cache here and, through NOTIFY on the settings channel, on every other process at
 * once (the same path as the settings, decision 004); a short expiry is the safety net should a
 * notification be lost while the LISTEN connection reconnects.
 */
const CACHE_MS = 30_000;
const cache = new Map<string, { value: ContentBody; at: number }>();
function dropCache(page: string) {
  if (page === "*") cache.clear();
  else for (const language of LANGUAGES) cache.delete(`${page}:${language}`);
}
onContentChanged(dropCache);
// A page cached whole (decision 038) is rendered again after any data change; it must not be
// rendered from a content copy older than that change.
onPageDataChanged(() => cache.clear());

const v = schema.contentVersion;

const shapes = new Map<string, Shape>();
/** The page's shape, learnt from both languages' shipped files (decision 030). */
export function shapeOfPage(page: ContentPage): Shape {
  let shape = shapes.get(page);
  if (!shape) {
    shape = shapeOf(LANGUAGES.map((language) => shippedContent(page, language)));
    shapes.set(page, shape);
  }
  return shape;
}

/**
 * A stored body merged over today's default: keys added by a later release still show. Without
 * a stored body (`undefined`: nothing saved yet) it is the shipped default fitted to the shape.
 */
export function withDefaults(page: ContentPage, language: Language, stored: unknown) {
  return mergeOverDefault(shapeOfPage(page), stored, shippedContent(page, language)) as ContentBody;
}

/** The shipped default fitted to the page's shape (both languages share one shape). */
export function defaultContent(page: ContentPage, language: Language): ContentBody {
  return withDefaults(page, language, undefined);
}

/**
 * A page's texts in a language, as guests see them. With the page's request, an admin who
 * opens the page with `?vorschau=<id>` sees their unsaved draft instead (the editor's preview);
 * anyone else sees the page as it is.
 */
export async function getContent<T>(
  page: ContentPage,
  language: Language,
  request?: Request,
): Promise<T> {
  const preview = request ? await previewFor(page, request) : null;
  if (preview) return preview as T;
  const key = `${page}:${language}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as T;
  try {
    const current = await currentVersion(page, language);
    const value = withDefaults(page, language, current?.body);
    cache.set(key, { value, at: Date.now() });
    return value as T;
  } catch (error) {
    // As with the settings: when reading fails, the shipped texts keep the page up.
    logger.error({ err: error, page }, "reading content failed; using the shipped texts");
    return defaultContent(page, language) as T;
  }
}

/** How long a preview link works. */
const PREVIEW_MS = 24 * 60 * 60 * 1000;

async function previewFor(page: ContentPage, request: Request) {
  const id = new URL(request.url).searchParams.get("vorschau");
  if (!id || !isUuid(id)) return null;
  const user = await getCurrentUser(request);
  if (user?.role !== "admin") return null;
  const [row] = await db()
    .select()
    .from(schema.contentPreview)
    .where(
      and(
        eq(schema.contentPreview.id, id),
        eq(schema.contentPreview.page, page),
        // The link works as long as the cleanup keeps the draft, not until it happens to run.
        gte(schema.contentPreview.createdAt, new Date(Date.now() - PREVIEW_MS)),
      ),
    );
  return row ? withDefaults(page, row.language as Language, row.body) : null;
}

/** The newest saved version of a page (null: none); `executor`: a transaction reads it too. */
export async function currentVersion(
  page: ContentPage,
  language: Language,
  executor: Pick<Database, "select"> = db(),
) {
  const [row] = await executor
    .select({ version: v.version, body: v.body, createdAt: v.createdAt })
    .from(v)
    .where(and(eq(v.page, page), eq(v.language, language)))
    .orderBy(desc(v.version))
    .limit(1);
  return row ?? null;
}

/** True when the operator saved any version of the page in any language. */
export async function hasOperatorVersion(page: string): Promise<boolean> {
  return (await pagesWithOperatorVersion([page])).has(page);
}

/** Which of the pages the operator saved a version of, in any language (go-live checklist). */
export async function pagesWithOperatorVersion(pages: string[]): Promise<Set<string>> {
  if (pages.length === 0) return new Set();
  const rows = await db().selectDistinct({ page: v.page }).from(v).where(inArray(v.page, pages));
  return new Set(rows.map((row) => row.page));
}

export type ContentChange = {
  page: string;
  language: Language;
  version: number;
  createdAt: Date;
  authorName: string | null;
  authorEmail: string | null;
};

/** /admin/inhalte: the last change of every page in every language (who, when). */
export async function lastChanges(): Promise<ContentChange[]> {
  const rows = await db()
    .selectDistinctOn([v.page, v.language], {
      page: v.page,
      language: v.language,
      version: v.version,
      createdAt: v.createdAt,
      authorName: schema.user.name,
      authorEmail: schema.user.email,
    })
    .from(v)
    .leftJoin(schema.user, eq(schema.user.id, v.createdBy))
    .orderBy(asc(v.page), asc(v.language), desc(v.version));
  return rows.map((row) => ({ ...row, language: row.language as Language }));
}

/** How many versions the editor lists (the newest); older ones stay stored. */
const VERSIONS_SHOWN = 50;

export async function listVersions(page: ContentPage, language: Language) {
  return db()
    .select({
      version: v.version,
      restoredFrom: v.restoredFrom,
      createdAt: v.createdAt,
      authorName: schema.user.name,
      authorEmail: schema.user.email,
    })
    .from(v)
    .leftJoin(schema.user, eq(schema.user.id, v.createdBy))
    .where(and(eq(v.page, page), eq(v.language, language)))
    .orderBy(desc(v.version))
    .limit(VERSIONS_SHOWN);
}

export type SaveContentResult =
  { ok: true; version: number } | { ok: false; error: "conflict" | "notFound" | "failed" };

type Actor = Pick<CurrentUser, "id">;

/**
 * Stores a new version and the audit entry in one transaction and tells every process.
 * `basedOn` is the version the admin's form started from (0: the default): when another admin
 * saved in between, nothing is stored and the admin is told, instead of silently overwriting.
 */
export async function saveContent(input: {
  actor: Actor;
  page: ContentPage;
  language: Language;
  body: ContentBody;
  basedOn: number | null;
  restoredFrom?: number;
}): Promise<SaveContentResult> {
  const { actor, page, language, body } = input;
  if (!contentPageById(page)) return { ok: false, error: "notFound" };
  const handle = databaseHandle();
  try {
    const result = await db().transaction(async (tx) => {
      const [latest] = await tx
        .select({ version: v.version, body: v.body })
        .from(v)
        .where(and(eq(v.page, page), eq(v.language, language)))
        .orderBy(desc(v.version))
        .limit(1);
      const current = latest?.version ?? 0;
      if (input.basedOn !== null && input.basedOn !== current) return null;
      const version = current + 1;
      await tx.insert(v).values({
        page,
        language,
        version,
        body,
        restoredFrom: input.restoredFrom ?? null,
        createdBy: actor.id,
      });
      const before = withDefaults(page, language, latest?.body);
      await tx.insert(schema.auditLog).values({
        actorId: actor.id,
        entity: "content",
        entityId: `${page}:${language}`,
        action: input.restoredFrom ? "restore" : "update",
        ...changedTopLevel(before, body, { version: current }, { version }),
      });
      // Delivered to every LISTENing process (this one included) when the transaction commits.
      if (handle.kind === "postgres")
        await tx.execute(
          sql`select pg_notify(${SETTINGS_CHANNEL}, ${contentChangedPayload(page)})`,
        );
      return version;
    });
    if (result === null) return { ok: false, error: "conflict" };
    dropCache(page);
    // PGlite is one process; on PostgreSQL the NOTIFY above reaches this process's pages too.
    if (handle.kind === "pglite") emitContentChanged(page);
    return { ok: true, version: result };
  } catch (error) {
    // Two saves of the same page at the same moment: the unique index lets one through.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) return { ok: false, error: "conflict" };
    logger.error({ err: error, page, language }, "saving content failed");
    return { ok: false, error: "failed" };
  }
}

/**
 * The audit entry shows what changed (spec 06-admin "old → new"): the top-level parts of the
 * page that differ, not two copies of the whole text (the versions table keeps those).
 */
function changedTopLevel(
  before: ContentBody,
  after: ContentBody,
  beforeExtra: Record<string, unknown>,
  afterExtra: Record<string, unknown>,
) {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: { ...beforeExtra, ...Object.fromEntries(keys.map((k) => [k, before[k]])) },
    after: { ...afterExtra, ...Object.fromEntries(keys.map((k) => [k, after[k]])) },
  };
}

/** Puts an older version up again, as a new version copied from it (the history stays whole). */
export async function restoreContentVersion(input: {
  actor: Actor;
  page: ContentPage;
  language: Language;
  version: number;
}): Promise<SaveContentResult> {
  const [row] = await db()
    .select({ body: v.body })
    .from(v)
    .where(
      and(eq(v.page, input.page), eq(v.language, input.language), eq(v.version, input.version)),
    );
  if (!row) return { ok: false, error: "notFound" };
  return saveContent({
    actor: input.actor,
    page: input.page,
    language: input.language,
    // Fitted to today's shape: an old version may predate a key of this release.
    body: withDefaults(input.page, input.language, row.body),
    basedOn: null,
    restoredFrom: input.version,
  });
}

/** Keeps an unsaved draft for the preview link; old drafts are dropped on the way. */
export async function createPreview(input: {
  actor: Actor;
  page: ContentPage;
  language: Language;
  body: ContentBody;
}) {
  const p = schema.contentPreview;
  await db()
    .delete(p)
    .where(lt(p.createdAt, new Date(Date.now() - PREVIEW_MS)));
  const [row] = await db()
    .insert(p)
    .values({
      page: input.page,
      language: input.language,
      body: input.body,
      createdBy: input.actor.id,
    })
    .returning({ id: p.id });
  return row.id;
}
