CREATE TABLE "demo_record" (
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	CONSTRAINT "demo_record_entity_entity_id_pk" PRIMARY KEY("entity","entity_id"),
	CONSTRAINT "demo_record_entity_check" CHECK ("demo_record"."entity" in ('user', 'property', 'booking', 'bank_account'))
);
--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "house_rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "check_in_from" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "check_out_until" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "tourist_tax_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "house_rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "check_in_from" text DEFAULT '15:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "check_out_until" text DEFAULT '10:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tourist_tax_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written (decision 033): databases seeded before demo_record existed get the two markers
-- that cannot hit an operator's own rows: the seed's accounts (its own e-mail domain) and the
-- seed's bank account (its IBAN). Properties and bookings of such an old demo are not guessed.
INSERT INTO "demo_record" ("entity", "entity_id")
  SELECT 'user', "id" FROM "user" WHERE lower("email") LIKE '%@demo.traumurlaub.de'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "demo_record" ("entity", "entity_id")
  SELECT 'bank_account', "id" FROM "bank_account" WHERE "iban" = 'DE52100100100612345678'
  ON CONFLICT DO NOTHING;
