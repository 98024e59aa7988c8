/**
 * The "Saisonzeiten" of a property (issue 18 point 5, decision 046) for the admin: list, add,
 * change, remove seasons and set the long-stay discounts. Every change writes its audit entry
 * in the same transaction. Overlapping seasons are refused by the database's exclusion
 * constraint (property_season_no_overlap), not by a check-then-insert here.
 */
import { and, asc, eq } from "drizzle-orm";
import { isUuid } from "~/domain/ids";
import { lockedMaxStayDays } from "~/features/settings/settings.server";
import { db, pgErrorCode, PG_EXCLUSION_VIOLATION, schema } from "~/lib/db.server";
import { editVersionOf, isEditVersion, nextUpdatedAt } from "~/lib/edit-version";
import { logger } from "~/lib/logger.server";
import type { SeasonInput } from "./season.schema";

const s = schema.propertySeason;
type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];
type Actor = { id: string };

/** `version`: what the season's edit form sends back (decision 073). */
export type AdminSeason = SeasonInput & { id: string; version: string };
/**
 * "stale": the season changed since its form was loaded; nothing was saved (decision 073).
 * "minStayAboveMax": the season's minimum stay is above the settings' maximum stay, which would
 * make every stay arriving in it unbookable (decision 090); nothing was saved.
 */
export type SeasonChangeResult =
  | { ok: true }
  | { ok: false; error: "notFound" | "overlap" | "stale" | "failed" }
  | { ok: false; error: "minStayAboveMax"; maxStayDays: number };

/** The property's seasons (oldest first) and discounts, or null when there is no such property. */
export async function getAdminSeasons(propertyId: string) {
  if (!isUuid(propertyId)) return null;
  const [property] = await db()
    .select({
      id: schema.property.id,
      title: schema.property.title,
      weeklyDiscountPercent: schema.property.weeklyDiscountPercent,
      monthlyDiscountPercent: schema.property.monthlyDiscountPercent,
    })
    .from(schema.property)
    .where(eq(schema.property.id, propertyId.toLowerCase()));
  if (!property) return null;
  const rows = await db()
    .select({
      id: s.id,
      name: s.name,
      startDate: s.startDate,
      endDate: s.endDate,
      pricePerNight: s.pricePerNight,
      minStayNights: s.minStayNights,
      arrivalWeekdays: s.arrivalWeekdays,
      departureWeekdays: s.departureWeekdays,
      updatedAt: s.updatedAt,
    })
    .from(s)
    .where(eq(s.propertyId, property.id))
    .orderBy(asc(s.startDate));
  const seasons: AdminSeason[] = rows.map(({ updatedAt, ...season }) => ({
    ...season,
    version: editVersionOf(updatedAt),
  }));
  return { property, seasons };
}

async function audit(
  tx: Tx,
  actor: Actor,
  propertyId: string,
  action: string,
  before: unknown,
  after: unknown,
) {
  await tx.insert(schema.auditLog).values({
    actorId: actor.id,
    entity: "property",
    entityId: propertyId,
    action,
    before: before ?? null,
    after: after ?? null,
  });
}

/**
 * The season's minimum stay against the settings' maximum, read in the change's transaction and
 * held until it ends (decision 090). A failed read throws: the change fails, it is never checked
 * against the defaults (decision 087).
 */
async function minStayAboveMax(tx: Tx, season: SeasonInput) {
  const maxStayDays = await lockedMaxStayDays(tx);
  return season.minStayNights > maxStayDays
    ? ({ ok: false, error: "minStayAboveMax", maxStayDays } as const)
    : null;
}

/** Runs a change; an overlap with another season becomes "overlap", anything else "failed". */
async function change(
  what: string,
  run: () => Promise<SeasonChangeResult>,
): Promise<SeasonChangeResult> {
  try {
    return await run();
  } catch (error) {
    if (pgErrorCode(error) === PG_EXCLUSION_VIOLATION) return { ok: false, error: "overlap" };
    logger.error({ err: error }, `${what} failed`);
    return { ok: false, error: "failed" };
  }
}

async function lockProperty(tx: Tx, propertyId: string) {
  const [row] = await tx
    .select({ id: schema.property.id })
    .from(schema.property)
    .where(eq(schema.property.id, propertyId))
    .for("update");
  return row;
}

export function createSeason({
  actor,
  propertyId,
  season,
}: {
  actor: Actor;
  propertyId: string;
  season: SeasonInput;
}): Promise<SeasonChangeResult> {
  if (!isUuid(propertyId)) return Promise.resolve({ ok: false, error: "notFound" });
  const id = propertyId.toLowerCase();
  return change("creating a season", () =>
    db().transaction(async (tx) => {
      if (!(await lockProperty(tx, id))) return { ok: false, error: "notFound" } as const;
      const tooLong = await minStayAboveMax(tx, season);
      if (tooLong) return tooLong;
      const [row] = await tx
        .insert(s)
        .values({ propertyId: id, ...season })
        .returning({ id: s.id });
      await audit(tx, actor, id, "season-created", null, { id: row.id, ...season });
      return { ok: true } as const;
    }),
  );
}

/**
 * A season's form writes its whole row: only over the version the form was loaded with
 * (`version`; null when none was sent), else "stale" and nothing changes (decision 073).
 */
export function updateSeason({
  actor,
  propertyId,
  seasonId,
  version,
  season,
}: {
  actor: Actor;
  propertyId: string;
  seasonId: string;
  version: string | null;
  season: SeasonInput;
}): Promise<SeasonChangeResult> {
  if (!isUuid(propertyId) || !isUuid(seasonId))
    return Promise.resolve({ ok: false, error: "notFound" });
  const id = propertyId.toLowerCase();
  return change("changing a season", () =>
    db().transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(s)
        .where(and(eq(s.id, seasonId.toLowerCase()), eq(s.propertyId, id)))
        .for("update");
      if (!before) return { ok: false, error: "notFound" } as const;
      if (!isEditVersion(before.updatedAt, version)) return { ok: false, error: "stale" } as const;
      const tooLong = await minStayAboveMax(tx, season);
      if (tooLong) return tooLong;
      await tx
        .update(s)
        .set({ ...season, updatedAt: nextUpdatedAt(before.updatedAt) })
        .where(eq(s.id, before.id));
      await audit(tx, actor, id, "season-updated", seasonAudit(before), {
        id: before.id,
        ...season,
      });
      return { ok: true } as const;
    }),
  );
}

export function deleteSeason({
  actor,
  propertyId,
  seasonId,
}: {
  actor: Actor;
  propertyId: string;
  seasonId: string;
}): Promise<SeasonChangeResult> {
  if (!isUuid(propertyId) || !isUuid(seasonId))
    return Promise.resolve({ ok: false, error: "notFound" });
  const id = propertyId.toLowerCase();
  return change("removing a season", () =>
    db().transaction(async (tx) => {
      const [before] = await tx
        .delete(s)
        .where(and(eq(s.id, seasonId.toLowerCase()), eq(s.propertyId, id)))
        .returning();
      if (!before) return { ok: false, error: "notFound" } as const;
      await audit(tx, actor, id, "season-deleted", seasonAudit(before), null);
      return { ok: true } as const;
    }),
  );
}

export function saveDiscounts({
  actor,
  propertyId,
  discounts,
}: {
  actor: Actor;
  propertyId: string;
  discounts: { weeklyDiscountPercent: number; monthlyDiscountPercent: number };
}): Promise<SeasonChangeResult> {
  if (!isUuid(propertyId)) return Promise.resolve({ ok: false, error: "notFound" });
  const id = propertyId.toLowerCase();
  return change("saving the long-stay discounts", () =>
    db().transaction(async (tx) => {
      const [before] = await tx
        .select({
          weeklyDiscountPercent: schema.property.weeklyDiscountPercent,
          monthlyDiscountPercent: schema.property.monthlyDiscountPercent,
        })
        .from(schema.property)
        .where(eq(schema.property.id, id))
        .for("update");
      if (!before) return { ok: false, error: "notFound" } as const;
      await tx.update(schema.property).set(discounts).where(eq(schema.property.id, id));
      await audit(tx, actor, id, "discounts-changed", before, discounts);
      return { ok: true } as const;
    }),
  );
}

function seasonAudit(row: typeof s.$inferSelect) {
  const { propertyId: _p, createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}
