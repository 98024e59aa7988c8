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
  /**
   * Trust X-Forwarded-For (client address) and X-Forwarded-Proto (the scheme React Router's
   * origin check compares, server/request-checks.ts `requestScheme`) from a reverse proxy.
   */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Skip the demo seed on an empty database (production installations). */
  SEED_DEMO_DATA: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1")),
  /** S3-compatible storage for uploads (decision 034): all of the required ones, or none. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1")),
  /** Where browsers fetch the objects directly (bucket website or CDN); else the app streams them. */
  S3_PUBLIC_URL: optionalUrl,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /**
   * A Stripe-compatible API for tests (tests/helpers/fake-stripe.ts), e.g. http://127.0.0.1:4100;
   * unset in production, where the SDK talks to api.stripe.com.
   */
  STRIPE_API_BASE: optionalUrl,
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
   * Let the iCal import fetch calendars from private, loopback and link-local addresses
   * (decision 045), for tests and closed networks; off by default, like IMPORT_ALLOW_PRIVATE.
   */
  ICAL_ALLOW_PRIVATE: z
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

/** The S3 driver's settings, complete; null when uploads stay on the local disk. */
export type S3Config = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Origin + path prefix without a trailing slash, e.g. https://cdn.example.com/uploads. */
  publicUrl?: string;
};

const S3_REQUIRED = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_OPTIONAL = ["S3_ENDPOINT", "S3_FORCE_PATH_STYLE", "S3_PUBLIC_URL"] as const;

/**
 * All or nothing: a half-configured S3 would otherwise start on the local disk and lose every
 * upload on the next deploy, which nobody notices until the pictures are gone.
 */
function s3Config(env: z.infer<typeof envSchema>): S3Config | null {
  const given = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => env[name] !== undefined);
  if (given.length === 0) return null;
  const missing = S3_REQUIRED.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `S3-Speicher nur teilweise eingerichtet – es fehlt: ${missing.join(", ")} ` +
        `(gesetzt: ${given.join(", ")}). Setzen Sie alle oder keine S3_*-Variablen.\n` +
        `S3 storage is only partly configured – missing: ${missing.join(", ")} ` +
        `(set: ${given.join(", ")}). Set all S3_* variables or none.`,
    );
  }
  const bucket = env.S3_BUCKET!;
  // S3's own rule; a typo here would only show as a confusing error on the first upload.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(
      `S3_BUCKET "${bucket}" ist kein gültiger Bucket-Name (3–63 Zeichen: a–z, 0–9, Punkt, Bindestrich).\n` +
        `S3_BUCKET "${bucket}" is not a valid bucket name (3–63 characters: a–z, 0–9, dot, hyphen).`,
    );
  }
  for (const name of ["S3_ENDPOINT", "S3_PUBLIC_URL"] as const) {
    const value = env[name];
    if (value && !/^https?:\/\//.test(value)) {
      throw new Error(
        `${name} muss mit http:// oder https:// beginnen.\n${name} must start with http:// or https://.`,
      );
    }
  }
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION!,
    bucket,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    // Self-hosted and most non-AWS services (MinIO, Ceph, Garage) address buckets by path;
    // AWS itself by host name. So: path style with a custom endpoint unless told otherwise.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ""),
  };
}

export type Env = z.infer<typeof envSchema> & {
  AUTH_SECRET: string;
  BASE_URL: string;
  DATA_DIR: string;
  isProduction: boolean;
  /** Demo data is seeded into an empty database unless turned off; off by default on PostgreSQL in production. */
  seedDemoData: boolean;
  /** Uploads go to S3 when set (decision 034), else to DATA_DIR/uploads. */
  s3: S3Config | null;
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

  const s3 = s3Config(env);

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
    s3,
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
