import { describe, expect, it } from "vitest";
import { splitPlatformName } from "./brand";

describe("splitPlatformName", () => {
  it("splits at the first space only", () => {
    expect(splitPlatformName("TraumUrlaub Reisen")).toEqual(["TraumUrlaub", "Reisen"]);
    expect(splitPlatformName("Haus am See GmbH")).toEqual(["Haus", "am See GmbH"]);
    expect(splitPlatformName("Seeblick")).toEqual(["Seeblick", ""]);
  });
});
