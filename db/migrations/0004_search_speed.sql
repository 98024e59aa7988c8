ALTER TABLE "property" ADD COLUMN "location_fold" text GENERATED ALWAYS AS (search_fold("location")) STORED;--> statement-breakpoint
CREATE INDEX "property_published_offer_price_idx" ON "property" USING btree ("special_offer_price") WHERE "property"."status" = 'published' and "property"."is_special_offer" and "property"."special_offer_price" > 0 and "property"."special_offer_price" < "property"."price_per_night";--> statement-breakpoint
-- Hand-written below. The location trigram index moves to the stored folded column: the
-- planner then has real statistics and no per-row function call (docs/BENCHMARKS.md, Search).
DROP INDEX IF EXISTS "property_location_fold_trgm_idx";
--> statement-breakpoint
CREATE INDEX "property_location_fold_trgm_idx" ON "property"
  USING gin ("location_fold" gin_trgm_ops) WHERE "status" = 'published';
--> statement-breakpoint
-- Availability in the search: a btree probe per candidate is cheaper than the exclusion
-- constraint's GiST index (which still guards every insert).
CREATE INDEX "booking_active_property_checkout_idx" ON "booking" ("property_id", "check_out")
  INCLUDE ("check_in") WHERE "status" <> 'cancelled';
