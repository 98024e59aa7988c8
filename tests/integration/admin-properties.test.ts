/**
 * /admin/properties and its form (issue 14 parts 1, 2 and 4): the list with search, location
 * and status filters and paging; create and update with every validation message; publish;
 * autosaved drafts that stay private until "Speichern"; delete vs archive vs refused; forged
 * ids; audit entries for every change.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { adminPropertyFilter } from "~/features/properties/admin-property.schema";
import { deleteProperty, listAdminProperties } from "~/features/properties/admin-properties.server";
import { listActiveOffers } from "~/features/company/offers.server";
import { loadHomeLists } from "~/features/home/home.server";
import { getPublishedPropertyDetail } from "~/features/properties/property-detail.server";
import { searchProperties } from "~/features/properties/search.server";
import { buildSitemap } from "~/features/properties/sitemap.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { putObject, uploadsDir } from "~/lib/storage.server";
import * as formRoute from "~/routes/admin/property-form";
import * as listRoute from "~/routes/admin/properties";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { currentPropertyVersion } from "../helpers/edit-version";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;
let admin: { id: string; cookie: string };
let guestId: string;
const today = todayInBerlin();

beforeAll(async () => {
  handle = await openTestDatabase();
  const a = await createUser({ name: "Anton Admin", role: "admin" });
  admin = { id: a.id, cookie: await sessionCookie(a.email) };
  guestId = (await createUser()).id;
});
afterAll(() => handle.close());

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

type Fields = Record<string, string | string[]>;
function body(fields: Fields) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params;
}

/**
 * Posts the property form as the browser would: add page without id, edit page with one, with
 * the version of a page opened just now (decision 073) unless the fields name one.
 */
async function postForm(fields: Fields, id?: string, cookie: string | null = admin.cookie) {
  const url = `http://localhost:3000/admin/properties/${id === undefined ? "add" : `edit/${id}`}`;
  const version =
    "version" in fields
      ? undefined
      : await currentPropertyVersion(id ?? (typeof fields.id === "string" ? fields.id : undefined));
  const request = new Request(url, {
    method: "POST",
    headers: { ...(cookie ? { cookie } : {}), origin: "http://localhost:3000" },
    body: body(version ? { ...fields, version } : fields),
  });
  return call(formRoute.action, {
    request,
    params: id === undefined ? {} : { id },
    context: { clientIp: "198.51.100.7" },
  });
}

function loadForm(id?: string) {
  const url = `http://localhost:3000/admin/properties/${id === undefined ? "add" : `edit/${id}`}`;
  return call(formRoute.loader, {
    request: new Request(url, { headers: { cookie: admin.cookie } }),
    params: id === undefined ? {} : { id },
    context: {},
  });
}

function postList(fields: Fields, cookie: string | null = admin.cookie) {
  const request = new Request("http://localhost:3000/admin/properties", {
    method: "POST",
    headers: { ...(cookie ? { cookie } : {}), origin: "http://localhost:3000" },
    body: body(fields),
  });
  return call(listRoute.action, { request, params: {}, context: {} });
}

const valid = (overrides: Fields = {}): Fields => ({
  intent: "save",
  title: "Strandhaus Möwe",
  description: "Reetgedecktes Haus hinter dem Deich, zwei Minuten zum Strand.",
  pricePerNight: "1.234,50",
  cleaningFee: "",
  country: "Deutschland",
  city: "Sylt",
  bedrooms: "2",
  bathrooms: "1",
  maxGuests: "4",
  amenities: ["  WLAN ", "Sauna", "wlan", ""],
  images: "[]",
  ...overrides,
});

const propertyRow = async (id: string) =>
  (await db().select().from(schema.property).where(eq(schema.property.id, id)))[0];
const auditOf = (id: string) =>
  db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, "property"), eq(schema.auditLog.entityId, id)))
    .orderBy(schema.auditLog.createdAt);
const newestPropertyId = async (title: string) =>
  (await db().select().from(schema.property).where(eq(schema.property.title, title)))[0]?.id;
const isPublic = async (id: string, title: string) => {
  const detail = await getPublishedPropertyDetail(id);
  const found = await searchProperties({ amenities: [], sort: "newest", page: 1 }, today);
  const sitemap = await buildSitemap("http://localhost:3000");
  const inSearch = found.items.some((item) => item.id === id);
  const inSitemap = sitemap.includes(id);
  expect(detail !== null).toBe(inSearch);
  expect(inSitemap).toBe(inSearch);
  return detail !== null && detail.title === title;
};

describe(`admin properties (${databaseKind()})`, () => {
  it("lists every status, searches title and description (folded), filters by place and status, pages", async () => {
    const marker = "Kranichwiese";
    const made: Awaited<ReturnType<typeof createProperty>>[] = [];
    for (let i = 0; i < 13; i++) {
      made.push(
        await createProperty({
          title: `${marker} ${i}`,
          status: i % 3 === 0 ? "draft" : i % 3 === 1 ? "archived" : "published",
          city: i < 6 ? "Binz" : "Rostock",
          location: i < 6 ? "Binz, Deutschland" : "Rostock, Deutschland",
        }),
      );
    }
    await createProperty({ title: "Anderes Haus", description: "Mit Blick auf die KRANICHWIESE" });
    const filter = (query: string) => adminPropertyFilter(new URLSearchParams(query));

    const first = await listAdminProperties(filter("q=kranichwiese"));
    expect(first.total).toBe(14);
    expect(first.pageCount).toBe(2);
    expect(first.properties).toHaveLength(12);
    const second = await listAdminProperties(filter("q=kranichwiese&page=2"));
    expect(second.properties).toHaveLength(2);
    // Newest first across pages, every row once.
    const ids = [...first.properties, ...second.properties].map((p) => p.id);
    expect(new Set(ids).size).toBe(14);

    // Accents folded both ways: "kränichwiese" finds "Kranichwiese".
    expect((await listAdminProperties(filter("q=kränichwiese"))).total).toBe(14);
    const drafts = await listAdminProperties(filter("q=kranichwiese&status=draft"));
    expect(drafts.properties.map((p) => p.title).sort()).toEqual(
      [0, 3, 6, 9, 12].map((i) => `${marker} ${i}`).sort(),
    );
    const binzArchived = await listAdminProperties(filter(`q=${marker}&ort=binz&status=archived`));
    expect(binzArchived.properties.map((p) => p.title).sort()).toEqual(
      [`${marker} 1`, `${marker} 4`].sort(),
    );
    expect((await listAdminProperties(filter("q=gibt-es-nicht-xyz"))).properties).toEqual([]);
    // "%" and "_" typed by someone are characters, not wildcards.
    expect((await listAdminProperties(filter("q=%25"))).total).toBe(0);
    // A card: no reviews yet reads "Neu" (rating null); price, guests, created date present.
    const card = first.properties.find((p) => p.id === made[12].id)!;
    expect(card).toMatchObject({ rating: null, maxGuests: 4, pricePerNight: 9500 });
    // Hostile filter values are cut or ignored, never an error.
    expect(filter(`status=root&page=-1&q=${"x".repeat(300)}%00`)).toEqual({
      q: "x".repeat(100),
      location: "",
      status: "alle",
      page: 1,
    });
  });

  it("creates a published property from the add form: cents, default cleaning fee, trimmed unique amenities, location", async () => {
    const answer = await postForm(valid({ title: "Strandhaus Möwe 1" }));
    expect(answer).toMatchObject({ status: 302, location: "/admin/properties?hinweis=saved" });
    const id = (await newestPropertyId("Strandhaus Möwe 1"))!;
    const row = await propertyRow(id);
    expect(row).toMatchObject({
      status: "published",
      ownerId: admin.id,
      pricePerNight: 123450,
      cleaningFee: 7500,
      country: "Deutschland",
      city: "Sylt",
      location: "Sylt, Deutschland",
      bedrooms: 2,
      amenities: ["WLAN", "Sauna"],
      isSpecialOffer: false,
      draft: null,
    });
    expect(await isPublic(id, "Strandhaus Möwe 1")).toBe(true);
    const entries = await auditOf(id);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([["create", admin.id]]);
    expect(entries[0].after).toMatchObject({ title: "Strandhaus Möwe 1", pricePerNight: 123450 });
  });

  it("answers every invalid field with the spec's message code and stores nothing", async () => {
    const cases: [Fields, Record<string, string>][] = [
      [
        { title: " ", description: "", pricePerNight: "" },
        { title: "required", description: "required", pricePerNight: "required" },
      ],
      [{ pricePerNight: "12,345" }, { pricePerNight: "price" }],
      [{ pricePerNight: "-5" }, { pricePerNight: "price" }],
      [{ pricePerNight: "0" }, { pricePerNight: "price" }],
      [{ cleaningFee: "abc" }, { cleaningFee: "cleaningFee" }],
      [
        { bedrooms: "0", bathrooms: "1,5", maxGuests: "viele" },
        { bedrooms: "bedrooms", bathrooms: "bathrooms", maxGuests: "maxGuests" },
      ],
      [{ country: "", city: "" }, { country: "placeList" }],
      [{ country: "Atlantis", city: "Poseidonia" }, { city: "placeList" }],
      // A suggested country takes only its suggested cities in list mode.
      [{ country: "Österreich", city: "Sylt" }, { city: "placeList" }],
      [{ locationMode: "custom", country: "Norwegen", city: " " }, { city: "placeCustom" }],
      [
        { isSpecialOffer: "on" },
        { specialOfferPrice: "specialPriceRequired", specialOfferEndDate: "specialEndRequired" },
      ],
      [
        {
          isSpecialOffer: "on",
          specialOfferPrice: "1.234,50",
          specialOfferEndDate: addDays(today, -1),
        },
        { specialOfferPrice: "specialPriceTooHigh", specialOfferEndDate: "specialEndPast" },
      ],
      [
        { isSpecialOffer: "on", specialOfferPrice: "x", specialOfferEndDate: "2026-02-30" },
        { specialOfferPrice: "specialPriceInvalid", specialOfferEndDate: "specialEndInvalid" },
      ],
      [{ title: "T".repeat(201) }, { title: "titleTooLong" }],
    ];
    for (const [overrides, errors] of cases) {
      const answer = await postForm(valid({ title: "Ungültig", ...overrides }));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.data?.fieldErrors, JSON.stringify(overrides)).toEqual(errors);
      // The input comes back for the page to show again.
      expect(answer.data?.values).toBeTruthy();
    }
    expect(await newestPropertyId("Ungültig")).toBeUndefined();
  });

  it("free-text place, special offer from today, and images only from the property's own", async () => {
    const answer = await postForm(
      valid({
        title: "Hütte am Fjord",
        locationMode: "custom",
        country: "Norwegen",
        city: "Ålesund",
        isSpecialOffer: "on",
        specialOfferPrice: "99,9",
        specialOfferEndDate: today,
      }),
    );
    expect(answer.status).toBe(302);
    const id = (await newestPropertyId("Hütte am Fjord"))!;
    expect(await propertyRow(id)).toMatchObject({
      location: "Ålesund, Norwegen",
      isSpecialOffer: true,
      specialOfferPrice: 9990,
      specialOfferEndDate: today,
    });
    // Another property's image, a URL, or broken JSON: refused with the German message.
    for (const images of [
      JSON.stringify([{ ref: "properties/fremd/bild", category: null }]),
      "{nicht json",
      JSON.stringify(Array.from({ length: 31 }, (_, i) => ({ ref: `x${i}`, category: null }))),
    ]) {
      const refused = await postForm(valid({ title: "Hütte am Fjord", images }), id);
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ error: "invalidImage" });
    }
  });

  it("updates keep the status, reorder and recategorise images, and leave stored bookings alone", async () => {
    const images = [
      { key: "properties/t/a", widths: [400], category: "Küche" },
      { key: "properties/t/b", widths: [400] },
    ];
    const property = await createProperty({ title: "Alte Mühle", images });
    const booking = await createBooking({
      userId: guestId,
      propertyId: property.id,
      checkIn: addDays(today, 40),
      checkOut: addDays(today, 43),
    });
    const answer = await postForm(
      valid({
        title: "Alte Mühle am Bach",
        pricePerNight: "200",
        cleaningFee: "0",
        images: JSON.stringify([
          { ref: "properties/t/b", category: "Pool" },
          { ref: "properties/t/a", category: null },
        ]),
      }),
      property.id,
    );
    expect(answer.status).toBe(302);
    const row = await propertyRow(property.id);
    expect(row).toMatchObject({ status: "published", pricePerNight: 20000, cleaningFee: 0 });
    expect(row.images).toEqual([
      { key: "properties/t/b", widths: [400], category: "Pool" },
      { key: "properties/t/a", widths: [400] },
    ]);
    // The guest's booking keeps the price it was made at.
    const [stored] = await db()
      .select()
      .from(schema.booking)
      .where(eq(schema.booking.id, booking.id));
    expect(stored).toMatchObject({
      nightlyPrice: booking.nightlyPrice,
      cleaningFee: booking.cleaningFee,
      totalPrice: booking.totalPrice,
    });
    const [entry] = (await auditOf(property.id)).filter((e) => e.action === "update");
    expect(entry.before).toMatchObject({ title: "Alte Mühle", pricePerNight: 9500 });
    expect(entry.after).toMatchObject({ title: "Alte Mühle am Bach", pricePerNight: 20000 });
  });

  it("autosave on the add page makes a private draft; publishing makes it public", async () => {
    const draft = await postForm({
      intent: "autosave",
      title: "Entwurf Seeblick",
      description: "Noch unfertig",
      pricePerNight: "viel",
      country: "Deutschland",
      city: "",
    });
    expect(draft.status).toBe(200);
    expect(draft.data).toMatchObject({ ok: true, intent: "autosave" });
    const id = draft.data!.id as string;
    const row = await propertyRow(id);
    expect(row).toMatchObject({ status: "draft", title: "Entwurf Seeblick", pricePerNight: 0 });
    expect(row.draft).toMatchObject({ pricePerNight: "viel" });
    expect(await isPublic(id, "Entwurf Seeblick")).toBe(false);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(["draft-created"]);

    // Without title or description there is nothing to keep.
    expect((await postForm({ intent: "autosave", title: "Nur Titel" })).status).toBe(400);

    // The edit page shows the input as typed.
    const loaded = await loadForm(id);
    expect(loaded.data).toMatchObject({
      mode: "edit",
      values: { title: "Entwurf Seeblick", pricePerNight: "viel" },
      property: { id, status: "draft" },
    });

    // "Speichern" on the edit page of a draft keeps it a draft; "Veröffentlichen" publishes.
    const saved = await postForm(valid({ title: "Entwurf Seeblick" }), id);
    expect(saved.status).toBe(302);
    expect(await propertyRow(id)).toMatchObject({
      status: "draft",
      draft: null,
      pricePerNight: 123450,
    });
    expect(await isPublic(id, "Entwurf Seeblick")).toBe(false);
    expect((await postForm(valid({ intent: "publish", title: "Seeblick" }), id)).status).toBe(302);
    expect(await isPublic(id, "Seeblick")).toBe(true);
    expect((await auditOf(id)).map((e) => e.action)).toEqual([
      "draft-created",
      "update",
      "publish",
    ]);

    // The add page, once autosave made the draft, publishes it on "Speichern" (hidden id).
    const second = await postForm({
      intent: "autosave",
      title: "Zweiter Entwurf",
      description: "x",
    });
    const secondId = second.data!.id as string;
    const autosavedAgain = await postForm({
      intent: "autosave",
      id: secondId,
      title: "Zweiter Entwurf",
      description: "mehr Text",
    });
    expect(autosavedAgain.data).toMatchObject({ ok: true, id: secondId });
    const created = await postForm(valid({ title: "Zweiter Entwurf", id: secondId }));
    expect(created.status).toBe(302);
    expect(await propertyRow(secondId)).toMatchObject({ status: "published", draft: null });
  });

  it("a published property's autosaved draft stays private until Speichern; it can be discarded", async () => {
    const property = await createProperty({ title: "Leuchtturmblick" });
    const draft = await postForm(
      valid({ intent: "autosave", title: "Leuchtturmblick NEU", pricePerNight: "1" }),
      property.id,
    );
    expect(draft.data).toMatchObject({ ok: true, id: property.id });
    const row = await propertyRow(property.id);
    expect(row).toMatchObject({
      title: "Leuchtturmblick",
      pricePerNight: 9500,
      status: "published",
    });
    expect(row.draftSavedAt).not.toBeNull();
    expect(await isPublic(property.id, "Leuchtturmblick")).toBe(true);
    expect((await loadForm(property.id)).data).toMatchObject({
      values: { title: "Leuchtturmblick NEU" },
    });

    const discarded = await postForm({ intent: "discardDraft" }, property.id);
    expect(discarded).toMatchObject({
      status: 302,
      location: `/admin/properties/edit/${property.id}`,
    });
    expect((await loadForm(property.id)).data).toMatchObject({
      values: { title: "Leuchtturmblick", pricePerNight: "95,00" },
      property: { draftSavedAt: null },
    });

    await postForm(valid({ intent: "autosave", title: "Leuchtturmblick NEU" }), property.id);
    expect((await postForm(valid({ title: "Leuchtturmblick NEU" }), property.id)).status).toBe(302);
    expect(await propertyRow(property.id)).toMatchObject({
      title: "Leuchtturmblick NEU",
      draft: null,
    });
    expect(await isPublic(property.id, "Leuchtturmblick NEU")).toBe(true);
    expect((await auditOf(property.id)).map((e) => e.action)).toEqual([
      "autosave",
      "draft-discarded",
      "autosave",
      "update",
    ]);
  });

  it("delete: no bookings → deleted with its image files; past bookings → archived; upcoming → refused", async () => {
    await putObject("properties/del/bild-400.webp", Buffer.from("x"));
    await putObject("properties/del/bild-800.webp", Buffer.from("x"));
    const plain = await createProperty({
      title: "Abrisshaus",
      images: [{ key: "properties/del/bild", widths: [400, 800] }],
    });
    expect(await postList({ intent: "delete", id: plain.id })).toMatchObject({
      status: 302,
      location: "/admin/properties?hinweis=deleted",
    });
    expect(await propertyRow(plain.id)).toBeUndefined();
    expect(fs.existsSync(path.join(uploadsDir(), "properties/del/bild-400.webp"))).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir(), "properties/del/bild-800.webp"))).toBe(false);
    expect((await auditOf(plain.id)).map((e) => [e.action, e.after])).toEqual([["delete", null]]);

    const past = await createProperty({ title: "Vergangenheit" });
    await createBooking({
      userId: guestId,
      propertyId: past.id,
      checkIn: addDays(today, -10),
      checkOut: addDays(today, -7),
      status: "completed",
    });
    // An upcoming stay that was cancelled does not hold the property.
    await createBooking({
      userId: guestId,
      propertyId: past.id,
      checkIn: addDays(today, 10),
      checkOut: addDays(today, 12),
      status: "cancelled",
    });
    expect(await postList({ intent: "delete", id: past.id })).toMatchObject({
      status: 302,
      location: "/admin/properties?hinweis=archived",
    });
    expect(await propertyRow(past.id)).toMatchObject({ status: "archived" });
    expect(await isPublic(past.id, "Vergangenheit")).toBe(false);
    expect((await auditOf(past.id)).map((e) => e.action)).toEqual(["archive"]);

    const busy = await createProperty({ title: "Ausgebucht" });
    // A stay that is running today counts as upcoming: the guest is in the house.
    await createBooking({
      userId: guestId,
      propertyId: busy.id,
      checkIn: addDays(today, -1),
      checkOut: addDays(today, 2),
    });
    expect(await postList({ intent: "delete", id: busy.id })).toMatchObject({
      status: 409,
      data: { ok: false, error: "upcoming" },
    });
    expect(await propertyRow(busy.id)).toMatchObject({ status: "published" });
    expect(await auditOf(busy.id)).toEqual([]);
  });

  it("a booking being made while the property is deleted is seen: the delete is refused", async () => {
    const property = await createProperty({ title: "Gleichzeitig" });
    let deleting: Promise<Awaited<ReturnType<typeof deleteProperty>>> | undefined;
    await db().transaction(async (tx) => {
      // What booking.server.ts does before its insert: the property is still published, and
      // stays so while this transaction runs.
      await tx
        .select({ id: schema.property.id })
        .from(schema.property)
        .where(eq(schema.property.id, property.id))
        .for("key share");
      // The admin presses "Löschen" now; the booking has not committed yet.
      deleting = deleteProperty({ actor: { id: admin.id }, id: property.id });
      // On PostgreSQL, wait until the delete is blocked by this transaction's lock, so the
      // booking really commits in the middle of the delete. (PGlite has one connection: its
      // transactions run one after the other, and the delete starts after this commit.)
      if (databaseKind() === "postgres") {
        for (;;) {
          const { rows } = (await db().execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { n: number }[] };
          if (rows[0].n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
      await tx.insert(schema.booking).values({
        number: sql`'FW-RACE-' || lpad(nextval('booking_number_seq')::text, 6, '0')`,
        userId: guestId,
        propertyId: property.id,
        checkIn: addDays(today, 5),
        checkOut: addDays(today, 7),
        guests: 2,
        guestName: "Erika Musterfrau",
        guestEmail: "erika@example.com",
        nightlyPrice: 9500,
        nights: 2,
        cleaningFee: 7500,
        serviceFee: 2900,
        totalPrice: 29400,
        paymentMethod: "bank-transfer",
      });
    });
    expect(await deleting).toEqual({ ok: false, error: "upcoming" });
    expect(await propertyRow(property.id)).toMatchObject({ status: "published" });
  });

  it("offers and the home page lists show published properties only, never drafts or archived ones", async () => {
    const offer = {
      isSpecialOffer: true,
      specialOfferPrice: 5000,
      specialOfferEndDate: addDays(today, 10),
    };
    const shown = await createProperty({ title: "Angebot öffentlich", ...offer });
    const draft = await createProperty({ title: "Angebot Entwurf", status: "draft", ...offer });
    const archived = await createProperty({
      title: "Angebot Archiv",
      status: "archived",
      ...offer,
    });
    const offers = (await listActiveOffers(today)).map((o) => o.id);
    expect(offers).toContain(shown.id);
    expect(offers).not.toContain(draft.id);
    expect(offers).not.toContain(archived.id);
    const home = await loadHomeLists(today);
    const onHome = [...home.featured.properties, ...home.recommended.properties].map((p) => p.id);
    expect(onHome).toContain(shown.id);
    expect(onHome).not.toContain(draft.id);
    expect(onHome).not.toContain(archived.id);
  });

  it("forged and unknown ids are a German 404, never a 500; an expired session keeps the input", async () => {
    const unknown = crypto.randomUUID();
    for (const id of ["nicht-eine-uuid", "1 OR 1=1", unknown]) {
      expect((await loadForm(id)).status).toBe(404);
      expect((await postForm(valid(), id)).status).toBe(404);
      expect(
        (await postForm({ intent: "autosave", title: "a", description: "b" }, id)).status,
      ).toBe(404);
      expect((await postList({ intent: "delete", id })).status).toBe(404);
    }
    expect((await postForm(valid({ id: "kaputt" }))).status).toBe(404);
    const list = await call(listRoute.loader, {
      request: new Request("http://localhost:3000/admin/properties?loeschen=kaputt", {
        headers: { cookie: admin.cookie },
      }),
      params: {},
      context: {},
    });
    expect(list.status).toBe(404);
    expect((await postList({ intent: "etwas" })).status).toBe(400);

    const expired = await postForm(valid({ title: "Sitzung weg" }), undefined, null);
    expect(expired.status).toBe(401);
    expect(expired.data).toMatchObject({
      error: "sessionExpired",
      values: { title: "Sitzung weg" },
    });
    expect(await newestPropertyId("Sitzung weg")).toBeUndefined();
  });
});
