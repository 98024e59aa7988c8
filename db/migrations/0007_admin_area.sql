CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"method" text DEFAULT 'bank-transfer' NOT NULL,
	"amount" integer NOT NULL,
	"received_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_amount_check" CHECK ("payment"."amount" > 0),
	CONSTRAINT "payment_method_check" CHECK ("payment"."method" in ('bank-transfer'))
);
--> statement-breakpoint
ALTER TABLE "booking" DROP CONSTRAINT "booking_payment_status_check";--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "amount_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "deposit_percentage" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "balance_due_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "bank_account_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "deposit_percentage" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "balance_due_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_booking_idx" ON "payment" USING btree ("booking_id","received_on");--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_bank_account_id_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_kind_idx" ON "audit_log" USING btree ("entity","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "booking_created_idx" ON "booking" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "booking_check_in_idx" ON "booking" USING btree ("check_in");--> statement-breakpoint
CREATE INDEX "booking_check_out_idx" ON "booking" USING btree ("check_out");--> statement-breakpoint
CREATE INDEX "email_outbox_booking_idx" ON "email_outbox" USING btree ("booking_id","created_at" DESC NULLS LAST) WHERE "email_outbox"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_payment_status_check" CHECK ("booking"."payment_status" in ('unpaid', 'partially-paid', 'paid', 'refunded'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_payment_schedule" CHECK ("settings"."deposit_percentage" between 0 and 100 and "settings"."balance_due_days" between 0 and 365);--> statement-breakpoint
-- Bookings paid before payments were recorded (demo data, card/PayPal) count as paid in full.
UPDATE "booking" SET "amount_paid" = "total_price" WHERE "payment_status" = 'paid';--> statement-breakpoint
-- Bank-transfer bookings were told to pay to the default account of their day; the best we
-- know for old rows is today's default.
UPDATE "booking" SET "bank_account_id" = (SELECT "id" FROM "bank_account" WHERE "is_default")
  WHERE "payment_method" = 'bank-transfer';--> statement-breakpoint
-- booking.amount_paid and payment_status follow the recorded payments, whoever writes them
-- (an admin today, the Stripe webhook later). Deltas, so that amounts received before this
-- table existed stay counted. A refunded booking keeps its status.
CREATE FUNCTION "payment_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bid uuid;
  delta integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    bid := NEW."booking_id"; delta := NEW."amount";
  ELSIF TG_OP = 'DELETE' THEN
    bid := OLD."booking_id"; delta := -OLD."amount";
  ELSE
    IF NEW."booking_id" <> OLD."booking_id" THEN
      RAISE EXCEPTION 'a payment cannot move to another booking';
    END IF;
    bid := NEW."booking_id"; delta := NEW."amount" - OLD."amount";
  END IF;
  UPDATE "booking" SET
    "amount_paid" = "amount_paid" + delta,
    "payment_status" = CASE
      WHEN "payment_status" = 'refunded' THEN 'refunded'
      WHEN "amount_paid" + delta >= "total_price" THEN 'paid'
      WHEN "amount_paid" + delta > 0 THEN 'partially-paid'
      ELSE 'unpaid' END,
    "updated_at" = now()
  WHERE "id" = bid;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_apply" AFTER INSERT OR UPDATE OR DELETE ON "payment"
  FOR EACH ROW EXECUTE FUNCTION "payment_apply"();--> statement-breakpoint
-- Admin searches: booking number, guest name and e-mail; user name and e-mail (substring,
-- case- and accent-insensitive, like the property search).
CREATE INDEX "booking_admin_search_idx" ON "booking"
  USING gin (search_fold("number" || ' ' || "guest_name" || ' ' || "guest_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_admin_search_idx" ON "user"
  USING gin (search_fold("name" || ' ' || "email") gin_trgm_ops);
