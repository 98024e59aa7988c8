import { and, asc, eq, gt } from "drizzle-orm";
import { daysBetween, todayInBerlin } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";
import type { CurrentUser } from "~/features/accounts/session.server";
import { db, pgErrorCode, PG_EXCLUSION_VIOLATION, schema } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { MAX_BLOCK_NIGHTS, type BlockInput } from "./calendar.schema";

/**
 * Admin blocks (Sperrzeiten): nights an operator keeps off sale (Eigennutzung, Wartung, …).
 * A block occupies its nights through the `occupancy` mirror (decision 045): an overlap with a
 * booking, another block or an imported event is refused by the database's exclusion
 * constraint, never by a check before the insert. Every change is written to the audit log in
 * the same transaction, under the property (entity "property"), so the property's history shows it.
 * Plain functions for the property's calendar page and, later, the /admin/kalender timeline.
 */

const blk = schema.propertyBlock;

export type BlockRow = {
  id: string;
  propertyId: string;
  checkIn: string;
  checkOut: string;
  reason: BlockInput["reason"];
  note: string;
};

export type BlockError = "notFound" | "overlap" | "endInPast" | "tooLong" | "failed";
export type BlockResult = { ok: true; id: string } | { ok: false; error: BlockError };

type Actor = Pick<CurrentUser, "id">;

const columns = {
  id: blk.id,
  propertyId: blk.propertyId,
  checkIn: blk.checkIn,
  checkOut: blk.checkOut,
  reason: blk.reason,
  note: blk.note,
};

/** The blocks of a property that end after `fromDay`, in date order. */
export async function listBlocks(propertyId: string, fromDay: string): Promise<BlockRow[]> {
  if (!isUuid(propertyId)) return [];
  return db()
    .select(columns)
    .from(blk)
    .where(and(eq(blk.propertyId, propertyId), gt(blk.checkOut, fromDay)))
    .orderBy(asc(blk.checkIn));
}

function datesProblem(input: BlockInput, today: string): BlockError | null {
  if (input.checkOut <= today) return "endInPast";
  if (daysBetween(input.checkIn, input.checkOut) > MAX_BLOCK_NIGHTS) return "tooLong";
  return null;
}

/** Refused inside the transaction: rolled back, answered with the reason. */
class Refused extends Error {
  constructor(readonly reason: BlockError) {
    super(reason);
  }
}

async function run(work: () => Promise<string>, context: object): Promise<BlockResult> {
  try {
    return { ok: true, id: await work() };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.reason };
    if (pgErrorCode(error) === PG_EXCLUSION_VIOLATION) return { ok: false, error: "overlap" };
    logger.error({ err: error, ...context }, "changing a block failed");
    return { ok: false, error: "failed" };
  }
}

export async function createBlock({
  actor,
  propertyId,
  input,
  today = todayInBerlin(),
}: {
  actor: Actor;
  propertyId: string;
  input: BlockInput;
  today?: string;
}): Promise<BlockResult> {
  if (!isUuid(propertyId)) return { ok: false, error: "notFound" };
  const problem = datesProblem(input, today);
  if (problem) return { ok: false, error: problem };
  return run(
    () =>
      db().transaction(async (tx) => {
        const [property] = await tx
          .select({ id: schema.property.id })
          .from(schema.property)
          .where(eq(schema.property.id, propertyId));
        if (!property) throw new Refused("notFound");
        const [row] = await tx
          .insert(blk)
          .values({ propertyId, ...input, createdBy: actor.id })
          .returning(columns);
        await tx.insert(schema.auditLog).values({
          actorId: actor.id,
          entity: "property",
          entityId: propertyId,
          action: "block-created",
          before: null,
          after: blockAudit(row),
        });
        return row.id;
      }),
    { propertyId },
  );
}

export async function updateBlock({
  actor,
  blockId,
  input,
  today = todayInBerlin(),
}: {
  actor: Actor;
  blockId: string;
  input: BlockInput;
  today?: string;
}): Promise<BlockResult> {
  if (!isUuid(blockId)) return { ok: false, error: "notFound" };
  const problem = datesProblem(input, today);
  if (problem) return { ok: false, error: problem };
  return run(
    () =>
      db().transaction(async (tx) => {
        const [before] = await tx
          .select(columns)
          .from(blk)
          .where(eq(blk.id, blockId))
          .for("update");
        if (!before) throw new Refused("notFound");
        const [after] = await tx
          .update(blk)
          .set({ ...input })
          .where(eq(blk.id, blockId))
          .returning(columns);
        await tx.insert(schema.auditLog).values({
          actorId: actor.id,
          entity: "property",
          entityId: before.propertyId,
          action: "block-updated",
          before: blockAudit(before),
          after: blockAudit(after),
        });
        return after.id;
      }),
    { blockId },
  );
}

export async function deleteBlock({
  actor,
  blockId,
}: {
  actor: Actor;
  blockId: string;
}): Promise<BlockResult> {
  if (!isUuid(blockId)) return { ok: false, error: "notFound" };
  return run(
    () =>
      db().transaction(async (tx) => {
        const [before] = await tx.delete(blk).where(eq(blk.id, blockId)).returning(columns);
        if (!before) throw new Refused("notFound");
        await tx.insert(schema.auditLog).values({
          actorId: actor.id,
          entity: "property",
          entityId: before.propertyId,
          action: "block-deleted",
          before: blockAudit(before),
          after: null,
        });
        return before.id;
      }),
    { blockId },
  );
}

function blockAudit(row: BlockRow) {
  return {
    blockId: row.id,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    reason: row.reason,
    note: row.note,
  };
}

/** The property a calendar page is about, or null. */
export async function getCalendarProperty(propertyId: string) {
  if (!isUuid(propertyId)) return null;
  const [row] = await db()
    .select({ id: schema.property.id, title: schema.property.title })
    .from(schema.property)
    .where(eq(schema.property.id, propertyId));
  return row ?? null;
}

/** The property of a block, or null (an admin action checks it belongs to the page's property). */
export async function blockPropertyId(blockId: string) {
  if (!isUuid(blockId)) return null;
  const [row] = await db()
    .select({ propertyId: blk.propertyId })
    .from(blk)
    .where(eq(blk.id, blockId));
  return row?.propertyId ?? null;
}
