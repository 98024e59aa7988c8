import fs from "node:fs";
import path from "node:path";
import { startSmtpReceiver } from "../helpers/mail";

/**
 * Playwright global setup: a real SMTP server that the app under test sends its e-mails to
 * (SMTP_URL in playwright.config.ts). Each message is saved as a file that the journeys read.
 * The port follows E2E_PORT (2525 for 3100, 2545 for 3120 …) so parallel runs don't collide.
 */
export const e2eSmtpPort = () =>
  Number(process.env.E2E_SMTP_PORT ?? 2525 + Number(process.env.E2E_PORT ?? 3100) - 3100);

export const e2eMailDir = () => path.resolve(`tmp/e2e-mail-${e2eSmtpPort()}`);

export default async function globalSetup() {
  const dir = e2eMailDir();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const receiver = await startSmtpReceiver({
    port: e2eSmtpPort(),
    onMessage: (mail) => {
      const name = `${Date.now()}-${String(++count).padStart(4, "0")}.eml`;
      fs.writeFileSync(path.join(dir, name), mail.raw);
    },
  });
  // Returned function = global teardown.
  return () => receiver.close();
}
