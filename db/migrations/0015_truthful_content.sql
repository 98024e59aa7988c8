ALTER TABLE "settings" ADD COLUMN "opening_hours" text DEFAULT 'Mo–Fr 9:00–18:00, Sa 10:00–14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "opening_hours_en" text;--> statement-breakpoint
-- Hand-written: existing installations get the English text of the shipped default too, so
-- English pages do not fall back to German until the operator edits the hours.
UPDATE "settings" SET "opening_hours_en" = 'Mon–Fri 9:00–18:00, Sat 10:00–14:00' WHERE "opening_hours_en" IS NULL;
