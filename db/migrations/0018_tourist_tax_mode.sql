ALTER TABLE "property" ADD COLUMN "tourist_tax_mode" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD CONSTRAINT "property_tourist_tax_mode_check" CHECK ("property"."tourist_tax_mode" in ('default', 'own', 'none'));--> statement-breakpoint
-- Hand-written (decision 041): a property that had its own note keeps showing it. Before this
-- column an empty note meant "the settings' note", which 'default' keeps meaning.
UPDATE "property" SET "tourist_tax_mode" = 'own' WHERE btrim("tourist_tax_note") <> '';
