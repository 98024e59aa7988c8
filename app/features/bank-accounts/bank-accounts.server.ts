import { and, asc, eq, inArray, like, or, sql } from "drizzle-orm";
import { adminEmails } from "~/features/accounts/admin-users.server";
import {
  maskIban,
  NEW_BANK_ACCOUNT,
  planBankAccountChange,
  type BankAccountChange,
  type BankAccountPlan,
  type BankAccountState,
} from "~/domain/bank-account";
import { recheckPassword } from "~/features/accounts/account-settings.server";
import type { CurrentUser } from "~/features/accounts/session.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { db, schema, type Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { foldedContains } from "~/lib/search-text.server";
import type { BankAccountStatusFilter } from "./bank-account-fields";
import type { BankAccountInput } from "./bank-account.schema";

const a = schema.bankAccount;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type BankAccountRow = typeof schema.bankAccount.$inferSelect;

/**
 * The list of /admin/bankkonten: search over holder, IBAN (typed with or without spaces) and
 * bank; filter Alle/Aktiv/Inaktiv. An operator has a handful of accounts, so no paging.
 */
export async function listBankAccounts(filter: { q: string; status: BankAccountStatusFilter }) {
  const q = filter.q.trim();
  const compact = q.replace(/\s+/g, "").toUpperCase();
  const escape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
  const conditions = [
    filter.status === "aktiv" ? eq(a.isActive, true) : undefined,
    filter.status === "inaktiv" ? eq(a.isActive, false) : undefined,
    q
      ? or(
          // Case and accents folded like the property search ("muller" finds "Müller").
          sql`search_fold(${a.accountHolder}) like ${foldedContains(q)}`,
          sql`search_fold(${a.bankName}) like ${foldedContains(q)}`,
          compact ? like(a.iban, `%${escape(compact)}%`) : undefined,
        )
      : undefined,
  ].filter(Boolean);
  return db()
    .select()
    .from(a)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(sql`${a.isDefault} desc`, sql`${a.isActive} desc`, asc(a.createdAt), asc(a.id));
}

export async function getBankAccount(id: string) {
  const [row] = await db().select().from(a).where(eq(a.id, id));
  return row ?? null;
}

/**
 * Whether saving or deleting needs the admin's password (a new account, another IBAN, another
 * default): the dialog asks for it before the admin presses "Speichern", and the server
 * decides again inside the transaction.
 */
export async function needsPassword(change: BankAccountChange) {
  const plan = planBankAccountChange(await accountStates(db()), change);
  return plan.ok && plan.isSensitive;
}

async function accountStates(executor: Database | Tx, lock = false): Promise<BankAccountState[]> {
  const query = executor
    .select({
      id: a.id,
      iban: a.iban,
      isActive: a.isActive,
      isDefault: a.isDefault,
      createdAt: a.createdAt,
    })
    .from(a)
    .orderBy(asc(a.createdAt), asc(a.id));
  return lock ? query.for("update") : query;
}

/** A booking's payment details named this account: it must stay readable (spec 06-admin). */
async function isReferenced(executor: Database | Tx, id: string) {
  const [row] = await executor
    .select({ id: schema.auditLog.id })
    .from(schema.auditLog)
    .where(
      and(
        eq(schema.auditLog.entity, "booking"),
        // The reminders (decision 047) name the account the same way.
        inArray(schema.auditLog.action, ["payment-details-sent", "payment-reminder-sent"]),
        sql`${schema.auditLog.after}->>'bankAccountId' = ${id}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type BankAccountError =
  | "notFound"
  | "defaultMustBeActive"
  | "passwordRequired"
  | "wrongPassword"
  | "tooManyAttempts"
  | "failed";

export type SaveBankAccountResult =
  { ok: true; id: string } | { ok: false; error: BankAccountError };
export type DeleteBankAccountResult =
  { ok: true; outcome: "deleted" | "deactivated" } | { ok: false; error: BankAccountError };

type Actor = Pick<CurrentUser, "id" | "email" | "fullName">;
type Confirmation = { password: string; clientIp: string };

/** A refused change, told apart from a database failure inside the transaction. */
class Refused extends Error {
  constructor(readonly reason: BankAccountError) {
    super(reason);
  }
}

/**
 * Checks the admin's password when the plan says the change is sensitive. Before the
 * transaction (it writes rate-limit rows and takes a scrypt's time); the transaction re-plans
 * under a lock and refuses if it has become sensitive without a checked password.
 */
async function confirmIfSensitive(
  plan: BankAccountPlan,
  actor: Actor,
  confirmation: Confirmation,
): Promise<{ ok: true; confirmed: boolean } | { ok: false; error: BankAccountError }> {
  if (!plan.ok) return { ok: false, error: plan.error };
  if (!plan.isSensitive) return { ok: true, confirmed: false };
  if (!confirmation.password) return { ok: false, error: "passwordRequired" };
  const check = await recheckPassword({
    userId: actor.id,
    email: actor.email,
    clientIp: confirmation.clientIp,
    password: confirmation.password,
  });
  if (!check.ok) return { ok: false, error: check.error };
  return { ok: true, confirmed: true };
}

const auditValues = (row: BankAccountRow | null) =>
  row && {
    accountHolder: row.accountHolder,
    iban: row.iban,
    bic: row.bic,
    bankName: row.bankName,
    isActive: row.isActive,
    isDefault: row.isDefault,
  };

/**
 * Moves the default flag to `defaultAfter` (null: none) in the order the constraints allow:
 * the old default lets go first (one default at most), then the new one takes it.
 */
async function applyDefault(tx: Tx, defaultAfter: string | null, actor: Actor) {
  const [current] = await tx.select().from(a).where(eq(a.isDefault, true));
  if ((current?.id ?? null) === defaultAfter) return;
  if (current) await tx.update(a).set({ isDefault: false }).where(eq(a.id, current.id));
  if (defaultAfter) {
    const [heir] = await tx
      .update(a)
      .set({ isDefault: true })
      .where(eq(a.id, defaultAfter))
      .returning();
    await tx.insert(schema.auditLog).values({
      actorId: actor.id,
      entity: "bank_account",
      entityId: heir.id,
      action: "default-changed",
      before: { defaultAccountId: current?.id ?? null, iban: current?.iban ?? null },
      after: { defaultAccountId: heir.id, iban: heir.iban },
    });
  }
}

/** "Bankverbindung geändert" to every admin, in the same transaction as the change. */
async function notifyAdmins(
  tx: Tx,
  input: {
    actor: Actor;
    plan: Extract<BankAccountPlan, { ok: true }>;
    accountHolder: string;
    oldIban: string | null;
    newIban: string | null;
    oldDefaultIban: string | null;
    newDefaultIban: string | null;
  },
) {
  const admins = await adminEmails(tx);
  const mask = (iban: string | null) => (iban ? maskIban(iban) : null);
  for (const email of admins) {
    await enqueueEmail(tx, {
      to: email,
      template: "bank-account-changed",
      data: {
        actorName: input.actor.fullName,
        actorEmail: input.actor.email,
        changedAt: new Date().toISOString(),
        accountHolder: input.accountHolder,
        reasons: input.plan.reasons,
        oldIban: mask(input.oldIban),
        newIban: mask(input.newIban),
        oldDefaultIban: mask(input.oldDefaultIban),
        newDefaultIban: mask(input.newDefaultIban),
      },
    });
  }
}

/**
 * Adds or edits an account ("Speichern" in the dialog). Sensitive changes need the password
 * and e-mail every admin; everything, audit entries and e-mails included, is one transaction.
 */
export async function saveBankAccount(input: {
  actor: Actor;
  id: string | null;
  values: BankAccountInput;
  confirmation: Confirmation;
}): Promise<SaveBankAccountResult> {
  const { actor, values } = input;
  const change: BankAccountChange = {
    kind: "save",
    id: input.id,
    iban: values.iban,
    isActive: values.isActive,
    isDefault: values.isDefault,
  };
  const confirmed = await confirmIfSensitive(
    planBankAccountChange(await accountStates(db()), change),
    actor,
    input.confirmation,
  );
  if (!confirmed.ok) return confirmed;
  try {
    const id = await db().transaction(async (tx) => {
      const states = await accountStates(tx, true);
      const plan = planBankAccountChange(states, change);
      if (!plan.ok) throw new Refused(plan.error);
      if (plan.isSensitive && !confirmed.confirmed) throw new Refused("passwordRequired");
      const ibansBefore = new Map(states.map((s) => [s.id, s.iban]));
      const [before] = input.id ? await tx.select().from(a).where(eq(a.id, input.id)) : [null];
      const fields = {
        accountHolder: values.accountHolder,
        iban: values.iban,
        bic: values.bic,
        bankName: values.bankName,
        isActive: values.isActive,
      };
      // The default flag is applied afterwards by applyDefault; here it only lets go.
      let saved: BankAccountRow;
      if (before) {
        [saved] = await tx
          .update(a)
          .set({ ...fields, isDefault: before.isDefault && values.isActive && values.isDefault })
          .where(eq(a.id, before.id))
          .returning();
      } else {
        [saved] = await tx
          .insert(a)
          .values({ ...fields, isDefault: false })
          .returning();
      }
      const defaultAfter = plan.defaultAfter === NEW_BANK_ACCOUNT ? saved.id : plan.defaultAfter;
      await applyDefault(tx, defaultAfter, actor);
      const [after] = await tx.select().from(a).where(eq(a.id, saved.id));
      await tx.insert(schema.auditLog).values({
        actorId: actor.id,
        entity: "bank_account",
        entityId: saved.id,
        action: before ? "update" : "create",
        before: auditValues(before),
        after: auditValues(after),
      });
      if (plan.isSensitive) {
        await notifyAdmins(tx, {
          actor,
          plan,
          accountHolder: saved.accountHolder,
          oldIban: before?.iban ?? null,
          newIban: saved.iban,
          // The IBANs as they were before the change, and where money goes after it.
          oldDefaultIban: plan.defaultBefore ? (ibansBefore.get(plan.defaultBefore) ?? null) : null,
          newDefaultIban:
            defaultAfter === saved.id
              ? saved.iban
              : defaultAfter
                ? (ibansBefore.get(defaultAfter) ?? null)
                : null,
        });
      }
      return saved.id;
    });
    return { ok: true, id };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.reason };
    logger.error({ err: error }, "saving a bank account failed");
    return { ok: false, error: "failed" };
  }
}

/**
 * "Löschen": an account named in payment details already sent is deactivated instead, so the
 * history stays readable. Removing the default account needs the password like moving it.
 */
export async function deleteBankAccount(input: {
  actor: Actor;
  id: string;
  confirmation: Confirmation;
}): Promise<DeleteBankAccountResult> {
  const { actor } = input;
  const change: BankAccountChange = { kind: "remove", id: input.id };
  const confirmed = await confirmIfSensitive(
    planBankAccountChange(await accountStates(db()), change),
    actor,
    input.confirmation,
  );
  if (!confirmed.ok) return confirmed;
  try {
    const outcome = await db().transaction(async (tx) => {
      const states = await accountStates(tx, true);
      const plan = planBankAccountChange(states, change);
      if (!plan.ok) throw new Refused(plan.error);
      if (plan.isSensitive && !confirmed.confirmed) throw new Refused("passwordRequired");
      const ibansBefore = new Map(states.map((s) => [s.id, s.iban]));
      const [before] = await tx.select().from(a).where(eq(a.id, input.id));
      const keep = await isReferenced(tx, input.id);
      if (keep) {
        await tx.update(a).set({ isActive: false, isDefault: false }).where(eq(a.id, input.id));
      } else {
        await tx.delete(a).where(eq(a.id, input.id));
      }
      await applyDefault(tx, plan.defaultAfter, actor);
      const [after] = keep ? await tx.select().from(a).where(eq(a.id, input.id)) : [null];
      await tx.insert(schema.auditLog).values({
        actorId: actor.id,
        entity: "bank_account",
        entityId: input.id,
        action: keep ? "deactivate" : "delete",
        before: auditValues(before),
        after: auditValues(after ?? null),
      });
      if (plan.isSensitive) {
        await notifyAdmins(tx, {
          actor,
          plan,
          accountHolder: before.accountHolder,
          oldIban: before.iban,
          newIban: null,
          oldDefaultIban: plan.defaultBefore ? (ibansBefore.get(plan.defaultBefore) ?? null) : null,
          newDefaultIban: plan.defaultAfter ? (ibansBefore.get(plan.defaultAfter) ?? null) : null,
        });
      }
      return keep ? ("deactivated" as const) : ("deleted" as const);
    });
    return { ok: true, outcome };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.reason };
    logger.error({ err: error }, "deleting a bank account failed");
    return { ok: false, error: "failed" };
  }
}
