-- Decision 072 (audit 19): a refund item on its way to Stripe is "sending" (claimed with a lease
-- in next_attempt_at), so money that arrives meanwhile opens an item of its own and an admin
-- cannot withdraw it while Stripe refunds it.
ALTER TABLE "refund" DROP CONSTRAINT "refund_status_check";--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_status_check" CHECK ("refund"."status" in ('open', 'sending', 'pending', 'refunded'));--> statement-breakpoint
-- booking.payment_status: an item being sent is not done (like open and pending). And a booking
-- whose refunds only paid back money beyond its total (the balance paid twice, decision 072) is
-- still "paid", not "refunded": money was refunded, but the stay is paid in full.
CREATE OR REPLACE FUNCTION "booking_payment_status"(bid uuid, paid integer, refunded integer, total integer)
  RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN refunded > 0 AND paid - refunded < total AND NOT EXISTS (
      SELECT 1 FROM "refund" r
       WHERE r."booking_id" = bid AND r."status" in ('open', 'sending', 'pending'))
      THEN 'refunded'
    WHEN paid >= total THEN 'paid'
    WHEN paid > 0 THEN 'partially-paid'
    ELSE 'unpaid' END
$$;--> statement-breakpoint
UPDATE "booking" SET "payment_status" =
    booking_payment_status("id", "amount_paid", "amount_refunded", "total_price")
  WHERE "amount_refunded" > 0
    AND "payment_status" IS DISTINCT FROM
      booking_payment_status("id", "amount_paid", "amount_refunded", "total_price");
