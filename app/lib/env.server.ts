import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";

/**
 * Configuration from the environment, validated once at boot (and by server/index.ts before it
 * loads anything, so a typo stops the start with a message instead of a stack trace). Everything
 * has a default that makes `npm start` work on a fresh machine as the local demo (embedded
 * database, localhost, demo data); production on PostgreSQL must set AUTH_SECRET and BASE_URL
 * explicitly (checked in readEnv, decision 071).
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

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** A host name (localhost, app.internal) or an IPv4/IPv6 address to listen on. */
const isListenAddress = (value: string) =>
  net.isIP(value) !== 0 ||
  /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(value);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * The address the HTTP server listens on: 0.0.0.0 (every interface) by default; 127.0.0.1
   * behind a reverse proxy on the same machine, so nobody reaches the app around the proxy
   * (with TRUST_PROXY, around it they could send their own X-Forwarded-For).
   */
  HOST: z
    .string()
    .trim()
    .transform((v) => (v === "" ? "0.0.0.0" : v))
    .refine(isListenAddress, {
      error:
        "keine IP-Adresse und kein Hostname (z. B. 127.0.0.1 hinter einem Reverse Proxy, 0.0.0.0 für alle) / " +
        "not an IP address or host name (e.g. 127.0.0.1 behind a reverse proxy, 0.0.0.0 for all interfaces)",
    })
    .default("0.0.0.0"),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default("./data"),
  BASE_URL: optionalUrl.refine((v) => v === undefined || /^https?:\/\//.test(v), {
    error:
      "muss mit http:// oder https:// beginnen, z. B. https://ferien.example.com / " +
      "must start with http:// or https://, e.g. https://ferien.example.com",
  }),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("TraumUrlaub Reisen <noreply@example.com>"),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, {
      error: `erlaubt sind / allowed: ${LOG_LEVELS.join(", ")}`,
    })
    .default("info"),
  /**
   * Megabytes of public pages kept in memory per process (decision 038); 0 turns the cache
   * off. Validated here: a typo ("50MB") used to turn it off without a word.
   */
  PAGE_CACHE_MB: z
    .string()
    .trim()
    .transform((v) => (v === "" ? 50 : Number(v)))
    .pipe(
      z
        .number({ error: "eine Zahl in Megabyte, 0 = aus / a number of megabytes, 0 = off" })
        .min(0, "eine Zahl in Megabyte, 0 = aus / a number of megabytes, 0 = off")
        .max(65536, "höchstens 65536 MB / at most 65536 MB"),
    )
    .default(50),
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
   * unset in production, where the SDK talks to api.stripe.com. A production start refuses any
   * other than a local one: the SDK sends the secret key there (readEnv).
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
   * The database migrations (db/migrations, relative to the working directory; empty = that).
   * Checked in readEnv: a wrong folder used to end the start in a stack trace from the migrator.
   */
  MIGRATIONS_DIR: optionalText,
  /**
   * Read by the build (vite.config.ts, scripts/build-options.mjs), listed here so that a start
   * names a wrong value with the others; "0" and "false" are off.
   */
  SOURCEMAP: z
    .enum(["true", "false", "1", "0", ""], {
      error: "erlaubt sind / allowed: true, false, 1, 0 (leer = aus / empty = off)",
    })
    .optional(),
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
 * A start-up refusal: a missing or wrong setting. server/index.ts prints its message (German and
 * English) without a stack trace and exits; the operator fixes the environment, not the code.
 */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * All or nothing: a half-configured S3 would otherwise start on the local disk and lose every
 * upload on the next deploy, which nobody notices until the pictures are gone.
 */
function s3Config(env: z.infer<typeof envSchema>): S3Config | null {
  const given = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => env[name] !== undefined);
  if (given.length === 0) return null;
  const missing = S3_REQUIRED.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `S3-Speicher nur teilweise eingerichtet – es fehlt: ${missing.join(", ")} ` +
        `(gesetzt: ${given.join(", ")}). Setzen Sie alle oder keine S3_*-Variablen.\n` +
        `S3 storage is only partly configured – missing: ${missing.join(", ")} ` +
        `(set: ${given.join(", ")}). Set all S3_* variables or none.`,
    );
  }
  const bucket = env.S3_BUCKET!;
  // S3's own rule; a typo here would only show as a confusing error on the first upload.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      `S3_BUCKET "${bucket}" ist kein gültiger Bucket-Name (3–63 Zeichen: a–z, 0–9, Punkt, Bindestrich).\n` +
        `S3_BUCKET "${bucket}" is not a valid bucket name (3–63 characters: a–z, 0–9, dot, hyphen).`,
    );
  }
  for (const name of ["S3_ENDPOINT", "S3_PUBLIC_URL"] as const) {
    const value = env[name];
    if (value && !/^https?:\/\//.test(value)) {
      throw new ConfigError(
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

/**
 * Whether a URL (BASE_URL) names this machine: localhost, *.localhost, 127.x.x.x or ::1. Unset
 * counts as local, since BASE_URL then falls back to http://localhost:PORT.
 */
export function isLocalUrl(url: string | undefined): boolean {
  if (url === undefined) return true;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** The migrations folder, absolute: MIGRATIONS_DIR or db/migrations, from the working directory. */
export function resolveMigrationsDir(value: string | undefined = process.env.MIGRATIONS_DIR) {
  return path.resolve(value?.trim() || "db/migrations");
}

/**
 * The folder must hold drizzle's migrations (meta/_journal.json): without them the migrator
 * throws at boot, after the database is opened, with a stack trace and no word of MIGRATIONS_DIR.
 */
function checkMigrationsDir(dir: string) {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(
      `MIGRATIONS_DIR: den Ordner gibt es nicht: ${dir}. Entfernen Sie MIGRATIONS_DIR (Standard: db/migrations im Projektordner, dort starten) oder nennen Sie den Ordner der Migrationen.\n` +
        `MIGRATIONS_DIR: no such folder: ${dir}. Unset MIGRATIONS_DIR (default: db/migrations in the project folder, start from there) or name the migrations folder.`,
    );
  }
  if (!fs.existsSync(path.join(dir, "meta", "_journal.json"))) {
    throw new ConfigError(
      `MIGRATIONS_DIR enthält keine Migrationen (meta/_journal.json fehlt): ${dir}. Nennen Sie den Ordner db/migrations des Projekts.\n` +
        `MIGRATIONS_DIR holds no migrations (meta/_journal.json is missing): ${dir}. Name the project's db/migrations folder.`,
    );
  }
}

/**
 * A production start needs the build in BUILD_DIR (server/index.ts, decision 078): without it,
 * importing the build ended in a stack trace. `npm start` builds first; a server started
 * directly (systemd, a container) needs `npm run build` with the same BUILD_DIR.
 */
export function checkBuild(buildDir: string) {
  if (!fs.statSync(buildDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(
      `BUILD_DIR: den Ordner gibt es nicht: ${buildDir}. Bauen Sie mit npm run build (mit demselben BUILD_DIR) oder starten Sie mit npm start, das selbst baut.\n` +
        `BUILD_DIR: no such folder: ${buildDir}. Build with npm run build (with the same BUILD_DIR) or start with npm start, which builds first.`,
    );
  }
  const complete = ["server/index.js", "client"].every((entry) =>
    fs.existsSync(path.join(buildDir, entry)),
  );
  if (!complete) {
    throw new ConfigError(
      `BUILD_DIR enthält keinen Build (server/index.js und client/ fehlen): ${buildDir}. Bauen Sie mit npm run build (mit demselben BUILD_DIR) oder korrigieren Sie BUILD_DIR.\n` +
        `BUILD_DIR holds no build (server/index.js and client/ are missing): ${buildDir}. Build with npm run build (with the same BUILD_DIR) or correct BUILD_DIR.`,
    );
  }
}

/** The validated configuration, before the session secret is settled (that may write a file). */
export type CheckedEnv = z.infer<typeof envSchema> & {
  BASE_URL: string;
  DATA_DIR: string;
  isProduction: boolean;
  /**
   * The local demo: embedded database and a localhost BASE_URL (or none), what a bare
   * `npm start` gives. Anything else is an installation meant for guests (decision 071).
   */
  isLocalDemo: boolean;
  /**
   * Demo data (with its published logins) is seeded into an empty database: by default only in
   * the local demo, never on PostgreSQL or behind a public BASE_URL; SEED_DEMO_DATA overrides.
   */
  seedDemoData: boolean;
  /** Uploads go to S3 when set (decision 034), else to DATA_DIR/uploads. */
  s3: S3Config | null;
};

export type Env = CheckedEnv & { AUTH_SECRET: string };

/**
 * Parses and checks the environment without side effects; throws a ConfigError naming every
 * wrong variable (values are not echoed: some are secrets).
 */
export function readEnv(source: NodeJS.ProcessEnv = process.env): CheckedEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(
      `Ungültige Konfiguration / Invalid environment configuration:\n${lines.join("\n")}`,
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  if (env.TEST_FAST_PASSWORD_HASH && env.NODE_ENV !== "test") {
    throw new ConfigError(
      "TEST_FAST_PASSWORD_HASH is for the test suite only (NODE_ENV=test); unset it to start.",
    );
  }
  // Without DATABASE_URL the embedded database generates its secret (getEnv).
  if (isProduction && env.DATABASE_URL && !env.AUTH_SECRET) {
    throw new ConfigError(
      "AUTH_SECRET fehlt: in Produktion mit DATABASE_URL ist er Pflicht (mindestens 32 zufällige Zeichen, z. B. openssl rand -hex 32).\n" +
        "AUTH_SECRET must be set in production (at least 32 random characters).",
    );
  }
  // A production database means guests: links in e-mails, Stripe's return address, the iCal
  // export URLs and Secure cookies all come from BASE_URL; the localhost fallback would break
  // every one of them without an error anywhere.
  if (isProduction && env.DATABASE_URL && !env.BASE_URL) {
    throw new ConfigError(
      "BASE_URL fehlt: in Produktion mit DATABASE_URL ist die öffentliche Adresse Pflicht, z. B. BASE_URL=https://ferien.example.com (Links in E-Mails, Stripe, Kalender-Export, sichere Cookies).\n" +
        "BASE_URL must be set in production with DATABASE_URL: the public address, e.g. BASE_URL=https://ferien.example.com (links in e-mails, Stripe, calendar export, Secure cookies).",
    );
  }
  // The Stripe SDK sends the secret key to this address: in production only a local test fake.
  if (isProduction && env.STRIPE_API_BASE && !isLocalUrl(env.STRIPE_API_BASE)) {
    throw new ConfigError(
      "STRIPE_API_BASE ist nur für Tests (ein lokaler Stripe-Ersatz); in Produktion entfernen – Stripe wird direkt angesprochen.\n" +
        "STRIPE_API_BASE is for tests only (a local Stripe fake); unset it in production, the SDK talks to Stripe itself.",
    );
  }
  checkMigrationsDir(resolveMigrationsDir(env.MIGRATIONS_DIR));
  const isLocalDemo = !env.DATABASE_URL && isLocalUrl(env.BASE_URL);
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    isProduction,
    isLocalDemo,
    seedDemoData: env.SEED_DEMO_DATA ?? isLocalDemo,
    s3: s3Config(env),
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const env = readEnv();
  // Without DATABASE_URL (checked above otherwise) the embedded database keeps a generated
  // secret in DATA_DIR (0600), so sessions survive restarts.
  const secret = env.AUTH_SECRET ?? readOrCreateSecret(env.DATA_DIR);
  cached = { ...env, AUTH_SECRET: secret };
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
