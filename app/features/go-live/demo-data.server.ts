/**
 * The demo data an embedded demo start seeds, and "Demodaten entfernen" (issue 15 part 6,
 * decision 033). What is demo is what the seed listed in `demo_record` in the same transaction
 * as the rows; nothing is guessed from names, so the operator's own data is never touched.
 */
import { and, count, eq, inArray, not, or } from "drizzle-orm";
import type { PropertyImage } from "../../../db/schema";
import { db, schema, type Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { deleteImageFiles } from "~/features/properties/property-images.server";
import type { DemoCounts } from "./demo-counts";

const d = schema.demoRecord;
export type DemoEntity = "user" | "property" | "booking" | "bank_account";

/**
 * The ids the seed marked as demo rows of one kind: a subquery for `inArray` (only rows that still
 * exist count: a row deleted by hand is no longer demo), or awaited inside a transaction.
 */
function demoIds(entity: DemoEntity, executor: Pick<Database, "select"> = db()) {
  return executor.select({ id: d.entityId }).from(d).where(eq(d.entity, entity));
}

/** How many demo rows of each kind are still there. */
export async function countDemoData(): Promise<DemoCounts> {
  const [users, properties, bookings, bankAccounts] = await Promise.all([
    db()
      .select({ n: count() })
      .from(schema.user)
      .where(inArray(schema.user.id, demoIds("user"))),
    db()
      .select({ n: count() })
      .from(schema.property)
      .where(inArray(schema.property.id, demoIds("property"))),
    db()
      .select({ n: count() })
      .from(schema.booking)
      .where(inArray(schema.booking.id, demoIds("booking"))),
    db()
      .select({ n: count() })
      .from(schema.bankAccount)
      .where(inArray(schema.bankAccount.id, demoIds("bank_account"))),
  ]);
  return {
    users: users[0]?.n ?? 0,
    properties: properties[0]?.n ?? 0,
    bookings: bookings[0]?.n ?? 0,
    bankAccounts: bankAccounts[0]?.n ?? 0,
  };
}

export async function isDemoUser(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: d.entityId })
    .from(d)
    .where(and(eq(d.entity, "user"), eq(d.entityId, userId)));
  return row !== undefined;
}

export type RemoveDemoDataResult =
  | { ok: true; removed: DemoCounts; keptSelf: boolean }
  | { ok: false; error: "foreignBookings"; count: number }
  | { ok: false; error: "failed" };

class ForeignBookings extends Error {
  constructor(readonly count: number) {
    super("foreignBookings");
  }
}

/**
 * Deletes the demo properties (with their bookings, reviews and image files), the demo bookings,
 * the demo bank account and the demo accounts, in one transaction with one audit entry.
 *
 * - The signed-in admin is never deleted, even when it is a demo account: deleting it would end
 *   the session half-way and could leave the installation without any admin. It stays marked as
 *   demo, so the checklist stays open until the operator removes it signed in as their own admin.
 * - A booking that is not demo data but concerns a demo property or the demo bank account (a real
 *   guest booked a demo apartment) stops the removal: deleting it would delete a real booking.
 * - Bookings and reviews the demo accounts made on the operator's own properties stay (anonymised
 *   by the foreign keys, like any deleted account's).
 */
export async function removeDemoData(actor: { id: string }): Promise<RemoveDemoDataResult> {
  let images: PropertyImage[] = [];
  try {
    const result = await db().transaction(async (tx) => {
      const ids = async (entity: DemoEntity) => (await demoIds(entity, tx)).map((row) => row.id);
      const [userIds, propertyIds, bookingIds, bankAccountIds] = await Promise.all([
        ids("user"),
        ids("property"),
        ids("booking"),
        ids("bank_account"),
      ]);
      const b = schema.booking;
      // Locks the demo properties' rows: no booking can be added to them while we check.
      const properties =
        propertyIds.length === 0
          ? []
          : await tx
              .select({ id: schema.property.id, images: schema.property.images })
              .from(schema.property)
              .where(inArray(schema.property.id, propertyIds))
              .for("update");
      // or() and and() drop undefined conditions; with neither there is nothing to check.
      const touching = or(
        properties.length > 0
          ? inArray(
              b.propertyId,
              properties.map((p) => p.id),
            )
          : undefined,
        bankAccountIds.length > 0 ? inArray(b.bankAccountId, bankAccountIds) : undefined,
      );
      if (touching) {
        const [foreign] = await tx
          .select({ n: count() })
          .from(b)
          .where(and(touching, bookingIds.length > 0 ? not(inArray(b.id, bookingIds)) : undefined));
        if ((foreign?.n ?? 0) > 0) throw new ForeignBookings(foreign.n);
      }

      const removedBookings =
        bookingIds.length === 0
          ? []
          : await tx.delete(b).where(inArray(b.id, bookingIds)).returning({ id: b.id });
      const removedProperties =
        properties.length === 0
          ? []
          : await tx
              .delete(schema.property)
              .where(
                inArray(
                  schema.property.id,
                  properties.map((p) => p.id),
                ),
              )
              .returning({ id: schema.property.id });
      images = properties.flatMap((p) => p.images);

      let removedBankAccounts: { id: string }[] = [];
      if (bankAccountIds.length > 0) {
        const ba = schema.bankAccount;
        removedBankAccounts = await tx
          .delete(ba)
          .where(inArray(ba.id, bankAccountIds))
          .returning({ id: ba.id });
        // The demo account was the default: the oldest of the operator's own active accounts
        // takes over (one active account must be the default; migration 0006).
        const [hasDefault] = await tx
          .select({ id: ba.id })
          .from(ba)
          .where(eq(ba.isDefault, true))
          .limit(1);
        if (!hasDefault) {
          const [oldest] = await tx
            .select({ id: ba.id })
            .from(ba)
            .where(eq(ba.isActive, true))
            .orderBy(ba.createdAt, ba.id)
            .limit(1);
          if (oldest) await tx.update(ba).set({ isDefault: true }).where(eq(ba.id, oldest.id));
        }
      }

      const otherUsers = userIds.filter((id) => id !== actor.id);
      const removedUsers =
        otherUsers.length === 0
          ? []
          : await tx
              .delete(schema.user)
              .where(inArray(schema.user.id, otherUsers))
              .returning({ id: schema.user.id });

      // The markers go with their rows; the signed-in demo admin keeps its own.
      await tx.delete(d).where(not(and(eq(d.entity, "user"), eq(d.entityId, actor.id))!));

      const removed: DemoCounts = {
        users: removedUsers.length,
        properties: removedProperties.length,
        bookings: removedBookings.length,
        bankAccounts: removedBankAccounts.length,
      };
      const keptSelf = userIds.includes(actor.id);
      await tx.insert(schema.auditLog).values({
        actorId: actor.id,
        entity: "demo-data",
        entityId: null,
        action: "delete",
        before: { ...removed, keptSignedInDemoAccount: keptSelf },
        after: null,
      });
      return { removed, keptSelf };
    });
    // Files only after the commit: a rollback must not leave properties without pictures.
    await deleteImageFiles(images);
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof ForeignBookings) {
      return { ok: false, error: "foreignBookings", count: error.count };
    }
    logger.error({ err: error }, "removing the demo data failed");
    return { ok: false, error: "failed" };
  }
}
