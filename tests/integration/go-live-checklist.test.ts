/**
 * The go-live checklist and "Demodaten entfernen" (issue 15 part 6, decision 033): every point
 * turns from open to done by the operator's real action, the removal deletes exactly what the
 * seed marked (never the operator's own rows, never the signed-in admin) in one transaction
 * with an audit entry, and a production start logs every open point.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_LOGINS } from "../../db/demo-logins";
import { defaultContent, saveContent } from "~/features/content/content.server";
import { goLiveChecklist, logOpenGoLivePoints } from "~/features/go-live/checklist.server";
import { countDemoData, removeDemoData } from "~/features/go-live/demo-data.server";
import { saveSettings } from "~/features/settings/settings.server";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import { getAuth } from "~/lib/auth.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import * as dashboardRoute from "~/routes/admin/dashboard";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;

beforeAll(async () => {
  // The real scrypt hash: the password point must recognise what Better Auth really stores.
  handle = await openTestDatabase({ realPasswordHash: true });
});
afterAll(() => handle.close());

const DEMO_ADMIN = DEMO_LOGINS[0];
let counter = 0;

/** A demo world as the seed leaves it: marked users, property, bookings, review, bank account. */
async function seedDemo(options: { adminEmail?: string } = {}) {
  const n = ++counter;
  const { user: demoAdmin } = await getAuth().api.signUpEmail({
    body: {
      email: options.adminEmail ?? `admin-${n}@demo.traumurlaub.de`,
      password: DEMO_ADMIN.password,
      name: "Julia Demo",
    },
  });
  await db()
    .update(schema.profile)
    .set({ role: "admin" })
    .where(eq(schema.profile.id, demoAdmin.id));
  const demoGuest = await createUser({ email: `gast-${n}@demo.traumurlaub.de` });
  const property = await createProperty({ title: `Demo-Haus ${n}`, ownerId: demoAdmin.id });
  const [bank] = await db()
    .insert(schema.bankAccount)
    .values({
      accountHolder: "TraumUrlaub Reisen GmbH",
      iban: "DE52100100100612345678",
      bic: "PBNKDEFF",
      bankName: "Postbank",
      isActive: true,
      isDefault: true,
    })
    .returning();
  const booking = await createBooking({
    userId: demoGuest.id,
    propertyId: property.id,
    checkIn: "2027-05-01",
    checkOut: "2027-05-04",
    bankAccountId: bank.id,
    status: "completed",
  });
  await db().insert(schema.review).values({
    bookingId: booking.id,
    propertyId: property.id,
    userId: demoGuest.id,
    rating: 5,
    title: "Schön",
    text: "Sehr schön.",
  });
  await db()
    .insert(schema.demoRecord)
    .values([
      { entity: "user", entityId: demoAdmin.id },
      { entity: "user", entityId: demoGuest.id },
      { entity: "property", entityId: property.id },
      { entity: "booking", entityId: booking.id },
      { entity: "bank_account", entityId: bank.id },
    ]);
  return { demoAdmin, demoGuest, property, bank, booking };
}

async function resetDatabase() {
  await db().delete(schema.demoRecord);
  await db().delete(schema.contentVersion);
  await db().delete(schema.booking);
  await db().delete(schema.property);
  await db().delete(schema.bankAccount);
  await db().delete(schema.auditLog);
  await db().delete(schema.user);
  await saveSettings({ ...DEFAULT_SETTINGS }, null as never).catch(() => undefined);
}

const point = async (id: string, viewerId: string | null = null, env = { SMTP_URL: "" }) =>
  (await goLiveChecklist({ viewerId, env })).find((p) => p.id === id)!;

describe(`go-live checklist (${databaseKind()})`, () => {
  beforeEach(resetDatabase);

  it("lists the points in order, one entry each", async () => {
    const points = await goLiveChecklist({ viewerId: null, env: {} });
    expect(points.map((p) => p.id)).toEqual([
      "imprint",
      "legalTexts",
      "bankAccount",
      "smtp",
      "demoData",
      "adminPassword",
    ]);
  });

  it("Impressum: open while a mandatory field is a placeholder, done when all are the operator's", async () => {
    const admin = await createUser({ role: "admin" });
    const open = await point("imprint");
    expect(open.ok).toBe(false);
    expect(String(open.detail?.fields)).toContain("companyRepresentative");
    await saveSettings(
      {
        companyName: "Ferienhof Petersen GmbH",
        companyAddress: "Deichweg 4",
        companyPostalCode: "25980",
        companyCity: "Sylt",
        companyRepresentative: "Inke Petersen",
        companyRegisterCourt: "Amtsgericht Flensburg",
        companyRegistration: "HRB 9876 FL",
        companyVatId: "DE298765432",
        companyEmail: "gast@ferienhof-petersen.de",
        companyPhone: "+49 4651 12345",
      },
      admin.id,
    );
    // Everything but the demo Steuernummer is the operator's: still open (decision 083).
    expect((await point("imprint")).detail?.fields).toEqual(["companyTaxId"]);
    await saveSettings({ companyTaxId: "" }, admin.id);
    expect((await point("imprint")).ok).toBe(true);
  });

  it("Impressum: no register entry and no USt-IdNr. (sole trader, § 19 UStG) do not block", async () => {
    const admin = await createUser({ role: "admin" });
    await saveSettings(
      {
        companyName: "Ferienwohnung Petersen",
        companyAddress: "Deichweg 4",
        companyPostalCode: "25980",
        companyCity: "Sylt",
        companyRepresentative: "Inke Petersen",
        companyRegisterCourt: "",
        companyRegistration: "",
        companyVatId: "",
        companyTaxId: "",
        companyEmail: "gast@ferienhof-petersen.de",
        companyPhone: "+49 4651 12345",
      },
      admin.id,
    );
    expect((await point("imprint")).ok).toBe(true);
  });

  it("legal texts: open until the operator has saved an own AGB and an own Datenschutz", async () => {
    const admin = await createUser({ role: "admin" });
    expect((await point("legalTexts")).ok).toBe(false);
    const ownVersion = (page: "terms" | "privacy", language: "de" | "en") =>
      saveContent({
        actor: admin,
        page,
        language,
        body: { ...defaultContent(page, language), title: `Eigene Fassung (${page})` },
        basedOn: null,
      });
    expect(await ownVersion("terms", "de")).toMatchObject({ ok: true });
    expect((await point("legalTexts")).ok).toBe(false);
    // Any language counts: an operator may start with the English page.
    expect(await ownVersion("privacy", "en")).toMatchObject({ ok: true });
    expect((await point("legalTexts")).ok).toBe(true);
  });

  it("bank account: open without one and with the demo account as the default, done with an own default", async () => {
    expect((await point("bankAccount")).ok).toBe(false);
    await seedDemo();
    expect((await point("bankAccount")).ok).toBe(false);
    const [own] = await db()
      .insert(schema.bankAccount)
      .values({
        accountHolder: "Ferienhof Petersen GmbH",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
        bankName: "Commerzbank",
        isActive: true,
      })
      .returning();
    // Own but not the default: guests would still be sent to the demo account.
    expect((await point("bankAccount")).ok).toBe(false);
    await db().transaction(async (tx) => {
      await tx.update(schema.bankAccount).set({ isDefault: false });
      await tx
        .update(schema.bankAccount)
        .set({ isDefault: true })
        .where(eq(schema.bankAccount.id, own.id));
    });
    expect((await point("bankAccount")).ok).toBe(true);
  });

  it("SMTP: done only when SMTP_URL names an SMTP server", async () => {
    expect((await point("smtp", null, { SMTP_URL: "" })).ok).toBe(false);
    expect((await point("smtp", null, { SMTP_URL: "https://mail.example.com" })).ok).toBe(false);
    expect((await point("smtp", null, { SMTP_URL: "smtp://mail.example.com:587" })).ok).toBe(true);
    expect((await point("smtp", null, { SMTP_URL: "smtps://u:p@mail.example.com" })).ok).toBe(true);
  });

  it("admin password: open while any admin still has the demo password, done once it is changed", async () => {
    expect((await point("adminPassword")).ok).toBe(true);
    const { demoAdmin } = await seedDemo({ adminEmail: DEMO_ADMIN.email });
    const open = await point("adminPassword");
    expect(open).toMatchObject({ ok: false, detail: { email: DEMO_ADMIN.email } });
    const context = await getAuth().$context;
    await db()
      .update(schema.account)
      .set({ password: await context.password.hash("Eigenes-Passwort-2027") })
      .where(eq(schema.account.userId, demoAdmin.id));
    expect((await point("adminPassword")).ok).toBe(true);
    // A guest with that password is no admin: not this point's business.
    await getAuth().api.signUpEmail({
      body: { email: "gast-x@example.com", password: DEMO_ADMIN.password, name: "Gast" },
    });
    expect((await point("adminPassword")).ok).toBe(true);
  });

  it("logs one warning per open point at a production start", async () => {
    const warnings: { object: Record<string, unknown>; message: string }[] = [];
    await seedDemo();
    const points = await logOpenGoLivePoints({
      warn: (object, message) => warnings.push({ object, message }),
    });
    const open = points.filter((p) => !p.ok).map((p) => p.id);
    expect(open).toEqual(expect.arrayContaining(["imprint", "bankAccount", "demoData"]));
    expect(warnings.map((w) => w.object.goLive)).toEqual(open);
    expect(warnings.every((w) => w.message.startsWith("go-live checklist: "))).toBe(true);
  });
});

describe(`Demodaten entfernen (${databaseKind()})`, () => {
  beforeEach(resetDatabase);

  it("deletes the demo rows and keeps the operator's, with one audit entry", async () => {
    const demo = await seedDemo();
    const owner = await createUser({ role: "admin", name: "Inke Petersen" });
    const ownGuest = await createUser({ name: "Echter Gast" });
    const ownProperty = await createProperty({ title: "Eigenes Haus", ownerId: demo.demoAdmin.id });
    const ownBooking = await createBooking({
      userId: ownGuest.id,
      propertyId: ownProperty.id,
      checkIn: "2027-06-01",
      checkOut: "2027-06-05",
    });
    // The demo guest tried the operator's own property: that booking is the operator's.
    const testBooking = await createBooking({
      userId: demo.demoGuest.id,
      propertyId: ownProperty.id,
      checkIn: "2027-07-01",
      checkOut: "2027-07-03",
    });
    const [ownBank] = await db()
      .insert(schema.bankAccount)
      .values({
        accountHolder: "Ferienhof Petersen GmbH",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
        bankName: "Commerzbank",
        isActive: true,
      })
      .returning();
    expect((await point("demoData", owner.id)).ok).toBe(false);
    expect(await countDemoData()).toEqual({
      users: 2,
      properties: 1,
      bookings: 1,
      bankAccounts: 1,
    });

    const result = await removeDemoData({ id: owner.id });
    expect(result).toEqual({
      ok: true,
      removed: { users: 2, properties: 1, bookings: 1, bankAccounts: 1 },
      keptSelf: false,
    });
    expect(await countDemoData()).toEqual({
      users: 0,
      properties: 0,
      bookings: 0,
      bankAccounts: 0,
    });
    expect((await point("demoData", owner.id)).ok).toBe(true);
    expect(await db().select().from(schema.demoRecord)).toEqual([]);

    // Everything of the operator is still there.
    const users = await db().select({ id: schema.user.id }).from(schema.user);
    expect(users.map((u) => u.id).sort()).toEqual([owner.id, ownGuest.id].sort());
    const properties = await db().select().from(schema.property);
    expect(properties.map((p) => p.id)).toEqual([ownProperty.id]);
    // Owned by the deleted demo admin: kept, without an owner (like any deleted account's).
    expect(properties[0].ownerId).toBeNull();
    const bookings = await db()
      .select({ id: schema.booking.id, userId: schema.booking.userId })
      .from(schema.booking);
    expect(bookings.map((b) => b.id).sort()).toEqual([ownBooking.id, testBooking.id].sort());
    expect(bookings.find((b) => b.id === testBooking.id)?.userId).toBeNull();
    expect(await db().select().from(schema.review)).toEqual([]);
    // The own account took over as the default when the demo default went.
    const banks = await db().select().from(schema.bankAccount);
    expect(banks).toEqual([expect.objectContaining({ id: ownBank.id, isDefault: true })]);
    expect((await point("bankAccount")).ok).toBe(true);

    const entries = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, "demo-data"));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: owner.id,
        action: "delete",
        before: {
          users: 2,
          properties: 1,
          bookings: 1,
          bankAccounts: 1,
          keptSignedInDemoAccount: false,
        },
      }),
    ]);
  });

  it("keeps the signed-in admin when it is a demo account, and the point stays open", async () => {
    const demo = await seedDemo();
    const result = await removeDemoData({ id: demo.demoAdmin.id });
    expect(result).toMatchObject({
      ok: true,
      keptSelf: true,
      removed: { users: 1, properties: 1 },
    });
    const [self] = await db()
      .select()
      .from(schema.user)
      .where(eq(schema.user.id, demo.demoAdmin.id));
    expect(self).toBeDefined();
    const open = await point("demoData", demo.demoAdmin.id);
    expect(open).toMatchObject({ ok: false, detail: { users: 1, viewerIsDemo: 1 } });

    // Signed in as the operator's own admin, the rest goes.
    const owner = await createUser({ role: "admin" });
    expect(await removeDemoData({ id: owner.id })).toMatchObject({
      ok: true,
      removed: { users: 1, properties: 0, bookings: 0, bankAccounts: 0 },
    });
    expect((await point("demoData", owner.id)).ok).toBe(true);
  });

  it("refuses, changing nothing, while a real guest's booking concerns a demo property", async () => {
    const demo = await seedDemo();
    const owner = await createUser({ role: "admin" });
    const realGuest = await createUser();
    await createBooking({
      userId: realGuest.id,
      propertyId: demo.property.id,
      checkIn: "2027-08-01",
      checkOut: "2027-08-05",
    });
    expect(await removeDemoData({ id: owner.id })).toEqual({
      ok: false,
      error: "foreignBookings",
      count: 1,
    });
    expect(await countDemoData()).toEqual({
      users: 2,
      properties: 1,
      bookings: 1,
      bankAccounts: 1,
    });
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, "demo-data"));
    expect(audit).toEqual([]);
  });

  it("runs from the dashboard's action for admins only, and only with its intent", async () => {
    await seedDemo();
    const owner = await createUser({ role: "admin" });
    const guest = await createUser();
    const postAs = async (cookie: string | null, fields: Record<string, string>) => {
      const request = new Request("http://localhost:3000/admin?index", {
        method: "POST",
        headers: { ...(cookie ? { cookie } : {}), origin: "http://localhost:3000" },
        body: new URLSearchParams(fields),
      });
      try {
        const value = (await dashboardRoute.action({
          request,
          params: {},
          context: {},
        } as never)) as { data?: unknown; init?: ResponseInit | null } | Record<string, unknown>;
        if ("init" in value) {
          const init = value.init as ResponseInit | null | undefined;
          return { status: init?.status ?? 200, data: value.data };
        }
        return { status: 200, data: value };
      } catch (thrown) {
        const status =
          thrown instanceof Response
            ? thrown.status
            : ((thrown as { init?: ResponseInit }).init?.status ?? 500);
        return { status, data: null };
      }
    };
    expect((await postAs(null, { intent: "remove-demo-data" })).status).toBe(401);
    expect(
      (await postAs(await sessionCookie(guest.email), { intent: "remove-demo-data" })).status,
    ).toBe(403);
    const cookie = await sessionCookie(owner.email);
    expect((await postAs(cookie, { intent: "something" })).status).toBe(400);
    expect((await countDemoData()).properties).toBe(1);
    const done = await postAs(cookie, { intent: "remove-demo-data" });
    expect(done).toMatchObject({ status: 200, data: { status: "removed", keptSelf: false } });
    expect(await countDemoData()).toEqual({
      users: 0,
      properties: 0,
      bookings: 0,
      bankAccounts: 0,
    });
    const left = await db()
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(inArray(schema.user.id, [owner.id, guest.id]));
    expect(left).toHaveLength(2);
  });
});
