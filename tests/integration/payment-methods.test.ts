import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getOfferedPaymentMethods } from "~/features/company/payment-methods.server";
import { DEFAULT_SETTINGS } from "~/features/settings/settings";
import { settingsFormSchema } from "~/features/settings/settings.schema";
import { ensureSettingsRow, saveSettings } from "~/features/settings/settings.server";
import { db, schema, type DatabaseHandle } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { databaseKind, openTestDatabase } from "../helpers/database";
import { createUser } from "../helpers/factories";

let handle: DatabaseHandle;
beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  handle = await openTestDatabase();
  await ensureSettingsRow();
});
afterAll(async () => {
  await handle.close();
});
afterEach(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  resetEnvCache();
});

/** Both keys: without the webhook secret no payment could be confirmed (decision 044). */
function withStripeKey() {
  process.env.STRIPE_SECRET_KEY = "sk_test_123";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_123";
  resetEnvCache();
}

async function allowOnly(methods: string[]) {
  const admin = await createUser({ role: "admin" });
  await saveSettings(
    settingsFormSchema.parse({
      ...DEFAULT_SETTINGS,
      serviceFee: "29",
      socialFacebookUrl: "",
      socialInstagramUrl: "",
      socialXUrl: "",
      allowedPaymentMethods: methods,
    }),
    admin.id,
  );
}

async function addBankAccount(isActive: boolean, isDefault = true) {
  const [row] = await db()
    .insert(schema.bankAccount)
    .values({
      accountHolder: "TraumUrlaub Reisen GmbH",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      bankName: "Commerzbank",
      isActive,
      isDefault,
    })
    .returning();
  return row;
}

const byMethod = async () =>
  Object.fromEntries((await getOfferedPaymentMethods()).map((m) => [m.method, m]));

describe(`offered payment methods (${databaseKind()})`, () => {
  it("offers nothing without a bank account and without a payment provider", async () => {
    expect(await getOfferedPaymentMethods()).toEqual([
      { method: "bank-transfer", isOffered: false, reason: "noDefaultBankAccount" },
      { method: "credit-card", isOffered: false, reason: "providerNotConfigured" },
      { method: "paypal", isOffered: false, reason: "providerNotConfigured" },
      // SEPA Direct Debit is off until the operator allows it (decision 049).
      { method: "sepa-debit", isOffered: false, reason: "disabledInSettings" },
    ]);
  });

  it("does not count an inactive bank account", async () => {
    const inactive = await addBankAccount(false, false);
    expect((await byMethod())["bank-transfer"]).toEqual({
      method: "bank-transfer",
      isOffered: false,
      reason: "noDefaultBankAccount",
    });
    await db().delete(schema.bankAccount).where(eq(schema.bankAccount.id, inactive.id));
  });

  it("cannot have an active account without a default: the database refuses it", async () => {
    // Bank transfer is operational exactly when an account is active, because one active
    // account is always the default (migration 0006); an inactive default is refused too.
    await expect(addBankAccount(true, false)).rejects.toThrow();
    await expect(addBankAccount(false, true)).rejects.toThrow();
    expect((await byMethod())["bank-transfer"].reason).toBe("noDefaultBankAccount");
  });

  it("offers bank transfer once an active default bank account exists", async () => {
    await addBankAccount(true);
    const methods = await byMethod();
    expect(methods["bank-transfer"]).toEqual({
      method: "bank-transfer",
      isOffered: true,
      reason: null,
    });
    expect(methods["credit-card"].isOffered).toBe(false);
    expect(methods.paypal.isOffered).toBe(false);
  });

  it("offers card and PayPal when a payment provider is configured", async () => {
    withStripeKey();
    expect(await getOfferedPaymentMethods()).toEqual([
      { method: "bank-transfer", isOffered: true, reason: null },
      { method: "credit-card", isOffered: true, reason: null },
      { method: "paypal", isOffered: true, reason: null },
      { method: "sepa-debit", isOffered: false, reason: "disabledInSettings" },
    ]);
  });

  it("never offers a method the settings switched off, even when it is operational", async () => {
    withStripeKey();
    await allowOnly(["credit-card"]);
    expect(await getOfferedPaymentMethods()).toEqual([
      { method: "bank-transfer", isOffered: false, reason: "disabledInSettings" },
      { method: "credit-card", isOffered: true, reason: null },
      { method: "paypal", isOffered: false, reason: "disabledInSettings" },
      { method: "sepa-debit", isOffered: false, reason: "disabledInSettings" },
    ]);
    // Allowed and operational: offered like card and PayPal (the 14 days are checked per booking).
    await allowOnly(["credit-card", "sepa-debit"]);
    expect((await byMethod())["sepa-debit"]).toEqual({
      method: "sepa-debit",
      isOffered: true,
      reason: null,
    });
  });
});
