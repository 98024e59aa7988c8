import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, vi } from "vitest";
// Like the server (entry.server.tsx): texts and e-mails in every language.
import "~/locales/all-languages.server";

// Each test file gets its own data folder and a fixed secret; nothing touches ./data.
process.env.NODE_ENV = "test";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "fw-test-"));
process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
process.env.BASE_URL = "http://localhost:3000";
process.env.LOG_LEVEL = "silent";
// Set per file by openTestDatabase(); a file without a test database (or a production process
// it starts) must not inherit the fast test hash from the file that ran before it.
delete process.env.TEST_FAST_PASSWORD_HASH;

// A console.error in a test is a bug somewhere (Epic Stack's rule).
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length)
    throw new Error(
      `console.error was called: ${calls.map((c: unknown[]) => c.join(" ")).join("\n")}`,
    );
});
