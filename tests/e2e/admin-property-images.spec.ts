import sharp from "sharp";
import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  signInOverHttp,
  test,
  waitForHydration,
} from "./helpers";
import { pngBomb } from "../helpers/image-fixtures";

/**
 * The "Bilder" part of the property form (issue 14 part 3, spec 06): files chosen at once are
 * uploaded one by one with their own status, a refused file says why and offers a retry, a
 * failed attempt is retried, the list is reordered by keyboard and by mouse (the first is the
 * "Hauptbild"), categorised and trimmed, and the form hears of every change.
 * The field lives in the property form (/admin/properties/add).
 */
const FORM_PATH = "/admin/properties/add";

const photo = (color: string, format: "png" | "jpeg") =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();

test("an admin uploads, retries, reorders, categorises and removes property photos", async ({
  page,
  context,
}) => {
  await signInOverHttp(page.request, demoAdmin);
  await page.goto(FORM_PATH);
  await waitForHydration(page);
  const field = page.getByRole("group", { name: "Bilder" });
  const cards = field.getByTestId("property-image");
  const hidden = field.locator('input[type="hidden"]');
  const list = async () =>
    JSON.parse((await hidden.inputValue()) || "[]") as { ref: string; category: string | null }[];
  const before = await cards.count();
  const saved = (await list()).length;
  // The form must hear of every change (its autosave reads it).
  await hidden.evaluate((input: HTMLInputElement) => {
    (window as unknown as { imageChanges: number }).imageChanges = 0;
    input.form?.addEventListener("change", () => {
      (window as unknown as { imageChanges: number }).imageChanges += 1;
    });
  });
  const changes = () =>
    page.evaluate(() => (window as unknown as { imageChanges: number }).imageChanges);

  // The first attempt of terrasse.png fails with 503; its second waits until we looked.
  let terraceCalls = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/properties/images", async (route) => {
    if (!(route.request().postDataBuffer()?.includes('filename="terrasse.png"') ?? false)) {
      return route.continue();
    }
    terraceCalls += 1;
    if (terraceCalls === 1) return route.fulfill({ status: 503, body: "Wartung" });
    await held;
    return route.continue();
  });

  await field.getByLabel("Bilder auswählen").setInputFiles([
    { name: "terrasse.png", mimeType: "image/png", buffer: await photo("#2a6f97", "png") },
    { name: "kueche.jpg", mimeType: "image/jpeg", buffer: await photo("#e07a5f", "jpeg") },
    { name: "notiz.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Kein Bild, nur Text.") },
  ]);
  await expect(cards).toHaveCount(before + 3);
  const terrace = cards.nth(before);
  await expect(terrace).toContainText("wird hochgeladen (Versuch 2 von 3)");
  await expect(
    terrace.getByRole("progressbar", { name: "Fortschritt von terrasse.png" }),
  ).toBeVisible();
  release();
  // Encoding takes a few seconds on a busy machine: a wait, not a speed requirement.
  const upload = { timeout: 30_000 };
  await expect(terrace).toContainText("erfolgreich", upload);
  await expect(cards.nth(before + 1)).toContainText("erfolgreich", upload);
  const refused = cards.nth(before + 2);
  await expect(refused).toContainText("Fehler", upload);
  await expect(refused).toContainText("Die Datei ist kein gültiges Bild (JPG, PNG oder WebP).");
  await expect(
    refused.getByRole("button", { name: `Bild ${before + 3} erneut hochladen` }),
  ).toBeVisible();
  await expect(field.getByTestId("image-upload-summary")).toHaveText(
    "1 Bild konnte nicht hochgeladen werden. 2 wurden erfolgreich hochgeladen.",
  );
  // Only images the server has are in the form: the two new ones, not the refused file.
  const uploaded = await list();
  expect(uploaded).toHaveLength(saved + 2);
  expect(uploaded.slice(-2).every((image) => image.ref.startsWith("property-images/"))).toBe(true);
  expect(await changes()).toBeGreaterThan(0);
  await expect(cards.first()).toContainText("Hauptbild");
  await expectNoSeriousA11yViolations(page);

  // Keyboard: pick up image 2, move it one place back, drop it: it becomes the main image.
  const order = (await list()).map((image) => image.ref);
  await field.getByRole("button", { name: "Bild 2 verschieben" }).focus();
  // Each key waits for the screen reader's announcement of the one before: a key pressed before
  // the drag has started is ignored (seen once on a loaded machine).
  await page.keyboard.press("Space");
  // (dnd-kit reports the drag over its own place at once, which replaces "aufgenommen".)
  await expect(
    page.getByText(/^Bild 2 (aufgenommen\.|ist jetzt an Position 2 von \d+\.)$/),
  ).toBeAttached();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText(/^Bild 2 ist jetzt an Position 1 von \d+\.$/)).toBeAttached();
  await page.keyboard.press("Space");
  await expect
    .poll(async () => (await list()).map((image) => image.ref))
    .toEqual([order[1], order[0], ...order.slice(2)]);
  await expect(cards.first()).toContainText("Hauptbild");

  // Mouse: drag image 1 by its handle onto image 2's place; the order swaps back.
  const from = await field.getByRole("button", { name: "Bild 1 verschieben" }).boundingBox();
  const to = await field.getByRole("button", { name: "Bild 2 verschieben" }).boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + 20, from!.y + 10, { steps: 5 });
  await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect.poll(async () => (await list()).map((image) => image.ref)).toEqual(order);

  // A category per image.
  await field.getByLabel("Kategorie von Bild 1").selectOption({ label: "Küche" });
  await expect.poll(async () => (await list())[0].category).toBe("Küche");

  // Removing the refused file clears the summary; removing an image takes it out of the form.
  const changesBefore = await changes();
  await field.getByRole("button", { name: `Bild ${before + 3} entfernen` }).click();
  await expect(field.getByTestId("image-upload-summary")).toHaveCount(0);
  await field.getByRole("button", { name: "Bild 1 entfernen" }).click();
  await expect(cards).toHaveCount(before + 1);
  await expect.poll(async () => (await list()).length).toBe(saved + 1);
  expect(await changes()).toBeGreaterThan(changesBefore);

  // No connection: said at once.
  await context.setOffline(true);
  await expect(
    field.getByText("Keine Internetverbindung. Bitte prüfen Sie Ihre Verbindung."),
  ).toBeVisible();
  await context.setOffline(false);
  await expect(field.getByText("Keine Internetverbindung.")).toHaveCount(0);
});

test("a 12 MB file and a pixel bomb are refused with German reasons", async ({ page }) => {
  await signInOverHttp(page.request, demoAdmin);
  await page.goto(FORM_PATH);
  await waitForHydration(page);
  const field = page.getByRole("group", { name: "Bilder" });
  const cards = field.getByTestId("property-image");
  const before = await cards.count();
  await field.getByLabel("Bilder auswählen").setInputFiles([
    // Refused in the browser already: no 12 MB are sent for a refusal.
    { name: "riesig.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(12 * 1024 * 1024, 1) },
    // A few bytes that declare 50,000 × 50,000 pixels: refused by the server before decoding.
    { name: "bombe.png", mimeType: "image/png", buffer: pngBomb() },
  ]);
  await expect(cards).toHaveCount(before + 2);
  await expect(cards.nth(before)).toContainText("Die Datei ist größer als 10 MB.");
  await expect(cards.nth(before + 1)).toContainText(
    "Das Bild hat zu viele Pixel (höchstens 40 Megapixel).",
    { timeout: 30_000 },
  );
  await expect(field.getByTestId("image-upload-summary")).toHaveText(
    "2 Bilder konnten nicht hochgeladen werden.",
  );
  expect(JSON.parse((await field.locator('input[type="hidden"]').inputValue()) || "[]")).toEqual(
    [],
  );
});
