import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import {
  emailCompany,
  emailKindOf,
  isEmailWanted,
  parseEmailData,
  redactEmailData,
  renderEmail,
  secretLifetimeOf,
  type EmailKind,
  type EmailTemplateData,
  type EmailTemplateName,
} from "./templates";
import { getSettingsStrict, SettingsUnavailableError } from "~/features/settings/settings.server";
import { db, schema, type Database } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { UUID_PATTERN } from "~/domain/ids";

/**
 * Transactional outbox for e-mail. Callers queue an e-mail in the same transaction as the data
 * it belongs to, so a stored contact message or booking never lacks its e-mail and a rolled
 * back one never sends one. A worker in every server process sends due e-mails: over SMTP when
 * SMTP_URL is set, otherwise into DATA_DIR/outbox/*.eml (the embedded demo needs no mail
 * server; files with a reset link are deleted once it has expired). Failures are retried with growing delays; after MAX_ATTEMPTS the e-mail is `failed`.
 */
export const MAX_ATTEMPTS = 8;
/** While one process sends a claimed e-mail, others leave it alone for this long. */
const CLAIM_LEASE = "10 minutes";
const BATCH_SIZE = 10;
const POLL_INTERVAL_MS = 3_000;

const outbox = schema.emailOutbox;

/** A database or an open transaction (`db().transaction(async (tx) => …)`). */
type Executor = Pick<Database, "insert">;

/** Queues an e-mail. Pass the transaction that writes the data the e-mail is about. */
export async function enqueueEmail<K extends EmailTemplateName>(
  executor: Executor,
  /** bookingId: the booking the e-mail is about, for that booking's history in the admin. */
  email: { to: string; template: K; data: EmailTemplateData<K>; bookingId?: string },
) {
  const data = parseEmailData(email.template, email.data);
  const [row] = await executor
    .insert(outbox)
    .values({ to: email.to, template: email.template, data, bookingId: email.bookingId ?? null })
    .returning({ id: outbox.id });
  return row.id;
}

/** Delay before attempt n+1 after n failed attempts: 1, 2, 4 … minutes, at most one hour. */
export function retryDelaySeconds(failedAttempts: number) {
  return Math.min(60 * 2 ** Math.max(failedAttempts - 1, 0), 3600);
}

type OutboxRow = typeof outbox.$inferSelect;

/**
 * Sends the e-mails that are due, once. Rows are claimed with `for update skip locked`, so
 * several server processes never send the same e-mail twice at the same time.
 */
export async function processEmailOutboxOnce(options: { limit?: number } = {}) {
  const limit = options.limit ?? BATCH_SIZE;
  const due = db()
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db()
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + interval '${sql.raw(CLAIM_LEASE)}'`,
    })
    .where(and(inArray(outbox.id, due), eq(outbox.status, "pending")))
    .returning();

  const result = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
  for (const row of claimed) {
    const outcome = await sendOne(row);
    result[outcome]++;
  }
  return result;
}

/**
 * Whether an optional e-mail must not go to its recipient: a notification to an account whose
 * "E-Mail-Benachrichtigungen" are off, a marketing e-mail to an address that is no confirmed
 * newsletter subscriber. Transactional e-mails are never suppressed. Checked when sending, so a
 * switch turned off after the e-mail was queued still counts.
 */
export async function isSuppressedByRecipient(kind: EmailKind, to: string) {
  if (kind === "transactional") return false;
  const [account] = await db()
    .select({ settings: schema.profile.notificationSettings })
    .from(schema.profile)
    .innerJoin(schema.user, eq(schema.user.id, schema.profile.id))
    .where(sql`lower(${schema.user.email}) = lower(${to})`)
    .limit(1);
  const [subscriber] = await db()
    .select({ id: schema.newsletterSubscription.id })
    .from(schema.newsletterSubscription)
    .where(
      and(
        sql`lower(${schema.newsletterSubscription.email}) = lower(${to})`,
        eq(schema.newsletterSubscription.status, "confirmed"),
      ),
    )
    .limit(1);
  return !isEmailWanted(kind, {
    emailNotifications: account ? account.settings.emailNotifications : null,
    isSubscribed: Boolean(subscriber),
  });
}

async function sendOne(row: OutboxRow): Promise<"sent" | "retried" | "failed"> {
  const kind = emailKindOf(row.template);
  if (kind !== "transactional" && (await isSuppressedByRecipient(kind, row.to))) {
    // Done without sending: no retry; the note says why there is no sent_at.
    await db()
      .update(outbox)
      .set({
        status: "sent",
        lastError: "not sent: the recipient turned these e-mails off",
        ...withoutSecrets(row),
      })
      .where(eq(outbox.id, row.id));
    return "sent";
  }
  let message: SendMailOptions;
  try {
    message = await buildMessage(row);
  } catch (error) {
    if (error instanceof SettingsUnavailableError) return postpone(row);
    // A template that cannot render will not render on the next attempt either.
    await markFailed(row, error, true);
    return "failed";
  }
  try {
    await deliver(row, message);
    await db()
      .update(outbox)
      .set({ status: "sent", sentAt: sql`now()`, lastError: null, ...withoutSecrets(row) })
      .where(eq(outbox.id, row.id));
    return "sent";
  } catch (error) {
    return markFailed(row, error, false);
  }
}

/**
 * The update that blanks a done e-mail's secrets (its reset link): once it is sent or given up,
 * nothing needs them, and a database dump or backup must not hold a usable link. A row that
 * will be retried keeps them, as the next attempt renders the e-mail again.
 *
 * An e-mail about a booking whose guest was deleted while it waited (an account's deletion or
 * an admin's erasure, decisions 081 and 085, leave the operator's queued copies their content so
 * they can still be rendered) keeps none of it once done: the booking's guest e-mail address is
 * empty only then.
 */
function withoutSecrets(row: OutboxRow): { data?: Record<string, unknown> | SQL } {
  const redacted = redactEmailData(row.template, row.data);
  if (!row.bookingId) return redacted ? { data: redacted } : {};
  const b = schema.booking;
  return {
    // The column itself where nothing is redacted: the row's data is not sent back to the
    // database on every send.
    data: sql`case when exists (select 1 from ${b} where ${b.id} = ${row.bookingId} and ${b.guestEmail} = '') then '{}'::jsonb else ${redacted ? sql`${JSON.stringify(redacted)}::jsonb` : outbox.data} end`,
  };
}

/**
 * The settings could not be read, so the e-mail would name the demo's platform and, in its
 * footer, the demo company (decision 087). It is not sent now and tried again in a minute; the
 * attempt is given back, as the e-mail itself is not at fault, so an outage of the settings
 * never makes it give up.
 */
async function postpone(row: OutboxRow): Promise<"retried"> {
  await db()
    .update(outbox)
    .set({
      attempts: sql`greatest(${outbox.attempts} - 1, 0)`,
      lastError: "not sent yet: the settings could not be read",
      nextAttemptAt: sql`now() + interval '1 minute'`,
    })
    .where(eq(outbox.id, row.id));
  logger.warn({ id: row.id, template: row.template }, "e-mail postponed: settings unreadable");
  return "retried";
}

async function markFailed(row: OutboxRow, error: unknown, isPermanent: boolean) {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const isFinal = isPermanent || row.attempts >= MAX_ATTEMPTS;
  const delay = retryDelaySeconds(row.attempts);
  await db()
    .update(outbox)
    .set(
      isFinal
        ? { status: "failed", lastError, ...withoutSecrets(row) }
        : { lastError, nextAttemptAt: sql`now() + make_interval(secs => ${delay})` },
    )
    .where(eq(outbox.id, row.id));
  const log = { id: row.id, template: row.template, attempts: row.attempts, err: lastError };
  if (isFinal) logger.error(log, "e-mail could not be sent and was given up");
  else logger.warn({ ...log, retryInSeconds: delay }, "e-mail could not be sent; will retry");
  return isFinal ? ("failed" as const) : ("retried" as const);
}

async function buildMessage(row: OutboxRow): Promise<SendMailOptions> {
  const env = getEnv();
  // Strict: the platform's name and the Impressum of the render context must be the operator's
  // (a failed read throws SettingsUnavailableError; the e-mail is postponed).
  const settings = await getSettingsStrict();
  const email = await renderEmail(row.template, row.data, {
    baseUrl: env.BASE_URL,
    platformName: settings.platformName,
    company: emailCompany(settings),
  });
  return {
    from: env.MAIL_FROM,
    to: row.to,
    replyTo: email.replyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: email.headers,
    attachments: email.attachments,
  };
}

// ---------------------------------------------------------------------------------------------
// Transports

let smtp: { url: string; transport: Transporter } | undefined;

function smtpTransport(url: string) {
  if (smtp?.url !== url) {
    smtp?.transport.close();
    // smtp:// is plain SMTP that upgrades with STARTTLS when the server offers it; smtps:// is
    // TLS from the start. Options such as ?requireTLS=true can be added to the URL.
    smtp = {
      url,
      transport: nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    };
  }
  return smtp.transport;
}

const fileTransport = nodemailer.createTransport({
  streamTransport: true,
  buffer: true,
  newline: "windows",
});

/** The folder the embedded default writes e-mails into when no SMTP server is configured. */
export function outboxFolder() {
  return path.join(getEnv().DATA_DIR, "outbox");
}

async function deliver(row: OutboxRow, message: SendMailOptions) {
  const env = getEnv();
  if (env.SMTP_URL) {
    await smtpTransport(env.SMTP_URL).sendMail(message);
    return;
  }
  const info = await fileTransport.sendMail(message);
  const folder = outboxFolder();
  await fs.mkdir(folder, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  // The template in the name lets deleteExpiredOutboxFiles find reset links without reading files.
  const template = /^[a-z0-9-]{1,60}$/.test(row.template) ? `${row.template}-` : "";
  const file = path.join(folder, `${stamp}-${template}${row.id}.eml`);
  await fs.writeFile(file, info.message as Buffer);
  logger.info(
    { to: row.to, subject: message.subject, file },
    "e-mail written to the outbox folder (no SMTP_URL set)",
  );
}

// ---------------------------------------------------------------------------------------------
// Expired links in the outbox folder

const STAMP = "\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z";
const OUTBOX_FILE = new RegExp(`^${STAMP}-([a-z0-9-]+)-(${UUID_PATTERN})\\.eml$`);
/** Written before the template was part of the name. */
const OLD_OUTBOX_FILE = new RegExp(`^${STAMP}-(${UUID_PATTERN})\\.eml$`);
/** Old-style files this process found to hold no expiring secret (not looked up again). */
const checkedOldFiles = new Set<string>();

/**
 * Deletes `.eml` files of the outbox folder whose secret (a password-reset link) has expired:
 * the database blanks the token once the e-mail is sent (decision 011), the folder must not keep
 * it either. A file is written after its token was made, so "written + lifetime" is never before
 * the link's own end. Files from before the template was in their name are looked up once by
 * their outbox id. Returns the names deleted.
 */
export async function deleteExpiredOutboxFiles(now = Date.now()) {
  const folder = outboxFolder();
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const lifetimes = new Map<string, number>();
  const oldFiles = new Map<string, string>();
  for (const name of names) {
    const current = OUTBOX_FILE.exec(name);
    const lifetime = current ? secretLifetimeOf(current[1]) : null;
    if (lifetime !== null) lifetimes.set(name, lifetime);
    const old = OLD_OUTBOX_FILE.exec(name);
    if (old && !checkedOldFiles.has(name)) oldFiles.set(old[1], name);
  }
  if (oldFiles.size > 0) {
    const rows = await db()
      .select({ id: outbox.id, template: outbox.template })
      .from(outbox)
      .where(inArray(outbox.id, [...oldFiles.keys()]));
    const templates = new Map(rows.map((row) => [row.id, row.template]));
    for (const [id, name] of oldFiles) {
      // No row: not this database's e-mail (sent rows are kept), so nothing to judge it by.
      const template = templates.get(id);
      const lifetime = template === undefined ? null : secretLifetimeOf(template);
      if (lifetime === null) checkedOldFiles.add(name);
      else lifetimes.set(name, lifetime);
    }
  }
  const deleted: string[] = [];
  for (const [name, lifetime] of lifetimes) {
    const file = path.join(folder, name);
    try {
      const { mtimeMs } = await fs.stat(file);
      if (mtimeMs + lifetime * 1000 > now) continue;
      await fs.rm(file, { force: true });
      deleted.push(name);
    } catch (error) {
      // Another process deleted it first.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  if (deleted.length)
    logger.info({ count: deleted.length }, "expired reset links removed from the outbox folder");
  return deleted;
}

// ---------------------------------------------------------------------------------------------
// Worker

type WorkerState = {
  isActive: boolean;
  timer?: ReturnType<typeof setTimeout>;
  running?: Promise<void>;
  /** When the outbox folder was last cleared of expired links (ms). */
  filesCheckedAt?: number;
};
/** A reset link stays in the outbox folder at most this long after it expired. */
const FILE_CHECK_INTERVAL_MS = 60_000;
// On globalThis: in development Vite may evaluate this module again after an edit.
const holder = globalThis as unknown as { __emailWorker?: WorkerState };

/** Starts polling the outbox in this process (boot, after the migrations). */
export function startEmailWorker(options: { intervalMs?: number } = {}) {
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  if (holder.__emailWorker?.isActive) return;
  const state: WorkerState = { isActive: true };
  holder.__emailWorker = state;

  const tick = () => {
    state.timer = undefined;
    state.running = (async () => {
      try {
        // A full batch means more may be due: keep going until the queue is drained.
        while (state.isActive && (await processEmailOutboxOnce()).claimed === BATCH_SIZE);
      } catch (error) {
        logger.error({ err: error }, "e-mail worker run failed");
      }
      if (state.isActive && Date.now() - (state.filesCheckedAt ?? 0) >= FILE_CHECK_INTERVAL_MS) {
        state.filesCheckedAt = Date.now();
        await deleteExpiredOutboxFiles().catch((error: unknown) =>
          logger.warn({ err: error }, "removing expired links from the outbox folder failed"),
        );
      }
    })();
    void state.running.then(() => {
      state.running = undefined;
      if (state.isActive) schedule();
    });
  };
  const schedule = () => {
    state.timer = setTimeout(tick, interval);
    state.timer.unref();
  };
  tick();
}

/** Stops polling and waits for a send in progress (shutdown, before the database closes). */
export async function stopEmailWorker() {
  const state = holder.__emailWorker;
  if (!state) return;
  state.isActive = false;
  if (state.timer) clearTimeout(state.timer);
  await state.running;
  holder.__emailWorker = undefined;
  smtp?.transport.close();
  smtp = undefined;
}
