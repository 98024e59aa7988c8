CREATE TABLE "property_season" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"price_per_night" integer NOT NULL,
	"min_stay_nights" integer DEFAULT 1 NOT NULL,
	"arrival_weekdays" integer DEFAULT 127 NOT NULL,
	"departure_weekdays" integer DEFAULT 127 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_season_dates_check" CHECK ("property_season"."end_date" >= "property_season"."start_date"),
	CONSTRAINT "property_season_values_check" CHECK ("property_season"."price_per_night" > 0 and "property_season"."min_stay_nights" >= 1 and "property_season"."arrival_weekdays" between 1 and 127 and "property_season"."departure_weekdays" between 1 and 127)
);
--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "price_details" jsonb;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "weekly_discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "monthly_discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "property_season" ADD CONSTRAINT "property_season_property_id_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."property"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_season_property_idx" ON "property_season" USING btree ("property_id","start_date");--> statement-breakpoint
ALTER TABLE "property" ADD CONSTRAINT "property_discount_check" CHECK ("property"."weekly_discount_percent" between 0 and 90 and "property"."monthly_discount_percent" between 0 and 90);--> statement-breakpoint
-- Hand-written: the seasons of one property never share a night (both ends are nights, '[]').
ALTER TABLE "property_season" ADD CONSTRAINT "property_season_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&);
--> statement-breakpoint
-- Seasons show on public pages (prices, the picker's rules): a change drops the cached pages
-- like every other public table (decision 038).
CREATE TRIGGER "property_season_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_season"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();
