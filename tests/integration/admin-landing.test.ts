/**
 * Issue 13 part 1: an admin who signs in lands on /admin unless a redirectTo says otherwise; a
 * guest lands on /dashboard; a signed-in admin who opens /auth is sent to /admin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { action, loader } from "~/routes/auth/auth";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie, TEST_PASSWORD } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const context = { requestId: "landing", clientIp: "192.0.2.41", nonce: "" };

async function signInAt(path: string, email: string) {
  const body = new URLSearchParams({ intent: "signIn", email, password: TEST_PASSWORD });
  const request = new Request(`http://localhost:3000${path}`, { method: "POST", body });
  const response = (await action({ request, params: {}, context } as never)) as Response;
  return { status: response.status, location: response.headers.get("location") };
}

describe(`where signing in lands (${databaseKind()})`, () => {
  it("sends an admin to /admin and a guest to /dashboard", async () => {
    const admin = await createUser({ role: "admin" });
    const guest = await createUser();
    expect(await signInAt("/auth", admin.email.toUpperCase())).toEqual({
      status: 302,
      location: "/admin",
    });
    expect(await signInAt("/auth", guest.email)).toEqual({ status: 302, location: "/dashboard" });
  });

  it("follows a redirectTo for admins too, but never off the site", async () => {
    const admin = await createUser({ role: "admin" });
    expect(await signInAt("/auth?redirectTo=%2Fdashboard%2Fbookings", admin.email)).toMatchObject({
      location: "/dashboard/bookings",
    });
    expect(
      (await signInAt("/auth?redirectTo=%2F%2Fevil.example", admin.email)).location,
    ).not.toContain("evil");
  });

  it("sends a signed-in admin who opens /auth to /admin", async () => {
    const admin = await createUser({ role: "admin" });
    const request = new Request("http://localhost:3000/auth", {
      headers: { cookie: await sessionCookie(admin.email) },
    });
    const thrown = await Promise.resolve(loader({ request, params: {}, context } as never)).then(
      () => null,
      (e: unknown) => e as Response,
    );
    expect(thrown?.headers.get("location")).toBe("/admin");
  });
});
