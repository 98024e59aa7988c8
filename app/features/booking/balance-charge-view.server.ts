import { and, desc, eq } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { isStripeConfigured } from "~/lib/stripe.server";
import { MAX_BALANCE_ATTEMPTS } from "./balance-charges.server";
import { nextBalanceAttempt, type NextBalanceAttempt } from "./next-balance-attempt";

/**
 * What the admin's booking detail says about charging the balance of an online booking
 * (spec/09-payments.md "failures are retried and shown to the admin", decisions 049 and 052):
 * the state of the balance job's row per due date, when it tries again, and the payment link
 * the guest was e-mailed with how long it is valid. The history lists every failed attempt;
 * this is the state now, which the history cannot say (next attempt, the link's end).
 */
export type BalanceChargeView = {
  dueDate: string;
  /** cents asked for at the last attempt */
  amount: number;
  status: "processing" | "failed" | "succeeded";
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  lastAttemptOn: string;
  /**
   * When the job tries again at the earliest; null when it will not: the last attempt was made,
   * the booking is no longer confirmed or owes nothing, or no payment provider is configured.
   */
  nextAttempt: NextBalanceAttempt | null;
  /** the payment link of the last failed attempt, as e-mailed to the guest; null if none */
  link: { sentAt: string; expiresAt: string | null; isExpired: boolean } | null;
};

const bc = schema.balanceCharge;
const outbox = schema.emailOutbox;

export async function balanceChargeView(
  booking: { id: string; status: string; open: number },
  now: Date,
): Promise<BalanceChargeView[]> {
  const [charges, links] = await Promise.all([
    db()
      .select({
        dueDate: bc.dueDate,
        amount: bc.amount,
        status: bc.status,
        attempts: bc.attempts,
        lastError: bc.lastError,
        lastAttemptOn: bc.lastAttemptOn,
        checkoutUrl: bc.checkoutUrl,
      })
      .from(bc)
      .where(eq(bc.bookingId, booking.id))
      .orderBy(desc(bc.dueDate)),
    // The link e-mails carry the link and its end (the job does not store the end on its row).
    db()
      .select({ data: outbox.data, createdAt: outbox.createdAt })
      .from(outbox)
      .where(and(eq(outbox.bookingId, booking.id), eq(outbox.template, "balance-payment-link")))
      .orderBy(desc(outbox.createdAt))
      .limit(20),
  ]);
  const willRetry = booking.status === "confirmed" && booking.open > 0 && isStripeConfigured();
  return charges.map((charge) => {
    const status = charge.status as BalanceChargeView["status"];
    const mail = charge.checkoutUrl
      ? links.find(
          (link) => (link.data as { paymentUrl?: unknown }).paymentUrl === charge.checkoutUrl,
        )
      : undefined;
    const stored = (mail?.data as { linkExpiresAt?: unknown } | undefined)?.linkExpiresAt;
    const expiresAt = typeof stored === "string" ? stored : null;
    return {
      dueDate: charge.dueDate,
      amount: charge.amount,
      status,
      attempts: charge.attempts,
      maxAttempts: MAX_BALANCE_ATTEMPTS,
      lastError: charge.lastError,
      lastAttemptOn: charge.lastAttemptOn,
      nextAttempt:
        status === "failed" && willRetry && charge.attempts < MAX_BALANCE_ATTEMPTS
          ? nextBalanceAttempt(charge.lastAttemptOn, expiresAt, now)
          : null,
      link:
        status === "failed" && mail
          ? {
              sentAt: mail.createdAt.toISOString(),
              expiresAt,
              isExpired: expiresAt !== null && Date.parse(expiresAt) <= now.getTime(),
            }
          : null,
    };
  });
}
