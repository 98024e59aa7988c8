import { and, eq, inArray, ne, sql } from "drizzle-orm";
import {
  DELETED_GUEST_NAME,
  eraseAccountIn,
  forgetBookingGuestIn,
  removeAvatarFile,
} from "~/features/accounts/account-settings.server";
import { deleteContactMessageIn } from "~/features/contact/inbox.server";
import { db, schema } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import {
  collectPersonalData,
  erasureBlocker,
  lockPersonalData,
  personalDataSnapshot,
  type ErasureBlocker,
  type PersonalData,
} from "./personal-data.server";

/**
 * Data-protection requests about one e-mail address (decision 085): the export for Art. 15
 * DSGVO and the erasure for Art. 17, each with its audit entry in its own transaction.
 */

type Actor = { id: string };

/** Audit entity of both requests; /admin/audit lists it as "Datenschutz-Anfrage". */
const ENTITY = "data_request";

function countsOf(data: PersonalData) {
  return {
    account: data.account !== null,
    bookings: data.bookings.length,
    contactMessages: data.contactMessages.length,
    newsletter: data.newsletter !== null,
    reviews: data.reviews.length,
    emails: data.emails.length,
  };
}

/**
 * "Auskunft herunterladen": reads everything of the address and records who exported whose
 * data when, in one transaction: no export leaves without its entry. The entry keeps the
 * address: it documents to whom which data went out (decision 085).
 */
export async function exportPersonalData(input: {
  actor: Actor;
  email: string;
  today: string;
}): Promise<PersonalData> {
  return db().transaction(async (tx) => {
    const data = await collectPersonalData(tx, input);
    await tx.insert(schema.auditLog).values({
      actorId: input.actor.id,
      entity: ENTITY,
      entityId: null,
      action: "access-export",
      before: null,
      after: { email: input.email, ...countsOf(data) },
    });
    return data;
  });
}

export type ErasureSummary = {
  accountDeleted: boolean;
  /** Kept for the books, without the guest's personal data. */
  bookingsKept: { number: string; retainedUntil: string }[];
  contactMessagesDeleted: number;
  contactRepliesDeleted: number;
  newsletterDeleted: boolean;
  reviewsDeleted: number;
  emailsDeleted: number;
  /** Kept as the record of what was sent, without address and content. */
  emailsStripped: number;
};

export type ErasureResult =
  | { ok: true; summary: ErasureSummary }
  | { ok: false; error: "stale"; data: PersonalData }
  | { ok: false; error: ErasureBlocker["reason"]; blocker: ErasureBlocker; data: PersonalData }
  | { ok: false; error: "failed" };

type Refusal = Exclude<ErasureResult, { ok: true } | { error: "failed" }>;

/** Leaves the transaction without writing anything. */
class Refused extends Error {
  constructor(readonly result: Refusal) {
    super("erasure refused");
  }
}

/**
 * "Daten löschen": deletes or anonymises everything of the address that the law lets us delete,
 * in ONE transaction with its audit entry (decision 085):
 *
 * - the account, through the very function the guest's own deletion uses (`eraseAccountIn`):
 *   its bookings stay for the books without personal data, its own e-mails go, the user row
 *   goes with profile, sessions and votes; the same refusals (last admin, upcoming bookings);
 * - bookings of the address without an account, anonymised the same way;
 * - its reviews (the privacy policy: "Sie können Ihre Bewertung jederzeit löschen lassen");
 * - its contact messages with replies and their e-mails (`deleteContactMessageIn`, decision 082);
 * - its newsletter subscription;
 * - the e-mails to the address: queued ones are deleted, sent or failed ones keep only which
 *   template went out when (address and content go), as the account's deletion does.
 *
 * `snapshot` is what the confirmation showed (`personalDataSnapshot`); anything added or
 * changed since makes the request stale and nothing is deleted. The audit entry names the
 * address and counts what went, none of the content.
 */
export async function erasePersonalData(input: {
  actor: Actor;
  email: string;
  snapshot: string;
  today: string;
}): Promise<ErasureResult> {
  const { email, today } = input;
  try {
    const { summary, avatarUrl } = await db().transaction(async (tx) => {
      await lockPersonalData(tx, email);
      const data = await collectPersonalData(tx, { email, today });
      if (personalDataSnapshot(data) !== input.snapshot) {
        throw new Refused({ ok: false, error: "stale", data });
      }
      const blocker = erasureBlocker(data, input.actor.id);
      if (blocker) throw new Refused({ ok: false, error: blocker.reason, blocker, data });

      const o = schema.emailOutbox;
      const emailIds = data.emails.map((row) => row.id);
      // Before the bookings and the account lose their link to them.
      if (data.reviews.length > 0) {
        await tx.delete(schema.review).where(
          inArray(
            schema.review.id,
            data.reviews.map((row) => row.id),
          ),
        );
      }
      for (const message of data.contactMessages) {
        await deleteContactMessageIn(tx, message, message.replies);
      }
      if (data.newsletter) {
        await tx
          .delete(schema.newsletterSubscription)
          .where(eq(schema.newsletterSubscription.id, data.newsletter.id));
      }
      const avatarUrl = data.account
        ? await eraseAccountIn(tx, { userId: data.account.id, actorId: input.actor.id, today })
        : null;
      // Bookings made out to the address that hang on no account (the account's are done).
      const otherBookings = data.bookings
        .filter((booking) => booking.guestEmail.toLowerCase() === email)
        .map((booking) => booking.id);
      if (otherBookings.length > 0) {
        await forgetBookingGuestIn(tx, {
          where: and(
            inArray(schema.booking.id, otherBookings),
            sql`lower(${schema.booking.guestEmail}) = ${email}`,
          )!,
          email,
        });
      }
      if (emailIds.length > 0) {
        const found = inArray(o.id, emailIds);
        const toAddress = sql`lower(${o.to}) = ${email}`;
        // The /kontakt e-mails carrying the address, in any state, as decision 082 deletes them
        // with their message.
        await tx
          .delete(o)
          .where(
            and(
              found,
              inArray(o.template, ["contact-message", "contact-copy"]),
              sql`lower(${o.data}->>'email') = ${email}`,
            ),
          );
        await tx.delete(o).where(and(found, toAddress, eq(o.status, "pending")));
        await tx
          .update(o)
          .set({ to: DELETED_GUEST_NAME, data: {} })
          .where(and(found, toAddress, ne(o.status, "pending")));
      }
      const remaining = emailIds.length
        ? await tx
            .select({ isStripped: sql<boolean>`${o.data} = '{}'::jsonb` })
            .from(o)
            .where(inArray(o.id, emailIds))
        : [];

      const summary: ErasureSummary = {
        accountDeleted: data.account !== null,
        bookingsKept: data.bookings.map(({ number, retainedUntil }) => ({
          number,
          retainedUntil,
        })),
        contactMessagesDeleted: data.contactMessages.length,
        contactRepliesDeleted: data.contactMessages.reduce(
          (sum, message) => sum + message.replies.length,
          0,
        ),
        newsletterDeleted: data.newsletter !== null,
        reviewsDeleted: data.reviews.length,
        emailsDeleted: emailIds.length - remaining.length,
        emailsStripped: remaining.filter((row) => row.isStripped).length,
      };
      await tx.insert(schema.auditLog).values({
        actorId: input.actor.id,
        entity: ENTITY,
        entityId: null,
        action: "erasure",
        before: null,
        after: {
          email,
          accountDeleted: summary.accountDeleted,
          bookingsAnonymised: summary.bookingsKept.length,
          contactMessagesDeleted: summary.contactMessagesDeleted,
          contactRepliesDeleted: summary.contactRepliesDeleted,
          newsletterDeleted: summary.newsletterDeleted,
          reviewsDeleted: summary.reviewsDeleted,
          emailsDeleted: summary.emailsDeleted,
          emailsStripped: summary.emailsStripped,
        },
      });
      return { summary, avatarUrl };
    });
    await removeAvatarFile(avatarUrl);
    // No address in the server log: the audit entry is the record.
    logger.info({ actorId: input.actor.id }, "personal data of an address erased");
    return { ok: true, summary };
  } catch (error) {
    // eraseAccountIn's own refusals cannot happen here: its rows are locked and checked above.
    if (error instanceof Refused) return error.result;
    logger.error({ err: error }, "erasing the personal data of an address failed");
    return { ok: false, error: "failed" };
  }
}
