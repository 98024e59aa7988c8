import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP receiver for tests (the `smtp-server` package) and a small parser for what it
 * receives: enough MIME (headers with encoded words, quoted-printable/base64 parts, multipart)
 * to read the To, Subject, plain text and HTML of a message the app sent.
 */
export type ReceivedMail = { raw: string; from: string; to: string[] };

export type SmtpReceiver = {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Answers the next `count` messages with a temporary SMTP error (451). */
  failNext: (count: number) => void;
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

export async function startSmtpReceiver(
  options: { port?: number; onMessage?: (mail: ReceivedMail) => void | Promise<void> } = {},
): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS, no login.
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failures > 0) {
          failures--;
          const error = Object.assign(new Error("Mailbox temporarily unavailable"), {
            responseCode: 451,
          });
          callback(error);
          return;
        }
        const mail: ReceivedMail = {
          raw: Buffer.concat(chunks).toString("utf8"),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        messages.push(mail);
        Promise.resolve(options.onMessage?.(mail)).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext: (count) => {
      failures = count;
    },
    async waitForMessages(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} e-mails, received ${messages.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ParsedMail = {
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  replyTo: string;
  text: string;
  html: string;
  /** Inline images and other binary parts, with their Content-ID (without < >). */
  images: { contentId: string; contentType: string; content: Buffer }[];
  /** The content types of all leaf parts (an attached calendar file is "text/calendar"). */
  partTypes: string[];
};

/** Parses a raw RFC 5322 message as nodemailer writes it. */
export function parseMail(raw: string): ParsedMail {
  const part = parsePart(raw);
  const leaves = flatten(part);
  const body = (type: string) => leaves.find((p) => p.contentType.startsWith(type))?.body ?? "";
  return {
    headers: part.headers,
    subject: part.headers.subject ?? "",
    from: part.headers.from ?? "",
    to: part.headers.to ?? "",
    replyTo: part.headers["reply-to"] ?? "",
    text: body("text/plain"),
    html: body("text/html"),
    images: leaves
      .filter((p) => p.contentType.startsWith("image/") && p.bytes)
      .map((p) => ({
        contentId: (p.headers["content-id"] ?? "").replace(/^<|>$/g, ""),
        contentType: p.contentType.split(";")[0],
        content: p.bytes!,
      })),
    partTypes: leaves.map((p) => p.contentType.split(";")[0].trim()),
  };
}

type Part = {
  headers: Record<string, string>;
  contentType: string;
  body: string;
  parts: Part[];
  /** the decoded bytes of a base64 part (binary parts would not survive as text) */
  bytes?: Buffer;
};

function parsePart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const split = normalized.indexOf("\n\n");
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const rawBody = split === -1 ? "" : normalized.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(
        line.slice(colon + 1).trim(),
      );
  }
  const contentType = (headers["content-type"] ?? "text/plain").toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (contentType.startsWith("multipart/") && boundary) {
    const sections = rawBody.split(`--${boundary}`).slice(1);
    const parts = sections
      .filter((s) => !s.startsWith("--"))
      .map((s) => parsePart(s.replace(/^\n/, "")));
    return { headers, contentType, body: "", parts };
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  let body = rawBody;
  let bytes: Buffer | undefined;
  if (encoding === "quoted-printable") body = decodeQuotedPrintable(rawBody);
  else if (encoding === "base64") {
    bytes = Buffer.from(rawBody.replace(/\s+/g, ""), "base64");
    body = bytes.toString("utf8");
  }
  return { headers, contentType, body: body.replace(/\n$/, ""), parts: [], bytes };
}

function flatten(part: Part): Part[] {
  return part.parts.length ? part.parts.flatMap(flatten) : [part];
}

function decodeQuotedPrintable(value: string) {
  const joined = value.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); spaces between them vanish. */
function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
