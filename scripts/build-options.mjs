// BUILD_DIR and SOURCEMAP, checked before anything builds or starts (decision 078): by
// `npm start` (scripts/start.mjs), by the build itself (react-router.config.ts, vite.config.ts)
// and by the server. Plain Node: start.mjs runs before anything is compiled.
import fs from "node:fs";
import path from "node:path";

/** The project folder (next to package.json): where a relative BUILD_DIR lies. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");

/**
 * What a build folder holds: React Router's client and server output, and the chunk list of
 * scripts/vite-public-chunks.ts. The configs are read again while the build writes these.
 */
const BUILD_ENTRIES = new Set(["client", "server", "client-chunk-modules.json"]);

/** A refusal: its message says in German and English what to fix. */
export class BuildOptionError extends Error {
  name = "BuildOptionError";
}

/**
 * Where the build is, absolute: BUILD_DIR relative to the project folder, "build" when unset or
 * empty (as with the other variables, empty means the default).
 */
export function resolveBuildDir(env = process.env, root = PROJECT_ROOT) {
  const value = env.BUILD_DIR?.trim();
  return path.resolve(root, value || "build");
}

/**
 * The folder a build may be written to. React Router's build deletes its folder first when it
 * lies inside the project (`cleanBuildDirectory`): BUILD_DIR="." or an empty BUILD_DIR passed
 * to the config as it was deleted the whole project, and "app" or "public" would delete those.
 * So refused: a file; the project folder or a folder above it; a folder inside the project that
 * holds anything but an earlier build (client/, server/, client-chunk-modules.json).
 */
export function buildDirectory(env = process.env, root = PROJECT_ROOT) {
  const dir = resolveBuildDir(env, root);
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) {
    throw new BuildOptionError(
      `BUILD_DIR ist kein Ordner, sondern eine Datei: ${dir}. Wählen Sie einen Ordner für den Build (Standard: build).\n` +
        `BUILD_DIR is a file, not a folder: ${dir}. Choose a folder for the build (default: build).`,
    );
  }
  const isAboveRoot = dir === path.parse(dir).root || root.startsWith(`${dir}${path.sep}`);
  if (dir === root || isAboveRoot) {
    throw new BuildOptionError(
      `BUILD_DIR ist der Projektordner oder ein Ordner darüber: ${dir}. Der Build leert seinen Ordner und würde das Projekt löschen. Wählen Sie einen eigenen Ordner (Standard: build).\n` +
        `BUILD_DIR is the project folder or a folder above it: ${dir}. The build empties its folder and would delete the project. Choose a folder of its own (default: build).`,
    );
  }
  // Outside the project the build empties nothing (React Router and Vite leave such a folder).
  const isInsideRoot = dir.startsWith(`${root}${path.sep}`);
  if (stat && isInsideRoot) {
    const others = fs.readdirSync(dir).filter((entry) => !BUILD_ENTRIES.has(entry));
    if (others.length > 0) {
      const named = others.slice(0, 3).join(", ") + (others.length > 3 ? ", …" : "");
      throw new BuildOptionError(
        `BUILD_DIR enthält mehr als einen Build (${named}): ${dir}. Der Build leert seinen Ordner und würde diese Dateien löschen. Wählen Sie einen eigenen Ordner (Standard: build).\n` +
          `BUILD_DIR holds more than a build (${named}): ${dir}. The build empties its folder and would delete these files. Choose a folder of its own (default: build).`,
      );
    }
  }
  return dir;
}

const SOURCEMAP_VALUES = { "": false, false: false, 0: false, true: true, 1: true };

/**
 * Whether the build writes source maps (for reading the bundles, docs/BENCHMARKS.md). Only
 * true/1 turn them on; "0" and "false" used to turn them on too (any non-empty value did).
 */
export function sourcemapOption(env = process.env) {
  const value = env.SOURCEMAP ?? "";
  if (Object.hasOwn(SOURCEMAP_VALUES, value)) return SOURCEMAP_VALUES[value];
  throw new BuildOptionError(
    "SOURCEMAP: erlaubt sind / allowed: true, false, 1, 0 (leer = aus / empty = off).",
  );
}

/** Both, for `npm start` before it builds: every refusal at once. */
export function checkBuildOptions(env = process.env, root = PROJECT_ROOT) {
  const errors = [];
  let buildDir;
  let sourcemap = false;
  try {
    buildDir = buildDirectory(env, root);
  } catch (error) {
    if (!(error instanceof BuildOptionError)) throw error;
    errors.push(error.message);
  }
  try {
    sourcemap = sourcemapOption(env);
  } catch (error) {
    if (!(error instanceof BuildOptionError)) throw error;
    errors.push(error.message);
  }
  if (errors.length > 0) throw new BuildOptionError(errors.join("\n"));
  return { buildDir, sourcemap };
}

/**
 * `read()`, or its refusal printed without a stack trace and exit 1: for start.mjs and the
 * build's configs, which the operator runs from the shell.
 */
export function orExit(read) {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof BuildOptionError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}
