/**
 * The app's composition root: configuration, database, migrations, demo data and the background
 * jobs of every feature, started and stopped together (server/index.ts calls it through the
 * build's entry module). It sits above app/lib and app/features, so shared code never has to
 * import a feature to start it.
 */
import {
  startCompleteStaysJob,
  stopCompleteStaysJob,
} from "~/features/booking/complete-stays.server";
import {
  startBalanceChargeJob,
  stopBalanceChargeJob,
} from "~/features/booking/balance-charges.server";
import {
  startPaymentRemindersJob,
  stopPaymentRemindersJob,
} from "~/features/booking/payment-reminders.server";
import {
  startOrphanImagesJob,
  stopOrphanImagesJob,
} from "~/features/properties/property-images.server";
import { startIcalSyncJob, stopIcalSyncJob } from "~/features/calendar/ical-import.server";
import { ensureSettingsRow } from "~/features/settings/settings.server";
import {
  listenForPageDataOnPglite,
  listenForSettingsChanges,
  stopListening,
} from "~/features/settings/settings-events.server";
import { closeEventStreams } from "~/features/settings/event-stream.server";
import { and, eq, sql } from "drizzle-orm";
import { isPasswordCorrect } from "~/features/accounts/account-settings.server";
import { deleteExpiredSessions } from "~/features/accounts/expired-sessions.server";
import {
  connectDatabase,
  databaseHandle,
  db,
  isDatabaseEmpty,
  schema,
  setDatabase,
} from "~/lib/db.server";
import { startEmailWorker, stopEmailWorker } from "~/features/email/outbox.server";
import {
  startImageImportWorker,
  stopImageImportWorker,
} from "~/features/properties/image-import.server";
import { logOpenGoLivePoints } from "~/features/go-live/checklist.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { deleteExpiredRateLimits } from "~/lib/rate-limit.server";
import { setMediaBase } from "~/lib/media-url";
import { storageKind, uploadsDir } from "~/lib/storage.server";

export type BootResult = {
  /** The validated configuration the HTTP server needs (one source of truth: env.server.ts). */
  config: {
    port: number;
    baseUrl: string;
    dataDir: string;
    uploadsDir: string;
    /** Where /media/ comes from: the uploads folder, or S3 through readMedia (decision 034). */
    storage: "local" | "s3";
    trustProxy: boolean;
  };
  databaseKind: "pglite" | "postgres";
  seeded: boolean;
  /** the demo logins that really sign in, for the start message (decision 071) */
  demoLogins: Promise<DemoLogin[]>;
};

const HOUSEKEEPING_MS = 60 * 60 * 1000;
let housekeeping: NodeJS.Timeout | undefined;

/** Opens and migrates the database, writes defaults, seeds demo data into an empty database. */
type DemoLogin = { role: string; email: string; password: string };

export async function boot(): Promise<BootResult> {
  const env = getEnv();
  const handle = env.DATABASE_URL
    ? await connectDatabase({ kind: "postgres", url: env.DATABASE_URL })
    : await connectDatabase({ kind: "pglite", dataDir: env.DATA_DIR });
  setDatabase(handle);
  // Server code outside a page render (JSON answers) links uploads like the pages do.
  setMediaBase(env.s3?.publicUrl);
  await ensureSettingsRow();

  let seeded = false;
  if (env.seedDemoData && (await isDatabaseEmpty(handle.db))) {
    const { seedDemoData } = await import("../db/seed.server");
    const started = Date.now();
    // False when another process starting at the same time seeded first (it holds a lock).
    seeded = await seedDemoData({ uploadsDir: uploadsDir() });
    if (seeded) logger.info({ ms: Date.now() - started }, "demo data seeded");
  }
  if (handle.kind === "postgres" && handle.url) await listenForSettingsChanges(handle.url);
  if (handle.listen) await listenForPageDataOnPglite(handle.listen);
  // A production start names every open point of the go-live checklist (decision 033), on
  // PostgreSQL and on an embedded database behind a public BASE_URL alike (decision 071); only
  // the local demo (embedded, localhost) stays quiet. Not awaited: its queries and the password
  // check (scrypt) must not delay listening.
  if (env.isProduction && !env.isLocalDemo) {
    void logOpenGoLivePoints(logger).catch((error: unknown) =>
      logger.warn({ err: error }, "go-live checklist: checking failed"),
    );
  }
  startEmailWorker();
  // Images named in CSV imports; picks up what a previous run left pending (decision 028).
  startImageImportWorker();
  startCompleteStaysJob();
  // Bank-transfer reminders and the optional cancellation of unpaid deposits (decision 047).
  startPaymentRemindersJob();
  // Online balances charged off-session on their due date (decision 049).
  startBalanceChargeJob();
  startOrphanImagesJob();
  // Imported calendars (Airbnb, Booking.com, …): due feeds every minute (decision 045).
  startIcalSyncJob();
  housekeeping = setInterval(() => {
    deleteExpiredRateLimits().catch((error) =>
      logger.warn({ err: error }, "rate-limit cleanup failed"),
    );
    deleteExpiredSessions().catch((error) =>
      logger.warn({ err: error }, "expired-session cleanup failed"),
    );
  }, HOUSEKEEPING_MS);
  housekeeping.unref();

  // Not awaited either: checking each login is a scrypt, and listening must not wait for it;
  // the start message waits (server/index.ts).
  const demoLogins = workingDemoLogins(seeded).catch((error: unknown) => {
    logger.warn({ err: error }, "checking the demo logins failed");
    return [];
  });
  return {
    config: {
      port: env.PORT,
      baseUrl: env.BASE_URL,
      dataDir: env.DATA_DIR,
      uploadsDir: uploadsDir(),
      storage: storageKind(),
      trustProxy: env.TRUST_PROXY,
    },
    databaseKind: handle.kind,
    seeded,
    demoLogins,
  };
}

/**
 * The demo logins the start message may print: those that really sign in on this database. A
 * start that just seeded has them all; otherwise each is looked up, and one whose account is
 * gone or whose password was changed is left out, so the console never names a login that
 * does not work, nor one on a database that never had demo data (decision 071).
 */
export async function workingDemoLogins(seededNow: boolean): Promise<DemoLogin[]> {
  const { DEMO_LOGINS } = await import("../db/demo-logins");
  if (seededNow) return DEMO_LOGINS;
  const working = await Promise.all(
    DEMO_LOGINS.map(async (login) => {
      const [row] = await db()
        .select({ hash: schema.account.password })
        .from(schema.account)
        .innerJoin(schema.user, eq(schema.user.id, schema.account.userId))
        .where(
          and(
            eq(schema.account.providerId, "credential"),
            sql`lower(${schema.user.email}) = ${login.email.toLowerCase()}`,
          ),
        )
        .limit(1);
      return row?.hash && (await isPasswordCorrect(row.hash, login.password)) ? login : null;
    }),
  );
  return working.filter((login) => login !== null);
}

/** First step of a graceful stop: end long-lived event streams so the server can drain. */
export function beforeShutdown() {
  closeEventStreams();
}

/** Last step: stop listeners and workers, close the database (PGlite must close cleanly). */
export async function shutdown() {
  clearInterval(housekeeping);
  await stopListening();
  await stopCompleteStaysJob();
  await stopPaymentRemindersJob();
  await stopIcalSyncJob();
  await stopBalanceChargeJob();
  await stopOrphanImagesJob();
  await stopEmailWorker();
  await stopImageImportWorker();
  try {
    await databaseHandle().close();
  } catch (error) {
    logger.warn({ err: error }, "closing the database failed");
  }
  setDatabase(undefined);
}
