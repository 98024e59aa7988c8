CREATE TABLE "payment_reminder" (
	"booking_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"kind" text NOT NULL,
	"instalment" text NOT NULL,
	"amount" integer NOT NULL,
	"email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reminder_booking_id_due_date_kind_pk" PRIMARY KEY("booking_id","due_date","kind"),
	CONSTRAINT "payment_reminder_kind_check" CHECK ("payment_reminder"."kind" in ('upcoming', 'overdue')),
	CONSTRAINT "payment_reminder_instalment_check" CHECK ("payment_reminder"."instalment" in ('deposit', 'balance', 'full'))
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"method" text DEFAULT 'bank-transfer' NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refunded_on" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"refunded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_amount_check" CHECK ("refund"."amount" > 0),
	CONSTRAINT "refund_method_check" CHECK ("refund"."method" in ('bank-transfer', 'credit-card', 'paypal')),
	CONSTRAINT "refund_status_check" CHECK ("refund"."status" in ('open', 'refunded')),
	CONSTRAINT "refund_refunded_on_check" CHECK (("refund"."status" = 'refunded') = ("refund"."refunded_on" is not null))
);
--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "auto_cancel_overdue_days" integer;--> statement-breakpoint
ALTER TABLE "payment_reminder" ADD CONSTRAINT "payment_reminder_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminder" ADD CONSTRAINT "payment_reminder_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_refunded_by_user_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_booking_idx" ON "refund" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_one_open_idx" ON "refund" USING btree ("booking_id") WHERE "refund"."status" = 'open';--> statement-breakpoint
CREATE INDEX "booking_open_bank_transfer_idx" ON "booking" USING btree ("check_in") WHERE "booking"."status" in ('pending', 'confirmed') and "booking"."payment_method" = 'bank-transfer' and "booking"."amount_paid" < "booking"."total_price";--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_auto_cancel_overdue_days" CHECK ("settings"."auto_cancel_overdue_days" is null or "settings"."auto_cancel_overdue_days" between 1 and 90);--> statement-breakpoint
-- booking.payment_status from the amounts (decision 047): 'refunded' once money was paid back
-- and no refund of the booking is open any more; otherwise by what was received. One function
-- for both triggers, so a payment and a refund can never disagree about a booking's status.
CREATE FUNCTION "booking_payment_status"(bid uuid, paid integer, refunded integer, total integer)
  RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN refunded > 0 AND NOT EXISTS (
      SELECT 1 FROM "refund" r WHERE r."booking_id" = bid AND r."status" = 'open') THEN 'refunded'
    WHEN paid >= total THEN 'paid'
    WHEN paid > 0 THEN 'partially-paid'
    ELSE 'unpaid' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payment_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    "payment_status" = booking_payment_status(bid, "amount_paid" + delta, "amount_refunded",
                                              "total_price"),
    "updated_at" = now()
  WHERE "id" = bid;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- booking.amount_refunded is the sum of its refunds marked refunded, whoever writes them (an
-- admin for bank transfers today, the Stripe webhook later).
CREATE FUNCTION "refund_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bid uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    bid := OLD."booking_id";
  ELSE
    bid := NEW."booking_id";
    IF TG_OP = 'UPDATE' AND NEW."booking_id" <> OLD."booking_id" THEN
      RAISE EXCEPTION 'a refund cannot move to another booking';
    END IF;
  END IF;
  UPDATE "booking" AS b SET
    "amount_refunded" = s.refunded,
    "payment_status" = booking_payment_status(bid, b."amount_paid", s.refunded, b."total_price"),
    "updated_at" = now()
  FROM (SELECT coalesce(sum("amount"), 0)::integer AS refunded FROM "refund"
          WHERE "booking_id" = bid AND "status" = 'refunded') AS s
  WHERE b."id" = bid;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "refund_apply" AFTER INSERT OR UPDATE OR DELETE ON "refund"
  FOR EACH ROW EXECUTE FUNCTION "refund_apply"();--> statement-breakpoint
-- Before this migration a cancelled booking with money to pay back was marked 'refunded',
-- meaning "to refund". It becomes an open refund item of what was paid above the fee (the
-- method it was paid with), and its status follows the amounts again.
INSERT INTO "refund" ("booking_id", "method", "amount", "status")
  SELECT "id", "payment_method", "amount_paid" - coalesce("cancellation_fee", 0), 'open'
  FROM "booking"
  WHERE "status" = 'cancelled' AND "payment_status" = 'refunded'
    AND "amount_paid" > coalesce("cancellation_fee", 0);
