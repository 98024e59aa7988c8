import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "./env.server";

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
