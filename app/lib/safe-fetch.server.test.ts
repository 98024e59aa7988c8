import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { safeFetch } from "./safe-fetch.server";

/**
 * The time limit covers the whole fetch, name resolution included: "Jetzt synchronisieren"
 * waits for it inside the request (decision 045), so a stuck resolver or a server that never
 * answers must end as "timeout", not hang the admin's page.
 */
const options = { allowPrivate: true, maxBytes: 1024, timeoutMs: 300, maxRedirects: 2 };
let stalled: http.Server;
let port = 0;

beforeAll(async () => {
  // Accepts the connection and never answers.
  stalled = http.createServer(() => {});
  await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
  port = (stalled.address() as AddressInfo).port;
});
afterAll(async () => {
  stalled.closeAllConnections();
  await new Promise((resolve) => stalled.close(resolve));
});

it("gives up on a resolver that never answers", async () => {
  const result = await safeFetch("http://kalender.example/airbnb.ics", {
    ...options,
    lookupHost: () => new Promise(() => {}),
  });
  expect(result).toEqual({ ok: false, error: "timeout" });
});

it("gives up on a server that never answers", async () => {
  const result = await safeFetch(`http://127.0.0.1:${port}/airbnb.ics`, options);
  expect(result).toEqual({ ok: false, error: "timeout" });
});

it("still reads a server that answers, through the resolver it was given", async () => {
  const answering = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/calendar" }).end("BEGIN:VCALENDAR");
  });
  await new Promise<void>((resolve) => answering.listen(0, "127.0.0.1", resolve));
  try {
    const { port: answeringPort } = answering.address() as AddressInfo;
    const result = await safeFetch(`http://kalender.example:${answeringPort}/airbnb.ics`, {
      ...options,
      lookupHost: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(result).toMatchObject({ ok: true, contentType: "text/calendar" });
    expect(result.ok && result.body.toString()).toBe("BEGIN:VCALENDAR");
  } finally {
    await new Promise((resolve) => answering.close(resolve));
  }
});
