import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";

/**
 * Configuration from the environment, validated once at boot. Everything has a default that
 * makes `npm start` work on a fresh machine with the embedded database; production must set
 * AUTH_SECRET and BASE_URL explicitly (checked below).
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default("./data"),
  BASE_URL: optionalUrl,
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("TraumUrlaub Reisen <noreply@example.com>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy in front of the app. */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Skip the demo seed on an empty database (production installations). */
  SEED_DEMO_DATA: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1")),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /**
   * Let the CSV image import fetch from private, loopback and link-local addresses (decision
   * 028). Off by default: image URLs come from a file, and the server must not be pointed at
   * its own network. Tests and closed intranets turn it on.
   */
  IMPORT_ALLOW_PRIVATE: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Test suite only (tests/helpers/database.ts): a cheap password hash instead of scrypt.
   * Refused outside NODE_ENV=test, so no deployment can start with it (checked below).
   */
  TEST_FAST_PASSWORD_HASH: z
    .enum(["true", "false", "1", "0", ""])
    .default("")
    .transform((v) => v === "true" || v === "1"),
});

export type Env = z.infer<typeof envSchema> & {
  AUTH_SECRET: string;
  BASE_URL: string;
  DATA_DIR: string;
  isProduction: boolean;
  /** Demo data is seeded into an empty database unless turned off; off by default on PostgreSQL in production. */
  seedDemoData: boolean;
};

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const dataDir = path.resolve(env.DATA_DIR);
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const isLocalDemo = !env.DATABASE_URL;
  if (env.TEST_FAST_PASSWORD_HASH && env.NODE_ENV !== "test") {
    throw new Error(
      "TEST_FAST_PASSWORD_HASH is for the test suite only (NODE_ENV=test); unset it to start.",
    );
  }

  let secret = env.AUTH_SECRET;
  if (!secret) {
    if (isProduction && !isLocalDemo) {
      throw new Error("AUTH_SECRET must be set in production (at least 32 random characters).");
    }
    // The embedded demo keeps a generated secret in DATA_DIR so sessions survive restarts.
    secret = readOrCreateSecret(dataDir);
  }

  cached = {
    ...env,
    DATA_DIR: dataDir,
    BASE_URL: baseUrl,
    AUTH_SECRET: secret,
    isProduction,
    seedDemoData: env.SEED_DEMO_DATA ?? isLocalDemo,
  };
  return cached;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** For tests that change the environment between cases. */
export function resetEnvCache() {
  cached = undefined;
}
