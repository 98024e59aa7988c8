-- Hand-written: what drizzle-kit cannot express.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- No double bookings, ever: two non-cancelled bookings of one property never overlap.
-- Stays are half-open [check_in, check_out): a guest may check in on the day another leaves.
ALTER TABLE "booking" ADD CONSTRAINT "booking_no_property_overlap"
  EXCLUDE USING gist ("property_id" WITH =, daterange("check_in", "check_out", '[)') WITH &&)
  WHERE ("status" <> 'cancelled');
--> statement-breakpoint
-- The same guest cannot hold two overlapping non-cancelled stays anywhere.
ALTER TABLE "booking" ADD CONSTRAINT "booking_no_user_overlap"
  EXCLUDE USING gist ("user_id" WITH =, daterange("check_in", "check_out", '[)') WITH &&)
  WHERE ("status" <> 'cancelled' AND "user_id" IS NOT NULL);
--> statement-breakpoint
-- Location search ("Reiseziel") matches parts of "<city>, <country>".
CREATE INDEX "property_location_trgm_idx" ON "property" USING gin ("location" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "property_title_trgm_idx" ON "property" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
-- Human-readable booking numbers (FW-<year>-<000123>) draw from one sequence.
CREATE SEQUENCE IF NOT EXISTS "booking_number_seq";
