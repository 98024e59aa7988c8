/**
 * /admin/users (issue 13 part 5): search, role filter and paging; the role change takes effect
 * on the next request; the last admin cannot be demoted, also when two admins try at once.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUserFilter } from "~/features/accounts/admin-users.schema";
import { changeUserRole, listAdminUsers } from "~/features/accounts/admin-users.server";
import { requireAdmin } from "~/features/accounts/session.server";
import { loader as eventsLoader } from "~/routes/api/events";
import { closeEventStreams } from "~/features/settings/event-stream.server";
import {
  listenForSettingsChanges,
  stopListening,
} from "~/features/settings/settings-events.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { action } from "~/routes/admin/users";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const filter = (query: string) => adminUserFilter(new URLSearchParams(query));
const page = (cookie: string) =>
  new Request("http://localhost:3000/admin", { headers: { cookie } });
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: { init?: { status?: number }; status?: number }) => e.init?.status ?? e.status ?? 500,
  );

async function demoteAllAdmins() {
  await db().update(schema.profile).set({ role: "user" }).where(eq(schema.profile.role, "admin"));
}

describe(`admin users (${databaseKind()})`, () => {
  it("finds accounts by name or e-mail (accents and case folded) and filters by role", async () => {
    const jurgen = await createUser({ name: "Jürgen Weiß", email: "jw-suche@example.com" });
    const admin = await createUser({ name: "Anna Admin", role: "admin" });
    expect((await listAdminUsers(filter("q=jurgen weiss"))).users.map((u) => u.id)).toEqual([
      jurgen.id,
    ]);
    expect((await listAdminUsers(filter("q=JW-SUCHE"))).users.map((u) => u.id)).toEqual([
      jurgen.id,
    ]);
    const admins = await listAdminUsers(filter("role=admin"));
    expect(admins.users.map((u) => u.id)).toContain(admin.id);
    expect(admins.users.every((u) => u.role === "admin")).toBe(true);
    const users = await listAdminUsers(filter("role=user"));
    expect(users.users.map((u) => u.id)).not.toContain(admin.id);
    expect(filter("role=root&page=0&q=" + "x".repeat(300))).toEqual({
      q: "x".repeat(100),
      role: "alle",
      page: 1,
    });
  });

  it("pages newest first", async () => {
    for (let i = 0; i < 21; i++) await createUser({ name: `Seitenprobe ${i}` });
    const first = await listAdminUsers(filter("q=seitenprobe"));
    const second = await listAdminUsers(filter("q=seitenprobe&page=2"));
    expect(first.total).toBe(21);
    expect(first.pageCount).toBe(2);
    expect(first.users).toHaveLength(20);
    expect(second.users.map((u) => u.name)).toEqual(["Seitenprobe 0"]);
  });

  it("deep pages continue one another, also through accounts created at the same moment", async () => {
    // 45 accounts in three instants: the order falls back to the id within an instant, which
    // the newest-first index (user_created_idx, with the search text, migration 0020) holds.
    const instants = [
      new Date("2026-01-03T10:00:00Z"),
      new Date("2026-01-02T10:00:00Z"),
      new Date("2026-01-01T10:00:00Z"),
    ];
    const rows = Array.from({ length: 45 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Tiefenprobe ${i}`,
      email: `tiefenprobe-${i}@example.com`,
      emailVerified: true,
      createdAt: instants[i % 3],
      updatedAt: instants[i % 3],
    }));
    await db().insert(schema.user).values(rows);
    const pages = await Promise.all(
      [1, 2, 3].map((n) => listAdminUsers(filter(`q=tiefenprobe&page=${n}`))),
    );
    expect(pages.map((p) => p.users.length)).toEqual([20, 20, 5]);
    const seen = pages.flatMap((p) => p.users);
    expect(new Set(seen.map((u) => u.id)).size).toBe(45);
    expect(seen.map((u) => u.id).sort()).toEqual(rows.map((r) => r.id).sort());
    // Newest first, and within an instant by id, descending: nothing out of order at the seams.
    const expected = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(seen.map((u) => u.id)).toEqual(expected);
    // Beyond the last page: an empty page, not an error.
    expect((await listAdminUsers(filter("q=tiefenprobe&page=4"))).users).toEqual([]);
  });

  it("a promoted user is an admin on their next request, a demoted admin not", async () => {
    await demoteAllAdmins();
    const boss = await createUser({ name: "Chefin", role: "admin" });
    const guest = await createUser({ name: "Gast" });
    const guestCookie = await sessionCookie(guest.email);
    expect(await status(requireAdmin(page(guestCookie)))).toBe(403);

    expect(await changeUserRole({ userId: guest.id, role: "admin", actorId: boss.id })).toEqual({
      ok: true,
    });
    // The same session, without signing in again.
    expect(await status(requireAdmin(page(guestCookie)))).toBe(200);

    expect(await changeUserRole({ userId: guest.id, role: "user", actorId: boss.id })).toEqual({
      ok: true,
    });
    expect(await status(requireAdmin(page(guestCookie)))).toBe(403);

    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "user"), eq(schema.auditLog.entityId, guest.id)));
    expect(audit.map((a) => [a.action, a.actorId, a.before, a.after])).toEqual(
      expect.arrayContaining([
        ["role-change", boss.id, { role: "user" }, { role: "admin" }],
        ["role-change", boss.id, { role: "admin" }, { role: "user" }],
      ]),
    );
  });

  it("tells the user's open pages at once that their role changed (the event stream)", async () => {
    // On PostgreSQL the news travels through NOTIFY, as between two app processes.
    if (handle.kind === "postgres") await listenForSettingsChanges(handle.url!);
    try {
      await demoteAllAdmins();
      const boss = await createUser({ name: "Chefin", role: "admin" });
      const guest = await createUser({ name: "Gast mit offenem Tab" });
      const other = await createUser({ name: "Anderer Gast" });
      const openStream = async (cookie: string) => {
        const response = await eventsLoader({
          request: new Request("http://localhost:3000/api/events", { headers: { cookie } }),
          context: { clientIp: "203.0.113.9" },
          params: {},
        } as unknown as Parameters<typeof eventsLoader>[0]);
        const reader = response.body!.getReader();
        await reader.read(); // "retry:"
        return reader;
      };
      const guestTab = await openStream(await sessionCookie(guest.email));
      const otherTab = await openStream(await sessionCookie(other.email));

      expect(await changeUserRole({ userId: guest.id, role: "admin", actorId: boss.id })).toEqual({
        ok: true,
      });
      const { value } = await guestTab.read();
      expect(new TextDecoder().decode(value)).toContain("event: session");
      // The other guest's tab hears nothing of it (its next read would wait): nothing queued.
      const next = await Promise.race([
        otherTab.read().then(() => "event"),
        new Promise((resolve) => setTimeout(() => resolve("nothing"), 300)),
      ]);
      expect(next).toBe("nothing");
    } finally {
      closeEventStreams();
      await stopListening();
    }
  });

  it("never demotes the last admin, also when two admins demote each other at once", async () => {
    await demoteAllAdmins();
    const only = await createUser({ role: "admin" });
    expect(await changeUserRole({ userId: only.id, role: "user", actorId: only.id })).toEqual({
      ok: false,
      error: "lastAdmin",
    });

    const second = await createUser({ role: "admin" });
    const results = await Promise.all([
      changeUserRole({ userId: only.id, role: "user", actorId: second.id }),
      changeUserRole({ userId: second.id, role: "user", actorId: only.id }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: "lastAdmin" }]);
    const [{ admins }] = await db()
      .select({ admins: db().$count(schema.profile, eq(schema.profile.role, "admin")) })
      .from(schema.profile)
      .limit(1);
    expect(admins).toBe(1);
  });

  it("answers forged ids and roles with a 4xx and changes nothing", async () => {
    await demoteAllAdmins();
    const admin = await createUser({ role: "admin" });
    const guest = await createUser();
    const cookie = await sessionCookie(admin.email);
    const post = async (body: Record<string, string>) => {
      const request = new Request("http://localhost:3000/admin/users", {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });
      const answer = (await action({ request, params: {}, context: {} } as never)) as {
        init?: { status?: number };
        data?: { error?: string };
      };
      return { status: answer.init?.status, error: answer.data?.error };
    };
    expect(await post({ userId: guest.id, role: "root" })).toEqual({
      status: 400,
      error: "invalid",
    });
    expect(await post({ userId: crypto.randomUUID(), role: "admin" })).toEqual({
      status: 404,
      error: "notFound",
    });
    expect(await post({ userId: "1' or '1'='1", role: "admin" })).toEqual({
      status: 404,
      error: "notFound",
    });
    expect(await post({ userId: admin.id, role: "user" })).toEqual({
      status: 409,
      error: "lastAdmin",
    });
    const [profile] = await db()
      .select()
      .from(schema.profile)
      .where(eq(schema.profile.id, guest.id));
    expect(profile.role).toBe("user");
  });
});
