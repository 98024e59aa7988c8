/**
 * Synthetic data for the search benchmark: N properties (about 95 % published) with bookings in
 * the next six months and reviews for about 30 % of them, generated inside the database with
 * `INSERT … SELECT … FROM generate_series` (no row-by-row inserts from Node).
 *
 * Distributions (seeded with setseed, so one size gives the same data on every run):
 * - city/country/scene from the demo portfolio (db/seed-data.ts), German places three times and
 *   Austrian/Swiss/Italian/Spanish places twice as likely as the others;
 * - 40–400 € per night in whole euros, skewed towards the cheaper end; cleaning fee 30–120 €;
 * - bedrooms 1–5 (fewer more likely), bathrooms 1–3 (at most the bedrooms), max guests 1–10
 *   (about two per bedroom);
 * - amenities: WLAN and Küche plus each amenity of the place's scene with probability 0.4;
 * - 5 % with an active special offer (20 % off, ending within 60 days), 1 % with an expired one;
 * - 3 % drafts, 2 % archived; created_at spread over the last three years; six images each;
 * - bookings: three 60-day slots from tomorrow, each booked with probability 2/3 (about two per
 *   property), 2–10 nights, never overlapping within a property; 65 % confirmed, 25 % pending,
 *   10 % cancelled; no user (user_id NULL, like a deleted account) so the per-guest overlap
 *   constraint does not apply;
 * - 30 % of published properties have 1–4 completed stays in the past, each with a review
 *   (rating mostly 4–5, 3 % hidden). Rating columns on property are kept by the schema's trigger.
 */
import { PROPERTIES, AMENITIES_BY_SCENE, BASE_AMENITIES } from "../../db/seed-data";

/** Runs one SQL statement (no parameters) on one session and returns its rows. */
export type Exec = (text: string) => Promise<Record<string, unknown>[]>;

const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: string[]) => `array[${values.map(lit).join(", ")}]::text[]`;

const COUNTRY_WEIGHT: Record<string, number> = {
  Deutschland: 3,
  Österreich: 2,
  Schweiz: 2,
  Italien: 2,
  Spanien: 2,
};

export const BENCH_HOST_EMAIL = "bench-host@example.com";

/** Weighted city list: one row per city and weight unit. */
function cityRows() {
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const p of PROPERTIES) {
    const key = `${p.city}|${p.country}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const amenities = AMENITIES_BY_SCENE[p.scene];
    for (let w = 0; w < (COUNTRY_WEIGHT[p.country] ?? 1); w++) {
      rows.push(`(${lit(p.city)}, ${lit(p.country)}, ${textArray(amenities)})`);
    }
  }
  return rows;
}

export type GenerateTimings = { step: string; ms: number }[];

/**
 * Fills an empty, migrated database. `today` is the Berlin calendar day ("YYYY-MM-DD") the
 * benchmark searches with; bookings are placed relative to it.
 */
export async function generate(exec: Exec, count: number, today: string): Promise<GenerateTimings> {
  const timings: GenerateTimings = [];
  const step = async (name: string, text: string) => {
    const started = performance.now();
    await exec(text);
    timings.push({ step: name, ms: performance.now() - started });
  };
  const day = `date ${lit(today)}`;
  const cities = cityRows();

  await exec("select setseed(0.4242)");
  await step(
    "cities",
    `create temp table bench_city as
       select (row_number() over () - 1)::int as i, city, country, amenities
       from (values ${cities.join(",\n")}) as v(city, country, amenities)`,
  );
  await step(
    "host",
    `insert into "user" (name, email, email_verified)
       values ('Benchmark Gastgeber', ${lit(BENCH_HOST_EMAIL)}, true)`,
  );

  // The random draws live in a materialised CTE so each row gets its own values.
  await step(
    "properties",
    `with s as materialized (
       select g,
         floor(random() * ${cities.length})::int as ci,
         random() as r_status,
         random() as r_kind,
         random() as r_offer,
         random() as r_offer_days,
         random() as r_bath,
         random() as r_guests,
         now() - random() * interval '3 years' as created_at,
         (40 + floor(power(random(), 1.6) * 361))::int * 100 as price,
         (30 + floor(random() * 91))::int * 100 as cleaning,
         1 + floor(power(random(), 1.4) * 5)::int as bedrooms
       from generate_series(1, ${count}) as g
     )
     insert into property (owner_id, status, title, description, price_per_night, cleaning_fee,
       country, city, location, bedrooms, bathrooms, max_guests, amenities, images,
       is_special_offer, special_offer_price, special_offer_end_date, created_at, updated_at)
     select
       (select id from "user" where email = ${lit(BENCH_HOST_EMAIL)}),
       case when s.r_status < 0.95 then 'published' when s.r_status < 0.98 then 'draft' else 'archived' end,
       (array['Ferienwohnung', 'Apartment', 'Ferienhaus', 'Chalet', 'Loft', 'Studio'])[1 + floor(s.r_kind * 6)::int]
         || ' in ' || c.city || ' Nr. ' || s.g,
       'Benchmark-Unterkunft in ' || c.city || '. '
         || repeat('Helle Räume, ruhige Lage, gute Verbindungen und alles für einen erholsamen Urlaub. ', 4),
       s.price,
       s.cleaning,
       c.country,
       c.city,
       c.city || ', ' || c.country,
       s.bedrooms,
       1 + floor(s.r_bath * least(3, s.bedrooms))::int,
       least(10, greatest(1, s.bedrooms * 2 - 1 + floor(s.r_guests * 3)::int)),
       ${textArray(BASE_AMENITIES)} || array(select a from unnest(c.amenities) as a where random() < 0.4 and s.g > 0),
       (select jsonb_agg(jsonb_build_object('key', 'bench/' || s.g || '-' || n,
          'widths', '[400, 800, 1600]'::jsonb, 'width', 1600, 'height', 1067,
          'category', (array['Außenansicht', 'Wohnzimmer', 'Schlafzimmer', 'Küche', 'Bad', 'Umgebung'])[n]))
        from generate_series(1, 6) as n),
       s.r_offer < 0.06,
       case when s.r_offer < 0.06 then (s.price * 0.8 / 100)::int * 100 end,
       case when s.r_offer < 0.05 then ${day} + 1 + floor(s.r_offer_days * 60)::int
            when s.r_offer < 0.06 then ${day} - 1 - floor(s.r_offer_days * 60)::int end,
       s.created_at,
       s.created_at
     from s join bench_city c on c.i = s.ci`,
  );

  // Three 60-day slots from tomorrow, each booked with probability 2/3: check-in within the
  // first 50 days of its slot, at most 10 nights, so stays of one property never overlap.
  await step(
    "bookings (future)",
    `with b as materialized (
       select p.id as property_id, p.price_per_night, p.cleaning_fee, p.max_guests, p.created_at, k,
         ${day} + (k - 1) * 60 + 1 + floor(random() * 50)::int as check_in,
         2 + floor(random() * 9)::int as nights,
         random() as r_status, random() as r_pay, random() as r_guests, random() as r_method
       from property p cross join generate_series(1, 3) as k
       where p.status <> 'draft' and random() < 0.667
     )
     insert into booking (number, user_id, property_id, check_in, check_out, guests, guest_name,
       guest_email, nightly_price, nights, cleaning_fee, service_fee, total_price, cancellation_fee,
       payment_method, payment_status, status, created_at, updated_at)
     select
       'FW-B-' || lpad(nextval('booking_number_seq')::text, 7, '0'),
       null, b.property_id, b.check_in, b.check_in + b.nights,
       1 + floor(b.r_guests * b.max_guests)::int,
       'Benchmark Gast', 'gast@example.com',
       b.price_per_night, b.nights, b.cleaning_fee, 2900,
       b.price_per_night * b.nights + b.cleaning_fee + 2900,
       case when b.r_status >= 0.9 then 0 end,
       (array['bank-transfer', 'credit-card', 'paypal'])[1 + floor(b.r_method * 3)::int],
       case when b.r_status < 0.65 and b.r_pay < 0.7 then 'paid' else 'unpaid' end,
       case when b.r_status < 0.65 then 'confirmed' when b.r_status < 0.9 then 'pending' else 'cancelled' end,
       now() - interval '1 day' * floor(b.r_pay * 60),
       now() - interval '1 day' * floor(b.r_pay * 60)
     from b`,
  );

  // Past stays in 30-day slots going back from today (check-in in the first 20 days of the
  // slot, at most 9 nights), completed and paid; each gets a review below.
  await step(
    "bookings (past)",
    `with p as materialized (
       select id, price_per_night, cleaning_fee, max_guests, 1 + floor(random() * 4)::int as stays
       from property where status = 'published' and random() < 0.3
     ), b as materialized (
       select p.id as property_id, p.price_per_night, p.cleaning_fee, p.max_guests,
         ${day} - 30 * k + floor(random() * 20)::int as check_in,
         2 + floor(random() * 8)::int as nights, random() as r_guests
       from p cross join lateral generate_series(1, p.stays) as k
     )
     insert into booking (number, user_id, property_id, check_in, check_out, guests, guest_name,
       guest_email, nightly_price, nights, cleaning_fee, service_fee, total_price,
       payment_method, payment_status, status, created_at, updated_at)
     select
       'FW-B-' || lpad(nextval('booking_number_seq')::text, 7, '0'),
       null, b.property_id, b.check_in, b.check_in + b.nights,
       1 + floor(b.r_guests * b.max_guests)::int,
       'Benchmark Gast', 'gast@example.com',
       b.price_per_night, b.nights, b.cleaning_fee, 2900,
       b.price_per_night * b.nights + b.cleaning_fee + 2900,
       'bank-transfer', 'paid', 'completed',
       (b.check_in - 30)::timestamptz, (b.check_in + b.nights)::timestamptz
     from b`,
  );

  await step(
    "reviews",
    `insert into review (booking_id, property_id, user_id, rating, title, text, is_hidden, hidden_reason, created_at, updated_at)
     select b.id, b.property_id, null, r.rating,
       (array['Schrecklich', 'Enttäuschend', 'In Ordnung', 'Sehr schön', 'Traumhaft'])[r.rating],
       'Benchmark-Bewertung: ' || repeat('Schöne Unterkunft, freundlicher Kontakt. ', 3),
       r.r_hidden < 0.03, case when r.r_hidden < 0.03 then 'guidelines' end,
       (b.check_out + 2)::timestamptz, (b.check_out + 2)::timestamptz
     from booking b
     cross join lateral (
       select case when x < 0.5 then 5 when x < 0.8 then 4 when x < 0.92 then 3 when x < 0.97 then 2 else 1 end as rating,
         random() as r_hidden
       from (select random() as x, b.id as bid) as d
     ) as r
     where b.status = 'completed'`,
  );

  // The rating trigger updated a property row per review: compact the table so every run
  // starts from the same layout, then refresh statistics and the visibility map.
  await step("vacuum full property", "vacuum full property");
  await step("vacuum analyze", "vacuum analyze");
  await exec("drop table if exists bench_city");
  return timings;
}

/** Row counts for the report. */
export async function describe(exec: Exec) {
  const [row] = await exec(
    `select
       (select count(*) from property)::int as properties,
       (select count(*) from property where status = 'published')::int as published,
       (select count(*) from property where is_special_offer)::int as offers,
       (select count(*) from booking)::int as bookings,
       (select count(*) from booking where check_in > current_date)::int as future_bookings,
       (select count(*) from review)::int as reviews,
       (select count(distinct property_id) from review)::int as reviewed_properties,
       pg_size_pretty(pg_total_relation_size('property')) as property_size`,
  );
  return row;
}
