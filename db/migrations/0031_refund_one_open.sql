DROP INDEX "refund_one_open_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "refund_one_open_idx" ON "refund" USING btree ("booking_id") WHERE "refund"."status" = 'open';--> statement-breakpoint
-- Refunds already at Stripe get a look-up time: the job asks Stripe if their event got lost.
UPDATE "refund" SET "next_attempt_at" = now() WHERE "status" = 'pending' AND "next_attempt_at" IS NULL;
