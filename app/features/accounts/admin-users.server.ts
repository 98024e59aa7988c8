import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { databaseHandle, db, schema } from "~/lib/db.server";
import { countUpTo, pageCountOf } from "~/lib/count-up-to.server";
import { logger } from "~/lib/logger.server";
import { foldedContains } from "~/lib/search-text.server";
import { isUuid } from "~/domain/ids";
import { ADMIN_USERS_PAGE_SIZE, type AdminUserFilter } from "./admin-users.schema";
import {
  emitSessionChanged,
  sessionChangedPayload,
  SETTINGS_CHANNEL,
} from "~/features/settings/settings-events.server";
import { roleOf, type Role } from "./session.server";

/**
 * /admin/users (spec/06-admin.md): the accounts, paged, with search and role filter, and the
 * role change. The role is read from the profile on every request (session.server.ts), so a
 * change takes effect on the user's next request, in every open session; open pages are told at
 * once through the event stream ("session" event) and load again.
 */

const u = schema.user;
const pr = schema.profile;

export async function listAdminUsers(filter: AdminUserFilter) {
  const conditions: SQL[] = [];
  // The trigram index user_admin_search_idx is on the stored folded text (migration 0013).
  // The name is the account's name; a guest's profile name is usually the same.
  if (filter.q) conditions.push(sql`${u.searchText} like ${foldedContains(filter.q)}`);
  // An unknown stored role counts as "user" (spec 01): the filter follows the same rule.
  if (filter.role === "admin") conditions.push(eq(pr.role, "admin"));
  if (filter.role === "user") conditions.push(sql`${pr.role} is distinct from 'admin'`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // "nulls last" as in user_created_idx, or the planner sorts the whole table.
  const newestFirst = [sql`${u.createdAt} desc nulls last`, sql`${u.id} desc nulls last`];
  // The page's ids first, from the index alone; only those 25 rows are then read with their
  // profile. A deep page (offset 5,000) otherwise reads every skipped account and its profile.
  const pageIds = db()
    .select({ id: u.id })
    .from(u)
    .leftJoin(pr, eq(pr.id, u.id))
    .where(where)
    .orderBy(...newestFirst)
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset((filter.page - 1) * ADMIN_USERS_PAGE_SIZE);
  const [rows, { total, isCapped }] = await Promise.all([
    db()
      .select({
        id: u.id,
        name: u.name,
        email: u.email,
        fullName: pr.fullName,
        avatarUrl: pr.avatarUrl,
        role: pr.role,
        createdAt: u.createdAt,
      })
      .from(u)
      .leftJoin(pr, eq(pr.id, u.id))
      .where(inArray(u.id, pageIds))
      .orderBy(...newestFirst),
    countUpTo(
      db()
        .select({ one: sql`1` })
        .from(u)
        .leftJoin(pr, eq(pr.id, u.id))
        .where(where)
        .$dynamic(),
    ),
  ]);
  return {
    users: rows.map((row) => ({
      id: row.id,
      name: (row.fullName ?? "").trim() || row.name.trim() || null,
      email: row.email,
      avatarUrl: row.avatarUrl ?? null,
      role: roleOf(row.role),
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    isCapped,
    pageCount: pageCountOf(total, isCapped, ADMIN_USERS_PAGE_SIZE),
  };
}

export type RoleChangeError = "notFound" | "lastAdmin" | "unchanged" | "failed";

/**
 * Sets `userId`'s role. The admins' profile rows are locked first, so two admins demoting each
 * other at the same moment are serialised: the second sees that only one admin is left and is
 * refused ("Der letzte Administrator kann nicht herabgestuft werden").
 */
export async function changeUserRole({
  userId,
  role,
  actorId,
}: {
  userId: string;
  role: Role;
  actorId: string;
}): Promise<{ ok: true } | { ok: false; error: RoleChangeError }> {
  if (!isUuid(userId)) return { ok: false, error: "notFound" };
  const id = userId.toLowerCase();
  try {
    const handle = databaseHandle();
    const result = await handle.db.transaction(async (tx) => {
      const admins = await tx
        .select({ id: pr.id })
        .from(pr)
        .where(eq(pr.role, "admin"))
        .orderBy(pr.id)
        .for("update");
      const [target] = await tx
        .select({ id: u.id, role: pr.role })
        .from(u)
        .leftJoin(pr, eq(pr.id, u.id))
        .where(eq(u.id, id));
      if (!target) return { ok: false, error: "notFound" } as const;
      const before = roleOf(target.role);
      if (before === role) return { ok: false, error: "unchanged" } as const;
      if (before === "admin" && admins.filter((a) => a.id !== id).length === 0) {
        return { ok: false, error: "lastAdmin" } as const;
      }
      await tx.insert(pr).values({ id, role }).onConflictDoUpdate({ target: pr.id, set: { role } });
      await tx.insert(schema.auditLog).values({
        actorId,
        entity: "user",
        entityId: id,
        action: "role-change",
        before: { role: before },
        after: { role },
      });
      // The user's open pages load again when this commits (every process LISTENs).
      if (handle.kind === "postgres")
        await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${sessionChangedPayload(id)})`);
      return { ok: true } as const;
    });
    if (result.ok && handle.kind === "pglite") emitSessionChanged(id);
    return result;
  } catch (error) {
    logger.error({ err: error, userId }, "changing a role failed");
    return { ok: false, error: "failed" };
  }
}

/**
 * The e-mail addresses of every admin today, read in `executor` (the transaction that writes
 * what they are told about): bank account changes, calendar alerts, late payments refunded.
 */
export async function adminEmails(executor: Pick<ReturnType<typeof db>, "select">) {
  const rows = await executor
    .select({ email: schema.user.email })
    .from(schema.user)
    .innerJoin(schema.profile, eq(schema.profile.id, schema.user.id))
    .where(eq(schema.profile.role, "admin"));
  return rows.map((row) => row.email);
}
