import { afterEach, describe, expect, it } from "vitest";
import {
  closeEventStreams,
  createSettingsEventStream,
  EVENT_STREAM_LIMITS,
} from "./event-stream.server";
import { emitSessionChanged, emitSettingsChanged } from "./settings-events.server";

afterEach(() => closeEventStreams());

async function firstChunk(response: Response) {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return new TextDecoder().decode(value);
}

describe("settings event streams", () => {
  it("tells an open stream about a settings change", async () => {
    const response = createSettingsEventStream(new AbortController().signal, "198.51.100.1");
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("retry:");
    emitSettingsChanged();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: settings");
  });

  it("tells a signed-in user's stream, and only that user's, that their session changed", async () => {
    const userA = "5b1f3c2e-1111-4a4a-9a9a-000000000001";
    const userB = "5b1f3c2e-1111-4a4a-9a9a-000000000002";
    const readerA = createSettingsEventStream(
      new AbortController().signal,
      "198.51.100.4",
      userA,
    ).body!.getReader();
    const readerB = createSettingsEventStream(
      new AbortController().signal,
      "198.51.100.5",
      userB,
    ).body!.getReader();
    const visitor = createSettingsEventStream(
      new AbortController().signal,
      "198.51.100.6",
    ).body!.getReader();
    for (const reader of [readerA, readerB, visitor]) await reader.read(); // "retry:"

    emitSessionChanged(userA);
    expect(new TextDecoder().decode((await readerA.read()).value)).toContain("event: session");
    // B and the visitor got nothing: the next thing they read is the settings event after it.
    emitSettingsChanged();
    expect(new TextDecoder().decode((await readerB.read()).value)).toContain("event: settings");
    expect(new TextDecoder().decode((await visitor.read()).value)).toContain("event: settings");
  });

  it("refuses a client's stream beyond its limit with 429, and frees a place when one closes", async () => {
    const tabs = Array.from({ length: EVENT_STREAM_LIMITS.perClient }, () => {
      const abort = new AbortController();
      return { abort, response: createSettingsEventStream(abort.signal, "198.51.100.2") };
    });
    for (const tab of tabs) expect(await firstChunk(tab.response)).toContain("retry:");

    const refused = createSettingsEventStream(new AbortController().signal, "198.51.100.2");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(
      "Zu viele offene Verbindungen. Bitte schließen Sie andere Tabs.",
    );
    // Another client is not affected.
    expect(createSettingsEventStream(new AbortController().signal, "198.51.100.3").status).toBe(
      200,
    );

    tabs[0].abort.abort();
    expect(createSettingsEventStream(new AbortController().signal, "198.51.100.2").status).toBe(
      200,
    );
  });
});
