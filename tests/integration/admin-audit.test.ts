/** /admin/audit (issue 13 part 7): every entry, newest first, by area and admin, paged. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditFilter, AUDIT_PAGE_SIZE, listAuditEntries } from "~/features/audit/audit.server";
import { createBlock } from "~/features/calendar/blocks.server";
import { hideReview, unhideReview } from "~/features/reviews/admin-reviews.server";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createBooking, createProperty, createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const filter = (query: string) => auditFilter(new URLSearchParams(query));

describe(`audit log (${databaseKind()})`, () => {
  it("lists newest first, filters by area and admin, and pages by the last entry", async () => {
    const anna = await createUser({ role: "admin", name: "Anna Admin" });
    const bert = await createUser({ role: "admin", name: "Bert Admin" });
    const start = Date.parse("2026-01-01T00:00:00Z");
    await db()
      .insert(schema.auditLog)
      .values(
        Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, i) => ({
          actorId: i % 2 === 0 ? anna.id : bert.id,
          entity: i % 5 === 0 ? "user" : "booking",
          entityId: crypto.randomUUID(),
          action: "status-change",
          before: { status: "pending" },
          after: { status: "confirmed" },
          createdAt: new Date(start + i * 60_000),
        })),
      );
    await db()
      .insert(schema.auditLog)
      .values({
        actorId: null,
        entity: "booking",
        entityId: crypto.randomUUID(),
        action: "payment-details-sent",
        after: { to: "gast@example.com" },
        createdAt: new Date(start - 60_000),
      });

    const first = await listAuditEntries(filter(""));
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    const times = first.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.entries[0]).toMatchObject({
      actor: "Anna Admin",
      changes: [{ field: "status", label: "Status", before: "Ausstehend", after: "Bestätigt" }],
    });
    expect(first.admins.map((a) => a.id)).toEqual(expect.arrayContaining([anna.id, bert.id]));

    const params = new URLSearchParams({ vor: first.next!.at, id: first.next!.id });
    const second = await listAuditEntries(auditFilter(params));
    expect(second.entries.map((e) => e.id)).not.toContain(first.entries[0].id);
    expect(second.entries.at(-1)).toMatchObject({ actor: null, action: "payment-details-sent" });
    expect(second.next).toBeNull();
    expect(first.entries.length + second.entries.length).toBe(AUDIT_PAGE_SIZE + 6);

    const users = await listAuditEntries(filter("entity=user"));
    expect(users.entries.every((e) => e.entity === "user")).toBe(true);
    expect(users.entries).toHaveLength(11);
    const annas = await listAuditEntries(filter(`admin=${anna.id}`));
    expect(annas.entries.every((e) => e.actor === "Anna Admin")).toBe(true);
    const system = await listAuditEntries(filter("admin=system"));
    expect(system.entries.map((e) => e.action)).toEqual(["payment-details-sent"]);
  });

  it("offers a former admin in the filter, beside today's admins, but not a guest who cancelled", async () => {
    const carla = await createUser({ role: "admin", name: "Carla Ehemalig" });
    const guest = await createUser({ name: "Gustav Gast" });
    const today = await createUser({ role: "admin", name: "Dora Heute" });
    await db()
      .insert(schema.auditLog)
      .values([
        { actorId: carla.id, entity: "property", entityId: crypto.randomUUID(), action: "update" },
        {
          actorId: guest.id,
          entity: "booking",
          entityId: crypto.randomUUID(),
          action: "cancelled-by-guest",
        },
      ]);
    // Carla is no admin any more; her entries stay in the log.
    await db().update(schema.profile).set({ role: "user" }).where(eq(schema.profile.id, carla.id));

    const { admins } = await listAuditEntries(filter(""));
    const byId = new Map(admins.map((admin) => [admin.id, admin]));
    expect(byId.get(carla.id)).toMatchObject({ name: "Carla Ehemalig", former: true });
    expect(byId.get(today.id)).toMatchObject({ name: "Dora Heute", former: false });
    expect(byId.has(guest.id)).toBe(false);
    // Today's admins first.
    expect(admins.findIndex((a) => a.id === today.id)).toBeLessThan(
      admins.findIndex((a) => a.id === carla.id),
    );
    const carlas = await listAuditEntries(filter(`admin=${carla.id}`));
    expect(carlas.entries.map((e) => e.actor)).toEqual(["Carla Ehemalig"]);
  });

  it("shows a settings change as the fields that changed, and ignores forged filters", async () => {
    const admin = await createUser({ role: "admin" });
    await db()
      .insert(schema.auditLog)
      .values({
        actorId: admin.id,
        entity: "settings",
        entityId: "1",
        action: "update",
        before: DEFAULT_SETTINGS,
        after: { ...DEFAULT_SETTINGS, minStayDays: 3 },
      });
    const [entry] = (await listAuditEntries(filter("entity=settings"))).entries;
    expect(entry.changes).toEqual([
      { field: "minStayDays", label: "Mindestaufenthalt (Nächte)", before: "1", after: "3" },
    ]);
    expect(entry.href).toBe("/admin/settings");
    expect(filter("entity=passwords&admin=1;drop&vor=gestern&id=x")).toEqual({
      entity: "alle",
      actor: null,
      before: null,
    });
  });

  it("names a block's dates as the block form does and a review's moderation in German (decision 108)", async () => {
    const admin = await createUser({ role: "admin", name: "Anna Admin" });
    const property = await createProperty({ title: "Haus Protokoll" });
    const block = await createBlock({
      actor: admin,
      propertyId: property.id,
      input: { checkIn: "2026-12-01", checkOut: "2026-12-04", reason: "own-use", note: "" },
      today: "2026-11-20",
    });
    expect(block.ok).toBe(true);
    const [blockEntry] = (await listAuditEntries(filter(`entity=property&admin=${admin.id}`)))
      .entries;
    // The stored checkOut is the first free day: the form's "Frei ab", not "Abreise"; in the
    // form's order, whatever order jsonb keeps; the empty note is no change.
    expect(blockEntry.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      "Erste Nacht: – → 01.12.2026",
      "Frei ab: – → 04.12.2026",
      "Grund: – → Eigennutzung",
    ]);

    const guest = await createUser({ name: "Erika Musterfrau" });
    const booking = await createBooking({
      userId: guest.id,
      propertyId: property.id,
      checkIn: "2020-03-01",
      checkOut: "2020-03-05",
      status: "completed",
    });
    const [review] = await db()
      .insert(schema.review)
      .values({
        bookingId: booking.id,
        propertyId: property.id,
        userId: guest.id,
        rating: 1,
        title: "",
        text: "Besuchen Sie meinen Shop unter example.com!",
      })
      .returning();
    expect(
      await hideReview({ actor: admin, id: review.id, reason: "advertising", note: "Werbelink" }),
    ).toEqual({ ok: true });
    expect(await unhideReview({ actor: admin, id: review.id, note: "Link entfernt" })).toEqual({
      ok: true,
    });
    const [unhidden, hidden] = (await listAuditEntries(filter("entity=review"))).entries;
    const read = (entry: typeof hidden) =>
      entry.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`);
    expect(read(hidden)).toEqual([
      "Ausgeblendet: nein → ja",
      "Grund: – → Werbung oder Spam",
      "Interne Begründung: – → Werbelink",
    ]);
    expect(read(unhidden)).toEqual([
      "Ausgeblendet: ja → nein",
      "Grund: Werbung oder Spam → –",
      "Interne Begründung: Werbelink → –",
      "Begründung: – → Link entfernt",
    ]);
  });
});
