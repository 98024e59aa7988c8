/**
 * The app behind a reverse proxy that terminates HTTPS (README "Mehrere Server"): the browser
 * talks https to the proxy, the proxy http to a production app process. React Router refuses
 * an action whose `Origin` differs from the request URL's origin, scheme included; a URL that
 * said http made every form (sign-in, booking, admin) answer "Bad Request" there. Requests here
 * carry the headers such a proxy passes on (`Host`, `X-Forwarded-Proto`, `X-Forwarded-For`).
 */
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { startAppServer, stopAppServers } from "../helpers/app-servers";
import { openTestDatabase } from "../helpers/database";
import { createUser, TEST_PASSWORD } from "../helpers/factories";

const [TRUSTING, PLAIN] = [3493, 3494];
const HOST = "ferien.example.com";
let handle: DatabaseHandle;
let servers: ChildProcess[] = [];
let email: string;
/** The log of the process without TRUST_PROXY (warnings and up). */
let plainLog = "";

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("this test needs TEST_DATABASE_URL");
  handle = await openTestDatabase();
  await ensureSettingsRow();
  email = (await createUser({ name: "Petra Proxy" })).email;
  const env = { BASE_URL: `https://${HOST}` };
  servers = await Promise.all([
    startAppServer({
      port: TRUSTING,
      databaseUrl: handle.url!,
      env: { ...env, TRUST_PROXY: "true" },
    }),
    startAppServer({
      port: PLAIN,
      databaseUrl: handle.url!,
      env: { ...env, LOG_LEVEL: "warn" },
      stderr: "pipe",
    }),
  ]);
  for (const stream of [servers[1].stdout, servers[1].stderr]) {
    stream?.on("data", (chunk: Buffer) => (plainLog += chunk));
  }
}, 240_000);

afterAll(async () => {
  await stopAppServers(servers);
  await handle?.close();
});

/** The sign-in form as a browser without JavaScript posts it, passed on by the proxy. */
function signIn(port: number, headers: Record<string, string>) {
  const body = new URLSearchParams({ intent: "signIn", email, password: TEST_PASSWORD }).toString();
  return new Promise<{ status: number; cookies: string[]; location?: string }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/auth",
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": String(Buffer.byteLength(body)),
            ...headers,
          },
        },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({
              status: response.statusCode!,
              cookies: response.headers["set-cookie"] ?? [],
              location: response.headers.location,
            }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    },
  );
}

describe("behind a proxy that terminates HTTPS", () => {
  it("signs the guest in when the trusted proxy says the browser used https", async () => {
    const answer = await signIn(TRUSTING, {
      host: HOST,
      origin: `https://${HOST}`,
      "x-forwarded-proto": "https",
      "x-forwarded-for": "203.0.113.9",
    });
    expect(answer.status).toBe(302);
    // The session cookie is Secure: BASE_URL is https.
    expect(answer.cookies.join("\n")).toMatch(/; Secure/i);
  });

  it("signs the guest in through a proxy that passes the public host on, without TRUST_PROXY", async () => {
    const answer = await signIn(PLAIN, { host: HOST, origin: `https://${HOST}` });
    expect(answer.status).toBe(302);
    expect(answer.cookies.length).toBeGreaterThan(0);
  });

  it("still refuses a form another site made the browser send", async () => {
    for (const port of [TRUSTING, PLAIN]) {
      const answer = await signIn(port, {
        host: HOST,
        origin: "https://boese.example.net",
        "x-forwarded-proto": "https",
      });
      expect(answer.status).toBe(403);
      expect(answer.cookies).toEqual([]);
    }
  });

  it("does not take an untrusted client's word for https", async () => {
    // The app's own address, reached without the proxy: X-Forwarded-Proto is not trusted, so
    // an https origin does not match the http request.
    const answer = await signIn(PLAIN, {
      host: `localhost:${PLAIN}`,
      origin: `https://localhost:${PLAIN}`,
      "x-forwarded-proto": "https",
    });
    expect(answer.status).toBe(400);
    expect(answer.cookies).toEqual([]);
  });

  it("warns the operator once when a proxy's requests arrive without TRUST_PROXY", async () => {
    const warning = "TRUST_PROXY ist nicht gesetzt";
    for (let i = 0; i < 2; i++) {
      await signIn(PLAIN, {
        host: HOST,
        origin: `https://${HOST}`,
        "x-forwarded-for": "203.0.113.7",
      });
    }
    for (let i = 0; i < 50 && !plainLog.includes(warning); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(plainLog.split(warning)).toHaveLength(2);
  });
});
