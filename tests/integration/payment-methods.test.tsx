import { eq } from "drizzle-orm";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getOfferedPaymentMethods } from "~/features/company/payment-methods.server";
import { getPageContentWithFacts } from "~/features/company/page-content.server";
import { LanguageProvider } from "~/lib/i18n-react";
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

describe(`the pages that name the payment methods (${databaseKind()})`, () => {
  /** The route's loader and page, rendered as the server renders them for a visitor. */
  async function renderPaymentMethodsPage(language: "de" | "en") {
    const route = await import("~/routes/public/payment-methods");
    const request = new Request("http://localhost/zahlungsmethoden", {
      headers: { cookie: `lang=${language}` },
    });
    const loaderData = await route.loader({ request, params: {}, context: {} } as never);
    const Page = route.default as unknown as (props: { loaderData: unknown }) => ReactElement;
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <LanguageProvider value={language}>
              <Page loaderData={loaderData} />
            </LanguageProvider>
          ),
        },
      ],
      { initialEntries: ["/"] },
    );
    return renderToStaticMarkup(<RouterProvider router={router} />)
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
  }

  it("/zahlungsmethoden describes SEPA Direct Debit once the operator offers it", async () => {
    // The page read a text for every offered method; the shipped content had none for SEPA,
    // so offering it turned the page into a server error.
    withStripeKey();
    await allowOnly(["bank-transfer", "sepa-debit"]);
    expect((await byMethod())["sepa-debit"].isOffered).toBe(true);
    const de = await renderPaymentMethodsPage("de");
    expect(de).toContain("SEPA-Lastschrift");
    expect(de).toContain("SEPA-Lastschriftmandat");
    expect(de).not.toContain("Kreditkarte");
    const en = await renderPaymentMethodsPage("en");
    expect(en).toContain("SEPA Direct Debit mandate");
  });

  it("the AGB state the schedule online payments follow, with the settings' numbers", async () => {
    withStripeKey();
    await allowOnly(["bank-transfer", "credit-card", "sepa-debit"]);
    const { content } = await getPageContentWithFacts<{
      sections: { id: string; blocks: (string | null)[] }[];
    }>("terms", "de");
    const payment = content.sections.find((s) => s.id === "zahlung")!.blocks.join("\n");
    // The balance is due 30 days before arrival (default): a booking up to 37 days before
    // arrival pays everything at once, also by card, where only the deposit is charged otherwise.
    expect(payment).toContain("bei einer Buchung 37 Tage oder weniger vor der Anreise");
    expect(payment).toContain("Bei Zahlung mit Kreditkarte, PayPal oder SEPA-Lastschrift");
    expect(payment).toContain("Die Anzahlung");
    expect(payment).not.toContain("ist der gesamte Reisepreis bei der Buchung");

    await allowOnly(["bank-transfer"]);
    const bankOnly = await getPageContentWithFacts<{
      sections: { id: string; blocks: (string | null)[] }[];
    }>("privacy", "de");
    expect(JSON.stringify(bankOnly.content)).not.toContain("Stripe");
  });
});
