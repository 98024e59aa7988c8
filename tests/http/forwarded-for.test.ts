/**
 * Behind a trusted proxy (TRUST_PROXY) the client's address is the entry the proxy appended to
 * X-Forwarded-For, the last one (decision 071). nginx's usual $proxy_add_x_forwarded_for and
 * most load balancers append to whatever the client sent: a client that writes a new address
 * in front on every request must still be one client to the per-client limits. Also: HSTS
 * covers this host only, not every subdomain of it.
 */
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_LIMIT } from "~/features/contact/contact.server";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { startAppServer, stopAppServers } from "../helpers/app-servers";
import { openTestDatabase } from "../helpers/database";

const PORT = 3495;
const HOST = "ferien.example.com";
/** The address the proxy saw: the real client. */
const CLIENT = "203.0.113.50";
let handle: DatabaseHandle;
let servers: ChildProcess[] = [];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("this test needs TEST_DATABASE_URL");
  handle = await openTestDatabase();
  await ensureSettingsRow();
  servers = [
    await startAppServer({
      port: PORT,
      databaseUrl: handle.url!,
      env: { BASE_URL: `https://${HOST}`, TRUST_PROXY: "true" },
    }),
  ];
}, 240_000);

afterAll(async () => {
  await stopAppServers(servers);
  await handle?.close();
});

/** The contact form as a browser posts it, passed on by an appending proxy. */
function sendContactForm(forwardedFor: string) {
  const body = new URLSearchParams({
    firstName: "Mia",
    lastName: "Muster",
    email: "mia@example.com",
    subject: "Anfrage",
    message: "Ist die Wohnung im Mai frei?",
  }).toString();
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path: "/kontakt",
        method: "POST",
        headers: {
          host: HOST,
          origin: `https://${HOST}`,
          "x-forwarded-proto": "https",
          "x-forwarded-for": forwardedFor,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("X-Forwarded-For behind a trusted proxy", () => {
  it("a forged address in front of the proxy's entry does not escape the per-client limit", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= CONTACT_LIMIT.max + 1; n++) {
      // A new made-up address on every request, then the one the proxy appended.
      statuses.push((await sendContactForm(`198.51.100.${n}, ${CLIENT}`)).status);
    }
    expect(statuses).toEqual([...Array(CONTACT_LIMIT.max).fill(200), 429]);

    const keys = await db()
      .select({ key: schema.rateLimit.key, count: schema.rateLimit.count })
      .from(schema.rateLimit)
      .where(like(schema.rateLimit.key, "contact:client:%"));
    expect(keys).toEqual([{ key: `contact:client:${CLIENT}`, count: CONTACT_LIMIT.max + 1 }]);
  });

  it("HSTS for this host only, not for every subdomain of the domain", async () => {
    const { headers } = await sendContactForm("203.0.113.51");
    expect(headers["strict-transport-security"]).toBe("max-age=31536000");
  });
});
