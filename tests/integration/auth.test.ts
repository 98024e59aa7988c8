import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCurrentUser, requireAdmin, requireUser } from "~/features/accounts/session.server";
import {
  register,
  signIn,
  SIGN_IN_LIMITS,
  withSignInLimits,
} from "~/features/accounts/sign-in.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie, TEST_PASSWORD } from "../helpers/factories";
import { callRoute } from "../helpers/route-call";
import * as authRoute from "~/routes/auth/auth";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase({ realPasswordHash: true });
});
afterAll(async () => {
  await handle.close();
});

const page = (path: string, cookie?: string, method = "GET") =>
  new Request(`http://localhost:3000${path}`, { method, headers: cookie ? { cookie } : {} });

async function thrown(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected the call to throw");
    },
    (e: unknown) => e,
  );
}

describe(`sign-up, sign-in and roles (${databaseKind()})`, () => {
  it("registration creates the account with a profile in role user and a session", async () => {
    const result = await register({
      name: "Lena Vogel",
      email: "lena.vogel@example.com",
      password: "Sommer-2027!",
      clientIp: "203.0.113.1",
      headers: new Headers(),
    });
    expect(result.ok).toBe(true);
    const [user] = await db()
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, "lena.vogel@example.com"));
    const [profile] = await db()
      .select()
      .from(schema.profile)
      .where(eq(schema.profile.id, user.id));
    expect(profile).toMatchObject({ fullName: "Lena Vogel", role: "user", language: "de" });
    expect(profile.notificationSettings).toEqual({
      emailNotifications: true,
      marketingEmails: false,
    });

    const cookie = result.ok ? result.headers.getSetCookie()[0].split(";")[0] : "";
    const current = await getCurrentUser(page("/dashboard", cookie));
    expect(current).toMatchObject({ email: "lena.vogel@example.com", role: "user" });
  });

  it("a second registration with the same e-mail (any case) is refused without creating anything", async () => {
    await createUser({ email: "doppelt@example.com" });
    const result = await register({
      name: "X",
      email: "Doppelt@Example.com".toLowerCase(),
      password: "Sommer-2027!",
      clientIp: "203.0.113.2",
      headers: new Headers(),
    });
    expect(result).toEqual({ ok: false, error: "emailTaken" });
    const rows = await db()
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, "doppelt@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("a name over 200 characters is refused with its own message, and nothing is created", async () => {
    const register = (name: string, email: string) =>
      callRoute<{ error: string; fieldErrors: Record<string, string> }>(authRoute.action, {
        url: "/auth",
        form: { intent: "register", name, email, password: "Sommer-2027!" },
      });
    const long = await register("Ä".repeat(201), "lang@example.com");
    expect(long.status).toBe(400);
    // It used to say "Bitte geben Sie Ihren Namen ein." to someone who had typed a name.
    expect(long.data?.error).toBe("nameTooLong");
    expect(long.data?.fieldErrors).toEqual({ name: "nameTooLong" });
    const stored = await db()
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, "lang@example.com"));
    expect(stored).toHaveLength(0);
    // 200, what the profile and the booking form accept, is fine.
    expect((await register("Ä".repeat(200), "lang@example.com")).status).toBe(302);
  });

  it("wrong password and unknown e-mail give the same answer", async () => {
    const { email } = await createUser();
    const wrongPassword = await signIn({
      email,
      password: "falsch-falsch",
      clientIp: "203.0.113.3",
      headers: new Headers(),
    });
    const unknownEmail = await signIn({
      email: "niemand@example.com",
      password: TEST_PASSWORD,
      clientIp: "203.0.113.3",
      headers: new Headers(),
    });
    expect(wrongPassword).toEqual({ ok: false, error: "invalidCredentials" });
    expect(unknownEmail).toEqual({ ok: false, error: "invalidCredentials" });
    const right = await signIn({
      email: email.toUpperCase(),
      password: TEST_PASSWORD,
      clientIp: "203.0.113.3",
      headers: new Headers(),
    });
    expect(right.ok).toBe(true);
  });

  it("locks an account after repeated failures, even with the right password, from any address", async () => {
    const { email } = await createUser();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountFailures.max; i++) {
      const attempt = await signIn({
        email,
        password: "falsch-falsch",
        clientIp: `198.51.100.${i}`,
        headers: new Headers(),
      });
      expect(attempt).toEqual({ ok: false, error: "invalidCredentials" });
    }
    const blocked = await signIn({
      email,
      password: TEST_PASSWORD,
      clientIp: "198.51.100.200",
      headers: new Headers(),
    });
    expect(blocked).toEqual({ ok: false, error: "tooManyAttempts" });
  });

  // The two tests below sign in more times than the per-client limit, each with the real scrypt
  // hash of this file: about 0.2 s a time alone, many times that beside a loaded machine's other
  // work (one took over 60 s in a fresh-clone run). A budget, not a measure.
  it(
    "does not count successful sign-ins against the client address",
    { timeout: 240_000 },
    async () => {
      const { email } = await createUser();
      const ip = "192.0.2.88";
      for (let i = 0; i <= SIGN_IN_LIMITS.perClient.max; i++) {
        const attempt = await signIn({
          email,
          password: TEST_PASSWORD,
          clientIp: ip,
          headers: new Headers(),
        });
        expect(attempt.ok).toBe(true);
      }
    },
  );

  it(
    "limits failed sign-in attempts per client address across accounts",
    { timeout: 240_000 },
    async () => {
      const ip = "192.0.2.77";
      let last;
      for (let i = 0; i <= SIGN_IN_LIMITS.perClient.max; i++) {
        last = await signIn({
          email: `probe-${i}@example.com`,
          password: "egal-egal",
          clientIp: ip,
          headers: new Headers(),
        });
      }
      expect(last).toEqual({ ok: false, error: "tooManyAttempts" });
      // Another client is not affected.
      const other = await signIn({
        email: "probe-x@example.com",
        password: "egal-egal",
        clientIp: "192.0.2.78",
        headers: new Headers(),
      });
      expect(other).toEqual({ ok: false, error: "invalidCredentials" });
    },
  );

  it("requireUser sends visitors to /auth with the page to come back to, and refuses saves with 401", async () => {
    const redirect = (await thrown(requireUser(page("/dashboard?tab=1")))) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/auth?redirectTo=%2Fdashboard%3Ftab%3D1");

    const save = (await thrown(requireUser(page("/admin/settings", undefined, "POST")))) as {
      init: ResponseInit;
    };
    expect(save.init.status).toBe(401);
  });

  it("requireAdmin refuses a signed-in guest with 403 and admits an admin", async () => {
    const guest = await createUser();
    const admin = await createUser({ role: "admin" });
    const forbidden = (await thrown(
      requireAdmin(page("/admin", await sessionCookie(guest.email))),
    )) as { init: ResponseInit };
    expect(forbidden.init.status).toBe(403);
    await expect(
      requireAdmin(page("/admin", await sessionCookie(admin.email))),
    ).resolves.toMatchObject({ role: "admin" });
  });

  it("only the exact stored role 'admin' counts; demotion takes effect on the next request", async () => {
    const user = await createUser({ role: "admin" });
    const cookie = await sessionCookie(user.email);
    for (const stored of ["Admin", "admin ", "", "superuser"]) {
      await db().update(schema.profile).set({ role: stored }).where(eq(schema.profile.id, user.id));
      const error = (await thrown(requireAdmin(page("/admin", cookie)))) as { init: ResponseInit };
      expect(error.init.status, `role "${stored}"`).toBe(403);
    }
  });

  it("recreates a missing profile row instead of failing", async () => {
    const user = await createUser({ name: "Paul Profil" });
    const cookie = await sessionCookie(user.email);
    await db().delete(schema.profile).where(eq(schema.profile.id, user.id));
    const current = await getCurrentUser(page("/dashboard", cookie));
    expect(current).toMatchObject({ role: "user", fullName: "Paul Profil" });
    const rows = await db().select().from(schema.profile).where(eq(schema.profile.id, user.id));
    expect(rows).toHaveLength(1);
  });
});

describe(`password hashing (${databaseKind()})`, () => {
  it("stores Better Auth's scrypt hash in these tests, not the other tests' fast test hash", async () => {
    const { id } = await createUser();
    const [account] = await db().select().from(schema.account).where(eq(schema.account.userId, id));
    expect(account.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  });
});

/**
 * N guesses sent at once, each held inside its password check until every one of them has either
 * reached the check or been answered: a guess that is let through while the others are still
 * being checked shows up as one check too many, without any timing.
 */
async function burst(n: number, attempt: (check: () => Promise<null>) => Promise<{ ok: boolean }>) {
  let checked = 0;
  let settled = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const arrive = () => {
    if (checked + settled === n) open();
  };
  const results = await Promise.all(
    Array.from({ length: n }, () =>
      attempt(async () => {
        checked++;
        arrive();
        await gate;
        return null;
      }).finally(() => {
        // Answered without a check (refused): no longer holding the gate up.
        settled++;
        arrive();
      }),
    ),
  );
  return { checked, results };
}

describe(`the sign-in lockout holds against parallel guesses (${databaseKind()})`, () => {
  it("of N guesses at once for one account, at most the limit reach the password check", async () => {
    const { email } = await createUser();
    const max = SIGN_IN_LIMITS.perAccountFailures.max;
    let ip = 0;
    const { checked, results } = await burst(3 * max, (check) =>
      withSignInLimits({ email, clientIp: `203.0.113.${++ip}` }, check),
    );
    expect(checked).toBe(max);
    expect(results.filter((r) => "error" in r && r.error === "wrongPassword")).toHaveLength(max);
    expect(results.filter((r) => "error" in r && r.error === "tooManyAttempts")).toHaveLength(
      2 * max,
    );
    // Locked afterwards too, even with the right password.
    expect(
      await signIn({
        email,
        password: TEST_PASSWORD,
        clientIp: "203.0.113.250",
        headers: new Headers(),
      }),
    ).toEqual({ ok: false, error: "tooManyAttempts" });
  });

  it("of N guesses at once from one client address, at most its limit reach the check", async () => {
    const max = SIGN_IN_LIMITS.perClient.max;
    let n = 0;
    const { checked } = await burst(max + 10, (check) =>
      withSignInLimits({ email: `parallel-${++n}@example.com`, clientIp: "203.0.113.99" }, check),
    );
    expect(checked).toBe(max);
  });

  it(
    "40 parallel POST /auth for one account: 401 for the limit's worth, 429 for the rest",
    { timeout: 240_000 },
    async () => {
      const { email } = await createUser();
      const max = SIGN_IN_LIMITS.perAccountFailures.max;
      // Each call comes from its own client address (callRoute): only the account's limit applies.
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          callRoute(authRoute.action, {
            url: "/auth",
            form: { intent: "signIn", email, password: "falsch-falsch" },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - max);
    },
  );
});
