import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { countUpTo, pageCountOf } from "~/lib/count-up-to.server";
import { db, schema } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { isUuid } from "~/domain/ids";
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  reviewHideReasonOf,
  type AdminReviewFilter,
  type ReviewHideReason,
} from "./review-moderation";

/**
 * /admin/bewertungen (decision 032): every review with property, guest, rating, text and
 * status; hide/unhide with a reason, the operator's public reply. The property's review_count,
 * rating_sum and rating_average follow hiding and unhiding through the trigger of migration
 * 0002 (it fires on UPDATE OF is_hidden), in the same transaction as the audit entry.
 */

const r = schema.review;
type Actor = { id: string };

export async function listAdminReviews(filter: AdminReviewFilter) {
  const conditions: SQL[] = [];
  if (filter.filter === "sichtbar") conditions.push(eq(r.isHidden, false));
  if (filter.filter === "ausgeblendet") conditions.push(eq(r.isHidden, true));
  if (filter.filter === "ohne-antwort") conditions.push(isNull(r.ownerReply));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // "nulls last" as in review_created_idx, or the planner sorts every review.
  const newestFirst = [sql`${r.createdAt} desc nulls last`, sql`${r.id} desc nulls last`];
  // The page's ids first, from the index alone; only those 20 reviews are then joined with
  // property, guest, booking, hider and replier. A deep page otherwise joins every skipped one.
  // (The property join drops nothing: property_id is not null with a cascading foreign key.)
  const pageIds = db()
    .select({ id: r.id })
    .from(r)
    .where(where)
    .orderBy(...newestFirst)
    .limit(ADMIN_REVIEWS_PAGE_SIZE)
    .offset((filter.page - 1) * ADMIN_REVIEWS_PAGE_SIZE);
  const guest = schema.user;
  const hider = alias(schema.user, "hider");
  const replier = alias(schema.user, "replier");
  const nameOf = (u: { name: AnyPgColumn; email: AnyPgColumn }) =>
    sql<string | null>`coalesce(nullif(trim(${u.name}), ''), ${u.email})`;
  const [rows, { total, isCapped }] = await Promise.all([
    db()
      .select({
        id: r.id,
        rating: r.rating,
        title: r.title,
        text: r.text,
        isHidden: r.isHidden,
        hiddenReason: r.hiddenReason,
        hiddenNote: r.hiddenNote,
        hiddenAt: r.hiddenAt,
        hiddenBy: nameOf(hider),
        ownerReply: r.ownerReply,
        ownerReplyAt: r.ownerReplyAt,
        ownerReplyBy: nameOf(replier),
        createdAt: r.createdAt,
        propertyId: schema.property.id,
        propertyTitle: schema.property.title,
        propertyStatus: schema.property.status,
        guestName: guest.name,
        guestEmail: guest.email,
        bookingNumber: schema.booking.number,
        bookingId: schema.booking.id,
      })
      .from(r)
      .innerJoin(schema.property, eq(schema.property.id, r.propertyId))
      .leftJoin(guest, eq(guest.id, r.userId))
      .leftJoin(schema.booking, eq(schema.booking.id, r.bookingId))
      .leftJoin(hider, eq(hider.id, r.hiddenBy))
      .leftJoin(replier, eq(replier.id, r.ownerReplyBy))
      .where(inArray(r.id, pageIds))
      .orderBy(...newestFirst),
    countUpTo(
      db()
        .select({ one: sql`1` })
        .from(r)
        .where(where)
        .$dynamic(),
    ),
  ]);
  return {
    reviews: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      title: row.title,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      property: {
        id: row.propertyId,
        title: row.propertyTitle,
        isPublished: row.propertyStatus === "published",
      },
      /** null: the guest deleted their account (the review stays, anonymised) */
      guest: row.guestEmail ? { name: row.guestName, email: row.guestEmail } : null,
      booking: row.bookingId ? { id: row.bookingId, number: row.bookingNumber } : null,
      hidden: row.isHidden
        ? {
            reason: reviewHideReasonOf(row.hiddenReason),
            note: row.hiddenNote,
            at: row.hiddenAt?.toISOString() ?? null,
            by: row.hiddenBy,
          }
        : null,
      reply: row.ownerReply
        ? {
            text: row.ownerReply,
            at: row.ownerReplyAt?.toISOString() ?? null,
            by: row.ownerReplyBy,
          }
        : null,
    })),
    total,
    isCapped,
    pageCount: pageCountOf(total, isCapped, ADMIN_REVIEWS_PAGE_SIZE),
  };
}

/** The one review a dialog of the page is about (null: unknown or malformed id). */
export async function getAdminReview(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({
      id: r.id,
      title: r.title,
      text: r.text,
      ownerReply: r.ownerReply,
      propertyTitle: schema.property.title,
    })
    .from(r)
    .innerJoin(schema.property, eq(schema.property.id, r.propertyId))
    .where(eq(r.id, id));
  return row ?? null;
}

export type ModerationError = "notFound" | "alreadyHidden" | "notHidden" | "failed";
export type ModerationResult = { ok: true } | { ok: false; error: ModerationError };

type Snapshot = Pick<
  typeof r.$inferSelect,
  "isHidden" | "hiddenReason" | "hiddenNote" | "ownerReply" | "propertyId"
>;

/** Locks the review, runs `change` and writes the audit entry, all in one transaction. */
async function moderate(
  input: { actor: Actor; id: string },
  action: string,
  change: (
    before: Snapshot,
  ) => { error: ModerationError } | { set: Record<string, unknown>; note?: string },
): Promise<ModerationResult> {
  if (!isUuid(input.id)) return { ok: false, error: "notFound" };
  try {
    return await db().transaction(async (tx) => {
      const [before] = await tx
        .select({
          isHidden: r.isHidden,
          hiddenReason: r.hiddenReason,
          hiddenNote: r.hiddenNote,
          ownerReply: r.ownerReply,
          propertyId: r.propertyId,
        })
        .from(r)
        .where(eq(r.id, input.id))
        .for("update");
      if (!before) return { ok: false, error: "notFound" } as const;
      const planned = change(before);
      if ("error" in planned) return { ok: false, error: planned.error } as const;
      const [after] = await tx
        .update(r)
        // updated_at keeps its value: it marks edits of the review by its author.
        .set({ ...planned.set, updatedAt: sql`${r.updatedAt}` } as unknown as Partial<
          typeof r.$inferInsert
        >)
        .where(eq(r.id, input.id))
        .returning({
          isHidden: r.isHidden,
          hiddenReason: r.hiddenReason,
          hiddenNote: r.hiddenNote,
          ownerReply: r.ownerReply,
        });
      const { propertyId } = before;
      await tx.insert(schema.auditLog).values({
        actorId: input.actor.id,
        entity: "review",
        entityId: input.id,
        action,
        before,
        after: { ...after, propertyId, ...(planned.note ? { note: planned.note } : {}) },
      });
      return { ok: true } as const;
    });
  } catch (error) {
    logger.error({ err: error, id: input.id, action }, "moderating a review failed");
    return { ok: false, error: "failed" };
  }
}

/** Hides a review from every public page and from the property's count and average. */
export function hideReview(input: {
  actor: Actor;
  id: string;
  reason: ReviewHideReason;
  note: string;
}) {
  return moderate(input, "hidden", (before) =>
    before.isHidden
      ? { error: "alreadyHidden" }
      : {
          set: {
            isHidden: true,
            hiddenReason: input.reason,
            hiddenNote: input.note,
            hiddenAt: sql`now()`,
            hiddenBy: input.actor.id,
          },
        },
  );
}

/** Shows a hidden review again; the admin's note on why goes into the audit log. */
export function unhideReview(input: { actor: Actor; id: string; note: string }) {
  return moderate(input, "unhidden", (before) =>
    !before.isHidden
      ? { error: "notHidden" }
      : {
          set: {
            isHidden: false,
            hiddenReason: null,
            hiddenNote: null,
            hiddenAt: null,
            hiddenBy: null,
          },
          note: input.note,
        },
  );
}

/** The operator's public answer under the review (replaces an earlier one); null removes it. */
export function setOwnerReply(input: { actor: Actor; id: string; reply: string | null }) {
  return moderate(input, input.reply === null ? "reply-removed" : "replied", () => ({
    set:
      input.reply === null
        ? { ownerReply: null, ownerReplyAt: null, ownerReplyBy: null }
        : { ownerReply: input.reply, ownerReplyAt: sql`now()`, ownerReplyBy: input.actor.id },
  }));
}
