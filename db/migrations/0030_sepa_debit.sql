ALTER TABLE "booking" DROP CONSTRAINT "booking_payment_method_check";--> statement-breakpoint
ALTER TABLE "payment" DROP CONSTRAINT "payment_method_check";--> statement-breakpoint
ALTER TABLE "refund" DROP CONSTRAINT "refund_method_check";--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "stripe_payment_processing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_payment_method_check" CHECK ("booking"."payment_method" in ('bank-transfer', 'credit-card', 'paypal', 'sepa-debit'));--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_method_check" CHECK ("payment"."method" in ('bank-transfer', 'credit-card', 'paypal', 'sepa-debit'));--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_method_check" CHECK ("refund"."method" in ('bank-transfer', 'credit-card', 'paypal', 'sepa-debit'));