CREATE TABLE "stripe_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment" DROP CONSTRAINT "payment_method_check";--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "stripe_checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "stripe_checkout_url" text;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "stripe_checkout_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "stripe_checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_method_check" CHECK ("payment"."method" in ('bank-transfer', 'credit-card', 'paypal'));