-- Hand-written (decision 040): the admin lists at 100,000 accounts and bookings.
--
-- The newest-first indexes carry the searched text (and a booking's property), so a list that
-- walks them looking for the newest matches reads index pages only: a search matching one
-- account in a hundred ("gast 42") examines some 1,800 entries for its first page, which cost a
-- heap visit each (1,800 buffers) and now cost 22 buffers. Deep pages (OFFSET) stay index-only.
-- Same names and key columns as db/schema.ts declares (drizzle cannot declare INCLUDE).
DROP INDEX IF EXISTS "user_created_idx";--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("search_text");--> statement-breakpoint
DROP INDEX IF EXISTS "booking_created_idx";--> statement-breakpoint
CREATE INDEX "booking_created_idx" ON "booking" ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("search_text", "property_id");--> statement-breakpoint
-- A search for a part of a booking number ("FW-2026-0012") is a prefix of the number: this
-- index serves LIKE 'FW-2026-0012%' whatever the database's collation. The trigram index cannot
-- narrow it (the trigrams of "fw" and of the year are in every booking).
CREATE INDEX "booking_number_prefix_idx" ON "booking" ("number" text_pattern_ops);
--> statement-breakpoint
-- The dashboard's next seven days: the first 50 arrivals and departures by day and number. With
-- only the day indexed, a day on which every property changes guests (a Saturday for an operator
-- of 1,000 apartments) was read and sorted whole before the first 50 were shown (911 bookings
-- with their properties, 3,700 buffers, 10–38 ms); these indexes give them in order.
CREATE INDEX "booking_active_arrival_idx" ON "booking" ("check_in", "number")
  WHERE "status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "booking_active_departure_idx" ON "booking" ("check_out", "number")
  WHERE "status" <> 'cancelled';
--> statement-breakpoint
-- Better Auth finds an account by `email = $1` (sign-in, sign-up, password reset); the unique
-- index is on lower(email) and does not serve that: every sign-in read all 100,000 accounts
-- (11–15 ms on the loaded machine; seen in the admin benchmark's sign-in).
CREATE INDEX "user_email_idx" ON "user" ("email");
--> statement-breakpoint
-- /admin/bookings with a short arrival window reads the window from the arrival index and sorts
-- it newest first (admin-bookings.server.ts): with the creation time in the index that is an
-- index-only scan (a changeover day's 1,000 arrivals: 960 table pages, 8 ms -> 0.3 ms).
DROP INDEX IF EXISTS "booking_check_in_idx";--> statement-breakpoint
CREATE INDEX "booking_check_in_idx" ON "booking" ("check_in") INCLUDE ("created_at", "id");
