import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { demoGuest, expect, test, type Login } from "./helpers";

/**
 * Better Auth's own endpoints are closed (issue 11, decision 013): the audit signed in through
 * them past the lockout, registered without limit, stored a 20,000-character name and read raw
 * session tokens. Every /api/auth path answers 404 to GET and POST and sets no cookie, for
 * visitors and signed-in guests alike.
 */
const PATHS = [
  "/api/auth",
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/sign-out",
  "/api/auth/get-session",
  "/api/auth/list-sessions",
  "/api/auth/revoke-session",
  "/api/auth/revoke-sessions",
  "/api/auth/revoke-other-sessions",
  "/api/auth/update-user",
  "/api/auth/change-email",
  "/api/auth/change-password",
  "/api/auth/delete-user",
  "/api/auth/request-password-reset",
  "/api/auth/reset-password",
  "/api/auth/reset-password/some-token",
  "/api/auth/verify-email?token=x",
  "/api/auth/send-verification-email",
  "/api/auth/list-accounts",
  "/api/auth/ok",
];

/** A body each endpoint would accept: the account's right password, a new name, a new user. */
const bodyFor = (login: Login) => ({
  email: login.email,
  password: login.password,
  currentPassword: login.password,
  newPassword: "Neues-Passwort-2030",
  name: "<b>".repeat(5000),
});

const setCookies = (response: APIResponse) =>
  response.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie");

async function expectAllClosed(request: APIRequestContext, baseURL: string, login: Login) {
  const body = bodyFor(login);
  // Same origin, so the server's foreign-origin check does not answer first.
  const headers = { origin: baseURL };
  for (const path of PATHS) {
    const answers = [
      ["GET", await request.get(path, { maxRedirects: 0 })],
      // Better Auth's endpoints take JSON; the server refuses a JSON body before any route runs.
      ["POST JSON", await request.post(path, { data: body, headers, maxRedirects: 0 })],
      // A form body gets past the server's checks and reaches the closed route.
      ["POST form", await request.post(path, { form: body, headers, maxRedirects: 0 })],
    ] as const;
    for (const [label, response] of answers) {
      expect(response.status(), `${label} ${path}`).toBe(label === "POST JSON" ? 415 : 404);
      expect(setCookies(response), `${label} ${path}`).toEqual([]);
    }
  }
}

const sessionCount = async (page: Page) => {
  await page.goto("/dashboard/settings");
  return page.getByRole("list", { name: "Aktive Sitzungen" }).getByRole("listitem").count();
};

test.describe("/api/auth/* is closed", () => {
  test("a visitor gets 404 and no cookie for every path, GET and POST", async ({
    page,
    baseURL,
  }) => {
    await expectAllClosed(page.request, baseURL!, demoGuest);
    // The right password through the API signed nobody in.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  });

  test("a signed-in guest gets the same; nothing changes and no token reaches JavaScript", async ({
    page,
    context,
    baseURL,
    guest,
  }) => {
    const sessionsBefore = await sessionCount(page);
    const cookiesBefore = await context.cookies();

    await expectAllClosed(page.request, baseURL!, guest);

    // Still signed in with the same cookie, no session added or ended, the name unchanged.
    expect(await context.cookies()).toEqual(cookiesBefore);
    expect(await sessionCount(page)).toBe(sessionsBefore);
    await page.goto("/dashboard/profile");
    await expect(page.getByLabel("Vollständiger Name")).not.toHaveValue(/<b>/);

    // The page's own JavaScript sees neither the cookie nor a session list.
    const seen = await page.evaluate(async () => {
      const response = await fetch("/api/auth/list-sessions", { credentials: "include" });
      return { status: response.status, body: await response.text(), cookie: document.cookie };
    });
    expect(seen.status).toBe(404);
    expect(seen.cookie).not.toContain("session_token");
    const token = cookiesBefore.find((c) => c.name.includes("session_token"))!.value;
    expect(seen.body).not.toContain(token.split(".")[0]);
  });
});
