DROP INDEX "property_published_created_idx";--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "rating_average" numeric(3, 2);--> statement-breakpoint
CREATE INDEX "property_published_rating_idx" ON "property" USING btree ("rating_average" DESC NULLS LAST,"review_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "property"."status" = 'published';--> statement-breakpoint
CREATE INDEX "property_amenities_idx" ON "property" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "property_published_created_idx" ON "property" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "property"."status" = 'published';--> statement-breakpoint
-- Hand-written below: what drizzle-kit cannot express.
-- Accent- and case-insensitive location search ("malaga" finds "Málaga", "koln" finds "Köln").
-- unaccent() is only STABLE (its dictionary could change), so an IMMUTABLE wrapper with the
-- dictionary named explicitly is the documented way to index it.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "property_location_trgm_idx";
--> statement-breakpoint
CREATE INDEX "property_location_fold_trgm_idx" ON "property"
  USING gin (search_fold("location") gin_trgm_ops) WHERE "status" = 'published';
--> statement-breakpoint
-- Rating aggregates on property, kept by the database for every way a review changes (guest
-- writes or deletes it, admin hides it). Increments instead of re-counting: two reviews saved
-- at the same moment both count, because each UPDATE adds to the row's latest version.
CREATE OR REPLACE FUNCTION review_rating_apply(pid uuid, count_delta integer, sum_delta integer)
  RETURNS void LANGUAGE sql AS $$
  UPDATE "property" SET
    "review_count" = "review_count" + count_delta,
    "rating_sum" = "rating_sum" + sum_delta,
    "rating_average" = CASE WHEN "review_count" + count_delta > 0
      THEN round(("rating_sum" + sum_delta)::numeric / ("review_count" + count_delta), 2) END
  WHERE "id" = pid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_rating_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_hidden THEN
    PERFORM review_rating_apply(OLD.property_id, -1, -OLD.rating);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_hidden THEN
    PERFORM review_rating_apply(NEW.property_id, 1, NEW.rating);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "review_rating_insert_delete" AFTER INSERT OR DELETE ON "review"
  FOR EACH ROW EXECUTE FUNCTION review_rating_trigger();
--> statement-breakpoint
CREATE TRIGGER "review_rating_update" AFTER UPDATE OF "rating", "is_hidden", "property_id" ON "review"
  FOR EACH ROW EXECUTE FUNCTION review_rating_trigger();
--> statement-breakpoint
UPDATE "property" p SET
  "review_count" = s.n,
  "rating_sum" = s.total,
  "rating_average" = round(s.total::numeric / s.n, 2)
FROM (
  SELECT "property_id", count(*)::integer AS n, sum("rating")::integer AS total
  FROM "review" WHERE NOT "is_hidden" GROUP BY "property_id"
) s
WHERE p."id" = s."property_id";
