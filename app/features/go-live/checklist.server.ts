/**
 * The go-live checklist (issue 15 part 6, decision 033): what an operator must do before real
 * guests come, shown on the admin dashboard and logged as warnings at a production start.
 *
 * One point is one entry in GO_LIVE_CHECKS (plus its texts under `adminFacts.checklist`): an
 * id, where it is fixed, and a check that says done or open (with values for the hint).
 */
import { and, eq, inArray, not } from "drizzle-orm";
import { DEMO_LOGINS } from "../../../db/demo-logins";
import { placeholderImprintFields } from "~/features/company/imprint";
import { isPasswordCorrect } from "~/features/accounts/account-settings.server";
import { pagesWithOperatorVersion } from "~/features/content/content.server";
import { getSettings } from "~/features/settings/settings.server";
import { db, schema } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { demoTotal } from "./demo-counts";
import { countDemoData, isDemoUser } from "./demo-data.server";

export type GoLiveContext = {
  /** The admin looking at the list (null at start-up): the demo-data hint depends on it. */
  viewerId: string | null;
  env?: { SMTP_URL?: string };
};

export type GoLiveResult = {
  ok: boolean;
  /** Values for the hint's placeholders (open points) */
  detail?: Record<string, string | number | string[]>;
};

type GoLiveCheck = {
  id: string;
  /** Where the operator fixes it; null when it is not a page (SMTP is the environment). */
  href: string | null;
  check: (context: GoLiveContext) => Promise<GoLiveResult>;
};

export type GoLivePoint = GoLiveResult & { id: string; href: string | null };

// Found by role, as the seed does: the order of DEMO_LOGINS is not what makes the admin.
const DEMO_ADMIN = DEMO_LOGINS.find((login) => login.role === "Admin");

/** Whether SMTP_URL names an SMTP server (anything else means mails stay in DATA_DIR/outbox). */
export function isSmtpConfigured(smtpUrl: string | undefined): boolean {
  if (!smtpUrl) return false;
  try {
    const url = new URL(smtpUrl);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * A password hash → whether it is the demo admin's password. Verifying is a real scrypt (tens of
 * milliseconds); a hash only changes with the password, so each is verified once per process.
 */
const demoPasswordByHash = new Map<string, boolean>();
async function isDemoAdminPassword(hash: string): Promise<boolean> {
  if (!DEMO_ADMIN) return false;
  const known = demoPasswordByHash.get(hash);
  if (known !== undefined) return known;
  const matches = await isPasswordCorrect(hash, DEMO_ADMIN.password);
  if (demoPasswordByHash.size > 1000) demoPasswordByHash.clear();
  demoPasswordByHash.set(hash, matches);
  return matches;
}

export const GO_LIVE_CHECKS: readonly GoLiveCheck[] = [
  {
    id: "imprint",
    href: "/admin/settings",
    async check() {
      const fields = placeholderImprintFields(await getSettings());
      return { ok: fields.length === 0, detail: { fields } };
    },
  },
  {
    // AGB and Datenschutz are the operator's legal texts: the shipped ones describe the demo
    // company. Done when the operator has saved an own version of each (any language).
    id: "legalTexts",
    href: "/admin/inhalte",
    async check() {
      const own = await pagesWithOperatorVersion(["terms", "privacy"]);
      return { ok: own.size === 2 };
    },
  },
  {
    // An active default account that the seed did not create: bank transfers go to the operator.
    id: "bankAccount",
    href: "/admin/bankkonten",
    async check() {
      const ba = schema.bankAccount;
      const d = schema.demoRecord;
      const [own] = await db()
        .select({ id: ba.id })
        .from(ba)
        .where(
          and(
            eq(ba.isDefault, true),
            eq(ba.isActive, true),
            not(
              inArray(
                ba.id,
                db().select({ id: d.entityId }).from(d).where(eq(d.entity, "bank_account")),
              ),
            ),
          ),
        )
        .limit(1);
      return { ok: own !== undefined };
    },
  },
  {
    // Without SMTP_URL e-mails are written to DATA_DIR/outbox and reach no guest.
    id: "smtp",
    href: null,
    async check({ env }) {
      return { ok: isSmtpConfigured((env ?? getEnv()).SMTP_URL) };
    },
  },
  {
    id: "demoData",
    href: "/admin?demodaten=entfernen",
    async check({ viewerId }) {
      const counts = await countDemoData();
      const total = demoTotal(counts);
      // Without demo data the viewer cannot be a demo account: no need to ask.
      const isViewerDemo = total > 0 && viewerId !== null && (await isDemoUser(viewerId));
      return { ok: total === 0, detail: { ...counts, viewerIsDemo: isViewerDemo ? 1 : 0 } };
    },
  },
  {
    // Any admin whose password is still the one printed in the README and at the demo start.
    id: "adminPassword",
    href: "/dashboard/settings",
    async check() {
      const rows = await db()
        .select({ email: schema.user.email, hash: schema.account.password })
        .from(schema.account)
        .innerJoin(schema.user, eq(schema.user.id, schema.account.userId))
        .innerJoin(schema.profile, eq(schema.profile.id, schema.account.userId))
        .where(and(eq(schema.account.providerId, "credential"), eq(schema.profile.role, "admin")))
        .limit(100);
      for (const row of rows) {
        if (row.hash && (await isDemoAdminPassword(row.hash))) {
          return { ok: false, detail: { email: row.email } };
        }
      }
      return { ok: true };
    },
  },
];

/** Every point of the checklist, in order. */
export async function goLiveChecklist(context: GoLiveContext): Promise<GoLivePoint[]> {
  return Promise.all(
    GO_LIVE_CHECKS.map(async ({ id, href, check }) => ({ id, href, ...(await check(context)) })),
  );
}

const LOG_TEXTS: Record<string, string> = {
  imprint: "Impressum incomplete: fields still empty or demo placeholders",
  legalTexts: "AGB or Datenschutz still the shipped text (admin: Inhalte)",
  bankAccount: "no own bank account: the active default account is missing or the demo account",
  smtp: "SMTP_URL not set: e-mails are only written to DATA_DIR/outbox",
  demoData: "demo data still present (admin dashboard: Demodaten entfernen)",
  adminPassword: "an admin account still has the demo password",
};

/**
 * At a production start (NODE_ENV=production with DATABASE_URL): one warning per open point, so
 * whoever reads the log learns what is missing before the first guest does.
 */
export async function logOpenGoLivePoints(log: {
  warn: (object: Record<string, unknown>, message: string) => void;
}) {
  const points = await goLiveChecklist({ viewerId: null });
  for (const point of points.filter((p) => !p.ok)) {
    log.warn(
      { goLive: point.id, ...point.detail },
      `go-live checklist: ${LOG_TEXTS[point.id] ?? point.id}`,
    );
  }
  return points;
}
