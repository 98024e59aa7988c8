/** Types of scripts/env-file.mjs (plain Node, used by TypeScript scripts and tests). */
export const PROJECT_ENV_FILE: string;
export function loadEnvFile(
  file?: string,
  env?: Record<string, string | undefined>,
): string[] | null;
