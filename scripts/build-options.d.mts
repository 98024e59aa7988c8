/** Types of scripts/build-options.mjs (plain Node, used by the configs, the server and tests). */
export const PROJECT_ROOT: string;
export class BuildOptionError extends Error {}
export function resolveBuildDir(env?: Record<string, string | undefined>, root?: string): string;
export function buildDirectory(env?: Record<string, string | undefined>, root?: string): string;
export function sourcemapOption(env?: Record<string, string | undefined>): boolean;
export function checkBuildOptions(
  env?: Record<string, string | undefined>,
  root?: string,
): { buildDir: string; sourcemap: boolean };
export function orExit<T>(read: () => T): T;
