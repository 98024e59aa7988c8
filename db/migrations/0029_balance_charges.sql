CREATE TABLE "balance_charge" (
	"booking_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_attempt_on" date NOT NULL,
	"payment_intent_id" text,
	"last_error" text,
	"checkout_session_id" text,
	"checkout_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_charge_booking_id_due_date_pk" PRIMARY KEY("booking_id","due_date"),
	CONSTRAINT "balance_charge_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "balance_charge_status_check" CHECK ("balance_charge"."status" in ('processing', 'succeeded', 'failed')),
	CONSTRAINT "balance_charge_amount_check" CHECK ("balance_charge"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "stripe_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "balance_charge" ADD CONSTRAINT "balance_charge_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;