import { describe, expect, it } from "vitest";
import { isPlausiblePhone } from "./phone";

describe("isPlausiblePhone", () => {
  it.each(["+49 30 1234567", "030/123456", "(0171) 234-5678", "123456", "1".repeat(20)])(
    "accepts %s",
    (value) => expect(isPlausiblePhone(value)).toBe(true),
  );
  it.each(["12345", "1".repeat(21), "+49 30 abc", "030.123456", "", "+-/() "])(
    "refuses %s",
    (value) => expect(isPlausiblePhone(value)).toBe(false),
  );
});
