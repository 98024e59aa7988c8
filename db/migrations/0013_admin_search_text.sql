ALTER TABLE "booking" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold("number" || ' ' || "guest_name" || ' ' || "guest_email")) STORED;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold("name" || ' ' || "email")) STORED;--> statement-breakpoint
-- Hand-written: the admin searches' trigram indexes move from the expressions (0007) to the
-- stored columns the queries now compare.
DROP INDEX IF EXISTS "booking_admin_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "user_admin_search_idx";--> statement-breakpoint
CREATE INDEX "booking_admin_search_idx" ON "booking" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_admin_search_idx" ON "user" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The new columns have no statistics until autovacuum gets round to them; without them the
-- planner guesses a search matches a handful of rows and reads the trigram index for a text
-- that every account contains.
ANALYZE "user";--> statement-breakpoint
ANALYZE "booking";
