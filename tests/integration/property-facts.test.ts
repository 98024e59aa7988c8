/**
 * Property facts (issue 15 part 4, decision 033) through the real route modules: "Kostenlos
 * stornierbar bis …" agrees with what a real cancellation charges at the same moment (also
 * across the clock changes), house rules, times and the Kurtaxe note come from the property or
 * else from the settings, and the admin property form and settings store and validate them.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq, sql as drizzleSql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freeCancellationUntil } from "~/domain/cancellation";
import { getBookingPageData } from "~/features/booking/booking-page.server";
import { getCancellationPreview } from "~/features/booking/cancellation.server";
import { getSettingsForForm, saveSettings } from "~/features/settings/settings.server";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import * as formRoute from "~/routes/admin/property-form";
import * as propertyRoute from "~/routes/public/property";
import * as settingsRoute from "~/routes/admin/settings";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { currentPropertyVersion } from "../helpers/edit-version";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;
let admin: { id: string; cookie: string };
let guestId: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  const a = await createUser({ name: "Anton Admin", role: "admin" });
  admin = { id: a.id, cookie: await sessionCookie(a.email) };
  guestId = (await createUser()).id;
});
afterAll(() => handle.close());
beforeEach(async () => {
  await saveSettings({ ...DEFAULT_SETTINGS }, admin.id);
});

type Answer = { status: number; data: Record<string, unknown> | null; location: string | null };
function read(value: unknown): Answer {
  if (value instanceof Response) {
    return { status: value.status, data: null, location: value.headers.get("location") };
  }
  const result = value as { data?: unknown; init?: ResponseInit | null } | null;
  if (result && typeof result === "object" && "init" in result) {
    return {
      status: result.init?.status ?? 200,
      data: (result.data ?? null) as Record<string, unknown> | null,
      location: null,
    };
  }
  return { status: 200, data: (value ?? null) as Record<string, unknown> | null, location: null };
}
async function call(handler: (args: never) => unknown, args: unknown) {
  try {
    return read(await handler(args as never));
  } catch (thrown) {
    return read(thrown);
  }
}
function post(url: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  return new Request(url, {
    method: "POST",
    headers: { cookie: admin.cookie, origin: "http://localhost:3000" },
    body,
  });
}

async function propertyPage(id: string) {
  const answer = await call(propertyRoute.loader, {
    request: new Request(`http://localhost:3000/properties/${id}`),
    params: { id },
    context: {},
  });
  expect(answer.status).toBe(200);
  return answer.data as unknown as {
    facts: {
      houseRules: string[];
      checkInFrom: string | null;
      checkOutUntil: string | null;
      touristTaxNote: string | null;
    };
    cancellation: { freeCancellationHours: number; cancellationFeePercentage: number; now: string };
    property: Record<string, unknown>;
  };
}

describe(`free cancellation on the property page (${databaseKind()})`, () => {
  /**
   * For each rule and check-in: one millisecond before the deadline the page says "free" and a
   * real cancellation of a real booking charges nothing; at the deadline the page says "not
   * free" and the cancellation charges the fee. Dates around both clock changes of 2027
   * (28 March, 31 October) and hours that are no whole days.
   */
  const cases = [
    // 48 h before Monday 29 March 00:00 CEST is Friday 26 March 23:00 CET: shown with the time.
    { checkIn: "2027-03-29", hours: 48, percentage: 50, day: "2027-03-26", time: "23:00" },
    // 48 h before Monday 1 November 00:00 CET is Saturday 30 October 01:00 CEST.
    { checkIn: "2027-11-01", hours: 48, percentage: 50, day: "2027-10-30", time: "01:00" },
    // Whole days without a change: to the end of the day before the deadline's midnight.
    { checkIn: "2027-07-14", hours: 48, percentage: 50, day: "2027-07-11", time: null },
    { checkIn: "2027-07-14", hours: 36, percentage: 30, day: "2027-07-12", time: "12:00" },
    { checkIn: "2027-07-14", hours: 0, percentage: 100, day: "2027-07-13", time: null },
    // No fee at all: free for as long as a cancellation is possible (before the check-in day).
    { checkIn: "2027-07-14", hours: 720, percentage: 0, day: "2027-07-13", time: null },
  ];
  for (const c of cases) {
    it(`check-in ${c.checkIn}, ${c.hours} h, ${c.percentage} %`, async () => {
      await saveSettings(
        { freeCancellationHours: c.hours, cancellationFeePercentage: c.percentage },
        admin.id,
      );
      const property = await createProperty();
      const guest = await createUser();
      const booking = await createBooking({
        userId: guest.id,
        propertyId: property.id,
        checkIn: c.checkIn,
        checkOut: nextDays(c.checkIn, 3),
        status: "confirmed",
        // Stored from the settings when booked, as createBooking does (decision 080).
        freeCancellationHours: c.hours,
        cancellationFeePercentage: c.percentage,
      });
      const page = await propertyPage(property.id);
      expect(page.cancellation).toMatchObject({
        freeCancellationHours: c.hours,
        cancellationFeePercentage: c.percentage,
      });
      const terms = { checkIn: c.checkIn, ...termsOf(page.cancellation) };
      const promised = freeCancellationUntil({ ...terms, now: new Date("2026-12-01T12:00:00Z") });
      if (!promised.isFree) throw new Error("expected a free cancellation");
      expect({ day: promised.day, time: promised.time }).toEqual({ day: c.day, time: c.time });

      const justBefore = new Date(promised.deadline.getTime() - 1);
      const before = await getCancellationPreview({
        userId: guest.id,
        bookingId: booking.id,
        now: justBefore,
      });
      expect(before?.quote).toMatchObject({ fee: 0, isFree: true });
      expect(freeCancellationUntil({ ...terms, now: justBefore }).isFree).toBe(true);

      const at = promised.deadline;
      const after = await getCancellationPreview({
        userId: guest.id,
        bookingId: booking.id,
        now: at,
      });
      expect(freeCancellationUntil({ ...terms, now: at })).toEqual({ isFree: false });
      if (c.percentage > 0 && c.hours > 0) {
        expect(after?.quote?.isFree).toBe(false);
        expect(after?.quote?.fee).toBe(Math.round((booking.totalPrice * c.percentage) / 100));
      } else {
        // Without a fee (or with 0 hours) the deadline is the check-in day itself, from which on
        // a booking cannot be cancelled at all.
        expect(after?.quote).toBeNull();
      }
    });
  }
});

function nextDays(day: string, n: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}
function termsOf(c: { freeCancellationHours: number; cancellationFeePercentage: number }) {
  return {
    freeCancellationHours: c.freeCancellationHours,
    cancellationFeePercentage: c.cancellationFeePercentage,
  };
}

describe(`house rules, times and Kurtaxe (${databaseKind()})`, () => {
  it("shows the settings' defaults while the property's fields are empty, its own values otherwise", async () => {
    await saveSettings(
      {
        houseRules: "Rauchen ist nicht erlaubt.\n\nRuhezeit ab 22 Uhr.",
        checkInFrom: "16:00",
        checkOutUntil: "10:30",
        touristTaxNote: "Kurtaxe: 2,50 € pro Person und Nacht, vor Ort zu zahlen.",
      },
      admin.id,
    );
    const plain = await createProperty();
    const own = await createProperty({
      houseRules: "Haustiere willkommen.",
      checkInFrom: "14:00",
      checkOutUntil: "",
      touristTaxMode: "own",
      touristTaxNote: "Gästebeitrag Sylt: 3,50 € pro Nacht.",
    });

    const defaults = await propertyPage(plain.id);
    expect(defaults.facts).toEqual({
      houseRules: ["Rauchen ist nicht erlaubt.", "Ruhezeit ab 22 Uhr."],
      checkInFrom: "16:00",
      checkOutUntil: "10:30",
      touristTaxNote: "Kurtaxe: 2,50 € pro Person und Nacht, vor Ort zu zahlen.",
    });
    // The raw columns stay on the server: the page gets the resolved facts only.
    expect(defaults.property).not.toHaveProperty("houseRules");

    const mine = await propertyPage(own.id);
    expect(mine.facts).toEqual({
      houseRules: ["Haustiere willkommen."],
      checkInFrom: "14:00",
      checkOutUntil: "10:30",
      touristTaxNote: "Gästebeitrag Sylt: 3,50 € pro Nacht.",
    });

    // The booking page's summary shows the same note.
    const booking = await getBookingPageData({
      propertyId: own.id,
      userId: guestId,
      today: "2026-12-01",
    });
    expect(booking?.property.touristTaxNote).toBe("Gästebeitrag Sylt: 3,50 € pro Nacht.");
    expect(booking?.cancellation).toMatchObject({ freeCancellationHours: 48 });
  });

  it("shows no note and no rules when neither the settings nor the property have any", async () => {
    const property = await createProperty();
    const page = await propertyPage(property.id);
    expect(page.facts).toEqual({
      houseRules: [],
      checkInFrom: "15:00",
      checkOutUntil: "10:00",
      touristTaxNote: null,
    });
    const booking = await getBookingPageData({
      propertyId: property.id,
      userId: guestId,
      today: "2026-12-01",
    });
    expect(booking?.property.touristTaxNote).toBeNull();
  });
});

describe(`a property without the settings' Kurtaxe note (${databaseKind()})`, () => {
  const settingsNote = "Kurtaxe: 2,50 € pro Person und Nacht, vor Ort zu zahlen.";
  it("shows no note on the property page and in the booking summary when it chose none", async () => {
    await saveSettings({ touristTaxNote: settingsNote }, admin.id);
    const none = await createProperty({ touristTaxMode: "none" });
    const standard = await createProperty({ touristTaxMode: "default" });

    expect((await propertyPage(none.id)).facts.touristTaxNote).toBeNull();
    expect((await propertyPage(standard.id)).facts.touristTaxNote).toBe(settingsNote);
    const summary = (propertyId: string) =>
      getBookingPageData({ propertyId, userId: guestId, today: "2026-12-01" });
    expect((await summary(none.id))?.property.touristTaxNote).toBeNull();
    expect((await summary(standard.id))?.property.touristTaxNote).toBe(settingsNote);
    // The other facts still come from the settings.
    expect((await propertyPage(none.id)).facts.checkInFrom).toBe("15:00");
  });

  it("the migration keeps a note a property already had as its own, empty ones on the default", async () => {
    // The rows as they were before migration 0018: no choice, an own text or none.
    const hadOwn = await createProperty({ touristTaxNote: "Gästebeitrag 1 €" });
    const hadNone = await createProperty({ touristTaxNote: "" });
    const sql = readFileSync(
      fileURLToPath(new URL("../../db/migrations/0018_tourist_tax_mode.sql", import.meta.url)),
      "utf8",
    );
    const backfill = sql.split("--> statement-breakpoint").find((s) => s.includes("UPDATE"));
    expect(backfill).toBeDefined();
    await db().execute(drizzleSql.raw(backfill!));
    const modeOf = async (id: string) =>
      (
        await db()
          .select({ mode: schema.property.touristTaxMode })
          .from(schema.property)
          .where(eq(schema.property.id, id))
      )[0].mode;
    expect(await modeOf(hadOwn.id)).toBe("own");
    expect(await modeOf(hadNone.id)).toBe("default");
  });

  it("refuses any other choice in the database itself", async () => {
    await expect(
      createProperty({ touristTaxMode: "keiner" as unknown as "none" }),
    ).rejects.toThrow();
  });
});

describe(`the admin forms (${databaseKind()})`, () => {
  const valid = (overrides: Record<string, string | string[]> = {}) => ({
    intent: "save",
    title: "Strandhaus Möwe",
    description: "Reetgedecktes Haus hinter dem Deich.",
    pricePerNight: "120",
    cleaningFee: "",
    country: "Deutschland",
    city: "Sylt",
    bedrooms: "2",
    bathrooms: "1",
    maxGuests: "4",
    images: "[]",
    ...overrides,
  });
  // With the version of an edit page opened just now (decision 073).
  const postProperty = async (fields: Record<string, string | string[]>, id?: string) => {
    const version = await currentPropertyVersion(id);
    return call(formRoute.action, {
      request: post(
        `http://localhost:3000/admin/properties/${id ? `edit/${id}` : "add"}`,
        version ? { ...fields, version } : fields,
      ),
      params: id ? { id } : {},
      context: { clientIp: "198.51.100.7" },
    });
  };

  it("stores the property's facts, cleaned, with the audit entry; empty means the default", async () => {
    const answer = await postProperty(
      valid({
        houseRules: "  Keine Partys.\r\n\r\n\r\n\r\nBitte Müll trennen.\u0007  ",
        checkInFrom: "9:30",
        checkOutUntil: "",
        touristTaxNote: "Kurtaxe 2 € p. P.",
      }),
    );
    expect(answer.status).toBe(302);
    const [row] = await db()
      .select()
      .from(schema.property)
      .where(eq(schema.property.title, "Strandhaus Möwe"));
    expect(row).toMatchObject({
      houseRules: "Keine Partys.\n\nBitte Müll trennen.",
      checkInFrom: "09:30",
      checkOutUntil: "",
      // Sent without the choice (an older form): a text is the property's own note.
      touristTaxMode: "own",
      touristTaxNote: "Kurtaxe 2 € p. P.",
    });
    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, row.id));
    expect(entry.after).toMatchObject({ checkInFrom: "09:30", houseRules: row.houseRules });

    // The edit form shows them again; a draft keeps them as typed.
    const form = await call(formRoute.loader, {
      request: new Request(`http://localhost:3000/admin/properties/edit/${row.id}`, {
        headers: { cookie: admin.cookie },
      }),
      params: { id: row.id },
      context: {},
    });
    expect(form.data?.values).toMatchObject({ checkInFrom: "09:30", checkOutUntil: "" });
    expect(form.data?.values).toMatchObject({ touristTaxMode: "own" });
    expect(form.data?.factDefaults).toEqual({
      checkInFrom: "15:00",
      checkOutUntil: "10:00",
      touristTaxNote: "",
    });
    const autosave = await postProperty(
      valid({ intent: "autosave", checkOutUntil: "11:00", houseRules: "Neu" }),
      row.id,
    );
    expect(autosave.status).toBe(200);
    const [drafted] = await db()
      .select()
      .from(schema.property)
      .where(eq(schema.property.id, row.id));
    expect(drafted.checkOutUntil).toBe("");
    expect(drafted.draft).toMatchObject({ checkOutUntil: "11:00", houseRules: "Neu" });
  });

  it("switches the settings' Kurtaxe note off for one property, audited, and back to the default", async () => {
    await saveSettings({ touristTaxNote: "Kurtaxe 2,50 €" }, admin.id);
    const created = await postProperty(
      valid({ title: "Haus ohne Kurtaxe", touristTaxMode: "own", touristTaxNote: "Kurtaxe 3 €" }),
    );
    expect(created.status).toBe(302);
    const rowOf = async () =>
      (
        await db()
          .select()
          .from(schema.property)
          .where(eq(schema.property.title, "Haus ohne Kurtaxe"))
      )[0];
    const { id } = await rowOf();
    expect((await propertyPage(id)).facts.touristTaxNote).toBe("Kurtaxe 3 €");

    // "Kein Hinweis": the text still in the (hidden) field is not kept.
    const off = await postProperty(
      valid({ title: "Haus ohne Kurtaxe", touristTaxMode: "none", touristTaxNote: "Kurtaxe 3 €" }),
      id,
    );
    expect(off.status).toBe(302);
    expect(await rowOf()).toMatchObject({ touristTaxMode: "none", touristTaxNote: "" });
    expect((await propertyPage(id)).facts.touristTaxNote).toBeNull();
    const entries = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, id))
      .orderBy(schema.auditLog.createdAt);
    expect(entries.at(-1)).toMatchObject({
      actorId: admin.id,
      action: "update",
      before: { touristTaxMode: "own", touristTaxNote: "Kurtaxe 3 €" },
      after: { touristTaxMode: "none", touristTaxNote: "" },
    });

    const back = await postProperty(
      valid({ title: "Haus ohne Kurtaxe", touristTaxMode: "default" }),
      id,
    );
    expect(back.status).toBe(302);
    expect((await propertyPage(id)).facts.touristTaxNote).toBe("Kurtaxe 2,50 €");
  });

  it("refuses an own note without text and a choice that does not exist, in German codes", async () => {
    const empty = await postProperty(
      valid({ title: "Ohne Text", touristTaxMode: "own", touristTaxNote: "  " }),
    );
    expect(empty.status).toBe(400);
    expect(empty.data?.fieldErrors).toEqual({ touristTaxNote: "touristTaxRequired" });
    // The form comes back with the choice as sent.
    expect(empty.data?.values).toMatchObject({ touristTaxMode: "own" });
    const bogus = await postProperty(valid({ title: "Ohne Text", touristTaxMode: "keiner" }));
    expect(bogus.status).toBe(400);
    expect(bogus.data?.fieldErrors).toEqual({ touristTaxMode: "touristTaxMode" });
    const rows = await db()
      .select()
      .from(schema.property)
      .where(eq(schema.property.title, "Ohne Text"));
    expect(rows).toHaveLength(0);
  });

  it("refuses times that are no times and texts that are too long, with German codes", async () => {
    const answer = await postProperty(
      valid({
        title: "Zu lang",
        checkInFrom: "25:00",
        checkOutUntil: "abends",
        houseRules: "x".repeat(4001),
        touristTaxMode: "own",
        touristTaxNote: "y".repeat(501),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data?.fieldErrors).toMatchObject({
      checkInFrom: "time",
      checkOutUntil: "time",
      houseRules: "houseRulesTooLong",
      touristTaxNote: "touristTaxTooLong",
    });
    const rows = await db()
      .select()
      .from(schema.property)
      .where(eq(schema.property.title, "Zu lang"));
    expect(rows).toHaveLength(0);
  });

  it("saves the defaults in the settings and refuses a time that is no time", async () => {
    const settingsForm = (overrides: Record<string, string>) => {
      const fields: Record<string, string | string[]> = {};
      for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
        if (key === "serviceFee") fields[key] = "29";
        else if (Array.isArray(value)) fields[key] = value;
        else fields[key] = value === null ? "" : String(value);
      }
      return { ...fields, ...overrides };
    };
    const bad = await call(settingsRoute.action, {
      request: post("http://localhost:3000/admin/settings", settingsForm({ checkInFrom: "3 Uhr" })),
      params: {},
      context: {},
    });
    expect(bad.status).toBe(400);
    expect(bad.data?.fieldErrors).toMatchObject({ checkInFrom: "time" });

    const good = await call(settingsRoute.action, {
      request: post(
        "http://localhost:3000/admin/settings",
        settingsForm({
          checkInFrom: "14:00",
          checkOutUntil: "11:00",
          houseRules: "Bitte leise sein.",
          touristTaxNote: "Gästebeitrag 1 €",
          // The version of the page opened just now (decision 073).
          version: (await getSettingsForForm()).version,
        }),
      ),
      params: {},
      context: {},
    });
    expect(good.data?.fieldErrors ?? {}).toEqual({});
    expect(good.data).toMatchObject({ status: "saved" });
    const [row] = await db().select().from(schema.settings);
    expect(row).toMatchObject({
      checkInFrom: "14:00",
      checkOutUntil: "11:00",
      houseRules: "Bitte leise sein.",
      touristTaxNote: "Gästebeitrag 1 €",
    });
  });
});
