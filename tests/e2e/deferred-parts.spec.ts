import type { APIRequestContext, ElementHandle, Page } from "@playwright/test";
import { expect, test } from "./helpers";

/**
 * Parts of a page whose code loads after the page's own (decision 058): the footer, the
 * property page's sections below the fold, the booking page's later steps. The server renders
 * them whole; the browser must keep that HTML on screen while their code is on its way, then
 * hydrate it in place (the same DOM nodes, now working).
 */

// The service worker, once it controls the page, fetches the chunks itself, out of the page's
// routes' reach: a chunk asked for after it took over would not be held back (CI 23 lost the
// footer's that way, on a busy machine).
test.use({ serviceWorkers: "block" });

/** Holds back the browser's requests for the named modules' chunks until `release()`. */
async function holdChunks(page: Page, modules: string[]) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new Set<string>();
  const chunk = new RegExp(`/assets/(${modules.join("|")})-[\\w-]+\\.js$`);
  await page.route(chunk, async (route) => {
    held.add(route.request().url().match(chunk)![1]);
    await gate;
    await route.continue();
  });
  return { held, release };
}

const isConnected = (node: ElementHandle) => node.evaluate((element) => element.isConnected);

async function propertyWithReviews(request: APIRequestContext) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const [, path] of sitemap.matchAll(/<loc>[^<]*?(\/properties\/[0-9a-f-]{36})<\/loc>/g)) {
    const html = await (await request.get(path)).text();
    if (html.includes('data-testid="review"')) return path;
  }
  throw new Error("no demo property with reviews");
}

test("the footer and the property page's lower sections stay on screen while their code loads, then work", async ({
  page,
  request,
}) => {
  const path = await propertyWithReviews(request);
  const chunks = await holdChunks(page, ["site-footer", "property-reviews", "amenity-list"]);
  await page.goto(path); // waits until the page is hydrated

  // The code of all three is asked for and held back …
  await expect
    .poll(() => [...chunks.held].sort())
    .toEqual(["amenity-list", "property-reviews", "site-footer"]);
  // … and the server's HTML of them is there all the same.
  const footer = page.getByRole("contentinfo");
  const cookieButton = footer.getByRole("button", { name: "Cookie-Einstellungen" });
  await expect(cookieButton).toBeVisible();
  await expect(page.getByTestId("review").first()).toBeVisible();
  await expect(page.getByTestId("amenities").getByRole("listitem").first()).toBeVisible();
  const footerNode = (await footer.elementHandle())!;
  const reviewsLink = page.getByRole("link", { name: "Alle Bewertungen unserer Gäste" });
  const reviewsLinkNode = (await reviewsLink.elementHandle())!;

  // A click on the footer's button before its code is there (React cannot hand it over) is not
  // lost: the button is clicked again once the footer works. (The page counts the dialogs
  // opened.)
  await page.evaluate(() => {
    const counted = window as unknown as { dialogsOpened: number };
    counted.dialogsOpened = 0;
    const showModal = HTMLDialogElement.prototype.showModal;
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      counted.dialogsOpened++;
      showModal.call(this);
    };
  });
  const cookieDialog = page.getByRole("dialog", { name: "Cookie-Einstellungen" });
  await cookieButton.click();
  await cookieButton.click();
  await expect(cookieDialog).toBeHidden();

  chunks.release();
  // Hydrated where it stood: the lost clicks open the dialog, once, and the nodes are the
  // server's (a part rendered again in the browser would have replaced them).
  await expect(cookieDialog).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { dialogsOpened: number }).dialogsOpened),
  ).toBe(1);
  expect(await isConnected(footerNode)).toBe(true);
  expect(await isConnected(reviewsLinkNode)).toBe(true);
  // A link in a hydrated part is the app's: it navigates without loading a new document.
  await page.keyboard.press("Escape");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await reviewsLink.click();
  await expect(page).toHaveURL(/\/bewertungen$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
