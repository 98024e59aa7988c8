import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekdayMask } from "~/domain/seasons";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { editVersionOf } from "~/lib/edit-version";
import * as seasonsRoute from "~/routes/admin/property-seasons";
import * as editRoute from "~/routes/admin/property-form";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createProperty, createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";

// "Saisonzeiten" on /admin/properties/edit/{id} (issue 18 point 5, decision 046).
let handle: DatabaseHandle;
let adminCookie: string;
let guestCookie: string;
let adminId: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  const admin = await createUser({ name: "Anton Admin", role: "admin" });
  const guest = await createUser({ name: "Gina Gast" });
  adminId = admin.id;
  adminCookie = (await sessionCookie(admin.email))!;
  guestCookie = (await sessionCookie(guest.email))!;
});
afterAll(() => handle.close());

const summer = (overrides: Record<string, string> = {}): [string, string][] => {
  const fields = {
    intent: "create",
    name: "Hauptsaison",
    startDate: "2027-07-01",
    endDate: "2027-08-31",
    pricePerNight: "150,00",
    minStayNights: "7",
    ...overrides,
  };
  return [...Object.entries(fields), ["arrivalWeekdays", "5"], ["departureWeekdays", "5"]];
};

function post(propertyId: string, form: [string, string][], cookie = adminCookie) {
  return callRoute<Record<string, unknown>>(seasonsRoute.action as never, {
    url: `/admin/properties/edit/${propertyId}/seasons`,
    params: { id: propertyId },
    cookie,
    form,
  });
}

const seasonsOf = (propertyId: string) =>
  db().select().from(schema.propertySeason).where(eq(schema.propertySeason.propertyId, propertyId));

describe(`admin seasons (${databaseKind()})`, () => {
  it("adds a season with its rules, writes the audit log, and shows it on the edit page", async () => {
    const property = await createProperty();
    const answer = await post(property.id, summer());
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(
      `/admin/properties/edit/${property.id}?hinweis=seasons#saisonzeiten`,
    );
    const [season] = await seasonsOf(property.id);
    expect(season).toMatchObject({
      name: "Hauptsaison",
      startDate: "2027-07-01",
      endDate: "2027-08-31",
      pricePerNight: 15_000,
      minStayNights: 7,
      arrivalWeekdays: weekdayMask([5]),
      departureWeekdays: weekdayMask([5]),
    });
    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.entityId, property.id),
          eq(schema.auditLog.action, "season-created"),
        ),
      );
    expect(entry).toMatchObject({ actorId: adminId, entity: "property" });
    const page = await callRoute<{ seasons: { seasons: { name: string }[] } }>(
      editRoute.loader as never,
      {
        url: `/admin/properties/edit/${property.id}`,
        params: { id: property.id },
        cookie: adminCookie,
      },
    );
    expect(page.data?.seasons.seasons.map((s) => s.name)).toEqual(["Hauptsaison"]);
  });

  it("refuses invalid input with German field errors and keeps it", async () => {
    const property = await createProperty();
    const answer = await post(
      property.id,
      summer({ name: " ", endDate: "2027-06-01", pricePerNight: "abc", minStayNights: "0" }).filter(
        ([name]) => name !== "arrivalWeekdays",
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      error: "invalid",
      fieldErrors: {
        name: "adminSeasons.errors.nameRequired",
        pricePerNight: "adminSeasons.errors.price",
        minStayNights: "adminSeasons.errors.minStay",
        arrivalWeekdays: "adminSeasons.errors.arrivalWeekdays",
      },
      values: { pricePerNight: "abc" },
    });
    expect(await seasonsOf(property.id)).toEqual([]);
    const later = await post(property.id, summer({ endDate: "2027-06-01" }));
    expect(later.data).toMatchObject({
      fieldErrors: { endDate: "adminSeasons.errors.endBeforeStart" },
    });
  });

  it("refuses a season that overlaps another of the same property (database constraint)", async () => {
    const property = await createProperty();
    expect((await post(property.id, summer())).status).toBe(302);
    const overlapping = await post(
      property.id,
      summer({ name: "Spätsommer", startDate: "2027-08-31", endDate: "2027-09-15" }),
    );
    expect(overlapping.status).toBe(409);
    expect(overlapping.data).toMatchObject({ error: "overlap" });
    expect(await seasonsOf(property.id)).toHaveLength(1);
  });

  it("changes and removes a season, and sets the long-stay discounts, each audited", async () => {
    const property = await createProperty();
    await post(property.id, summer());
    const [season] = await seasonsOf(property.id);
    const updated = await post(
      property.id,
      // With the version its edit form was loaded with (decision 073).
      summer({
        intent: "update",
        seasonId: season.id,
        pricePerNight: "160",
        version: editVersionOf(season.updatedAt),
      }),
    );
    expect(updated.status).toBe(302);
    expect((await seasonsOf(property.id))[0].pricePerNight).toBe(16_000);

    const discounts = await post(property.id, [
      ["intent", "discounts"],
      ["weeklyDiscountPercent", "10"],
      ["monthlyDiscountPercent", ""],
    ]);
    expect(discounts.status).toBe(302);
    const [row] = await db()
      .select()
      .from(schema.property)
      .where(eq(schema.property.id, property.id));
    expect(row).toMatchObject({ weeklyDiscountPercent: 10, monthlyDiscountPercent: 0 });
    const badDiscount = await post(property.id, [
      ["intent", "discounts"],
      ["weeklyDiscountPercent", "95"],
      ["monthlyDiscountPercent", "-1"],
    ]);
    expect(badDiscount.status).toBe(400);
    expect(badDiscount.data).toMatchObject({
      fieldErrors: {
        weeklyDiscountPercent: "adminSeasons.errors.discount",
        monthlyDiscountPercent: "adminSeasons.errors.discount",
      },
    });

    const removed = await post(property.id, [
      ["intent", "delete"],
      ["seasonId", season.id],
    ]);
    expect(removed.status).toBe(302);
    expect(await seasonsOf(property.id)).toEqual([]);
    const actions = (
      await db()
        .select({ action: schema.auditLog.action })
        .from(schema.auditLog)
        .where(eq(schema.auditLog.entityId, property.id))
    ).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "season-created",
        "season-updated",
        "discounts-changed",
        "season-deleted",
      ]),
    );
  });

  it("only admins: a guest gets 403, and another property's season cannot be touched", async () => {
    const property = await createProperty();
    const asGuest = await post(property.id, summer(), guestCookie).catch((e: unknown) => e);
    expect((asGuest as { status?: number }).status).toBe(403);
    const other = await createProperty();
    await post(other.id, summer());
    const [foreign] = await seasonsOf(other.id);
    const answer = await post(property.id, [
      ["intent", "delete"],
      ["seasonId", foreign.id],
    ]);
    expect(answer.status).toBe(404);
    expect(await seasonsOf(other.id)).toHaveLength(1);
  });
});
