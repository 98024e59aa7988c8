/**
 * The German texts of single pages reach the browser only through the registrar modules in
 * `./texts/` (decision 055). A module that shows such a text without importing its registrar
 * renders fine on the server (which has every text) and shows the bare key in the browser after
 * hydration on any page that does not happen to load the registrar through another module.
 * This test reads every browser-side module of app/ and asks for the import wherever a page
 * namespace is used: as a key ("booking.heading", `booking.${x}`) or read through
 * `catalogueOf(…)`.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REGISTRARS, routeTextsDe, SERVER_ONLY, type RouteCatalogue } from "./route-texts";
import de from "./de";
import bookingPage from "./de/booking";
import bookingErrors from "./de/booking-errors";

const APP = path.resolve(import.meta.dirname, "..");
const NAMESPACES = [...Object.keys(REGISTRARS), ...SERVER_ONLY] as (keyof RouteCatalogue)[];
const isServerOnly = (namespace: string) => (SERVER_ONLY as readonly string[]).includes(namespace);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === path.join(APP, "locales") ? [] : sourceFiles(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    // Server-only modules run where every text is registered.
    if (/\.server\.tsx?$/.test(entry.name) || file.includes(`${path.sep}.server${path.sep}`)) {
      return [];
    }
    return [file];
  });
}

/** The page namespaces a module's source uses. */
export function namespacesUsed(code: string): Set<string> {
  const used = new Set<string>();
  // Comments name keys too ("the catalogue keys `property.amenityNames.*`"); they show nothing.
  const source = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
  const names = NAMESPACES.join("|");
  for (const match of source.matchAll(new RegExp(`["'\`](${names})\\.[\\w$]`, "g"))) {
    used.add(match[1]);
  }
  for (const match of source.matchAll(new RegExp(`catalogueOf\\([^()]*\\)\\.(${names})\\b`, "g"))) {
    used.add(match[1]);
  }
  // `const texts = catalogueOf(language);` … `texts.myBookings.title`
  for (const [, variable] of source.matchAll(/(?:const|let)\s+(\w+)\s*=\s*catalogueOf\(/g)) {
    const read = new RegExp(`\\b${variable}\\.(${names})\\b`, "g");
    for (const match of source.matchAll(read)) used.add(match[1]);
  }
  return used;
}

function registrarsImported(source: string): Set<string> {
  return new Set(
    [...source.matchAll(/import\s+["']~\/locales\/texts\/([\w-]+)["']/g)].map((m) => m[1]),
  );
}

describe("page texts in the browser", () => {
  it("finds keys and catalogue reads", () => {
    expect(
      namespacesUsed(
        't("booking.heading"); t(`priceBox.${x}`); catalogueOf(l).auth.title; ' +
          "const texts = catalogueOf(language); texts.myBookings.x; texts.errors.y; 'common.close'\n" +
          "/** `home.title` */ // 'search.x'",
      ),
    ).toEqual(new Set(["booking", "priceBox", "auth", "myBookings"]));
  });

  it("every module that shows a page's texts imports their registrar", () => {
    const missing: string[] = [];
    for (const file of sourceFiles(APP)) {
      const source = fs.readFileSync(file, "utf8");
      const imported = registrarsImported(source);
      for (const namespace of namespacesUsed(source)) {
        if (isServerOnly(namespace)) {
          missing.push(`${path.relative(APP, file)}: "${namespace}" only the server has`);
          continue;
        }
        const registrar = REGISTRARS[namespace as keyof typeof REGISTRARS];
        if (!imported.has(registrar)) {
          missing.push(`${path.relative(APP, file)}: import "~/locales/texts/${registrar}";`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("has one registrar per page namespace, registering exactly that namespace", () => {
    const files = fs
      .readdirSync(path.join(APP, "locales/texts"))
      .map((f) => f.replace(/\.ts$/, ""));
    expect(files.sort()).toEqual(Object.values(REGISTRARS).sort());
    for (const [namespace, file] of Object.entries(REGISTRARS)) {
      const source = fs.readFileSync(path.join(APP, "locales/texts", `${file}.ts`), "utf8");
      expect(source).toContain(`registerTexts("de", { ${namespace} })`);
      expect(source).toContain(`from "../de/${file}"`);
    }
  });

  it("keeps page texts out of the core every page downloads, and the full set on the server", () => {
    for (const namespace of NAMESPACES) expect(de).not.toHaveProperty(namespace);
    expect(Object.keys(routeTextsDe).sort()).toEqual([...NAMESPACES].sort());
  });

  it("is the only way browser modules get page texts (route-texts.ts is the server's)", () => {
    const importers = sourceFiles(APP).filter((file) =>
      /from\s+["'](?:~\/locales|\.)\/route-texts["']/.test(fs.readFileSync(file, "utf8")),
    );
    expect(importers).toEqual([]);
  });

  it("leaves the errors only the server finds to the server, and the booking page words the rest", () => {
    // The booking page's own checks (the stay, step 2's fields, the payment choice) show their
    // texts in the browser; the others come worded in the action's answer (`message`).
    const wordedByThePage = [
      ...["datesTaken", "checkInPast", "tooFarAhead", "minStay", "seasonMinStay", "maxStay"],
      ...["arrivalDay", "departureDay", "dates", "guests", "paymentMethodRequired"],
      ...["nameRequired", "nameTooLong", "phoneRequired", "phoneInvalid", "specialRequestsTooLong"],
    ];
    for (const code of wordedByThePage) expect(bookingPage.errors).toHaveProperty(code);
    expect(Object.keys(bookingErrors).length).toBeGreaterThan(5);
    for (const code of Object.keys(bookingErrors)) {
      expect(bookingPage.errors).not.toHaveProperty(code);
      expect(wordedByThePage).not.toContain(code.replace(/_one$/, ""));
    }
    expect(routeTextsDe.bookingErrors).toBe(bookingErrors);
    const importers = sourceFiles(APP).filter((file) =>
      /locales\/de\/booking-errors["']/.test(fs.readFileSync(file, "utf8")),
    );
    expect(importers.map((file) => path.relative(APP, file))).toEqual([]);
  });
});
