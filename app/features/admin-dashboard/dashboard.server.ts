import { sql, type SQL } from "drizzle-orm";
import { addDays, dayInBerlin } from "~/domain/calendar-day";
import {
  keyFigures,
  keyFigureSpans,
  lastTwelveMonths,
  monthToDate,
  percentChange,
  type KeyFigureSpan,
  type Span,
  type StayTotals,
} from "~/domain/key-figures";
import { isUuid } from "~/domain/ids";
import { daysOverdue } from "~/domain/payment-reminders";
import { amountToPayNext, bookingPaymentProgress } from "~/domain/payment-schedule";
import { queryRows } from "~/lib/db.server";

/**
 * The numbers of /admin (spec/06-admin.md "/admin (Dashboard)"), every one from SQL over the
 * stored bookings, users and properties; the formulas are in app/domain/key-figures.ts.
 * "Today" and every month boundary are Europe/Berlin calendar days.
 */

const num = (value: unknown) => Number(value ?? 0);

/** A booking's day of creation in Berlin, as SQL. */
const bookedDay = sql`(b.created_at at time zone 'Europe/Berlin')::date`;
/** Midnight in Berlin at the start of `day`, as a timestamptz (for index range scans). */
const berlin = (day: string) => sql`((${day}::date)::timestamp at time zone 'Europe/Berlin')`;

// ---------------------------------------------------------------------------------------------
// The four cards

export type StatCard = { value: number; previous: number; change: number | null };

export async function statCards(today: string) {
  const { current, previous } = monthToDate(today);
  // Bookings and revenue from the day sums (booking_day_stat, kept by a trigger on booking).
  const made = (span: Span, column: "bookings_made" | "revenue_made") =>
    sql`(select coalesce(sum(${sql.raw(column)}), 0) from booking_day_stat
          where day >= ${span.start}::date and day < ${span.end}::date)`;
  const [row] = await queryRows(sql`
    select
      -- Accounts from the day sums (user_day_stat, kept by a trigger on "user"): one pass
      -- over the days, not over every account.
      users.total as users,
      users.before as users_before,
      (select count(*) from property p where p.status = 'published') as properties,
      (select count(*) from property p where p.status = 'published'
        and p.created_at < ${berlin(previous.end)}) as properties_before,
      ${made(current, "bookings_made")} as bookings,
      ${made(previous, "bookings_made")} as bookings_before,
      ${made(current, "revenue_made")} as revenue,
      ${made(previous, "revenue_made")} as revenue_before
    from (select coalesce(sum(accounts_created), 0) as total,
                 coalesce(sum(accounts_created) filter (where day < ${previous.end}::date), 0)
                   as before
          from user_day_stat) as users
  `);
  const card = (value: unknown, before: unknown): StatCard => ({
    value: num(value),
    previous: num(before),
    change: percentChange(num(value), num(before)),
  });
  return {
    // Users and published properties: today's number against the number at the same point of
    // last month (properties by creation day: the status history is not stored).
    users: card(row.users, row.users_before),
    properties: card(row.properties, row.properties_before),
    bookings: card(row.bookings, row.bookings_before),
    revenue: card(row.revenue, row.revenue_before),
  };
}

// ---------------------------------------------------------------------------------------------
// Bookings and revenue per month, the last twelve months (by the month the booking was made)

export async function monthlySeries(today: string) {
  const months = lastTwelveMonths(today);
  const start = `${months[0]}-01`;
  const found = await queryRows(sql`
    select to_char(day, 'YYYY-MM') as month,
           sum(bookings_made) as bookings,
           sum(revenue_made) as revenue
    from booking_day_stat
    where day >= ${start}::date
    group by 1
  `);
  const byMonth = new Map(found.map((r) => [String(r.month), r]));
  return months.map((month) => ({
    month,
    bookings: num(byMonth.get(month)?.bookings),
    /** cents, non-cancelled bookings made that month */
    revenue: num(byMonth.get(month)?.revenue),
  }));
}

// ---------------------------------------------------------------------------------------------
// Key figures

async function stayTotals(span: Span, propertyId: string | null): Promise<StayTotals> {
  const [row] = propertyId ? await propertyStayTotals(span, propertyId) : await allStayTotals(span);
  return {
    bookedNights: num(row.booked_nights),
    accommodationRevenue: num(row.revenue),
    // Every night a property was on offer, less those the calendar takes off the market.
    bookableNights: num(row.bookable) - num(row.not_bookable),
    arrivals: num(row.arrivals),
    arrivalNights: num(row.arrival_nights),
    leadDays: num(row.lead_days),
    arrivalsAll: num(row.arrivals_all),
    cancelled: num(row.cancelled),
  };
}

/**
 * Each property's nights of the span on which it was on offer, as (id, nights) rows, one per
 * stretch on offer (decisions 102 and 108). A past span's figure thus no longer moves when a
 * property is created, published or archived today (audit 23: a flat added in June halved
 * January's occupancy). The property table keeps no status history; the audit log has it,
 * written in the same transaction as each status change (read per property through
 * audit_log_entity_idx, in this one statement):
 * - on offer from "publish" (a draft or an archived property published) and from a "create"
 *   saved as published, each until the next of these entries or an "archive";
 * - off from "archive"; the app has no other way off (no unpublishing, drafts never count).
 * Data older than the log or made without entries (seeded demo data, a CSV import, which
 * writes one entry for the file and creates its properties published):
 * - a property whose first entry is an "archive" was on offer from its creation until then
 *   (only a published property is archived);
 * - a published property without any entry counts from its creation; an archived one without
 *   any counts not at all (decision 102's fallbacks).
 * Days are Berlin days; a stretch that starts and ends on one day is empty.
 */
function offeredNights(span: Span, propertyId: string | null) {
  const window = sql`daterange(${span.start}::date, ${span.end}::date, '[)')`;
  const berlinDay = (column: SQL) => sql`(${column} at time zone 'Europe/Berlin')::date`;
  return sql`(select p.id,
        daterange(stretch.from_day,
                  -- (greatest would take an open end, null, for the start)
                  case when stretch.to_day is not null
                       then greatest(stretch.to_day, stretch.from_day) end,
                  '[)') * ${window} as nights
      from property p
      left join lateral (
        select l.action <> 'archive' as is_on, ${berlinDay(sql`l.created_at`)} as day
          from audit_log l
         where l.entity = 'property' and l.entity_id = p.id::text
           and (l.action in ('publish', 'archive')
                or (l.action = 'create' and l.after ->> 'status' = 'published'))
         order by l.created_at, l.id
         limit 1) as first on true
      cross join lateral (
        select e.day as from_day, e.next_day as to_day
          from (select l.action <> 'archive' as is_on, ${berlinDay(sql`l.created_at`)} as day,
                       lead(${berlinDay(sql`l.created_at`)})
                         over (order by l.created_at, l.id) as next_day
                  from audit_log l
                 where l.entity = 'property' and l.entity_id = p.id::text
                   and (l.action in ('publish', 'archive')
                        or (l.action = 'create' and l.after ->> 'status' = 'published'))
               ) as e
         where e.is_on
        union all
        -- Before the log's first entry: on offer from its creation if that entry took it off.
        select ${berlinDay(sql`p.created_at`)}, first.day where first.is_on = false
        union all
        -- No entry at all: a published property from its creation.
        select ${berlinDay(sql`p.created_at`)}, null::date
         where first.day is null and p.status = 'published'
      ) as stretch
     where p.status in ('published', 'archived')
       ${propertyId ? sql`and p.id = ${propertyId}` : sql``})`;
}

function bookableNights(span: Span, propertyId: string | null) {
  return sql`(select coalesce(sum(upper(offered.nights) - lower(offered.nights)), 0)
      from ${offeredNights(span, propertyId)} as offered
     where not isempty(offered.nights))`;
}

/**
 * The nights in the span on which a property was on offer (all, or the one) that cannot be booked here:
 * the operator's blocks (own use, maintenance) and the nights imported from other channels
 * (decision 065: not our bookings and no revenue here, so they leave the bookable nights rather
 * than count as booked). Read from `occupancy`, which mirrors both (migration 0026); the rows
 * are cut to the span and merged per property (range_agg), so a night counts once even where
 * rows of one event lie side by side or, against the exclusion constraint, overlapped.
 * `kind <> 'booking'` (= block or external, the kinds' check constraint) is the predicate of
 * occupancy_not_bookable_idx (migration 0033): all properties read the span's blocked and
 * imported rows from it, one property probes occupancy_property_checkout_idx.
 */
function notBookableNights(span: Span, propertyId: string | null) {
  return sql`(select coalesce(sum(upper(taken.nights) - lower(taken.nights)), 0)
      from (select unnest(range_agg(daterange(o.check_in, o.check_out, '[)') * offered.nights))
                     as nights
              from ${offeredNights(span, propertyId)} as offered
              join occupancy o on o.property_id = offered.id
             where o.kind <> 'booking'
               ${propertyId ? sql`and o.property_id = ${propertyId}` : sql``}
               and o.check_out > ${span.start}::date
               and o.check_in < ${span.end}::date
             group by offered.id) as taken)`;
}

/** All properties: the day sums of the span (one row per day, kept by a trigger on booking). */
function allStayTotals(span: Span) {
  return queryRows(sql`
    select
      coalesce(sum(booked_nights), 0) as booked_nights,
      coalesce(sum(night_revenue), 0) as revenue,
      coalesce(sum(arrivals), 0) as arrivals,
      coalesce(sum(arrival_nights), 0) as arrival_nights,
      coalesce(sum(lead_days), 0) as lead_days,
      coalesce(sum(arrivals_all), 0) as arrivals_all,
      coalesce(sum(cancelled_arrivals), 0) as cancelled,
      ${bookableNights(span, null)} as bookable,
      ${notBookableNights(span, null)} as not_bookable
    from booking_day_stat
    where day >= ${span.start}::date and day < ${span.end}::date
  `);
}

/**
 * One property: its own bookings (a few hundred at most per span), the same sums as the day
 * rows of booking_day_stat. The revenue of the nights in the span is the booking's
 * accommodation revenue spread as the trigger spreads it (key-figures.ts revenueOfNights):
 * nights [first, last) of n get floor(a / n) each, plus one cent for each of them below a mod n.
 */
function propertyStayTotals(span: Span, propertyId: string) {
  // A stay is at most a year (settings max 365 nights), which bounds the index range.
  return queryRows(sql`
    with stays as (
      select b.status, b.nights, b.check_in,
             b.check_out - b.check_in as night_count,
             b.total_price::bigint - b.cleaning_fee - b.service_fee as amount,
             greatest(b.check_in, ${span.start}::date) - b.check_in as first_night,
             least(b.check_out, ${span.end}::date) - b.check_in as end_night,
             b.check_in - ${bookedDay} as lead
      from booking b
      where b.check_in < ${span.end}::date
        and b.check_in >= ${span.start}::date - 366
        and b.check_out > ${span.start}::date
        and b.property_id = ${propertyId}
    ), spread as (
      select s.*, greatest(0, s.end_night - s.first_night) as in_span,
             floor(s.amount::numeric / s.night_count)::bigint as per_night
      from stays s
    )
    select
      coalesce(sum(in_span) filter (where status <> 'cancelled'), 0) as booked_nights,
      coalesce(sum(per_night * in_span
                   + greatest(0, least(end_night, amount - per_night * night_count) - first_night))
               filter (where status <> 'cancelled'), 0) as revenue,
      count(*) filter (where status <> 'cancelled' and check_in >= ${span.start}::date) as arrivals,
      coalesce(sum(nights) filter (where status <> 'cancelled' and check_in >= ${span.start}::date), 0) as arrival_nights,
      coalesce(sum(lead) filter (where status <> 'cancelled' and check_in >= ${span.start}::date), 0) as lead_days,
      count(*) filter (where check_in >= ${span.start}::date) as arrivals_all,
      count(*) filter (where status = 'cancelled' and check_in >= ${span.start}::date) as cancelled,
      ${bookableNights(span, propertyId)} as bookable,
      ${notBookableNights(span, propertyId)} as not_bookable
    from spread
  `);
}

export async function keyFigureReport(
  span: KeyFigureSpan,
  propertyId: string | null,
  today: string,
) {
  const spans = keyFigureSpans(span, today);
  const property = propertyId && isUuid(propertyId) ? propertyId.toLowerCase() : null;
  const [current, previous] = await Promise.all([
    stayTotals(spans.current, property),
    stayTotals(spans.previous, property),
  ]);
  const now = keyFigures(current);
  const before = keyFigures(previous);
  const names = Object.keys(now) as (keyof typeof now)[];
  return {
    span: spans.current,
    figures: names.map((name) => ({
      name,
      value: now[name],
      previous: before[name],
      change:
        now[name] === null || before[name] === null
          ? null
          : percentChange(now[name]!, before[name]!),
    })),
  };
}

export async function propertyChoices() {
  const found = await queryRows(sql`
    select id, title from property where status = 'published' order by title limit 500
  `);
  return found.map((r) => ({ id: String(r.id), title: String(r.title) }));
}

// ---------------------------------------------------------------------------------------------
// The next seven days and the bookings waiting for money

/**
 * The first 50 arrivals and departures of the next seven days, by day and booking number, read
 * in that order from booking_active_arrival_idx and booking_active_departure_idx (migration 0020).
 */
export async function upcoming(today: string) {
  const end = addDays(today, 7);
  const found = await queryRows(sql`
    (select 'arrival' as kind, b.id, b.number, b.guest_name, b.check_in as day, p.title
       from booking b join property p on p.id = b.property_id
      where b.status <> 'cancelled' and b.check_in >= ${today}::date and b.check_in < ${end}::date
      order by b.check_in, b.number limit 50)
    union all
    (select 'departure' as kind, b.id, b.number, b.guest_name, b.check_out as day, p.title
       from booking b join property p on p.id = b.property_id
      where b.status <> 'cancelled' and b.check_out >= ${today}::date and b.check_out < ${end}::date
      order by b.check_out, b.number limit 50)
  `);
  const entries = found.map((r) => ({
    kind: r.kind as "arrival" | "departure",
    id: String(r.id),
    number: String(r.number),
    guestName: String(r.guest_name),
    day: typeof r.day === "string" ? r.day : dayInBerlin(r.day as Date),
    propertyTitle: String(r.title),
  }));
  return {
    arrivals: entries.filter((e) => e.kind === "arrival"),
    departures: entries.filter((e) => e.kind === "departure"),
  };
}

export async function pendingPayments(today: string) {
  const found = await queryRows(sql`
    select b.id, b.number, b.guest_name, b.total_price, b.amount_paid, b.check_in,
           b.deposit_percentage, b.balance_due_days, ${bookedDay} as booked_on, p.title,
           b.stripe_payment_processing_since is not null as is_debit_processing
    from booking b join property p on p.id = b.property_id
    where b.status = 'pending' and b.payment_status in ('unpaid', 'partially-paid')
    order by b.created_at
    limit 20
  `);
  const day = (value: unknown) => (typeof value === "string" ? value : dayInBerlin(value as Date));
  return found.map((r) => {
    const bookingDay = day(r.booked_on);
    const checkIn = day(r.check_in);
    const progress = bookingPaymentProgress(
      {
        totalPrice: num(r.total_price),
        bookingDay,
        checkIn,
        amountPaid: num(r.amount_paid),
        depositPercentage: num(r.deposit_percentage),
        balanceDueDays: num(r.balance_due_days),
      },
      today,
    );
    return {
      id: String(r.id),
      number: String(r.number),
      guestName: String(r.guest_name),
      propertyTitle: String(r.title),
      daysWaiting: Math.max(
        0,
        Math.round((Date.parse(today) - Date.parse(bookingDay)) / 86_400_000),
      ),
      /** what is due next (or overdue), cents */
      due: amountToPayNext(progress),
      dueDate: progress.next?.dueDate ?? null,
      /** a SEPA debit is on its way ("Lastschrift in Bearbeitung"): waiting for the bank */
      isDebitProcessing: r.is_debit_processing === true,
      isOverdue: r.is_debit_processing !== true && progress.items.some((item) => item.isOverdue),
    };
  });
}

/** How many overdue bookings the dashboard lists (the most overdue first). */
export const OVERDUE_LIST_SIZE = 20;

/** Methods whose money comes through the payment provider (decisions 044, 049). */
const ONLINE_METHODS = ["credit-card", "paypal", "sepa-debit"] as const;

/**
 * What the balance job did about an overdue instalment (table balance_charge, decision 049):
 * the last attempt's state, how many attempts were made (the job's limit is the booking
 * feature's MAX_BALANCE_ATTEMPTS, which the route adds) and whether the guest was sent a
 * payment link. Null: no charge was tried (no payment provider, no saved card, a SEPA balance,
 * an unpaid deposit of a held booking).
 */
export type OverdueCharge = {
  status: "processing" | "failed" | "succeeded";
  attempts: number;
  lastError: string | null;
  isLinkSent: boolean;
};

export type OverdueBooking = {
  id: string;
  number: string;
  guestName: string;
  propertyTitle: string;
  paymentMethod: string;
  /** cents open of the overdue items */
  amountOpen: number;
  /** the oldest missed due date */
  dueDate: string;
  daysOverdue: number;
  /** online methods only: the balance job's attempt for an overdue item, if any */
  charge: OverdueCharge | null;
  /**
   * Bank transfer: the deadline of the final notice sent for the first item (decision 084), after
   * which the automatic cancellation follows while it is switched on; null when none was sent.
   */
  noticeDeadline: string | null;
};

const OPEN_BOOKING_COLUMNS = sql`b.id, b.number, b.guest_name, b.total_price, b.amount_paid,
  b.check_in, b.deposit_percentage, b.balance_due_days, b.payment_method, b.property_id,
  ${bookedDay} as booked_on`;

/**
 * Bookings with an overdue instalment (spec/09-payments.md, decisions 047 and 052), every
 * payment method: bank transfers the guest has not made, and online bookings whose balance the
 * provider could not charge (with the balance job's attempts and the payment link) or that were
 * never charged. A SEPA debit in processing (stripe_payment_processing_since) is not overdue:
 * the money is on its way and only the bank can tell whether it arrives.
 *
 * One statement: bank transfers through booking_open_bank_transfer_idx, online bookings (few:
 * pending and confirmed stays only) beside them, the balance job's row per booking through its
 * primary key; then each booking is checked item by item with the one payment schedule.
 * Amount open (of the overdue items), days overdue (since the oldest missed due date), the most
 * overdue first; `total` counts them all.
 */
export async function overduePayments(today: string) {
  const found = await queryRows(sql`
    select o.*, p.title, f.deadline as notice_deadline,
           c.due_date as charge_due_date, c.status as charge_status, c.attempts as charge_attempts,
           c.last_error as charge_error, c.checkout_url is not null as charge_link_sent
    from (
      (select ${OPEN_BOOKING_COLUMNS} from booking b
        where b.status in ('pending', 'confirmed') and b.payment_method = 'bank-transfer'
          and b.amount_paid < b.total_price
          -- No item of a booking is due before its first due date (7 days after booking at most).
          and ${bookedDay} < ${today}::date)
      union all
      (select ${OPEN_BOOKING_COLUMNS} from booking b
        where b.status in ('pending', 'confirmed')
          and b.payment_method in (${sql.join(
            ONLINE_METHODS.map((method) => sql`${method}`),
            sql`, `,
          )})
          and b.amount_paid < b.total_price
          and b.stripe_payment_processing_since is null
          and ${bookedDay} < ${today}::date)
    ) o
    join property p on p.id = o.property_id
    left join lateral (
      select r.deadline from payment_reminder r
       where r.booking_id = o.id and r.kind = 'final'
       order by r.due_date limit 1
    ) f on true
    left join lateral (
      select c.due_date, c.status, c.attempts, c.last_error, c.checkout_url
        from balance_charge c where c.booking_id = o.id
       order by c.due_date desc limit 1
    ) c on true
  `);
  const day = (value: unknown) => (typeof value === "string" ? value : dayInBerlin(value as Date));
  const overdue = found.flatMap((r): OverdueBooking[] => {
    const progress = bookingPaymentProgress(
      {
        totalPrice: num(r.total_price),
        bookingDay: day(r.booked_on),
        checkIn: day(r.check_in),
        amountPaid: num(r.amount_paid),
        depositPercentage: num(r.deposit_percentage),
        balanceDueDays: num(r.balance_due_days),
      },
      today,
    );
    const items = progress.items.filter((item) => item.isOverdue);
    if (items.length === 0) return [];
    const since = items[0].dueDate;
    // The job's row counts only for an instalment that is overdue now (not an older one).
    const chargeDue = r.charge_due_date == null ? null : day(r.charge_due_date);
    const charge: OverdueCharge | null =
      chargeDue !== null && items.some((item) => item.dueDate === chargeDue)
        ? {
            status: String(r.charge_status) as OverdueCharge["status"],
            attempts: num(r.charge_attempts),
            lastError: r.charge_error == null ? null : String(r.charge_error),
            isLinkSent: r.charge_link_sent === true,
          }
        : null;
    return [
      {
        id: String(r.id),
        number: String(r.number),
        guestName: String(r.guest_name),
        propertyTitle: String(r.title),
        paymentMethod: String(r.payment_method),
        amountOpen: items.reduce((sum, item) => sum + item.open, 0),
        dueDate: since,
        daysOverdue: daysOverdue(since, today),
        charge,
        noticeDeadline: r.notice_deadline == null ? null : day(r.notice_deadline),
      },
    ];
  });
  overdue.sort((x, y) => y.daysOverdue - x.daysOverdue || x.number.localeCompare(y.number));
  return { bookings: overdue.slice(0, OVERDUE_LIST_SIZE), total: overdue.length };
}

export async function dashboardData(
  { span, propertyId }: { span: KeyFigureSpan; propertyId: string | null },
  now: Date,
) {
  const today = dayInBerlin(now);
  const [cards, series, report, properties, next7, pending, overdue] = await Promise.all([
    statCards(today),
    monthlySeries(today),
    keyFigureReport(span, propertyId, today),
    propertyChoices(),
    upcoming(today),
    pendingPayments(today),
    overduePayments(today),
  ]);
  return { today, cards, series, report, properties, next7, pending, overdue };
}
