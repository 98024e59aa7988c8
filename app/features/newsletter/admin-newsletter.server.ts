import { and, eq, sql, type SQL } from "drizzle-orm";
import { countUpTo, pageCountOf } from "~/lib/count-up-to.server";
import { db, schema } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { isUuid } from "~/domain/ids";
import { NEWSLETTER_PAGE_SIZE, type NewsletterFilter } from "./admin-newsletter.schema";

/**
 * /admin/newsletter (decision 032): the subscriptions with their double opt-in status, search
 * by e-mail, paging, CSV export and removal. Removal deletes the row (an erasure request must
 * leave no address behind); the audit entry keeps only a masked form of the address.
 */

const t = schema.newsletterSubscription;
/** The export reads in batches of this many rows (keyset), so 100,000 rows never sit in one query. */
export const EXPORT_BATCH = 2_000;

export type NewsletterStatus = "pending" | "confirmed" | "unsubscribed";
/** A status read from the database, as the type; an unknown one counts as "pending". */
export const asNewsletterStatus = (value: string): NewsletterStatus =>
  value === "confirmed" || value === "unsubscribed" ? value : "pending";

function whereOf(filter: Pick<NewsletterFilter, "q" | "status">) {
  const conditions: SQL[] = [];
  if (filter.status !== "alle") conditions.push(eq(t.status, filter.status));
  if (filter.q) {
    // lower(email) like …: the trigram index newsletter_email_trgm_idx (migration). Typed % and
    // _ are literal.
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`lower(${t.email}) like ${pattern}`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const columns = {
  id: t.id,
  email: t.email,
  status: t.status,
  createdAt: t.createdAt,
  confirmedAt: t.confirmedAt,
};

export async function listSubscribers(filter: NewsletterFilter) {
  const where = whereOf(filter);
  const [rows, { total, isCapped }, counts] = await Promise.all([
    db()
      .select(columns)
      .from(t)
      .where(where)
      // "nulls last" as in the indexes, or the planner sorts every row.
      .orderBy(sql`${t.createdAt} desc nulls last`, sql`${t.id} desc nulls last`)
      .limit(NEWSLETTER_PAGE_SIZE)
      .offset((filter.page - 1) * NEWSLETTER_PAGE_SIZE),
    countUpTo(
      db()
        .select({ one: sql`1` })
        .from(t)
        .where(where)
        .$dynamic(),
    ),
    // The confirmed ones are who a newsletter may go to: worth knowing exactly.
    db()
      .select({ confirmed: sql<number>`count(*)::int` })
      .from(t)
      .where(eq(t.status, "confirmed")),
  ]);
  return {
    subscribers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: asNewsletterStatus(row.status),
      createdAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    })),
    total,
    isCapped,
    confirmedCount: counts[0]?.confirmed ?? 0,
    pageCount: pageCountOf(total, isCapped, NEWSLETTER_PAGE_SIZE),
  };
}

export async function getSubscriber(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({ id: t.id, email: t.email, status: t.status })
    .from(t)
    .where(eq(t.id, id));
  return row ? { id: row.id, email: row.email, status: asNewsletterStatus(row.status) } : null;
}

/** Every subscription of the filter (all pages), newest first, batch by batch. */
export async function* exportSubscribers(filter: Pick<NewsletterFilter, "q" | "status">) {
  const where = whereOf(filter);
  // The cursor keeps created_at as PostgreSQL's text: a JS Date has milliseconds, created_at has
  // microseconds, so a Date cursor skipped rows inside the truncated millisecond and stopped after
  // one batch when a single statement (one now()) had inserted more than a batch.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${t.createdAt}, ${t.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows: {
      id: string;
      email: string;
      status: string;
      createdAt: Date;
      confirmedAt: Date | null;
      token: string;
      cursorAt: string;
    }[] = await db()
      .select({ ...columns, token: t.token, cursorAt: sql<string>`${t.createdAt}::text` })
      .from(t)
      .where(keyset ? (where ? and(where, keyset) : keyset) : where)
      .orderBy(sql`${t.createdAt} desc nulls last`, sql`${t.id} desc nulls last`)
      .limit(EXPORT_BATCH);
    for (const { cursorAt: _, ...row } of rows)
      yield { ...row, status: asNewsletterStatus(row.status) };
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursorAt, id: last.id };
  }
}

/** "max.mustermann@example.com" → "m•••@example.com": enough to recognise, not to contact. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

export type RemoveSubscriberResult = { ok: true } | { ok: false; error: "notFound" | "failed" };

/** Deletes the subscription; the audit entry (same transaction) names it masked. */
export async function removeSubscriber(input: {
  actor: { id: string };
  id: string;
}): Promise<RemoveSubscriberResult> {
  if (!isUuid(input.id)) return { ok: false, error: "notFound" };
  try {
    return await db().transaction(async (tx) => {
      const [removed] = await tx
        .delete(t)
        .where(eq(t.id, input.id))
        .returning({ email: t.email, status: t.status });
      if (!removed) return { ok: false, error: "notFound" } as const;
      await tx.insert(schema.auditLog).values({
        actorId: input.actor.id,
        entity: "newsletter_subscription",
        entityId: input.id,
        action: "delete",
        before: { email: maskEmail(removed.email), status: removed.status },
        after: null,
      });
      return { ok: true } as const;
    });
  } catch (error) {
    logger.error({ err: error, id: input.id }, "removing a newsletter subscription failed");
    return { ok: false, error: "failed" };
  }
}
