import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { checkBuild, ConfigError, getEnv, resetEnvCache, resolveMigrationsDir } from "./env.server";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe("TEST_FAST_PASSWORD_HASH", () => {
  it("is refused outside the test suite: production and development do not start with it", () => {
    for (const nodeEnv of ["production", "development"]) {
      process.env = {
        ...saved,
        NODE_ENV: nodeEnv,
        TEST_FAST_PASSWORD_HASH: "1",
        AUTH_SECRET: "x".repeat(32),
        BASE_URL: "https://example.com",
      };
      resetEnvCache();
      expect(() => getEnv()).toThrow(/TEST_FAST_PASSWORD_HASH is for the test suite only/);
    }
  });

  it("is on only when set to true or 1 under NODE_ENV=test", () => {
    for (const [value, on] of [
      ["1", true],
      ["true", true],
      ["", false],
      ["0", false],
    ] as const) {
      process.env = {
        ...saved,
        NODE_ENV: "test",
        TEST_FAST_PASSWORD_HASH: value,
        AUTH_SECRET: "x".repeat(32),
        BASE_URL: "http://localhost:3000",
      };
      resetEnvCache();
      expect(getEnv().TEST_FAST_PASSWORD_HASH).toBe(on);
    }
  });
});

describe("S3 storage settings (decision 034)", () => {
  const complete = {
    S3_BUCKET: "ferienwohnung-bilder",
    S3_REGION: "eu-central-1",
    S3_ACCESS_KEY_ID: "key-id",
    S3_SECRET_ACCESS_KEY: "geheimer-schluessel",
  };
  const start = (vars: Record<string, string>) => {
    process.env = {
      ...saved,
      NODE_ENV: "test",
      AUTH_SECRET: "x".repeat(32),
      BASE_URL: "http://localhost:3000",
      ...vars,
    };
    for (const name of Object.keys(process.env))
      if (name.startsWith("S3_") && !(name in vars)) delete process.env[name];
    resetEnvCache();
    return getEnv();
  };

  it("no S3_* at all: uploads stay on the local disk", () => {
    expect(start({}).s3).toBeNull();
  });

  it("half set: the start stops and names what is missing, in German and English, without the secret", () => {
    const refuse = (vars: Record<string, string>) => {
      try {
        start(vars);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("started although S3 was half configured");
    };
    const message = refuse({ S3_BUCKET: "bilder", S3_SECRET_ACCESS_KEY: "streng-geheim" });
    expect(message).toContain("S3-Speicher nur teilweise eingerichtet");
    expect(message).toContain("S3 storage is only partly configured");
    expect(message).toContain("S3_REGION, S3_ACCESS_KEY_ID");
    expect(message).not.toContain("streng-geheim");
    // An optional one alone is half a configuration too.
    expect(refuse({ S3_PUBLIC_URL: "https://cdn.example.com" })).toContain("S3_BUCKET");
    expect(refuse({ ...complete, S3_BUCKET: "ab" })).toContain("kein gültiger Bucket-Name");
    expect(refuse({ ...complete, S3_BUCKET: "Bilder_2024" })).toContain("not a valid bucket name");
  });

  it("complete: path-style addressing with an own endpoint, virtual hosts on AWS, overridable", () => {
    expect(start({ ...complete, S3_ENDPOINT: "http://127.0.0.1:9000" }).s3).toMatchObject({
      endpoint: "http://127.0.0.1:9000",
      bucket: "ferienwohnung-bilder",
      forcePathStyle: true,
    });
    expect(start(complete).s3).toMatchObject({ endpoint: undefined, forcePathStyle: false });
    expect(
      start({ ...complete, S3_ENDPOINT: "https://s3.example.com", S3_FORCE_PATH_STYLE: "false" }).s3
        ?.forcePathStyle,
    ).toBe(false);
    expect(
      start({ ...complete, S3_PUBLIC_URL: "https://cdn.example.com/bilder/" }).s3?.publicUrl,
    ).toBe("https://cdn.example.com/bilder");
  });
});

/** A start with exactly these variables (plus the test secret), as `npm start` would see them. */
function startWith(vars: Record<string, string>) {
  process.env = { AUTH_SECRET: "x".repeat(32), ...vars };
  resetEnvCache();
  return getEnv();
}
function refusal(vars: Record<string, string>) {
  try {
    startWith(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("started although the configuration is wrong");
}

describe("demo data and its published logins (decision 071)", () => {
  it("a bare npm start is the local demo: embedded database, localhost, demo data", () => {
    const env = startWith({ NODE_ENV: "production" });
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.isLocalDemo).toBe(true);
    expect(env.seedDemoData).toBe(true);
    for (const local of ["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000"]) {
      expect(startWith({ NODE_ENV: "production", BASE_URL: local }).seedDemoData).toBe(true);
    }
  });

  it("the embedded database behind a public address gets no demo data and no demo admin", () => {
    const env = startWith({ NODE_ENV: "production", BASE_URL: "https://ferien.example.com" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.isLocalDemo).toBe(false);
    expect(env.seedDemoData).toBe(false);
    // Not fooled by a host that merely starts like one.
    expect(
      startWith({ NODE_ENV: "production", BASE_URL: "https://localhost.example.com" }).seedDemoData,
    ).toBe(false);
    expect(
      startWith({ NODE_ENV: "production", BASE_URL: "http://192.168.1.20:3000" }).seedDemoData,
    ).toBe(false);
  });

  it("PostgreSQL gets none by default either; SEED_DEMO_DATA decides when set", () => {
    const postgres = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://app@db.example.com/ferien",
      BASE_URL: "https://ferien.example.com",
    };
    expect(startWith(postgres).seedDemoData).toBe(false);
    expect(startWith({ ...postgres, SEED_DEMO_DATA: "true" }).seedDemoData).toBe(true);
    expect(
      startWith({
        NODE_ENV: "production",
        BASE_URL: "https://ferien.example.com",
        SEED_DEMO_DATA: "1",
      }).seedDemoData,
    ).toBe(true);
    expect(startWith({ NODE_ENV: "production", SEED_DEMO_DATA: "false" }).seedDemoData).toBe(false);
  });
});

describe("refusals at start: what to fix, in German and English, never a value", () => {
  it("production with DATABASE_URL refuses to start without BASE_URL", () => {
    const message = refusal({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://app:streng-geheim@db.example.com/ferien",
    });
    expect(message).toContain("BASE_URL fehlt");
    expect(message).toContain("BASE_URL must be set in production");
    expect(message).not.toContain("streng-geheim");
    // Development and the embedded demo keep the localhost fallback.
    expect(
      startWith({ NODE_ENV: "development", DATABASE_URL: "postgres://app@db/ferien" }).BASE_URL,
    ).toBe("http://localhost:3000");
  });

  it("production with DATABASE_URL refuses to start without AUTH_SECRET", () => {
    process.env = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://app@db.example.com/ferien",
      BASE_URL: "https://ferien.example.com",
    };
    resetEnvCache();
    expect(() => getEnv()).toThrow(/AUTH_SECRET fehlt[\s\S]*AUTH_SECRET must be set/);
  });

  it("names a mistyped LOG_LEVEL, PAGE_CACHE_MB or HOST instead of ignoring or crashing on it", () => {
    const message = refusal({ LOG_LEVEL: "verbose", PAGE_CACHE_MB: "50MB", HOST: "local host" });
    expect(message).toContain("LOG_LEVEL: erlaubt sind / allowed: fatal, error, warn, info");
    expect(message).toContain("PAGE_CACHE_MB: eine Zahl in Megabyte");
    expect(message).toContain("HOST: keine IP-Adresse und kein Hostname");
    expect(refusal({ PAGE_CACHE_MB: "-5" })).toContain("PAGE_CACHE_MB");
    expect(refusal({ BASE_URL: "ferien.example.com" })).toContain("BASE_URL: muss mit http://");
  });

  it("reads HOST and PAGE_CACHE_MB, with their defaults when unset or empty", () => {
    expect(startWith({})).toMatchObject({ HOST: "0.0.0.0", PAGE_CACHE_MB: 50, LOG_LEVEL: "info" });
    expect(startWith({ HOST: "", PAGE_CACHE_MB: "" })).toMatchObject({
      HOST: "0.0.0.0",
      PAGE_CACHE_MB: 50,
    });
    expect(startWith({ HOST: "127.0.0.1", PAGE_CACHE_MB: "0" })).toMatchObject({
      HOST: "127.0.0.1",
      PAGE_CACHE_MB: 0,
    });
    expect(startWith({ HOST: "::1", PAGE_CACHE_MB: "128" }).HOST).toBe("::1");
    expect(startWith({ HOST: "localhost" }).HOST).toBe("localhost");
  });

  it("STRIPE_API_BASE (the tests' Stripe fake) is refused in production unless it is local", () => {
    const message = refusal({
      NODE_ENV: "production",
      STRIPE_API_BASE: "https://stripe.example.net",
    });
    expect(message).toContain("STRIPE_API_BASE ist nur für Tests");
    expect(message).toContain("STRIPE_API_BASE is for tests only");
    expect(
      startWith({ NODE_ENV: "production", STRIPE_API_BASE: "http://127.0.0.1:4100" })
        .STRIPE_API_BASE,
    ).toBe("http://127.0.0.1:4100");
    expect(
      startWith({ NODE_ENV: "test", STRIPE_API_BASE: "https://stripe.example.net" })
        .STRIPE_API_BASE,
    ).toBe("https://stripe.example.net");
  });
});

describe("folders and build options at start (decision 078)", () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "fw-env-folders-"));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it("MIGRATIONS_DIR: a missing folder, or one without migrations, is named with its path", () => {
    const missing = path.join(scratch, "nirgends");
    const message = refusal({ MIGRATIONS_DIR: missing });
    expect(message).toContain(`MIGRATIONS_DIR: den Ordner gibt es nicht: ${missing}`);
    expect(message).toContain(`MIGRATIONS_DIR: no such folder: ${missing}`);
    const empty = fs.mkdtempSync(path.join(scratch, "leer-"));
    expect(refusal({ MIGRATIONS_DIR: empty })).toContain(
      `MIGRATIONS_DIR enthält keine Migrationen (meta/_journal.json fehlt): ${empty}`,
    );
  });

  it("MIGRATIONS_DIR: unset, empty or the project's own folder start", () => {
    expect(resolveMigrationsDir(undefined)).toBe(path.resolve("db/migrations"));
    expect(resolveMigrationsDir("")).toBe(path.resolve("db/migrations"));
    expect(() => startWith({})).not.toThrow();
    expect(() => startWith({ MIGRATIONS_DIR: "" })).not.toThrow();
    expect(() => startWith({ MIGRATIONS_DIR: path.resolve("db/migrations") })).not.toThrow();
  });

  it("SOURCEMAP: an unknown value is named with the others", () => {
    const message = refusal({ SOURCEMAP: "ja", LOG_LEVEL: "laut" });
    expect(message).toContain("SOURCEMAP: erlaubt sind / allowed: true, false, 1, 0");
    expect(message).toContain("LOG_LEVEL: erlaubt sind");
    for (const value of ["", "0", "1", "true", "false"]) {
      expect(() => startWith({ SOURCEMAP: value }), value).not.toThrow();
    }
  });

  it("BUILD_DIR: production needs a build there, and says what is missing", () => {
    const missing = path.join(scratch, "kein-build");
    expect(() => checkBuild(missing)).toThrow(ConfigError);
    expect(() => checkBuild(missing)).toThrow(`BUILD_DIR: den Ordner gibt es nicht: ${missing}`);
    const empty = fs.mkdtempSync(path.join(scratch, "leer-"));
    expect(() => checkBuild(empty)).toThrow(
      `BUILD_DIR enthält keinen Build (server/index.js und client/ fehlen): ${empty}`,
    );
    fs.mkdirSync(path.join(empty, "server"));
    fs.writeFileSync(path.join(empty, "server", "index.js"), "");
    expect(() => checkBuild(empty)).toThrow("BUILD_DIR enthält keinen Build");
    fs.mkdirSync(path.join(empty, "client"));
    expect(() => checkBuild(empty)).not.toThrow();
  });
});
