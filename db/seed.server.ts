/**
 * Demo data for an empty database (embedded demo start, see app/boot.server.ts): the demo
 * logins, a portfolio of properties with generated pictures, a bank account, bookings in every
 * status and reviews. Deterministic apart from ids and "today": all choices come from a seeded
 * PRNG, so two fresh installs look the same, and nothing is fetched from the network.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { addDays, dayInBerlin, todayInBerlin } from "../app/domain/calendar-day";
import { berlinMidnight, cancellationQuote } from "../app/domain/cancellation";
import { computePrice, storedPriceDetails, type StoredPriceDetails } from "../app/domain/price";
import { EVERY_WEEKDAY, weekdayMask, type Season } from "../app/domain/seasons";
import { DEFAULT_SETTINGS, type PaymentMethod } from "../app/features/settings/settings";
import { getAuth } from "../app/lib/auth.server";
import { databaseHandle, db, isDatabaseEmpty, schema } from "../app/lib/db.server";
import { storeDemoPicture } from "./demo-image-cache.server";
import { DEMO_LOGINS } from "./demo-logins";
import type { PropertyImage } from "./schema";
import {
  ADMIN_PERSON,
  AMENITIES_BY_SCENE,
  BASE_AMENITIES,
  DEMO_GUEST_PERSON,
  DESCRIPTION_AMENITIES,
  DESCRIPTION_INTROS,
  DESCRIPTION_PETS,
  DESCRIPTION_ROOMS,
  DESCRIPTION_SURROUNDINGS,
  NUMBER_WORDS,
  OTHER_GUEST_PASSWORD,
  OTHER_GUESTS,
  PROPERTIES,
  REVIEW_AMENITY,
  REVIEW_CLOSINGS,
  REVIEW_OPENINGS,
  REVIEW_PLACE,
  REVIEW_STAY,
  REVIEW_TITLES,
  SPECIAL_REQUESTS,
  type PersonSeed,
  type PropertySeed,
} from "./seed-data";
import {
  pictureContext,
  renderPictureSvg,
  type PictureKind,
  type Rand,
} from "./seed-images.server";

const SEED = 0x7a11_2026;
/** sharp renders on libuv's pool (4 threads by default); more in flight only queues. */
const IMAGE_CONCURRENCY = 4;
/** Special offers in the demo started this many days ago (prices of older bookings are regular). */
const OFFER_STARTED_DAYS_AGO = 10;

/** Advisory lock key for seeding (the migrations in db.server.ts use 727274). */
const SEED_LOCK_KEY = 727275;

/** PGlite: calls in this process take turns (another process cannot open the folder at all). */
let seedingInProcess: Promise<unknown> = Promise.resolve();

/**
 * Seeds the demo data when the database is still empty; returns whether this call seeded.
 * Several app processes may start at once on one empty PostgreSQL database: each checks
 * emptiness while holding an advisory lock, so the first seeds and the others wait for it and
 * then find the data. The lock is session-level on its own connection rather than a
 * transaction-level one: seeding runs through Better Auth and several transactions on the
 * pool, and a transaction left idle for the whole seed could be ended by the server's
 * idle_in_transaction_session_timeout, dropping the lock half-way. If the process dies, its
 * connection closes and PostgreSQL releases the lock.
 */
export async function seedDemoData(options: { uploadsDir: string }): Promise<boolean> {
  const handle = databaseHandle();
  const seedIfEmpty = async () => {
    if (!(await isDatabaseEmpty(handle.db))) return false;
    await seedEmptyDatabase(options);
    return true;
  };
  if (handle.kind === "pglite" || !handle.url) {
    const run = seedingInProcess.then(seedIfEmpty);
    seedingInProcess = run.catch(() => {});
    return run;
  }
  const lock = new pg.Client({ connectionString: handle.url });
  // A dropped lock connection must not crash the process; the seed itself still finishes.
  lock.on("error", () => {});
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [SEED_LOCK_KEY]);
    return await seedIfEmpty();
  } finally {
    // Ending the session releases the lock as well; the explicit unlock is just tidy.
    await lock.query("select pg_advisory_unlock($1)", [SEED_LOCK_KEY]).catch(() => {});
    await lock.end().catch(() => {});
  }
}

async function seedEmptyDatabase(options: { uploadsDir: string }) {
  // Files are written through the storage driver (locally DATA_DIR/uploads, the folder boot
  // passes here); the seed only makes sure the folder exists.
  await fs.mkdir(options.uploadsDir, { recursive: true });

  const today = todayInBerlin();
  const rand = mulberry32(SEED);
  const properties = planProperties(rand, today);

  // Pictures first: the slow part, and it touches no table, so a failure leaves the database
  // empty and the next start seeds again.
  await attachImages(properties);

  const people: Person[] = [];
  try {
    await createUsers(people);
    await writeRows(rand, today, properties, people);
  } catch (error) {
    // Boot seeds only an empty database: without this, a failed seed would leave the accounts
    // behind and the demo would never be seeded again.
    for (const person of people)
      await db()
        .delete(schema.user)
        .where(eq(schema.user.id, person.id))
        .catch(() => {});
    throw error;
  }
}

async function writeRows(
  rand: Rand,
  today: string,
  properties: PlannedProperty[],
  people: Person[],
) {
  const bookings = planBookings(rand, today, properties, people);
  const reviews = planReviews(rand, today, bookings, people);

  await db().transaction(async (tx) => {
    for (const person of people) {
      await tx
        .update(schema.user)
        .set({ emailVerified: true, createdAt: person.createdAt, updatedAt: person.createdAt })
        .where(eq(schema.user.id, person.id));
      await tx
        .update(schema.profile)
        .set({
          role: person.role,
          phone: person.seed.phone,
          address: person.seed.address,
          city: person.seed.city,
          postalCode: person.seed.postalCode,
          country: person.seed.country,
          createdAt: person.createdAt,
          updatedAt: person.createdAt,
        })
        .where(eq(schema.profile.id, person.id));
    }

    const adminId = people[0].id;
    await tx.insert(schema.property).values(
      properties.map((p) => ({
        id: p.id,
        ownerId: adminId,
        status: p.status,
        title: p.seed.title,
        description: p.description,
        pricePerNight: p.pricePerNight,
        cleaningFee: p.cleaningFee,
        country: p.seed.country,
        city: p.seed.city,
        location: `${p.seed.city}, ${p.seed.country}`,
        bedrooms: p.seed.bedrooms,
        bathrooms: p.seed.bathrooms,
        maxGuests: p.maxGuests,
        amenities: p.amenities,
        images: p.images,
        isSpecialOffer: p.specialOfferPrice !== null,
        specialOfferPrice: p.specialOfferPrice,
        specialOfferEndDate: p.specialOfferEndDate,
        weeklyDiscountPercent: p.weeklyDiscountPercent,
        monthlyDiscountPercent: p.monthlyDiscountPercent,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    );
    const seasons = properties.flatMap((p) =>
      p.seasons.map((season) => ({ propertyId: p.id, ...season })),
    );
    if (seasons.length > 0) await tx.insert(schema.propertySeason).values(seasons);

    const [demoAccount] = await tx
      .insert(schema.bankAccount)
      .values({
        accountHolder: DEFAULT_SETTINGS.companyName,
        iban: germanIban("10010010", "0612345678"),
        bic: "PBNKDEFF",
        bankName: "Postbank",
        isActive: true,
        isDefault: true,
        createdAt: people[0].createdAt,
      })
      .returning({ id: schema.bankAccount.id });

    // Numbers are drawn in order of creation, so FW-…-000001 is the oldest booking.
    await tx.insert(schema.booking).values(
      bookings.map((b) => ({
        id: b.id,
        number: sql`${`FW-${b.createdDay.slice(0, 4)}-`} || lpad(nextval('booking_number_seq')::text, 6, '0')`,
        userId: b.person.id,
        propertyId: b.property.id,
        checkIn: b.checkIn,
        checkOut: b.checkOut,
        guests: b.guests,
        guestName: b.person.seed.name,
        guestEmail: b.person.email,
        guestPhone: b.person.seed.phone,
        specialRequests: b.specialRequests,
        nightlyPrice: b.nightlyPrice,
        nights: b.nights,
        cleaningFee: b.cleaningFee,
        serviceFee: b.serviceFee,
        totalPrice: b.totalPrice,
        priceDetails: b.priceDetails,
        cancellationFee: b.cancellationFee,
        // The terms the late cancellations' fees above were computed with (decision 080).
        freeCancellationHours: DEFAULT_SETTINGS.freeCancellationHours,
        cancellationFeePercentage: DEFAULT_SETTINGS.cancellationFeePercentage,
        paymentMethod: b.paymentMethod,
        // A paid bank transfer is a recorded payment (below; its trigger sets the status and
        // amount); online payments have no payment rows yet and count as paid in full.
        // A refunded booking was paid in full first; its refund (below) moves the status.
        paymentStatus:
          b.paymentMethod === "bank-transfer" && b.paymentStatus !== "unpaid"
            ? "unpaid"
            : b.paymentStatus,
        amountPaid:
          b.paymentMethod !== "bank-transfer" && b.paymentStatus !== "unpaid" ? b.totalPrice : 0,
        bankAccountId: b.paymentMethod === "bank-transfer" ? demoAccount.id : null,
        status: b.status,
        createdAt: b.createdAt,
        updatedAt: b.updatedAt,
      })),
    );
    const paidTransfers = bookings.filter(
      (b) => b.paymentMethod === "bank-transfer" && b.paymentStatus !== "unpaid",
    );
    if (paidTransfers.length > 0) {
      await tx.insert(schema.payment).values(
        paidTransfers.map((b) => ({
          bookingId: b.id,
          amount: b.totalPrice,
          // Received a few days after booking, never after arrival.
          receivedOn:
            addDays(b.createdDay, 3) < b.checkIn ? addDays(b.createdDay, 3) : b.createdDay,
          recordedBy: adminId,
          createdAt: b.createdAt,
        })),
      );
    }

    // Late cancellations: the fee kept, the rest paid back the day of the cancellation
    // (decision 047; the refund's trigger sets amount_refunded and the status "refunded").
    const refunded = bookings.filter(
      (b) => b.paymentStatus === "refunded" && b.totalPrice > (b.cancellationFee ?? 0),
    );
    if (refunded.length > 0) {
      await tx.insert(schema.refund).values(
        refunded.map((b) => ({
          bookingId: b.id,
          method: b.paymentMethod,
          amount: b.totalPrice - (b.cancellationFee ?? 0),
          status: "refunded",
          refundedOn: dayInBerlin(b.updatedAt),
          createdAt: b.updatedAt,
        })),
      );
    }

    if (reviews.length > 0) {
      await tx.insert(schema.review).values(
        reviews.map((r) => ({
          id: r.id,
          bookingId: r.booking.id,
          propertyId: r.booking.property.id,
          userId: r.booking.person.id,
          rating: r.rating,
          title: r.title,
          text: r.text,
          helpfulCount: r.voters.length,
          createdAt: r.createdAt,
          updatedAt: r.createdAt,
        })),
      );
      const votes = reviews.flatMap((r) =>
        r.voters.map((v) => ({
          reviewId: r.id,
          userId: v.id,
          createdAt: new Date(Math.max(r.createdAt.getTime(), v.createdAt.getTime()) + 3_600_000),
        })),
      );
      if (votes.length > 0) await tx.insert(schema.reviewVote).values(votes);
    }

    // What "Demodaten entfernen" may delete (decision 033), in the same transaction as the rows.
    await tx
      .insert(schema.demoRecord)
      .values([
        ...people.map((person) => ({ entity: "user", entityId: person.id })),
        ...properties.map((property) => ({ entity: "property", entityId: property.id })),
        ...bookings.map((booking) => ({ entity: "booking", entityId: booking.id })),
        { entity: "bank_account", entityId: demoAccount.id },
      ]);
  });
}

// ---------------------------------------------------------------------------------------------
// Determinism helpers
// ---------------------------------------------------------------------------------------------

/** mulberry32: tiny, fast and good enough for demo data; never Math.random (not reproducible). */
function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (r: Rand, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
function pick<T>(r: Rand, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)];
}
/**
 * Draws from named pools without putting back, reshuffling a pool only when it is used up: the
 * demo reviews share no sentence while the pools are larger than the draws.
 */
function deckDrawer(r: Rand) {
  const decks = new Map<string, string[]>();
  const draw = (name: string, pool: readonly string[]) => {
    let deck = decks.get(name);
    if (!deck || deck.length === 0) deck = shuffled(r, pool);
    const item = deck.pop()!;
    decks.set(name, deck);
    return item;
  };
  /** whether the pool still has an item no earlier draw took */
  draw.hasLeft = (name: string, pool: readonly string[]) => (decks.get(name) ?? pool).length > 0;
  return draw;
}
function shuffled<T>(r: Rand, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Dates: stay dates are Berlin calendar days ("YYYY-MM-DD"), like the app's "today".
// ---------------------------------------------------------------------------------------------

/** A moment during the day (UTC hour; 08–18 UTC is daytime in Berlin all year). */
function moment(day: string, r: Rand) {
  const hh = String(int(r, 8, 18)).padStart(2, "0");
  const mm = String(int(r, 0, 59)).padStart(2, "0");
  return new Date(`${day}T${hh}:${mm}:00Z`);
}

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

type Person = {
  id: string;
  email: string;
  role: "admin" | "user";
  seed: Omit<PersonSeed, "email">;
  createdAt: Date;
};

/**
 * Accounts go through Better Auth (password hashing, its account row, and our hook that creates
 * the profile). Fills `people` as it goes (for clean-up on failure): [0] is the admin, [1] the
 * demo guest.
 */
async function createUsers(people: Person[]) {
  const admin = DEMO_LOGINS.find((l) => l.role === "Admin");
  const guest = DEMO_LOGINS.find((l) => l.role !== "Admin");
  if (!admin || !guest) throw new Error("DEMO_LOGINS needs an admin and a guest login");
  const accounts = [
    { seed: ADMIN_PERSON, email: admin.email, password: admin.password, role: "admin" as const },
    {
      seed: DEMO_GUEST_PERSON,
      email: guest.email,
      password: guest.password,
      role: "user" as const,
    },
    ...OTHER_GUESTS.map((seed) => ({
      seed,
      email: seed.email,
      password: OTHER_GUEST_PASSWORD,
      role: "user" as const,
    })),
  ];
  for (const a of accounts) {
    const result = await getAuth().api.signUpEmail({
      body: { name: a.seed.name, email: a.email, password: a.password },
    });
    // createdAt is corrected later (planBookings), once the first stay of each guest is known.
    people.push({
      id: result.user.id,
      email: a.email,
      role: a.role,
      seed: a.seed,
      createdAt: new Date(),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

type PlannedProperty = {
  id: string;
  index: number;
  seed: PropertySeed;
  status: "draft" | "published" | "archived";
  description: string;
  pricePerNight: number;
  cleaningFee: number;
  maxGuests: number;
  amenities: string[];
  images: PropertyImage[];
  specialOfferPrice: number | null;
  specialOfferEndDate: string | null;
  offerStartDay: string | null;
  createdDay: string;
  createdAt: Date;
  /** Demo seasons (issue 18, decision 046): only the three oldest listings have any. */
  seasons: (Season & { name: string })[];
  weeklyDiscountPercent: number;
  monthlyDiscountPercent: number;
};

/**
 * The demo's seasons: on the three oldest listings only, which the newest-first lists and the
 * sitemap show last, so the E2E journeys that book the first listings on fixed offsets keep
 * their rules (they arrive on any weekday). This year's and next year's season each.
 */
function demoSeasons(index: number, pricePerNight: number, today: string) {
  const year = Number(today.slice(0, 4));
  const price = (factor: number) => Math.round((pricePerNight * factor) / 100) * 100;
  const saturday = weekdayMask([5]);
  const years = [year, year + 1];
  if (index === 0) {
    // Ostsee beach flat: July and August Saturday to Saturday, at least a week.
    return {
      weeklyDiscountPercent: 5,
      monthlyDiscountPercent: 15,
      seasons: years.map((y) => ({
        name: "Hauptsaison",
        startDate: `${y}-07-01`,
        endDate: `${y}-08-31`,
        pricePerNight: price(1.3),
        minStayNights: 7,
        arrivalWeekdays: saturday,
        departureWeekdays: saturday,
      })),
    };
  }
  if (index === 1) {
    return {
      weeklyDiscountPercent: 10,
      monthlyDiscountPercent: 0,
      seasons: years.map((y) => ({
        name: "Sommersaison",
        startDate: `${y}-06-15`,
        endDate: `${y}-09-15`,
        pricePerNight: price(1.2),
        minStayNights: 3,
        arrivalWeekdays: EVERY_WEEKDAY,
        departureWeekdays: EVERY_WEEKDAY,
      })),
    };
  }
  if (index === 2) {
    return {
      weeklyDiscountPercent: 0,
      monthlyDiscountPercent: 0,
      seasons: years.map((y) => ({
        name: "Weihnachten und Silvester",
        startDate: `${y}-12-20`,
        endDate: `${y + 1}-01-02`,
        pricePerNight: price(1.25),
        minStayNights: 4,
        arrivalWeekdays: EVERY_WEEKDAY,
        departureWeekdays: EVERY_WEEKDAY,
      })),
    };
  }
  return { weeklyDiscountPercent: 0, monthlyDiscountPercent: 0, seasons: [] };
}

function planProperties(r: Rand, today: string): PlannedProperty[] {
  const count = PROPERTIES.length;
  return PROPERTIES.map((seed, index) => {
    // Spread over the last ~18 months, strictly increasing, so "newest first" is meaningful.
    const daysAgo = Math.round(560 - (index * 552) / (count - 1)) + int(r, 0, 3);
    const createdDay = addDays(today, -daysAgo);

    const amenities = [
      ...new Set([
        ...(seed.extras ?? []),
        ...shuffled(r, AMENITIES_BY_SCENE[seed.scene]).slice(0, int(r, 3, 6)),
        ...BASE_AMENITIES,
      ]),
    ];
    const extraBeds = seed.bedrooms === 1 ? int(r, 0, 1) : r() < 0.4 ? int(r, 1, 2) : 0;
    const maxGuests = Math.min(10, Math.max(2, seed.bedrooms * 2 + extraBeds));
    const cleaningFee =
      seed.bedrooms === 1
        ? pick(r, [5000, 5000, 7500])
        : seed.bedrooms === 2
          ? 7500
          : seed.bedrooms === 3
            ? pick(r, [7500, 9500])
            : pick(r, [9500, 12000]);
    const pricePerNight = seed.price * 100;
    const hasOffer = seed.offer !== undefined && seed.status === undefined;
    const specialOfferPrice = hasOffer
      ? Math.round((seed.price * (100 - (seed.offer ?? 0))) / 100) * 100
      : null;

    return {
      id: crypto.randomUUID(),
      index,
      seed,
      status: seed.status ?? "published",
      description: describe(r, seed, maxGuests, amenities),
      pricePerNight,
      cleaningFee,
      maxGuests,
      amenities,
      images: [],
      specialOfferPrice,
      specialOfferEndDate: hasOffer ? addDays(today, int(r, 14, 45)) : null,
      offerStartDay: hasOffer ? addDays(today, -OFFER_STARTED_DAYS_AGO) : null,
      createdDay,
      createdAt: moment(createdDay, r),
      ...demoSeasons(seed.status === undefined ? index : -1, pricePerNight, today),
    };
  });
}

function countWord(count: number, noun: string) {
  return `${NUMBER_WORDS[count] ?? String(count)} ${noun}`;
}

function describe(r: Rand, seed: PropertySeed, guests: number, amenities: string[]) {
  const bedrooms = countWord(seed.bedrooms, "Schlafzimmer");
  const fill = (text: string) =>
    text
      .replaceAll("{city}", seed.city)
      .replaceAll("{Bedrooms}", bedrooms[0].toUpperCase() + bedrooms.slice(1))
      .replaceAll("{bedrooms}", bedrooms)
      .replaceAll("{bathrooms}", countWord(seed.bathrooms, "Badezimmer"))
      .replaceAll("{guests}", String(guests));
  const highlights = amenities
    .filter((a) => !["WLAN", "Küche", "Haustiere erlaubt"].includes(a))
    .slice(0, int(r, 2, 4));
  const list =
    highlights.length > 1
      ? `${highlights.slice(0, -1).join(", ")} und ${highlights.at(-1)}`
      : (highlights[0] ?? "WLAN");
  const sentences = [
    fill(pick(r, DESCRIPTION_INTROS[seed.scene])),
    fill(pick(r, DESCRIPTION_ROOMS)),
    pick(r, DESCRIPTION_AMENITIES).replace("{amenities}", list),
  ];
  if (amenities.includes("Haustiere erlaubt")) sentences.push(DESCRIPTION_PETS);
  else if (r() < 0.65) sentences.push(pick(r, DESCRIPTION_SURROUNDINGS[seed.scene]));
  return sentences.join(" ");
}

const CATEGORY: Record<PictureKind, string> = {
  exterior: "Außenbereich",
  living: "Wohnbereich",
  bedroom: "Schlafzimmer",
  kitchen: "Küche",
  bathroom: "Badezimmer",
  view: "Ausblick",
  terrace: "Außenbereich",
};

/** 3–8 pictures per property, the exterior first (it is the main image on cards). */
function pictureKinds(r: Rand, p: PlannedProperty): PictureKind[] {
  const pool = p.amenities.includes("Pool");
  const kinds: PictureKind[] = pool
    ? ["exterior", "terrace", "living", "bedroom", "kitchen", "bathroom", "view", "bedroom"]
    : [
        "exterior",
        "living",
        "bedroom",
        "kitchen",
        "bathroom",
        "view",
        p.seed.bedrooms > 1 ? "bedroom" : "terrace",
        "terrace",
      ];
  // Under five on average (drafts and archived ones get three): each picture costs ~0.3 s of
  // CPU, mostly the 1600 px WebP encode, and the demo start waits for all of them.
  const count = pick(r, [3, 3, 4, 4, 4, 5, 5, 5, 6, 8]);
  return kinds.slice(0, p.status === "published" ? count : 3);
}

async function attachImages(properties: PlannedProperty[]) {
  const tasks: { property: PlannedProperty; slot: number; kind: PictureKind; rand: Rand }[] = [];
  for (const property of properties) {
    // A stream per property: adding a property or picture type does not reshuffle the others.
    const r = mulberry32(SEED ^ Math.imul(property.index + 1, 0x9e3779b1));
    pictureKinds(r, property).forEach((kind, slot) =>
      tasks.push({ property, slot, kind, rand: r }),
    );
  }
  const results: PropertyImage[][] = properties.map(() => []);
  // Rendering draws from each property's stream in task order, synchronously, so the pictures
  // are the same whatever order the concurrent encoders finish in.
  const svgs = tasks.map((t) =>
    renderPictureSvg(
      t.kind,
      pictureContext({ ...t.property.seed, amenities: t.property.amenities }),
      t.rand,
    ),
  );
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      const task = tasks[i];
      // Rendered once per machine, then copied from tmp/demo-image-cache (demo-image-cache.server.ts).
      const stored = await storeDemoPicture(svgs[i], `properties/${task.property.id}`);
      const category =
        task.kind === "terrace" && task.property.amenities.includes("Pool")
          ? "Pool"
          : CATEGORY[task.kind];
      results[task.property.index][task.slot] = { ...stored, category };
    }
  };
  await Promise.all(Array.from({ length: IMAGE_CONCURRENCY }, worker));
  properties.forEach((p, i) => (p.images = results[i]));
}

// ---------------------------------------------------------------------------------------------
// Bookings
// ---------------------------------------------------------------------------------------------

type BookingStatus = "pending" | "confirmed" | "cancelled" | "completed";

/** One planned stay, relative to today. A guest's stays never overlap by construction. */
type StayPlan = {
  person: number;
  checkInOffset: number;
  nights: number;
  status: BookingStatus;
  paymentMethod: PaymentMethod;
  /** cancelled only: "late" pays the fee from the settings, "free" cancels in time. */
  cancellation?: "late" | "free";
  /** completed only: whether the guest wrote a review (undefined = most do). */
  review?: boolean;
};

type PlannedBooking = {
  id: string;
  person: Person;
  property: PlannedProperty;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  specialRequests: string | null;
  nightlyPrice: number;
  cleaningFee: number;
  serviceFee: number;
  totalPrice: number;
  priceDetails: StoredPriceDetails;
  cancellationFee: number | null;
  paymentMethod: PaymentMethod;
  paymentStatus: "unpaid" | "paid" | "refunded";
  status: BookingStatus;
  wantsReview: boolean;
  createdDay: string;
  createdAt: Date;
  updatedAt: Date;
};

function stayPlans(r: Rand): StayPlan[] {
  const plans: StayPlan[] = [
    // The demo guest (people[1]) sees every state in "Meine Buchungen", and one completed stay
    // is left without a review so "Bewertung schreiben" can be tried.
    {
      person: 1,
      checkInOffset: -330,
      nights: 7,
      status: "completed",
      paymentMethod: "bank-transfer",
      review: true,
    },
    {
      person: 1,
      checkInOffset: -215,
      nights: 5,
      status: "completed",
      paymentMethod: "bank-transfer",
      review: true,
    },
    {
      person: 1,
      checkInOffset: -128,
      nights: 4,
      status: "completed",
      paymentMethod: "bank-transfer",
      review: true,
    },
    {
      person: 1,
      checkInOffset: -48,
      nights: 6,
      status: "completed",
      paymentMethod: "bank-transfer",
      review: false,
    },
    {
      person: 1,
      checkInOffset: -14,
      nights: 3,
      status: "cancelled",
      paymentMethod: "bank-transfer",
      cancellation: "late",
    },
    {
      person: 1,
      checkInOffset: 18,
      nights: 5,
      status: "confirmed",
      paymentMethod: "bank-transfer",
    },
    { person: 1, checkInOffset: 55, nights: 4, status: "pending", paymentMethod: "bank-transfer" },
  ];
  // Past stays of the other guests fall into windows far enough apart that stays of up to 9
  // nights cannot overlap.
  const windows: [number, number][] = [
    [-420, -360],
    [-300, -240],
    [-200, -150],
    [-110, -70],
    [-50, -20],
  ];
  for (let person = 2; person < 2 + OTHER_GUESTS.length; person++) {
    const chosen = shuffled(r, windows).slice(0, int(r, 3, 4));
    for (const [from, to] of chosen) {
      plans.push({
        person,
        checkInOffset: int(r, from, to),
        nights: int(r, 3, 9),
        status: "completed",
        // The demo offers bank transfer only (no payment provider configured), so every past
        // booking was paid that way (decision 031). pick() keeps the random sequence unchanged.
        paymentMethod: pick(r, ["bank-transfer"] as const),
      });
    }
  }
  plans.push(
    { person: 2, checkInOffset: 8, nights: 6, status: "confirmed", paymentMethod: "bank-transfer" },
    // A stay in progress right now (arrivals/"Aktive Buchungen" are not only future ones).
    {
      person: 3,
      checkInOffset: -2,
      nights: 7,
      status: "confirmed",
      paymentMethod: "bank-transfer",
    },
    { person: 4, checkInOffset: 30, nights: 5, status: "pending", paymentMethod: "bank-transfer" },
    {
      person: 4,
      checkInOffset: 70,
      nights: 4,
      status: "cancelled",
      paymentMethod: "bank-transfer",
      cancellation: "free",
    },
    {
      person: 5,
      checkInOffset: 40,
      nights: 7,
      status: "confirmed",
      paymentMethod: "bank-transfer",
    },
    { person: 5, checkInOffset: 95, nights: 3, status: "pending", paymentMethod: "bank-transfer" },
  );
  return plans;
}

function overlaps(aIn: string, aOut: string, bIn: string, bOut: string) {
  return aIn < bOut && bIn < aOut;
}

function planBookings(
  r: Rand,
  today: string,
  properties: PlannedProperty[],
  people: Person[],
): PlannedBooking[] {
  const published = properties.filter((p) => p.status === "published");
  const serviceFee = DEFAULT_SETTINGS.serviceFee;
  const taken = new Map<string, { checkIn: string; checkOut: string }[]>();
  const useCount = new Map<string, number>();
  const bookings: PlannedBooking[] = [];

  const plans = stayPlans(r).sort((a, b) => a.checkInOffset - b.checkInOffset);
  for (const plan of plans) {
    const person = people[plan.person];
    const checkIn = addDays(today, plan.checkInOffset);
    const checkOut = addDays(checkIn, plan.nights);
    // Booked some weeks ahead; pending bank transfers are recent (payment is due within days).
    const createdOffset =
      plan.status === "pending"
        ? -int(r, 1, 5)
        : Math.min(plan.checkInOffset - int(r, 10, 45), -int(r, 2, 20));
    const createdDay = addDays(today, createdOffset);

    // Mostly the least-booked free property, so stays spread over the portfolio; sometimes one
    // that was booked before, so a few places collect several reviews. It must have existed when
    // the booking was made, and a guest does not book the same place twice.
    const candidates = shuffled(r, published)
      .filter((p) => p.createdDay < createdDay)
      .filter((p) => !bookings.some((b) => b.person === person && b.property === p))
      .filter(
        (p) =>
          !(taken.get(p.id) ?? []).some((t) => overlaps(t.checkIn, t.checkOut, checkIn, checkOut)),
      )
      .sort((a, b) => (useCount.get(a.id) ?? 0) - (useCount.get(b.id) ?? 0));
    const popular = candidates.filter((p) => (useCount.get(p.id) ?? 0) > 0);
    const property = popular.length > 0 && r() < 0.4 ? popular[0] : candidates[0];
    if (!property) throw new Error(`Seed: no free property for a stay on ${checkIn}`);
    useCount.set(property.id, (useCount.get(property.id) ?? 0) + 1);
    if (plan.status !== "cancelled")
      taken.set(property.id, [...(taken.get(property.id) ?? []), { checkIn, checkOut }]);

    // The one price (spec 04), as the app computed it on the booking day: the offer existed
    // from its start day on, so a booking made earlier paid the regular price.
    const price = computePrice({
      property: {
        pricePerNight: property.pricePerNight,
        cleaningFee: property.cleaningFee,
        isSpecialOffer: property.offerStartDay !== null && createdDay >= property.offerStartDay,
        specialOfferPrice: property.specialOfferPrice,
        specialOfferEndDate: property.specialOfferEndDate,
        weeklyDiscountPercent: property.weeklyDiscountPercent,
        monthlyDiscountPercent: property.monthlyDiscountPercent,
      },
      nights: plan.nights,
      checkIn,
      seasons: property.seasons,
      serviceFee,
      today: createdDay,
    });
    const nightlyPrice = price.nightlyPrice;
    const totalPrice = price.total;

    let cancellationFee: number | null = null;
    let paymentStatus: PlannedBooking["paymentStatus"] =
      plan.status === "pending" ? "unpaid" : "paid";
    let updatedDay =
      plan.status === "completed"
        ? checkOut
        : addDays(createdDay, plan.status === "confirmed" ? 1 : 0);
    if (plan.status === "cancelled") {
      if (plan.cancellation === "late") {
        // Cancelled the day before arrival, inside the free window: the fee is kept, the rest refunded.
        updatedDay = addDays(checkIn, -1);
        cancellationFee = cancellationQuote({
          totalPrice,
          checkIn,
          now: berlinMidnight(updatedDay),
          freeCancellationHours: DEFAULT_SETTINGS.freeCancellationHours,
          cancellationFeePercentage: DEFAULT_SETTINGS.cancellationFeePercentage,
        }).fee;
        paymentStatus = "refunded";
      } else {
        cancellationFee = 0;
        paymentStatus = "unpaid";
        updatedDay = addDays(createdDay, int(r, 1, Math.max(1, -createdOffset - 1)));
      }
    }
    if (updatedDay >= today) updatedDay = addDays(today, -1);
    const createdAt = moment(createdDay, r);
    const updatedAt = updatedDay > createdDay ? moment(updatedDay, r) : createdAt;

    bookings.push({
      id: crypto.randomUUID(),
      person,
      property,
      checkIn,
      checkOut,
      nights: plan.nights,
      guests: int(r, 1, Math.min(property.maxGuests, 4)),
      specialRequests: r() < 0.3 ? pick(r, SPECIAL_REQUESTS) : null,
      nightlyPrice,
      cleaningFee: property.cleaningFee,
      serviceFee,
      totalPrice,
      priceDetails: storedPriceDetails(price),
      cancellationFee,
      paymentMethod: plan.paymentMethod,
      paymentStatus,
      status: plan.status,
      wantsReview: plan.status === "completed" && (plan.review ?? r() < 0.8),
      createdDay,
      createdAt,
      updatedAt,
    });
  }

  // Accounts existed before their first booking; the admin before the first property.
  const firstProperty = properties.reduce(
    (min, p) => (p.createdDay < min ? p.createdDay : min),
    today,
  );
  people[0].createdAt = moment(addDays(firstProperty, -int(r, 20, 40)), r);
  for (const person of people.slice(1)) {
    const first = bookings
      .filter((b) => b.person === person)
      .reduce((min, b) => (b.createdDay < min ? b.createdDay : min), today);
    person.createdAt = moment(addDays(first, -int(r, 3, 60)), r);
  }

  return bookings.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

type PlannedReview = {
  id: string;
  booking: PlannedBooking;
  rating: 3 | 4 | 5;
  title: string;
  text: string;
  voters: Person[];
  createdAt: Date;
};

function planReviews(
  r: Rand,
  today: string,
  bookings: PlannedBooking[],
  people: Person[],
): PlannedReview[] {
  const guests = people.slice(1);
  const draw = deckDrawer(r);
  const mentioned = new Map<PlannedProperty, Set<string>>();
  return bookings
    .filter((b) => b.wantsReview)
    .map((booking) => {
      const rating = pick(r, [5, 5, 5, 4, 4, 4, 3] as const);
      const property = booking.property;
      // Something this property has that its earlier reviews did not mention and whose remarks
      // are not used up; otherwise the place. Either way no sentence appears twice.
      const said = mentioned.get(property) ?? new Set<string>();
      const amenity = shuffled(r, property.amenities).find(
        (a) =>
          a in REVIEW_AMENITY && !said.has(a) && draw.hasLeft(`amenity-${a}`, REVIEW_AMENITY[a]),
      );
      if (amenity) said.add(amenity);
      mentioned.set(property, said);
      const parts = [
        draw(`opening-${rating}`, REVIEW_OPENINGS[rating]).replaceAll("{city}", property.seed.city),
        amenity
          ? draw(`amenity-${amenity}`, REVIEW_AMENITY[amenity])
          : draw(`place-${property.seed.scene}`, REVIEW_PLACE[property.seed.scene]),
        draw(`stay-${rating}`, REVIEW_STAY[rating]),
        draw("closing", REVIEW_CLOSINGS),
      ].filter(Boolean);
      let day = addDays(booking.checkOut, int(r, 1, 6));
      if (day >= today) day = addDays(today, -1);
      // Other guests found some reviews helpful; helpful_count matches the stored votes.
      const voters = guests.filter((g) => g !== booking.person && r() < 0.3);
      return {
        id: crypto.randomUUID(),
        booking,
        rating,
        title: draw(`title-${rating}`, REVIEW_TITLES[rating]),
        text: parts.join(" "),
        voters,
        createdAt: moment(day, r),
      };
    });
}

// ---------------------------------------------------------------------------------------------

/** A German IBAN with correct ISO 7064 mod-97 check digits. */
function germanIban(bankCode: string, accountNumber: string) {
  const bban = bankCode + accountNumber.padStart(10, "0");
  // Letters count as numbers (D = 13, E = 14), check digits as 00, country code moved to the end.
  const digits = `${bban}131400`;
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `DE${String(98 - rest).padStart(2, "0")}${bban}`;
}
