/**
 * A season's minimum stay never exceeds the settings' maximum stay (decision 090). Either way
 * round, every stay arriving in that season would be unbookable (too short for the season, too
 * long for the settings), and nobody would be told. The season form refuses a minimum above the
 * maximum, the settings form a maximum below a season still ahead; nothing is stored and
 * nothing audited.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInBerlin } from "~/domain/calendar-day";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { editVersionOf } from "~/lib/edit-version";
import { getTranslator } from "~/lib/i18n";
import * as seasonsRoute from "~/routes/admin/property-seasons";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createProperty, createSeason, createUser, sessionCookie } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";
import { openSettings, postSettings, settingsFields } from "../helpers/settings-form";
import { whileSettingsUnreadable } from "../helpers/settings-unreadable";

let handle: DatabaseHandle;
let adminCookie: string;
const de = getTranslator("de").t;
const en = getTranslator("en").t;

beforeAll(async () => {
  handle = await openTestDatabase();
  await ensureSettingsRow();
  const admin = await createUser({ name: "Anton Admin", role: "admin" });
  adminCookie = (await sessionCookie(admin.email))!;
});
afterAll(() => handle.close());
// Each test starts from the default maximum and without seasons.
beforeEach(async () => {
  await setMaxStay(30);
  await db().delete(schema.propertySeason);
});

/** The settings' maximum stay as another admin saved it a moment ago. */
async function setMaxStay(nights: number) {
  await db().update(schema.settings).set({ maxStayDays: nights }).where(eq(schema.settings.id, 1));
}

const settingsRow = async () => (await db().select().from(schema.settings))[0];
const auditEntries = async () => (await db().select({ n: count() }).from(schema.auditLog))[0].n;
const seasonsOf = (propertyId: string) =>
  db().select().from(schema.propertySeason).where(eq(schema.propertySeason.propertyId, propertyId));

/** A season's form as the browser posts it; every weekday allowed. */
function seasonForm(fields: Record<string, string>): [string, string][] {
  const form = {
    intent: "create",
    name: "Hochsommer",
    startDate: "2027-07-01",
    endDate: "2027-08-31",
    pricePerNight: "150",
    minStayNights: "7",
    ...fields,
  };
  const everyDay = ["0", "1", "2", "3", "4", "5", "6"];
  return [
    ...Object.entries(form),
    ...everyDay.map((d): [string, string] => ["arrivalWeekdays", d]),
    ...everyDay.map((d): [string, string] => ["departureWeekdays", d]),
  ];
}

function postSeason(propertyId: string, form: [string, string][]) {
  return callRoute<Record<string, unknown>>(seasonsRoute.action as never, {
    url: `/admin/properties/edit/${propertyId}/seasons`,
    params: { id: propertyId },
    cookie: adminCookie,
    form,
  });
}

describe(`a season's minimum stay within the maximum stay (${databaseKind()})`, () => {
  it("the season form refuses a minimum above the settings' maximum beside the field, naming it; nothing stored or audited", async () => {
    await setMaxStay(20);
    const property = await createProperty();
    const audited = await auditEntries();

    const refused = await postSeason(property.id, seasonForm({ minStayNights: "21" }));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "create",
      error: "invalid",
      fieldErrors: { minStayNights: "adminSeasons.errors.minStayAboveMax" },
      fieldErrorValues: { minStayNights: { count: 20 } },
      // The input as typed, for the form shown again.
      values: { name: "Hochsommer", minStayNights: "21", pricePerNight: "150" },
    });
    expect(de("adminSeasons.errors.minStayAboveMax", { count: 20 })).toBe(
      "Höchstens 20 Nächte: Der Höchstaufenthalt unter Einstellungen › Buchungen beträgt 20 Nächte. Für einen längeren Mindestaufenthalt erhöhen Sie ihn dort zuerst.",
    );
    expect(en("adminSeasons.errors.minStayAboveMax", { count: 1 })).toBe(
      "At most 1 night: the maximum stay under Settings › Bookings is 1 night. To require a longer minimum stay, raise it there first.",
    );
    expect(await seasonsOf(property.id)).toEqual([]);
    expect(await auditEntries()).toBe(audited);

    // Exactly the maximum is bookable: saved.
    expect((await postSeason(property.id, seasonForm({ minStayNights: "20" }))).status).toBe(302);
    const [season] = await seasonsOf(property.id);
    const afterCreate = await auditEntries();

    // Its edit form above the maximum: refused, the season as it was.
    const edit = seasonForm({
      intent: "update",
      seasonId: season.id,
      version: editVersionOf(season.updatedAt),
      name: "Langer Hochsommer",
      minStayNights: "25",
    });
    const refusedEdit = await postSeason(property.id, edit);
    expect(refusedEdit.status).toBe(400);
    expect(refusedEdit.data).toMatchObject({
      intent: "update",
      seasonId: season.id,
      fieldErrors: { minStayNights: "adminSeasons.errors.minStayAboveMax" },
      fieldErrorValues: { minStayNights: { count: 20 } },
      values: { name: "Langer Hochsommer", minStayNights: "25" },
    });
    expect(await seasonsOf(property.id)).toEqual([season]);
    expect(await auditEntries()).toBe(afterCreate);

    // With the maximum raised in the settings, the same form is saved.
    await setMaxStay(25);
    expect((await postSeason(property.id, edit)).status).toBe(302);
    expect((await seasonsOf(property.id))[0]).toMatchObject({
      name: "Langer Hochsommer",
      minStayNights: 25,
    });
  });

  it("a failed settings read refuses the season instead of checking it against the defaults", async () => {
    // The defaults' 30 nights would let 10 through; the operator's maximum is 5.
    await setMaxStay(5);
    const property = await createProperty();
    const audited = await auditEntries();
    const answer = await whileSettingsUnreadable(() =>
      postSeason(property.id, seasonForm({ minStayNights: "10" })),
    );
    expect(answer.status).toBe(500);
    expect(answer.data).toMatchObject({ error: "failed", values: { minStayNights: "10" } });
    expect(await seasonsOf(property.id)).toEqual([]);
    expect(await auditEntries()).toBe(audited);
    // Readable again: refused with the operator's maximum.
    const again = await postSeason(property.id, seasonForm({ minStayNights: "10" }));
    expect(again.data).toMatchObject({ fieldErrorValues: { minStayNights: { count: 5 } } });
  });

  it("the settings form refuses a maximum below a season still ahead, naming season and property; nothing stored or audited", async () => {
    const today = todayInBerlin();
    const binz = await createProperty({ title: "Strandhaus Binz" });
    const kate = await createProperty({ title: "Kate am Bodden" });
    const archived = await createProperty({ title: "Altes Fischerhaus", status: "archived" });
    for (const [property, name, start, end, minStay] of [
      // Its last night is today: it still matters.
      [binz.id, "Hochsommer", addDays(today, -10), today, "25"],
      [kate.id, "Herbst", addDays(today, 30), addDays(today, 60), "22"],
      // These no longer do: over yesterday, and on an archived property.
      [kate.id, "Vorsaison", addDays(today, -40), addDays(today, -1), "29"],
      [archived.id, "Sommer", addDays(today, 10), addDays(today, 40), "28"],
    ] as const) {
      const saved = await postSeason(
        property,
        seasonForm({ name, startDate: start, endDate: end, minStayNights: minStay }),
      );
      expect(saved.status).toBe(302);
    }

    const page = await openSettings(adminCookie);
    const before = await settingsRow();
    const audited = await auditEntries();
    const refused = await postSettings(
      adminCookie,
      settingsFields(page.settings, {
        maxStayDays: "24",
        platformName: "Ostseeglück",
        version: page.version,
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      status: "invalid",
      fieldErrors: { maxStayDays: "seasonMinStay" },
      fieldErrorValues: {
        maxStayDays: { season: "Hochsommer", property: "Strandhaus Binz", nights: 25 },
      },
    });
    expect(
      de("settings.invalid.seasonMinStay", {
        season: "Hochsommer",
        property: "Strandhaus Binz",
        nights: 25,
      }),
    ).toBe(
      "Die Saison „Hochsommer“ (Strandhaus Binz) verlangt mindestens 25 Nächte. Der Höchstaufenthalt muss mindestens so hoch sein, oder Sie senken zuerst den Mindestaufenthalt dieser Saison.",
    );
    expect(await settingsRow()).toEqual(before);
    expect(await auditEntries()).toBe(audited);

    // The highest minimum that still matters is enough.
    const saved = await postSettings(
      adminCookie,
      settingsFields(page.settings, { maxStayDays: "25", version: page.version }),
    );
    expect(saved.data).toMatchObject({ status: "saved" });
    expect((await settingsRow()).maxStayDays).toBe(25);

    // A season made unbookable before this check existed does not hold up a save of another
    // field (a phone number must not wait for it); lowering the maximum further is refused.
    await createSeason(kate.id, {
      name: "Pfingsten",
      startDate: addDays(today, 100),
      endDate: addDays(today, 110),
      pricePerNight: 12_000,
      minStayNights: 26,
    });
    const reopened = await openSettings(adminCookie);
    const unchanged = await postSettings(
      adminCookie,
      settingsFields(reopened.settings, { platformName: "Ostseeglück", version: reopened.version }),
    );
    expect(unchanged.data).toMatchObject({ status: "saved" });
    expect((await settingsRow()).platformName).toBe("Ostseeglück");
    const again = await openSettings(adminCookie);
    const lower = await postSettings(
      adminCookie,
      settingsFields(again.settings, { maxStayDays: "24", version: again.version }),
    );
    expect(lower.data).toMatchObject({
      fieldErrorValues: {
        maxStayDays: { season: "Pfingsten", property: "Kate am Bodden", nights: 26 },
      },
    });
    expect((await settingsRow()).maxStayDays).toBe(25);
  });
});
