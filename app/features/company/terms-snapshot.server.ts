import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { resolvePageContent } from "./page-facts";
import { termsTextSchema, type TermsText } from "~/lib/terms-text";
import { pageFactsFrom } from "./page-content.server";
import type { PaymentMethod, SiteSettings } from "~/features/settings/settings";
import { type db, schema } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { currentVersion, withDefaults } from "~/features/content/content.server";
import type { LegalContent } from "~/features/content/content-types";

/**
 * The AGB a booking is made under (decision 087; § 312f Abs. 2 BGB wants them in the contract's
 * confirmation). What the guest could read at /agb is not one stored row: the operator's newest
 * version of the page (or the text shipped with this release) merged over the release's default,
 * with the deposit, the due days, the opening hours and the offered payment methods filled in
 * from the settings. So the booking keeps the resolved text itself, in `terms_snapshot`, shared
 * by every booking under the same text.
 */

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];
const ts = schema.termsSnapshot;
const v = schema.contentVersion;

/**
 * The AGB as /agb shows them in `language` right now, resolved with `settings` and `offered`
 * (the booking's own strict read, so the text and the stored terms agree), stored once; returns
 * the snapshot's id. Read inside the booking's transaction and never from a cache or the
 * shipped fallback of a failed read: a booking whose AGB cannot be read is not stored.
 */
export async function recordTermsSnapshot(
  tx: Tx,
  {
    language,
    settings,
    offered,
  }: {
    language: Language;
    settings: SiteSettings;
    offered: readonly PaymentMethod[];
  },
): Promise<string> {
  const current = await currentVersion("terms", language, tx);
  const page = resolvePageContent(
    withDefaults("terms", language, current?.body) as unknown as LegalContent,
    pageFactsFrom(settings, offered, language),
    language,
  );
  // The contract's text only: not the page's description or its "Fragen?" box.
  const body: TermsText = {
    title: page.title,
    updated: page.updated,
    intro: page.intro,
    sections: page.sections.map((section) => ({
      heading: section.heading,
      blocks: section.blocks,
    })),
  };
  const contentVersion = current?.version ?? null;
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify({ language, contentVersion, body }))
    .digest("hex");
  // Usually the text is stored already (every booking under the same AGB shares the row).
  const [stored] = await tx.select({ id: ts.id }).from(ts).where(eq(ts.hash, hash));
  if (stored) return stored.id;
  const [inserted] = await tx
    .insert(ts)
    .values({ language, contentVersion, body, hash })
    .onConflictDoNothing({ target: ts.hash })
    .returning({ id: ts.id });
  if (inserted) return inserted.id;
  // Stored meanwhile by a parallel booking that committed while this one waited.
  const [existing] = await tx.select({ id: ts.id }).from(ts).where(eq(ts.hash, hash));
  return existing.id;
}

type BookingTerms = {
  language: Language;
  /** the operator's saved version of the AGB page, null: the text shipped with the release */
  contentVersion: number | null;
  /** when that version was saved (null for the shipped text, or a version no longer stored) */
  savedAt: Date | null;
  text: TermsText;
};

/** The AGB stored with a booking (null: the booking has none recorded). */
export async function termsOfBooking(
  executor: Tx | ReturnType<typeof db>,
  snapshotId: string | null,
): Promise<BookingTerms | null> {
  if (!snapshotId) return null;
  const [row] = await executor
    .select({
      language: ts.language,
      contentVersion: ts.contentVersion,
      body: ts.body,
      savedAt: v.createdAt,
    })
    .from(ts)
    .leftJoin(
      v,
      and(eq(v.page, "terms"), eq(v.language, ts.language), eq(v.version, ts.contentVersion)),
    )
    .where(eq(ts.id, snapshotId));
  if (!row) return null;
  return {
    language: row.language === "en" ? "en" : "de",
    contentVersion: row.contentVersion,
    savedAt: row.savedAt,
    text: termsTextSchema.parse(row.body),
  };
}
