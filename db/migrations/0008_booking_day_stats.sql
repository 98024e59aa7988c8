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
-- Cancelled bookings count only as made and as cancelled arrivals. (PL/pgSQL, not SQL: an
-- inlined SQL function over the whole row trips a planner error in the LATERAL back-fill.)
CREATE FUNCTION booking_day_stat_delta(b booking, s integer)
RETURNS TABLE (
  day date, bookings_made integer, revenue_made bigint, booked_nights integer,
  night_revenue bigint, arrivals_all integer, arrivals integer, arrival_nights integer,
  lead_days integer, cancelled_arrivals integer
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  made date := (b.created_at AT TIME ZONE 'Europe/Berlin')::date;
  is_cancelled boolean := b.status = 'cancelled';
BEGIN
  RETURN QUERY SELECT made, s,
    CASE WHEN is_cancelled THEN 0::bigint ELSE s::bigint * b.total_price END,
    0, 0::bigint, 0, 0, 0, 0, 0;
  IF is_cancelled THEN
    RETURN QUERY SELECT b.check_in, 0, 0::bigint, 0, 0::bigint, s, 0, 0, 0, s;
    RETURN;
  END IF;
  RETURN QUERY SELECT night::date, 0, 0::bigint, s, s::bigint * b.nightly_price, 0, 0, 0, 0, 0
    FROM generate_series(b.check_in::timestamp, (b.check_out - 1)::timestamp, interval '1 day') AS night;
  RETURN QUERY SELECT b.check_in, 0, 0::bigint, 0, 0::bigint, s, s, s * b.nights,
    s * (b.check_in - made), 0;
END
$$;
--> statement-breakpoint
-- One statement per booking change, its day rows in ascending order: two transactions that
-- touch the same days lock them in the same order (no deadlock).
CREATE FUNCTION booking_day_stat_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_day_stat AS t (
    day, bookings_made, revenue_made, booked_nights, night_revenue, arrivals_all, arrivals,
    arrival_nights, lead_days, cancelled_arrivals
  )
  SELECT d.day, sum(d.bookings_made), sum(d.revenue_made), sum(d.booked_nights),
         sum(d.night_revenue), sum(d.arrivals_all), sum(d.arrivals), sum(d.arrival_nights),
         sum(d.lead_days), sum(d.cancelled_arrivals)
    FROM (
      SELECT * FROM booking_day_stat_delta(NEW, 1) WHERE TG_OP <> 'DELETE'
      UNION ALL
      SELECT * FROM booking_day_stat_delta(OLD, -1) WHERE TG_OP <> 'INSERT'
    ) AS d
   GROUP BY d.day
   ORDER BY d.day
  ON CONFLICT (day) DO UPDATE SET
    bookings_made = t.bookings_made + excluded.bookings_made,
    revenue_made = t.revenue_made + excluded.revenue_made,
    booked_nights = t.booked_nights + excluded.booked_nights,
    night_revenue = t.night_revenue + excluded.night_revenue,
    arrivals_all = t.arrivals_all + excluded.arrivals_all,
    arrivals = t.arrivals + excluded.arrivals,
    arrival_nights = t.arrival_nights + excluded.arrival_nights,
    lead_days = t.lead_days + excluded.lead_days,
    cancelled_arrivals = t.cancelled_arrivals + excluded.cancelled_arrivals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_day_stat_insert AFTER INSERT ON booking
  FOR EACH ROW EXECUTE FUNCTION booking_day_stat_apply();
--> statement-breakpoint
CREATE TRIGGER booking_day_stat_delete AFTER DELETE ON booking
  FOR EACH ROW EXECUTE FUNCTION booking_day_stat_apply();
--> statement-breakpoint
-- Only changes that move a sum: status in or out of "cancelled", dates, prices, the day made.
-- Payments (amount_paid, payment_status) and confirm/complete do not touch the sums.
CREATE TRIGGER booking_day_stat_update AFTER UPDATE ON booking
  FOR EACH ROW
  WHEN ((OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled')
        OR OLD.check_in IS DISTINCT FROM NEW.check_in
        OR OLD.check_out IS DISTINCT FROM NEW.check_out
        OR OLD.nights IS DISTINCT FROM NEW.nights
        OR OLD.nightly_price IS DISTINCT FROM NEW.nightly_price
        OR OLD.total_price IS DISTINCT FROM NEW.total_price
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION booking_day_stat_apply();
--> statement-breakpoint
-- The bookings already stored.
INSERT INTO booking_day_stat (
  day, bookings_made, revenue_made, booked_nights, night_revenue, arrivals_all, arrivals,
  arrival_nights, lead_days, cancelled_arrivals
)
SELECT d.day, sum(d.bookings_made), sum(d.revenue_made), sum(d.booked_nights),
       sum(d.night_revenue), sum(d.arrivals_all), sum(d.arrivals), sum(d.arrival_nights),
       sum(d.lead_days), sum(d.cancelled_arrivals)
  FROM booking AS b, LATERAL booking_day_stat_delta(b, 1) AS d
 GROUP BY d.day;
