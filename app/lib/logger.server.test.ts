import { describe, expect, it } from "vitest";
import { requestLogFields, withRequestContext } from "./logger.server";

describe("request id on log lines", () => {
  it("follows the request through awaits and timers, and stays with its own request", async () => {
    const seen: Record<string, string | undefined> = {};
    const answer = (id: string, delay: number) =>
      withRequestContext({ requestId: id }, async () => {
        await new Promise((r) => setTimeout(r, delay));
        await Promise.resolve();
        seen[id] = requestLogFields().requestId;
      });
    // Two requests interleave; each keeps its id.
    await Promise.all([answer("a", 20), answer("b", 5)]);
    expect(seen).toEqual({ a: "a", b: "b" });
  });

  it("adds nothing outside a request (boot, workers)", () => {
    expect(requestLogFields()).toEqual({});
  });
});
