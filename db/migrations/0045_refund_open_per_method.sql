-- Decision 086 (written as 0046 on its branch): one open refund item per booking and method instead of per booking. Money goes
-- back the way it came: card, PayPal or SEPA money through Stripe, a transfer by hand, so late
-- online money no longer joins the admin's open bank-transfer item, and the cancellation of an
-- online booking with a recorded transfer opens an item for each part. Looser than the index it
-- replaces, so no stored row can conflict with it.
DROP INDEX "refund_one_open_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "refund_one_open_per_method_idx" ON "refund" USING btree ("booking_id","method") WHERE "refund"."status" = 'open';
