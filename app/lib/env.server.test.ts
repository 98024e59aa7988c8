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
