-- Hand-written (decision 065): the dashboard's accommodation revenue per night is the booking's
-- accommodation revenue (total − cleaning fee − service fee, i.e. the nights after the long-stay
-- discount) spread over its nights to the cent, no longer the first night's price times every
-- night (which was wrong with seasons and with the long-stay discount). The same rule as
-- app/domain/key-figures.ts `nightShare`: floor(a / n) per night, one cent more on each of the
-- first (a mod n) nights, so the nights add up to exactly a.
-- A new parameter (the accommodation revenue instead of the nightly price): drop and create, so
-- no stale overload is left behind. booking_day_stat_apply calls it by name through EXECUTE,
-- which holds no dependency on it.
DROP FUNCTION booking_day_stat_delta(timestamptz, text, date, date, integer, integer, integer, integer);
--> statement-breakpoint
CREATE FUNCTION booking_day_stat_delta(
  p_created_at timestamptz, p_status text, p_check_in date, p_check_out date, p_nights integer,
  p_accommodation bigint, p_total_price integer, s integer
) RETURNS TABLE (
  day date, bookings_made integer, revenue_made bigint, booked_nights integer,
  night_revenue bigint, arrivals_all integer, arrivals integer, arrival_nights integer,
  lead_days integer, cancelled_arrivals integer
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  made date := (p_created_at AT TIME ZONE 'Europe/Berlin')::date;
  is_cancelled boolean := p_status = 'cancelled';
  -- The nights the revenue is spread over are the nights counted below (check-in to check-out).
  night_count integer := p_check_out - p_check_in;
  per_night bigint;
  extra_cents bigint;
BEGIN
  RETURN QUERY SELECT made, s,
    CASE WHEN is_cancelled THEN 0::bigint ELSE s::bigint * p_total_price END,
    0, 0::bigint, 0, 0, 0, 0, 0;
  IF is_cancelled THEN
    RETURN QUERY SELECT p_check_in, 0, 0::bigint, 0, 0::bigint, s, 0, 0, 0, s;
    RETURN;
  END IF;
  IF night_count > 0 THEN
    -- floor, also for a (never expected) negative amount, like Math.floor in nightShare.
    per_night := floor(p_accommodation::numeric / night_count)::bigint;
    extra_cents := p_accommodation - per_night * night_count;
    RETURN QUERY SELECT (p_check_in + i), 0, 0::bigint, s,
        s::bigint * (per_night + CASE WHEN i < extra_cents THEN 1 ELSE 0 END),
        0, 0, 0, 0, 0
      FROM generate_series(0, night_count - 1) AS i;
  END IF;
  RETURN QUERY SELECT p_check_in, 0, 0::bigint, 0, 0::bigint, s, s, s * p_nights,
    s * (p_check_in - made), 0;
END
$$;
--> statement-breakpoint
-- As 0008, with the accommodation revenue passed in, and a change of either fee now moving the
-- night revenue (a changed nightly_price alone no longer moves any sum).
CREATE OR REPLACE FUNCTION booking_day_stat_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_delta CONSTANT text :=
    'booking_day_stat_delta(%1$s.created_at, %1$s.status, %1$s.check_in, %1$s.check_out, '
    || '%1$s.nights, %1$s.total_price::bigint - %1$s.cleaning_fee - %1$s.service_fee, '
    || '%1$s.total_price, %2$s)';
  source text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    source := 'SELECT d.* FROM new_rows n, LATERAL ' || format(row_delta, 'n', 1) || ' d';
  ELSIF TG_OP = 'DELETE' THEN
    source := 'SELECT d.* FROM old_rows o, LATERAL ' || format(row_delta, 'o', -1) || ' d';
  ELSE
    -- Only rows whose change moves a sum: in or out of "cancelled", dates, money, day made.
    source := 'SELECT d.* FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL ('
      || 'SELECT * FROM ' || format(row_delta, 'o', -1)
      || ' UNION ALL SELECT * FROM ' || format(row_delta, 'n', 1) || ') d '
      || 'WHERE (o.status = ''cancelled'') IS DISTINCT FROM (n.status = ''cancelled'') '
      || 'OR o.check_in IS DISTINCT FROM n.check_in OR o.check_out IS DISTINCT FROM n.check_out '
      || 'OR o.nights IS DISTINCT FROM n.nights '
      || 'OR o.total_price IS DISTINCT FROM n.total_price '
      || 'OR o.cleaning_fee IS DISTINCT FROM n.cleaning_fee '
      || 'OR o.service_fee IS DISTINCT FROM n.service_fee '
      || 'OR o.created_at IS DISTINCT FROM n.created_at';
  END IF;
  EXECUTE 'INSERT INTO booking_day_stat AS t (day, bookings_made, revenue_made, booked_nights, '
    || 'night_revenue, arrivals_all, arrivals, arrival_nights, lead_days, cancelled_arrivals) '
    || 'SELECT d.day, sum(d.bookings_made), sum(d.revenue_made), sum(d.booked_nights), '
    || 'sum(d.night_revenue), sum(d.arrivals_all), sum(d.arrivals), sum(d.arrival_nights), '
    || 'sum(d.lead_days), sum(d.cancelled_arrivals) FROM (' || source || ') d '
    || 'GROUP BY d.day ORDER BY d.day '
    || 'ON CONFLICT (day) DO UPDATE SET '
    || 'bookings_made = t.bookings_made + excluded.bookings_made, '
    || 'revenue_made = t.revenue_made + excluded.revenue_made, '
    || 'booked_nights = t.booked_nights + excluded.booked_nights, '
    || 'night_revenue = t.night_revenue + excluded.night_revenue, '
    || 'arrivals_all = t.arrivals_all + excluded.arrivals_all, '
    || 'arrivals = t.arrivals + excluded.arrivals, '
    || 'arrival_nights = t.arrival_nights + excluded.arrival_nights, '
    || 'lead_days = t.lead_days + excluded.lead_days, '
    || 'cancelled_arrivals = t.cancelled_arrivals + excluded.cancelled_arrivals';
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The day sums are a derived cache: rebuilt from the stored bookings with the new rule (every
-- column, as 0008 filled them), in this migration's transaction. The booking table is locked
-- against writers first, so no booking's trigger adds to rows being rebuilt.
LOCK TABLE booking IN SHARE MODE;
--> statement-breakpoint
DELETE FROM booking_day_stat;
--> statement-breakpoint
INSERT INTO booking_day_stat (
  day, bookings_made, revenue_made, booked_nights, night_revenue, arrivals_all, arrivals,
  arrival_nights, lead_days, cancelled_arrivals
)
SELECT d.day, sum(d.bookings_made), sum(d.revenue_made), sum(d.booked_nights),
       sum(d.night_revenue), sum(d.arrivals_all), sum(d.arrivals), sum(d.arrival_nights),
       sum(d.lead_days), sum(d.cancelled_arrivals)
  FROM booking AS b,
       LATERAL booking_day_stat_delta(b.created_at, b.status, b.check_in, b.check_out, b.nights,
                                      b.total_price::bigint - b.cleaning_fee - b.service_fee,
                                      b.total_price, 1) AS d
 GROUP BY d.day;
--> statement-breakpoint
-- The key figures' nights that are not bookable (blocks and imported events, dashboard.server.ts
-- notBookableNights): over all properties one index-only range scan of the span's blocked and
-- imported rows, not a scan of every booking ever mirrored into occupancy. Partial, so
-- bookings, the bulk of the table, do not pay for it. Hand-written like
-- occupancy_property_checkout_idx (0026), so not in db/schema.ts.
CREATE INDEX occupancy_not_bookable_idx ON occupancy (check_out) INCLUDE (property_id, check_in)
  WHERE kind <> 'booking';
