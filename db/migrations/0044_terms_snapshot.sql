-- Decision 087: each booking keeps the AGB it was made under (§ 312f Abs. 2 BGB: the
-- confirmation carries the contract's content, the AGB included). One row per distinct resolved
-- text, shared by the bookings made under it; never changed or deleted.
CREATE TABLE "terms_snapshot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"language" text NOT NULL,
	"content_version" integer,
	"body" jsonb NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_snapshot_hash_unique" UNIQUE("hash"),
	CONSTRAINT "terms_snapshot_language_check" CHECK ("terms_snapshot"."language" in ('de', 'en'))
);
--> statement-breakpoint
-- Existing bookings stay null: which AGB they were made under was never recorded, and today's
-- text (or the version that happened to be newest at their booking time, merged over a release's
-- default that may have changed since) would be a guess, not the text the guest saw.
ALTER TABLE "booking" ADD COLUMN "terms_snapshot_id" uuid;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_terms_snapshot_id_terms_snapshot_id_fk" FOREIGN KEY ("terms_snapshot_id") REFERENCES "public"."terms_snapshot"("id") ON DELETE restrict ON UPDATE no action;
