import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { startSmtpReceiver, type SmtpReceiver } from "./mail";

/**
 * The file's tests send their e-mails to a real SMTP receiver: started once for the file,
 * `SMTP_URL` pointing at it during every test and unset after it. `receiver` is set once the
 * file's `beforeAll` hooks have run.
 */
export function smtpReceiverForFile(): { receiver: SmtpReceiver } {
  const state = {} as { receiver: SmtpReceiver };
  beforeAll(async () => {
    state.receiver = await startSmtpReceiver();
  });
  afterAll(async () => {
    await state.receiver?.close();
  });
  beforeEach(() => {
    process.env.SMTP_URL = state.receiver.url;
    resetEnvCache();
  });
  afterEach(() => {
    delete process.env.SMTP_URL;
    resetEnvCache();
  });
  return state;
}
