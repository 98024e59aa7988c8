ALTER TABLE "settings" ADD COLUMN "booking_horizon_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "max_pending_bookings" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "booking_attempts_per_account" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "booking_attempts_per_client" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_booking_limits" CHECK ("settings"."booking_horizon_months" >= 1 and "settings"."max_pending_bookings" >= 1 and "settings"."booking_attempts_per_account" >= 1 and "settings"."booking_attempts_per_client" >= 1);