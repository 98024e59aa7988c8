CREATE TABLE "booking_day_stat" (
	"day" date PRIMARY KEY NOT NULL,
	"bookings_made" integer DEFAULT 0 NOT NULL,
	"revenue_made" bigint DEFAULT 0 NOT NULL,
	"booked_nights" integer DEFAULT 0 NOT NULL,
	"night_revenue" bigint DEFAULT 0 NOT NULL,
	"arrivals_all" integer DEFAULT 0 NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	"arrival_nights" integer DEFAULT 0 NOT NULL,
	"lead_days" integer DEFAULT 0 NOT NULL,
	"cancelled_arrivals" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written: what one booking adds to the day sums (sign +1 for a new row, -1 for an old one).
-- Cancelled bookings count only as made and as cancelled arrivals.
CREATE FUNCTION booking_day_stat_delta(
  p_created_at timestamptz, p_status text, p_check_in date, p_check_out date, p_nights integer,
  p_nightly_price integer, p_total_price integer, s integer
) RETURNS TABLE (
  day date, bookings_made integer, revenue_made bigint, booked_nights integer,
  night_revenue bigint, arrivals_all integer, arrivals integer, arrival_nights integer,
  lead_days integer, cancelled_arrivals integer
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  made date := (p_created_at AT TIME ZONE 'Europe/Berlin')::date;
  is_cancelled boolean := p_status = 'cancelled';
BEGIN
  RETURN QUERY SELECT made, s,
    CASE WHEN is_cancelled THEN 0::bigint ELSE s::bigint * p_total_price END,
    0, 0::bigint, 0, 0, 0, 0, 0;
  IF is_cancelled THEN
    RETURN QUERY SELECT p_check_in, 0, 0::bigint, 0, 0::bigint, s, 0, 0, 0, s;
    RETURN;
  END IF;
  RETURN QUERY SELECT night::date, 0, 0::bigint, s, s::bigint * p_nightly_price, 0, 0, 0, 0, 0
    FROM generate_series(p_check_in::timestamp, (p_check_out - 1)::timestamp, interval '1 day') AS night;
  RETURN QUERY SELECT p_check_in, 0, 0::bigint, 0, 0::bigint, s, s, s * p_nights,
    s * (p_check_in - made), 0;
END
$$;
--> statement-breakpoint
-- One trigger run per STATEMENT (transition tables): a single booking and an import of
-- thousands both become one upsert of the affected day rows, grouped and ordered by day, so
-- two transactions touching the same days lock them in the same order (no deadlock), and a bulk
-- insert does not update the same day row once per booking.
CREATE FUNCTION booking_day_stat_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_delta CONSTANT text :=
    'booking_day_stat_delta(%1$s.created_at, %1$s.status, %1$s.check_in, %1$s.check_out, '
    || '%1$s.nights, %1$s.nightly_price, %1$s.total_price, %2$s)';
  source text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    source := 'SELECT d.* FROM new_rows n, LATERAL ' || format(row_delta, 'n', 1) || ' d';
  ELSIF TG_OP = 'DELETE' THEN
    source := 'SELECT d.* FROM old_rows o, LATERAL ' || format(row_delta, 'o', -1) || ' d';
  ELSE
    -- Only rows whose change moves a sum: in or out of "cancelled", dates, prices, day made.
    source := 'SELECT d.* FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL ('
      || 'SELECT * FROM ' || format(row_delta, 'o', -1)
      || ' UNION ALL SELECT * FROM ' || format(row_delta, 'n', 1) || ') d '
      || 'WHERE (o.status = ''cancelled'') IS DISTINCT FROM (n.status = ''cancelled'') '
      || 'OR o.check_in IS DISTINCT FROM n.check_in OR o.check_out IS DISTINCT FROM n.check_out '
      || 'OR o.nights IS DISTINCT FROM n.nights '
      || 'OR o.nightly_price IS DISTINCT FROM n.nightly_price '
      || 'OR o.total_price IS DISTINCT FROM n.total_price '
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
CREATE TRIGGER booking_day_stat_insert AFTER INSERT ON booking
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_day_stat_apply();
--> statement-breakpoint
CREATE TRIGGER booking_day_stat_delete AFTER DELETE ON booking
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_day_stat_apply();
--> statement-breakpoint
-- (PostgreSQL allows no column list with transition tables: every update statement runs it, and
-- one that moves no sum, such as a payment's amount_paid or a confirmation, upserts nothing.)
CREATE TRIGGER booking_day_stat_update AFTER UPDATE ON booking
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_day_stat_apply();
--> statement-breakpoint
-- The bookings already stored.
INSERT INTO booking_day_stat (
  day, bookings_made, revenue_made, booked_nights, night_revenue, arrivals_all, arrivals,
  arrival_nights, lead_days, cancelled_arrivals
)
SELECT d.day, sum(d.bookings_made), sum(d.revenue_made), sum(d.booked_nights),
       sum(d.night_revenue), sum(d.arrivals_all), sum(d.arrivals), sum(d.arrival_nights),
       sum(d.lead_days), sum(d.cancelled_arrivals)
  FROM booking AS b,
       LATERAL booking_day_stat_delta(b.created_at, b.status, b.check_in, b.check_out, b.nights,
                                      b.nightly_price, b.total_price, 1) AS d
 GROUP BY d.day;
--> statement-breakpoint
-- The dashboard's "waiting for money" list: oldest first among the few pending, unpaid ones.
CREATE INDEX "booking_awaiting_payment_idx" ON "booking" USING btree ("created_at")
  WHERE "status" = 'pending' AND "payment_status" IN ('unpaid', 'partially-paid');
