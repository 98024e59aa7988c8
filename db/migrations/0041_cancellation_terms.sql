-- Decision 080: each booking keeps the cancellation terms it was made under (AGB § 4: they
-- apply to the respective booking), as it keeps its payment terms (deposit_percentage,
-- balance_due_days). The defaults are the settings' defaults (48 hours, 50 %).
ALTER TABLE "booking" ADD COLUMN "free_cancellation_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "cancellation_fee_percentage" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
-- Existing bookings get the terms the settings hold now: until this version their fee was
-- computed from exactly these, so nothing a guest would pay changes with the upgrade. Without a
-- settings row (a database never started) the defaults above stay.
UPDATE "booking" SET
    "free_cancellation_hours" = s."free_cancellation_hours",
    "cancellation_fee_percentage" = s."cancellation_fee_percentage"
  FROM "settings" s
  WHERE s."id" = 1;
