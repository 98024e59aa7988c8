import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { db, schema } from "./db.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/features/accounts/auth.schema";
import { getEnv } from "./env.server";

/** Sliding sessions: valid 30 days, renewed at most once a day while the user is active. */
const SESSION_DAYS = 30;

function createAuth() {
  const env = getEnv();
  return betterAuth({
    appName: "Ferienwohnung",
    baseURL: env.BASE_URL,
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.BASE_URL],
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
      // Set by our server from the socket (or X-Forwarded-For with TRUST_PROXY); clients cannot choose it.
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
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
