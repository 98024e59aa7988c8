-- Hand-edited (decision 109): the dated price order and count at 100,000 properties.
--
-- With dates, the properties with a season in the stay are priced from their seasons, each
-- joined to its property by id. Joined to the table, that reads one wide row (images, texts) per
-- season: 19,000 of them at 100,000 properties with a season on every fifth, most of the query's
-- 0.6–0.8 s. This index carries what the price, the order and the size filters read, so the join
-- reads index pages only (about 7 MB at 100,000 published properties). Same name and key column
-- as db/schema.ts declares (drizzle cannot declare INCLUDE).
CREATE INDEX "property_published_price_idx" ON "property" USING btree ("id")
  INCLUDE ("price_per_night", "is_special_offer", "special_offer_price", "special_offer_end_date",
    "created_at", "max_guests", "bedrooms", "bathrooms")
  WHERE "property"."status" = 'published';
