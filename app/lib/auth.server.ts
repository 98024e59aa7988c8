import crypto from "node:crypto";
import { promisify } from "node:util";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { verifyPassword } from "better-auth/crypto";
import { db, schema } from "./db.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/domain/password";
import { getEnv } from "./env.server";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;
const FAST_HASH_PREFIX = "test-scrypt-n16$";

/**
 * The integration tests' password hash (TEST_FAST_PASSWORD_HASH, only with NODE_ENV=test;
 * env.server.ts refuses to start anywhere else): scrypt with N=16 instead of Better Auth's
 * N=16384, so the ~100 accounts the tests create cost milliseconds, not 0.2 s each. Hashes
 * carry a prefix; anything else is verified by Better Auth's real scrypt. The tests of signing
 * in and of passwords run with the real hash (tests/helpers/database.ts).
 */
const fastTestPasswordHash = {
  hash: async (password: string) => {
    const salt = crypto.randomBytes(16).toString("hex");
    const key = await scrypt(password.normalize("NFKC"), salt, 32, { N: 16, r: 1, p: 1 });
    return `${FAST_HASH_PREFIX}${salt}:${key.toString("hex")}`;
  },
  verify: async ({ hash, password }: { hash: string; password: string }) => {
    if (!hash.startsWith(FAST_HASH_PREFIX)) return verifyPassword({ hash, password });
    const [salt, expected] = hash.slice(FAST_HASH_PREFIX.length).split(":");
    const key = await scrypt(password.normalize("NFKC"), salt, 32, { N: 16, r: 1, p: 1 });
    return crypto.timingSafeEqual(key, Buffer.from(expected, "hex"));
  },
};

/** Sliding sessions: valid 30 days, renewed at most once a day while the user is active. */
const SESSION_DAYS = 30;

/**
 * Every endpoint of Better Auth's HTTP handler, disabled (decision 013). app/routes/api/auth.ts
 * already answers 404 before Better Auth sees a request; this is the second lock, should the
 * handler ever be mounted again. Better Auth checks the list only in its HTTP router (exact
 * paths after /api/auth), never in `getAuth().api.*`, so our server code's calls (signInEmail,
 * signUpEmail, signOut, getSession) keep working. Paths with parameters (/callback/:id,
 * /reset-password/:token) cannot be listed; no social provider is configured and our reset
 * tokens are not Better Auth's. tests/integration/auth-endpoints.test.ts fails when an update
 * brings an endpoint that is missing here.
 */
export const DISABLED_AUTH_PATHS = [
  "/sign-in/email",
  "/sign-in/social",
  "/sign-up/email",
  "/sign-out",
  "/get-session",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/update-session",
  "/update-user",
  "/change-email",
  "/change-password",
  "/verify-password",
  "/delete-user",
  "/delete-user/callback",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/verify-email",
  "/link-social",
  "/list-accounts",
  "/unlink-account",
  "/refresh-token",
  "/get-access-token",
  "/account-info",
  "/ok",
  "/error",
];

function createAuth() {
  const env = getEnv();
  return betterAuth({
    appName: "Ferienwohnung",
    baseURL: env.BASE_URL,
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.BASE_URL],
    disabledPaths: DISABLED_AUTH_PATHS,
    // Failed sign-ins are expected traffic; our own log lines carry the request id.
    logger: { level: "error" },
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.authRateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      ...(env.TEST_FAST_PASSWORD_HASH ? { password: fastTestPasswordHash } : {}),
    },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
    },
    advanced: {
      database: { generateId: "uuid" },
      // Sessions keep no IP address (audit 20): nothing reads it, and the privacy policy names
      // none. Better Auth's own rate limiter, its only other user, guards the HTTP handler we
      // disable; our limits take the client address from server/index.ts.
      ipAddress: { disableIpTracking: true },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account has its profile row from sign-up on (spec 05: "exists from sign-up on").
          after: async (created) => {
            await db()
              .insert(schema.profile)
              .values({ id: created.id, fullName: created.name ?? "" })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
let instance: Auth | undefined;

/** The Better Auth instance over the process-wide database (created on first use). */
export function getAuth(): Auth {
  instance ??= createAuth();
  return instance;
}

/** Tests open a fresh database per file; the auth instance must follow it. */
export function resetAuth() {
  instance = undefined;
}
