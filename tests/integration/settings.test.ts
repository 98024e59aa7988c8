import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import { settingsFormSchema } from "~/features/settings/settings.schema";
import { ensureSettingsRow, getSettings, saveSettings } from "~/features/settings/settings.server";
import {
  listenForSettingsChanges,
  onSettingsChanged,
  stopListening,
} from "~/features/settings/settings-events.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  if (handle.kind === "postgres" && handle.url) await listenForSettingsChanges(handle.url);
});
afterAll(async () => {
  await stopListening();
  await handle.close();
});

/** What the admin form posts (strings, euros). */
function rawForm(overrides: Record<string, unknown> = {}) {
  return {
    ...DEFAULT_SETTINGS,
    serviceFee: "29",
    socialFacebookUrl: "",
    socialInstagramUrl: "",
    socialXUrl: "",
    ...overrides,
  };
}
const formValues = (overrides: Record<string, unknown> = {}) =>
  settingsFormSchema.parse(rawForm(overrides));

describe(`site settings (${databaseKind()})`, () => {
  it("uses the defaults of the spec until a row is stored", async () => {
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS);
    await ensureSettingsRow();
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it("saves, records the change in the audit log and notifies open pages", async () => {
    const admin = await createUser({ role: "admin" });
    const notified = new Promise<void>((resolve) => {
      const off = onSettingsChanged(() => {
        off();
        resolve();
      });
    });
    await saveSettings(
      formValues({ platformName: "Alpen Chalets", serviceFee: "35,50", primaryColor: "#00aa55" }),
      admin.id,
    );
    await notified; // on PostgreSQL this arrives through LISTEN/NOTIFY

    const saved = await getSettings();
    expect(saved).toMatchObject({
      platformName: "Alpen Chalets",
      serviceFee: 3550,
      primaryColor: "#00AA55",
    });
    const [entry] = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, "settings"))
      .orderBy(desc(schema.auditLog.createdAt));
    expect(entry.actorId).toBe(admin.id);
    expect((entry.before as { platformName: string }).platformName).toBe("TraumUrlaub Reisen");
    expect((entry.after as { platformName: string }).platformName).toBe("Alpen Chalets");
  });

  it("rejects invalid values with field messages and no change", () => {
    const result = settingsFormSchema.safeParse({
      ...rawForm(),
      serviceFee: "-5",
      primaryColor: "red;}</style><script>",
      allowedPaymentMethods: ["bitcoin"],
      socialXUrl: "javascript:alert(1)",
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toMatchObject({
      serviceFee: "serviceFee",
      primaryColor: "color",
      socialXUrl: "url",
    });
    expect(byField.allowedPaymentMethods).toBeDefined();

    const stay = settingsFormSchema.safeParse({ ...rawForm(), minStayDays: "7", maxStayDays: "3" });
    expect(stay.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["maxStayDays", "maxStay"],
    ]);
  });

  it("a partial save keeps what another process saved a moment ago, and logs it as 'before'", async () => {
    const admin = await createUser({ role: "admin" });
    await getSettings(); // this process's cache now holds the current row
    // Another app process saves a new platform name; its NOTIFY has not reached us yet (the
    // direct write stands for it, and the cache is read at once below).
    await db()
      .update(schema.settings)
      .set({ platformName: "Küstenglück Ferienwohnungen" })
      .where(eq(schema.settings.id, 1));
    const { before, after } = await saveSettings(
      { logoLightUrl: "/media/brand/logo.webp" },
      admin.id,
    );
    expect(before.platformName).toBe("Küstenglück Ferienwohnungen");
    expect(after).toMatchObject({
      platformName: "Küstenglück Ferienwohnungen",
      logoLightUrl: "/media/brand/logo.webp",
    });
    const [row] = await db().select().from(schema.settings);
    expect(row).toMatchObject({
      platformName: "Küstenglück Ferienwohnungen",
      logoLightUrl: "/media/brand/logo.webp",
    });
    const [audit] = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, "settings"))
      .orderBy(desc(schema.auditLog.createdAt))
      .limit(1);
    expect(audit.before).toMatchObject({ platformName: "Küstenglück Ferienwohnungen" });
    await saveSettings(
      { platformName: DEFAULT_SETTINGS.platformName, logoLightUrl: null },
      admin.id,
    );
  });

  it("validates and saves the booking limits", async () => {
    const admin = await createUser({ role: "admin" });
    const invalid = settingsFormSchema.safeParse({
      ...rawForm(),
      bookingHorizonMonths: "0",
      maxPendingBookings: "2,5",
      bookingAttemptsPerAccount: "",
      bookingAttemptsPerClient: "10001",
    });
    expect(Object.fromEntries(invalid.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      bookingHorizonMonths: "horizon",
      maxPendingBookings: "pendingBookings",
      bookingAttemptsPerAccount: "attempts",
      bookingAttemptsPerClient: "attempts",
    });
    expect(
      settingsFormSchema.safeParse({ ...rawForm(), bookingHorizonMonths: "121" }).success,
    ).toBe(false);

    await saveSettings(
      formValues({
        bookingHorizonMonths: "12",
        maxPendingBookings: "1",
        bookingAttemptsPerAccount: "5",
        bookingAttemptsPerClient: "40",
      }),
      admin.id,
    );
    expect(await getSettings()).toMatchObject({
      bookingHorizonMonths: 12,
      maxPendingBookings: 1,
      bookingAttemptsPerAccount: 5,
      bookingAttemptsPerClient: 40,
    });
    const [row] = await db().select().from(schema.settings);
    expect(row).toMatchObject({ bookingHorizonMonths: 12, maxPendingBookings: 1 });
    // The payment schedule's settings: 0–100 % and 0–365 days, in the form and the database.
    const schedule = settingsFormSchema.safeParse({
      ...rawForm(),
      depositPercentage: "101",
      balanceDueDays: "-1",
    });
    expect(Object.fromEntries(schedule.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      depositPercentage: "percentage",
      balanceDueDays: "balanceDays",
    });
    await saveSettings(formValues({ depositPercentage: "30", balanceDueDays: "21" }), admin.id);
    expect(await getSettings()).toMatchObject({ depositPercentage: 30, balanceDueDays: 21 });
    await expect(db().update(schema.settings).set({ depositPercentage: 120 })).rejects.toThrow();
    // Cancelling bookings with an overdue deposit (decision 047): off when empty, 1–90 days.
    expect(await getSettings()).toMatchObject({ autoCancelOverdueDays: null });
    for (const wrong of ["0", "91", "2,5", "abc", "-3"]) {
      const result = settingsFormSchema.safeParse({ ...rawForm(), autoCancelOverdueDays: wrong });
      expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
        ["autoCancelOverdueDays", "autoCancelDays"],
      ]);
    }
    await saveSettings(formValues({ autoCancelOverdueDays: "14" }), admin.id);
    expect(await getSettings()).toMatchObject({ autoCancelOverdueDays: 14 });
    const [audited] = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, "settings"))
      .orderBy(desc(schema.auditLog.createdAt))
      .limit(1);
    expect(audited.before).toMatchObject({ autoCancelOverdueDays: null });
    expect(audited.after).toMatchObject({ autoCancelOverdueDays: 14 });
    await saveSettings(formValues({ autoCancelOverdueDays: "" }), admin.id);
    expect(await getSettings()).toMatchObject({ autoCancelOverdueDays: null });
    await expect(db().update(schema.settings).set({ autoCancelOverdueDays: 0 })).rejects.toThrow();
    // The database refuses limits that would stop all bookings, whatever writes them.
    await expect(db().update(schema.settings).set({ maxPendingBookings: 0 })).rejects.toThrow();
  });
});
