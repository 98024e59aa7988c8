/**
 * /admin/bankkonten through its real route module with real admin sessions (issue 13, part 4;
 * spec 06-admin): validation, the password for changes of where guests' money goes, the one
 * default, the audit log and the "Bankverbindung geändert" e-mail to every admin, all in one
 * transaction; deletion that keeps accounts named in payment details already sent.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderEmail } from "~/features/email/templates";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import * as route from "~/routes/admin/bank-accounts";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser, sessionCookie, TEST_PASSWORD } from "../helpers/factories";
import { demoEmailCompany } from "../helpers/email-fixtures";

let handle: DatabaseHandle;
let admin: { id: string; email: string; cookie: string };
let otherAdmin: { id: string; email: string };
let ip = 0;

beforeAll(async () => {
  handle = await openTestDatabase();
  const a = await createUser({ name: "Anton Admin", role: "admin" });
  otherAdmin = await createUser({ name: "Berta Admin", role: "admin" });
  await createUser({ name: "Gina Gast" });
  admin = { ...a, cookie: await sessionCookie(a.email) };
});
afterAll(() => handle.close());
beforeEach(async () => {
  await db().delete(schema.emailOutbox);
  await db().delete(schema.auditLog);
  await db().delete(schema.bankAccount);
});

const IBAN = "DE89370400440532013000";
const OTHER_IBAN = "DE02120300000000202051";

type Answer = { status: number; data: Record<string, unknown> | null; location: string | null };

/** Posts the form to the route's action, as the browser would, and reads the answer. */
async function post(fields: Record<string, string>, cookie: string | null = admin.cookie) {
  const request = new Request("http://localhost:3000/admin/bankkonten", {
    method: "POST",
    headers: { ...(cookie ? { cookie } : {}), origin: "http://localhost:3000" },
    body: new URLSearchParams(fields),
  });
  const args = { request, params: {}, context: { clientIp: `198.51.100.${++ip}` } } as never;
  const read = (value: unknown): Answer => {
    if (value instanceof Response) {
      return { status: value.status, data: null, location: value.headers.get("location") };
    }
    const result = value as { data?: unknown; init?: ResponseInit | null };
    return {
      status: result.init?.status ?? 200,
      data: (result.data ?? null) as Record<string, unknown> | null,
      location: null,
    };
  };
  try {
    return read(await route.action(args));
  } catch (thrown) {
    return read(thrown);
  }
}

const account = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  accountHolder: "TraumUrlaub Reisen GmbH",
  iban: "de89 3704 0044 0532 0130 00",
  bic: "cobadeffxxx",
  bankName: "Commerzbank",
  isActive: "on",
  ...overrides,
});

const accounts = () => db().select().from(schema.bankAccount).orderBy(schema.bankAccount.createdAt);
const outbox = () => db().select().from(schema.emailOutbox);
const audit = () => db().select().from(schema.auditLog);

async function addAccount(overrides: Record<string, string> = {}) {
  const answer = await post(account({ password: TEST_PASSWORD, ...overrides }));
  expect(answer.location).toContain("hinweis=saved");
  const [row] = await db()
    .select()
    .from(schema.bankAccount)
    .where(eq(schema.bankAccount.iban, (overrides.iban ?? IBAN).replace(/\s/g, "").toUpperCase()));
  return row;
}

describe(`bank accounts (${databaseKind()})`, () => {
  it("checks the IBAN's checksum, the BIC's format and the required fields, and stores nothing", async () => {
    const wrongIban = await post(
      account({ iban: "DE89 3704 0044 0532 0130 01", password: TEST_PASSWORD }),
    );
    expect(wrongIban.status).toBe(400);
    expect(wrongIban.data?.fieldErrors).toEqual({ iban: "invalidIban" });
    const wrongBic = await post(account({ bic: "COBADE", password: TEST_PASSWORD }));
    expect(wrongBic.data?.fieldErrors).toEqual({ bic: "invalidBic" });
    const missing = await post(
      account({ accountHolder: "  ", bankName: "", password: TEST_PASSWORD }),
    );
    expect(missing.data?.fieldErrors).toEqual({ accountHolder: "required", bankName: "required" });
    // What was typed comes back for the form, the password never does.
    expect(missing.data?.values).toMatchObject({ iban: "de89 3704 0044 0532 0130 00" });
    expect(JSON.stringify(missing.data)).not.toContain(TEST_PASSWORD);
    expect(await accounts()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("refuses a new account without the admin's password or with a wrong one", async () => {
    const without = await post(account());
    expect(without.status).toBe(403);
    expect(without.data?.fieldErrors).toEqual({ password: "passwordRequired" });
    const wrong = await post(account({ password: "falsch-falsch" }));
    expect(wrong.status).toBe(403);
    expect(wrong.data?.fieldErrors).toEqual({ password: "wrongPassword" });
    expect(await accounts()).toEqual([]);
    expect(await outbox()).toEqual([]);
    expect(await audit()).toEqual([]);
  });

  it("adds an account with the password: upper case, the default, audited, every admin e-mailed with masked IBANs", async () => {
    const row = await addAccount();
    expect(row).toMatchObject({
      iban: IBAN,
      bic: "COBADEFFXXX",
      isActive: true,
      // The first active account is the default by itself.
      isDefault: true,
    });
    const entries = await audit();
    expect(entries.map((e) => [e.entity, e.action, e.actorId])).toEqual(
      expect.arrayContaining([
        ["bank_account", "create", admin.id],
        ["bank_account", "default-changed", admin.id],
      ]),
    );
    const mails = await outbox();
    expect(mails.map((m) => m.to).sort()).toEqual([admin.email, otherAdmin.email].sort());
    expect(mails.every((m) => m.template === "bank-account-changed")).toBe(true);
    // No full IBAN in the stored e-mail data.
    expect(JSON.stringify(mails)).not.toContain(IBAN);
    const rendered = await renderEmail(mails[0].template, mails[0].data, {
      baseUrl: "https://ferien.example.com",
      platformName: "TraumUrlaub",
      company: demoEmailCompany,
    });
    expect(rendered.subject).toBe("Bankverbindung geändert");
    expect(rendered.text).toContain("Anton Admin");
    expect(rendered.text).toContain("DE•• •••• •••• •••• ••30 00");
    expect(rendered.text).toContain("https://ferien.example.com/admin/bankkonten");
  });

  it("edits the holder of an account without the password and without e-mails", async () => {
    const row = await addAccount();
    await db().delete(schema.emailOutbox);
    const answer = await post(
      account({ id: row.id, accountHolder: "TraumUrlaub GmbH & Co. KG", isDefault: "on" }),
    );
    expect(answer.location).toContain("hinweis=saved");
    const [after] = await accounts();
    expect(after.accountHolder).toBe("TraumUrlaub GmbH & Co. KG");
    expect(await outbox()).toEqual([]);
    const [update] = (await audit()).filter((e) => e.action === "update");
    expect(update.before).toMatchObject({ accountHolder: "TraumUrlaub Reisen GmbH" });
    expect(update.after).toMatchObject({ accountHolder: "TraumUrlaub GmbH & Co. KG" });
  });

  it("changing an IBAN needs the password and tells every admin the old and new IBAN, masked", async () => {
    const row = await addAccount();
    await db().delete(schema.emailOutbox);
    const refused = await post(account({ id: row.id, iban: OTHER_IBAN, isDefault: "on" }));
    expect(refused.data?.fieldErrors).toEqual({ password: "passwordRequired" });
    expect((await accounts())[0].iban).toBe(IBAN);
    expect(await outbox()).toEqual([]);

    await post(account({ id: row.id, iban: OTHER_IBAN, isDefault: "on", password: TEST_PASSWORD }));
    expect((await accounts())[0].iban).toBe(OTHER_IBAN);
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    expect(mails[0].data).toMatchObject({
      reasons: ["ibanChanged"],
      oldIban: "DE•• •••• •••• •••• ••30 00",
      newIban: "DE•• •••• •••• •••• ••20 51",
    });
  });

  it("moving the default needs the password; there is always exactly one active default", async () => {
    const first = await addAccount();
    const second = await addAccount({ iban: OTHER_IBAN, bankName: "DKB" });
    expect((await accounts()).map((a) => [a.id, a.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    await db().delete(schema.emailOutbox);
    const refused = await post(
      account({ id: second.id, iban: OTHER_IBAN, bankName: "DKB", isDefault: "on" }),
    );
    expect(refused.data?.fieldErrors).toEqual({ password: "passwordRequired" });
    await post(
      account({
        id: second.id,
        iban: OTHER_IBAN,
        bankName: "DKB",
        isDefault: "on",
        password: TEST_PASSWORD,
      }),
    );
    expect((await accounts()).map((a) => [a.id, a.isDefault])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    expect((await outbox())[0].data).toMatchObject({
      reasons: ["defaultChanged"],
      oldDefaultIban: "DE•• •••• •••• •••• ••30 00",
      newDefaultIban: "DE•• •••• •••• •••• ••20 51",
    });
    // Deactivating the default passes it on (again a change of where money goes).
    await post(
      account({
        id: second.id,
        iban: OTHER_IBAN,
        bankName: "DKB",
        isActive: "",
        password: TEST_PASSWORD,
      }),
    );
    expect((await accounts()).map((a) => [a.id, a.isActive, a.isDefault])).toEqual([
      [first.id, true, true],
      [second.id, false, false],
    ]);
    // An inactive default is refused with a message, not stored.
    const inactiveDefault = await post(
      account({
        id: second.id,
        iban: OTHER_IBAN,
        bankName: "DKB",
        isActive: "",
        isDefault: "on",
        password: TEST_PASSWORD,
      }),
    );
    expect(inactiveDefault.data?.fieldErrors).toEqual({ isDefault: "defaultMustBeActive" });
  });

  it("deletes an unused account, but only deactivates one named in payment details already sent", async () => {
    const first = await addAccount();
    const second = await addAccount({ iban: OTHER_IBAN, bankName: "DKB" });
    const deleted = await post({ intent: "delete", id: second.id });
    expect(deleted.location).toContain("hinweis=deleted");
    expect((await accounts()).map((a) => a.id)).toEqual([first.id]);

    await db()
      .insert(schema.auditLog)
      .values({
        entity: "booking",
        entityId: crypto.randomUUID(),
        action: "payment-details-sent",
        after: { bankAccountId: first.id, to: "gast@example.com", reason: "booking-received" },
      });
    // The default: deleting it needs the password.
    const refused = await post({ intent: "delete", id: first.id });
    expect(refused.data?.fieldErrors).toEqual({ password: "passwordRequired" });
    const kept = await post({ intent: "delete", id: first.id, password: TEST_PASSWORD });
    expect(kept.location).toContain("hinweis=deactivated");
    expect(await accounts()).toEqual([
      expect.objectContaining({ id: first.id, isActive: false, isDefault: false }),
    ]);
    const [deactivation] = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, first.id), eq(schema.auditLog.action, "deactivate")));
    expect(deactivation.actorId).toBe(admin.id);
  });

  it("answers forged ids and unknown intents with a 4xx and changes nothing", async () => {
    const row = await addAccount();
    const before = await accounts();
    for (const fields of <Record<string, string>[]>[
      account({ id: "nicht-eine-uuid", password: TEST_PASSWORD }),
      account({ id: crypto.randomUUID(), password: TEST_PASSWORD }),
      { intent: "delete", id: crypto.randomUUID(), password: TEST_PASSWORD },
      { intent: "delete", id: "1 or 1=1" },
      { intent: "rm -rf", id: row.id },
    ]) {
      const answer = await post(fields);
      expect(answer.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    expect(await accounts()).toEqual(before);
  });

  it("lists with search over holder, IBAN with or without spaces, and bank, and the status filter", async () => {
    await addAccount();
    await addAccount({
      iban: OTHER_IBAN,
      bankName: "DKB",
      accountHolder: "Ferienhof Müller",
      isActive: "",
    });
    const list = async (query: string) => {
      const result = (await route.loader({
        request: new Request(`http://localhost:3000/admin/bankkonten${query}`, {
          headers: { cookie: admin.cookie },
        }),
        params: {},
        context: {},
      } as never)) as { accounts: { accountHolder: string; iban: string }[] };
      return result.accounts.map((a) => a.accountHolder);
    };
    expect(await list("")).toEqual(["TraumUrlaub Reisen GmbH", "Ferienhof Müller"]);
    expect(await list("?q=m%C3%BCller")).toEqual(["Ferienhof Müller"]);
    expect(await list("?q=MULLER")).toEqual(["Ferienhof Müller"]);
    expect(await list("?q=2020%2051")).toEqual(["Ferienhof Müller"]);
    expect(await list("?q=commerz")).toEqual(["TraumUrlaub Reisen GmbH"]);
    expect(await list("?status=inaktiv")).toEqual(["Ferienhof Müller"]);
    expect(await list("?status=aktiv&q=dkb")).toEqual([]);
    expect(await list("?q=%25")).toEqual([]);
  });
});
