import { and, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { isUuid } from "~/domain/ids";
import type { Language } from "~/lib/i18n";
import { AUDIT_ENTITIES, auditChanges, auditEntityHref, type AuditEntity } from "./describe";

/**
 * /admin/audit: every audit entry, newest first, by entity kind and by admin. Paged by keyset
 * (the last entry's time and id in the URL), so page 500 costs what page 1 costs at any size
 * (indexes audit_log_created_idx, audit_log_entity_kind_idx, audit_log_actor_idx).
 * Read-only: the app has no way to edit or delete an entry.
 */

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = {
  entity: AuditEntity | "alle";
  /** an admin's id, "system" for entries without an actor, or null for all */
  actor: string | null;
  /** keyset: entries older than this (created_at ISO and id), from the "Ältere" link */
  before: { at: string; id: string } | null;
};

export function auditFilter(params: URLSearchParams): AuditFilter {
  const entity = params.get("entity");
  const actor = params.get("admin");
  const at = params.get("vor");
  const id = params.get("id");
  return {
    entity: AUDIT_ENTITIES.includes(entity as AuditEntity) ? (entity as AuditEntity) : "alle",
    actor: actor === "system" ? "system" : actor && isUuid(actor) ? actor.toLowerCase() : null,
    before:
      at && id && isUuid(id) && !Number.isNaN(Date.parse(at))
        ? { at: new Date(at).toISOString(), id: id.toLowerCase() }
        : null,
  };
}

const a = schema.auditLog;

export async function listAuditEntries(filter: AuditFilter, language: Language = "de") {
  const conditions: SQL[] = [];
  if (filter.entity !== "alle") conditions.push(eq(a.entity, filter.entity));
  if (filter.actor === "system") conditions.push(isNull(a.actorId));
  else if (filter.actor) conditions.push(eq(a.actorId, filter.actor));
  if (filter.before) {
    const at = new Date(filter.before.at);
    conditions.push(or(lt(a.createdAt, at), and(eq(a.createdAt, at), lt(a.id, filter.before.id)))!);
  }
  const [rows, admins] = await Promise.all([
    db()
      .select({
        id: a.id,
        entity: a.entity,
        entityId: a.entityId,
        action: a.action,
        before: a.before,
        after: a.after,
        createdAt: a.createdAt,
        actorName: schema.user.name,
        actorEmail: schema.user.email,
      })
      .from(a)
      .leftJoin(schema.user, eq(schema.user.id, a.actorId))
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      // "nulls last" as in the indexes, or the planner sorts every entry.
      .orderBy(sql`${a.createdAt} desc nulls last`, sql`${a.id} desc nulls last`)
      .limit(AUDIT_PAGE_SIZE + 1),
    auditAdmins(),
  ]);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  // The booking numbers of this page's booking entries, in one indexed lookup.
  const bookingIds = page
    .filter((row) => row.entity === "booking" && row.entityId && isUuid(row.entityId))
    .map((row) => row.entityId!);
  const numbers = new Map(
    bookingIds.length === 0
      ? []
      : (
          await db()
            .select({ id: schema.booking.id, number: schema.booking.number })
            .from(schema.booking)
            .where(inArray(schema.booking.id, bookingIds))
        ).map((row) => [row.id, row.number]),
  );
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      entity: row.entity,
      action: row.action,
      actor: row.actorName ?? row.actorEmail ?? null,
      subject: (row.entityId && numbers.get(row.entityId)) ?? null,
      href: auditEntityHref(row.entity, row.entityId),
      changes: auditChanges(row.before, row.after, {
        entity: row.entity,
        action: row.action,
        language,
      }),
    })),
    next:
      rows.length > AUDIT_PAGE_SIZE && last
        ? { at: last.createdAt.toISOString(), id: last.id }
        : null,
    admins,
  };
}

/**
 * The filter's choice of admins: today's admins, and every account that made an admin change
 * and is no admin any more (`former`) — their entries stay in the log, so the filter must reach
 * them. The log's distinct actors are read by a skip scan of audit_log_actor_idx (one index
 * probe per actor, not one row per entry); guests who only cancelled their own booking are left
 * out.
 */
export async function auditAdmins() {
  const u = schema.user;
  const p = schema.profile;
  const formerAdmin = sql`${u.id} in (
      with recursive actor(id) as (
        (select actor_id from audit_log where actor_id is not null order by actor_id limit 1)
        union all
        select (select l.actor_id from audit_log l where l.actor_id > actor.id
                order by l.actor_id limit 1)
        from actor where actor.id is not null
      )
      select id from actor where id is not null)
    and exists (select 1 from audit_log l where l.actor_id = ${u.id}
                -- the one entry a guest writes (cancellation.server.ts)
                and l.action <> 'cancelled-by-guest')`;
  const isAdmin = sql<boolean>`coalesce(${p.role} = 'admin', false)`;
  const rows = await db()
    .select({ id: u.id, name: u.name, email: u.email, isAdmin })
    .from(u)
    .leftJoin(p, eq(p.id, u.id))
    .where(or(eq(p.role, "admin"), formerAdmin))
    .orderBy(sql`${isAdmin} desc`, u.name)
    .limit(200);
  return rows.map(({ isAdmin, ...admin }) => ({ ...admin, former: !isAdmin }));
}
