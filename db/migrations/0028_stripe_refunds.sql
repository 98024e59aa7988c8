CREATE TABLE "stripe_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"refund_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_refund_amount_check" CHECK ("stripe_refund"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "refund" DROP CONSTRAINT "refund_status_check";--> statement-breakpoint
DROP INDEX "refund_one_open_idx";--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "stripe_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "reason" text DEFAULT 'cancellation' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "stripe_refund" ADD CONSTRAINT "stripe_refund_refund_id_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_refund_refund_idx" ON "stripe_refund" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "stripe_refund_intent_idx" ON "stripe_refund" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "refund_online_open_idx" ON "refund" USING btree ("next_attempt_at") WHERE "refund"."status" = 'open' and "refund"."method" <> 'bank-transfer';--> statement-breakpoint
CREATE UNIQUE INDEX "refund_one_open_idx" ON "refund" USING btree ("booking_id") WHERE "refund"."status" in ('open', 'pending');--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_stripe_payment_intent_id_unique" UNIQUE("stripe_payment_intent_id");--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_reason_check" CHECK ("refund"."reason" in ('cancellation', 'late-payment'));--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_status_check" CHECK ("refund"."status" in ('open', 'pending', 'refunded'));--> statement-breakpoint
-- A refund sent to Stripe ("pending", shown as "Erstattung veranlasst") is not done yet: the
-- booking becomes 'refunded' only once no item is open or pending (decision 049).
CREATE OR REPLACE FUNCTION "booking_payment_status"(bid uuid, paid integer, refunded integer, total integer)
  RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN refunded > 0 AND NOT EXISTS (
      SELECT 1 FROM "refund" r WHERE r."booking_id" = bid AND r."status" in ('open', 'pending'))
      THEN 'refunded'
    WHEN paid >= total THEN 'paid'
    WHEN paid > 0 THEN 'partially-paid'
    ELSE 'unpaid' END
$$;--> statement-breakpoint
-- Online payments recorded before this migration name their PaymentIntent in the note.
UPDATE "payment" SET "stripe_payment_intent_id" = substring("note" from '(pi_[A-Za-z0-9_]+)')
  WHERE "method" <> 'bank-transfer' AND "note" ~ 'pi_[A-Za-z0-9_]+';
