/**
 * BUILD_DIR and SOURCEMAP for `npm start` and the build (decision 078). The build deletes its
 * folder first when it lies inside the project, so a folder that holds anything but a build is
 * refused; these cases run against a stand-in project folder, never this one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  BuildOptionError,
  buildDirectory,
  checkBuildOptions,
  PROJECT_ROOT,
  sourcemapOption,
} from "./build-options.mjs";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "fw-build-options-"));
fs.mkdirSync(path.join(root, "app"));
fs.writeFileSync(path.join(root, "app", "root.tsx"), "");
fs.writeFileSync(path.join(root, "package.json"), "{}");
fs.mkdirSync(path.join(root, "build-old", "client"), { recursive: true });
fs.mkdirSync(path.join(root, "build-old", "server"));
fs.writeFileSync(path.join(root, "build-old", "client-chunk-modules.json"), "{}");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const dirOf = (BUILD_DIR?: string) => buildDirectory({ BUILD_DIR }, root);

describe("BUILD_DIR", () => {
  it("is the project's build folder when unset or empty (empty used to mean the project itself)", () => {
    expect(dirOf(undefined)).toBe(path.join(root, "build"));
    expect(dirOf("")).toBe(path.join(root, "build"));
    expect(dirOf("  ")).toBe(path.join(root, "build"));
  });

  it("takes a new folder, an earlier build and a folder outside the project", () => {
    expect(dirOf("build-e2e")).toBe(path.join(root, "build-e2e"));
    expect(dirOf("build-old")).toBe(path.join(root, "build-old"));
    const outside = path.join(os.tmpdir(), "fw-build-elsewhere");
    expect(dirOf(outside)).toBe(outside);
  });

  it("refuses the project folder and the folders above it: the build would delete the project", () => {
    for (const value of [".", "./", root, "..", "/"]) {
      expect(() => dirOf(value), value).toThrow(BuildOptionError);
      expect(() => dirOf(value), value).toThrow(
        /BUILD_DIR ist der Projektordner oder ein Ordner darüber: .*\nBUILD_DIR is the project folder or a folder above it/,
      );
    }
    expect(fs.existsSync(path.join(root, "app", "root.tsx"))).toBe(true);
  });

  it("refuses a folder of the project that holds more than a build, naming what it holds", () => {
    expect(() => dirOf("app")).toThrow(
      `BUILD_DIR enthält mehr als einen Build (root.tsx): ${path.join(root, "app")}`,
    );
    expect(() => dirOf("app")).toThrow("BUILD_DIR holds more than a build (root.tsx)");
  });

  it("refuses a file", () => {
    expect(() => dirOf("package.json")).toThrow(
      `BUILD_DIR ist kein Ordner, sondern eine Datei: ${path.join(root, "package.json")}`,
    );
  });

  it("lies in this project by default", () => {
    expect(PROJECT_ROOT).toBe(path.resolve(import.meta.dirname, ".."));
  });
});

describe("SOURCEMAP", () => {
  it("is on for true and 1 only; 0 and false are off (any value used to turn it on)", () => {
    for (const [value, on] of [
      [undefined, false],
      ["", false],
      ["0", false],
      ["false", false],
      ["1", true],
      ["true", true],
    ] as const) {
      expect(sourcemapOption({ SOURCEMAP: value }), String(value)).toBe(on);
    }
  });

  it("refuses anything else", () => {
    expect(() => sourcemapOption({ SOURCEMAP: "ja" })).toThrow(
      "SOURCEMAP: erlaubt sind / allowed: true, false, 1, 0",
    );
  });
});

describe("both for npm start", () => {
  it("names every refusal at once", () => {
    let message = "";
    try {
      checkBuildOptions({ BUILD_DIR: ".", SOURCEMAP: "yes" }, root);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("BUILD_DIR ist der Projektordner");
    expect(message).toContain("SOURCEMAP: erlaubt sind");
  });
});
