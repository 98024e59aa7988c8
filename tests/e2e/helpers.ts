import { randomInt, randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from "@playwright/test";
import { DEMO_LOGINS } from "../../db/demo-logins";
import { addDays, berlinDay } from "./calendar";

export const demoAdmin = DEMO_LOGINS[0];
export const demoGuest = DEMO_LOGINS[1];

export type Login = { email: string; password: string };
export type Account = Login & { name: string };

/** An address from the 198.18.0.0/15 benchmark range, never a real visitor's. */
export function randomTestAddress() {
  const byte = () => Math.floor(Math.random() * 256);
  return `198.${18 + Math.floor(Math.random() * 2)}.${byte()}.${byte()}`;
}

/** Menus and dialogs need the page hydrated; the root component marks <html> when it is. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * `page.goto` and `page.reload` that also wait for hydration, for every page a test opens in its
 * context: a click before hydration is lost on buttons that only work with JavaScript (the
 * booking form's "Weiter zur Zahlung" after a reload was such a flake on a loaded machine).
 */
function waitForHydrationOnGoto(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const hydrated = async (response: Awaited<ReturnType<Page["goto"]>>) => {
    if (response && response.headers()["content-type"]?.startsWith("text/html"))
      await waitForHydration(page);
    return response;
  };
  page.goto = async (url, options) => hydrated(await goto(url, options));
  page.reload = async (options) => hydrated(await reload(options));
}

/** Signs in through the sign-in page, as a visitor does (the journeys that test signing in). */
export async function signIn(page: Page, email: string, password: string, path = "/auth") {
  await page.goto(path);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

const baseURL = () => base.info().project.use.baseURL!;

/**
 * Asserts a form POST to /auth answered as a successful sign-in, with a session: to /dashboard
 * for a guest, to /admin for an admin (issue 13).
 */
async function expectSignedIn(response: APIResponse, landing = "/dashboard") {
  const text = response.status() === 302 ? "" : await response.text();
  expect(response.status(), `/auth answered: ${text.slice(0, 300)}`).toBe(302);
  expect(response.headers().location).toBe(landing);
  const cookies = response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);
  expect(cookies.some((cookie) => cookie.includes("session_token="))).toBe(true);
}

/**
 * Signs in without the UI: posts the sign-in form as a browser without JavaScript does. With a
 * browser context's request (`page.request`, `context.request`) the session cookie lands in
 * that context, so its pages are signed in; no page is opened.
 */
export async function signInOverHttp(request: APIRequestContext, login: Login) {
  const response = await request.post("/auth", {
    headers: { origin: baseURL() },
    form: { intent: "signIn", email: login.email, password: login.password },
    maxRedirects: 0,
  });
  await expectSignedIn(response, login.email === demoAdmin.email ? "/admin" : "/dashboard");
}

/**
 * Lets `page` re-read its data the way any open page does when someone saves (the live updates
 * in root.tsx): an admin in a browser context of its own saves the English "Flugbuchung" page
 * unchanged, and this waits until `page` has fetched its data again. No journey reads that page.
 */
export async function revalidateByLiveUpdate(page: Page) {
  await page.locator("html[data-live]").waitFor({ state: "attached" });
  const path = `${new URL(page.url()).pathname}.data`;
  const revalidated = page.waitForResponse(
    (response) =>
      response.request().method() === "GET" && new URL(response.url()).pathname === path,
  );
  const admin = await page.context().browser()!.newContext({ baseURL: baseURL() });
  try {
    await signInOverHttp(admin.request, demoAdmin);
    const editor = await admin.newPage();
    const saved = editor
      .getByRole("status")
      .filter({ hasText: "Gespeichert. Die Seite zeigt die neuen Texte." });
    // Two journeys saving at the same moment: one of them is refused as a conflict (decision
    // 073) and tries again on the fresh page.
    await expect(async () => {
      await editor.goto("/admin/inhalte/flugbuchung?sprache=en");
      await waitForHydration(editor);
      await editor.getByRole("button", { name: "Speichern", exact: true }).click();
      await expect(saved).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    await admin.close();
  }
  expect((await revalidated).status()).toBe(200);
}

/**
 * Creates a new guest account by posting the registration form (as a browser without
 * JavaScript does), from an address of its own for the per-client registration limit. With a
 * browser context's request the new guest is signed in on that context; with the `request`
 * fixture only the account is made.
 */
export async function registerOverHttp(
  request: APIRequestContext,
  {
    name = "Gabi Gast",
    email = `gast.${randomUUID().slice(0, 8)}@example.com`,
    password = "Sonnenschein-2027",
  } = {},
): Promise<Account> {
  const account = { name, email, password };
  const response = await request.post("/auth", {
    headers: { origin: baseURL(), "x-forwarded-for": randomTestAddress() },
    form: { intent: "register", ...account },
    maxRedirects: 0,
  });
  await expectSignedIn(response);
  return account;
}

/** The published properties' ids, in the sitemap's order (the demo data's, on a fresh server). */
export async function sitemapPropertyIds(request: APIRequestContext) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  return [...sitemap.matchAll(/\/properties\/([0-9a-f-]{36})</g)].map((m) => m[1]);
}

/**
 * A bank-transfer booking made by the signed-in `request`'s guest through the booking form's
 * POST (as a browser without JavaScript sends it); returns its id.
 */
export async function bookOverHttp(
  request: APIRequestContext,
  guest: Account,
  propertyId: string,
  stay: { checkIn: string; checkOut: string },
) {
  const response = await postBooking(request, guest, propertyId, stay);
  expect(response.status(), await response.text()).toBe(302);
  return bookingIdOf(response);
}

function postBooking(
  request: APIRequestContext,
  guest: Account,
  propertyId: string,
  stay: { checkIn: string; checkOut: string },
) {
  return request.post(`/properties/${propertyId}/book`, {
    form: {
      ...stay,
      guests: "1",
      guestName: guest.name,
      guestEmail: guest.email,
      guestPhone: "+49 170 1234567",
      paymentMethod: "bank-transfer",
      idempotencyKey: randomUUID(),
    },
    maxRedirects: 0,
  });
}

const bookingIdOf = (response: APIResponse) =>
  /booking=([0-9a-f-]{36})/.exec(response.headers().location)![1];

/**
 * A two-night bank-transfer booking on the first free arrival from `fromDays` days ahead (tried
 * every third day, at most `tries` times): other journeys and the demo data book the same
 * properties, so a fixed or random day can already be taken. Returns its id and arrival.
 */
export async function bookFirstFreeOverHttp(
  request: APIRequestContext,
  guest: Account,
  propertyId: string,
  fromDays: number,
  tries = 8,
) {
  for (let attempt = 0; attempt < tries; attempt++) {
    const checkIn = addDays(berlinDay(new Date()), fromDays + 3 * attempt + randomInt(0, 3));
    const response = await postBooking(request, guest, propertyId, {
      checkIn,
      checkOut: addDays(checkIn, 2),
    });
    if (response.status() === 302) return { bookingId: bookingIdOf(response), checkIn };
    await response.body();
  }
  throw new Error(`no free two-night stay from ${fromDays} days ahead on ${propertyId}`);
}

/** Fails on serious or critical accessibility violations (axe-core, WCAG 2.1 AA rules). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/** No page may be wider than the window: a sideways scrollbar hides half of every line. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${page.url()} is wider than the window`).toBeLessThanOrEqual(0);
}

/**
 * Two of axe's structure rules the WCAG set above leaves out (they are "best practice" and of
 * moderate impact): all content sits in a landmark, so a screen reader's landmark list reaches
 * it (the top bar with the language switch did not), and headings do not skip a level.
 */
export async function expectLandmarksAndHeadingOrder(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(["region", "heading-order"]).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    page.url(),
  ).toEqual([]);
}

/**
 * Every journey fails on a browser console error or an uncaught exception: hydration
 * mismatches, CSP violations and broken scripts show up there first.
 *
 * `guest`: a new guest account of the test's own, signed in on the test's `context` without the
 * sign-in page, for the journeys that need "some guest". (The demo accounts sign in the same way
 * with `signInOverHttp`; the demo guest's bookings and reviews are left to the "demo-data"
 * project, see playwright.config.ts.)
 */
export const test = base.extend<{
  failOnConsoleErrors: void;
  guest: Account;
}>({
  guest: async ({ context }, provide) => {
    await provide(await registerOverHttp(context.request));
  },
  failOnConsoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        page.on("console", (message) => {
          // Expected HTTP errors (403/404/401 pages under test) are not script errors.
          if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
            errors.push(message.text());
          }
        });
        page.on("pageerror", (error) => errors.push(String(error)));
      };
      // One client address per test (the server trusts X-Forwarded-For in E2E): the whole suite
      // would otherwise be a single visitor hitting the registration and sign-in limits.
      await context.setExtraHTTPHeaders({ "x-forwarded-for": randomTestAddress() });
      for (const page of context.pages()) {
        watch(page);
        waitForHydrationOnGoto(page);
      }
      context.on("page", (page) => {
        watch(page);
        waitForHydrationOnGoto(page);
      });
      await use();
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
