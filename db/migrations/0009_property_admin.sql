ALTER TABLE "property" DROP CONSTRAINT "property_price_check";--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "draft_saved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "property_created_idx" ON "property" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "property_status_created_idx" ON "property" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "property" ADD CONSTRAINT "property_price_check" CHECK (("property"."price_per_night" > 0 or "property"."status" = 'draft') and "property"."price_per_night" >= 0 and "property"."cleaning_fee" >= 0);--> statement-breakpoint
-- Hand-written below (keep when re-generating). /admin/properties searches title and
-- description, and filters by location, over every status (drafts and archived included), as
-- substrings folded like the public search (search_fold: lower-case, accents removed).
CREATE INDEX "property_admin_text_trgm_idx" ON "property"
  USING gin (search_fold("title" || ' ' || "description") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "property_admin_location_trgm_idx" ON "property"
  USING gin ("location_fold" gin_trgm_ops);
