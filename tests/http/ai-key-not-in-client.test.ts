/**
 * "Mit KI optimieren" talks to the AI service from the server only (spec README: no AI key in
 * the browser; decision 029). The production build's browser files hold no trace of the server
 * side: not the environment variable, not the API path, not the system prompt — while they do
 * hold the admin texts, so the scan reads the admin area's code at all. (The key itself is read
 * at run time and never built in; tests/e2e/admin-property-ai.spec.ts checks the page the admin
 * opens does not carry it.)
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AI_DEFAULT_BASE_URL, AI_SYSTEM_PROMPT } from "~/features/properties/ai-description.server";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

function clientFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientFiles(full);
    return /\.(js|css|html|json|map)$/.test(entry.name) ? [full] : [];
  });
}

describe("AI description: server-side only", () => {
  it("the browser's files name neither the key's variable, the API nor the prompt", () => {
    const files = clientFiles(clientDir);
    const holding = (needle: string) =>
      files
        .filter((file) => fs.readFileSync(file, "utf8").includes(needle))
        .map((file) => path.relative(clientDir, file));
    // The scan sees the admin area's code (the button's text is there).
    expect(holding("Mit KI optimieren").length).toBeGreaterThan(0);
    expect(holding("OPENAI_API_KEY")).toEqual([]);
    expect(holding("OPENAI_BASE_URL")).toEqual([]);
    expect(holding("chat/completions")).toEqual([]);
    expect(holding(new URL(AI_DEFAULT_BASE_URL).host)).toEqual([]);
    expect(holding(AI_SYSTEM_PROMPT.split("\n")[0])).toEqual([]);
  });
});
