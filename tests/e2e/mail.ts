import fs from "node:fs";
import path from "node:path";
import { parseMail, type ParsedMail } from "../helpers/mail";
import { e2eMailDir } from "./smtp-receiver";

/** Waits for an e-mail that the SMTP receiver of the global setup saved. */
export async function waitForMail(match: (mail: ParsedMail) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dir = e2eMailDir();
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    for (const file of files) {
      const mail = parseMail(fs.readFileSync(path.join(dir, file), "utf8"));
      if (match(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error("the expected e-mail did not arrive");
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Intl writes a no-break space before "€"; mails and pages compare as plain text. */
export const plainText = (text: string) => text.replace(/\u00a0/g, " ").trim();
