import { beforeAll, describe, expect, it } from "vitest";
import { demoEmailCompany } from "../../../../tests/helpers/email-fixtures";
import { emailTemplates, renderEmail, type EmailTemplateName } from "../templates";

/**
 * Every template with hostile text in every field a person types (names, messages, the
 * company's own settings): the HTML part shows it escaped, the plain text shows it as typed.
 * A new template fails here until it has an entry in `samples`.
 */
const HOSTILE = `<script>alert(1)</script> & "Tom's" <b>`;
const ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Tom&#x27;s&quot; &lt;b&gt;";

const context = {
  baseUrl: "https://ferien.example.com",
  platformName: HOSTILE,
  company: demoEmailCompany,
};

// The first render loads the e-mail components (seconds on a busy machine): not in a test's time.
beforeAll(() => import("../render.server"), 60_000);

const company = { ...demoEmailCompany, name: HOSTILE, representative: HOSTILE };
const stay = {
  guestName: HOSTILE,
  bookingNumber: "FW-2026-000123",
  propertyTitle: HOSTILE,
  propertyLocation: "Sylt, Deutschland",
  checkIn: "2026-06-01",
  checkOut: "2026-06-05",
  nights: 4,
  guests: 2,
  totalPrice: 126_248,
  paymentMethod: "bank-transfer",
  company,
};

const samples: Record<EmailTemplateName, Record<string, unknown>> = {
  "contact-message": {
    firstName: HOSTILE,
    lastName: HOSTILE,
    email: "eva@example.com",
    subject: HOSTILE,
    message: `${HOSTILE}\n${HOSTILE}`,
  },
  "contact-reply": {
    firstName: HOSTILE,
    subject: HOSTILE,
    message: `${HOSTILE}\n${HOSTILE}`,
    sentAt: "2026-03-01T10:00:00.000Z",
    reply: `${HOSTILE}\n\n${HOSTILE}`,
    company,
  },
  "contact-copy": {
    firstName: HOSTILE,
    lastName: HOSTILE,
    email: HOSTILE,
    subject: HOSTILE,
    message: `${HOSTILE}\n${HOSTILE}`,
    sentAt: "2026-03-01T10:00:00.000Z",
  },
  "newsletter-confirm": { token: `"><script>` },
  "booking-received": {
    ...stay,
    nightlyPrice: 28_962,
    cleaningFee: 7_500,
    serviceFee: 2_900,
    bookingDay: "2026-03-01",
    bankAccount: {
      accountHolder: HOSTILE,
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      bankName: HOSTILE,
    },
    cancellation: { freeHours: 48, feePercentage: 50 },
  },
  "booking-new": {
    ...stay,
    guestEmail: "eva@example.com",
    guestPhone: HOSTILE,
    specialRequests: HOSTILE,
  },
  "booking-cancelled": { ...stay, cancellationFee: 0, wasPaid: false },
  "booking-cancelled-operator": {
    ...stay,
    guestEmail: "eva@example.com",
    cancellationFee: 0,
    wasPaid: true,
  },
  "booking-confirmed": {
    ...stay,
    receipt: { amount: 25_250, paidOn: "2026-03-01", open: 100_998, nextDueDate: "2026-05-02" },
    contract: {
      freeCancellationHours: 48,
      cancellationFeePercentage: 50,
      at: "2026-03-01T10:00:00.000Z",
      touristTaxNote: HOSTILE,
      // The AGB are the operator's own text (decision 087).
      terms: {
        language: "de",
        text: {
          title: HOSTILE,
          updated: HOSTILE,
          intro: [HOSTILE],
          sections: [
            { heading: HOSTILE, blocks: [HOSTILE, { list: [HOSTILE] }, { steps: [HOSTILE] }] },
          ],
        },
      },
    },
  },
  "checkout-expired": { ...stay, propertyId: "7d3f1a52-0c4e-4b8e-9f7a-2c1d5e6f7a8b" },
  "payment-details": {
    ...stay,
    account: {
      accountHolder: HOSTILE,
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      bankName: HOSTILE,
    },
    amountDue: 25_250,
    dueDate: "2026-03-08",
    openTotal: 126_248,
  },
  "payment-reminder": {
    ...stay,
    account: {
      accountHolder: HOSTILE,
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      bankName: HOSTILE,
    },
    amountDue: 25_250,
    dueDate: "2026-03-08",
    openTotal: 126_248,
    reminder: "overdue",
    reminderDueDate: "2026-03-08",
  },
  "password-reset": { name: HOSTILE, token: `"><script>` },
  "address-confirm": { name: HOSTILE, token: `"><script>` },
  "bank-account-changed": {
    actorName: HOSTILE,
    actorEmail: "anton@example.com",
    changedAt: "2026-11-23T10:15:00.000Z",
    accountHolder: HOSTILE,
    reasons: ["ibanChanged", "defaultChanged"],
    oldIban: "DE•• •••• •••• •••• ••30 00",
    newIban: "DE•• •••• •••• •••• ••30 01",
    oldDefaultIban: null,
    newDefaultIban: "DE•• •••• •••• •••• ••30 01",
  },
  "calendar-conflict": {
    propertyId: "7d4c3e0a-1b2c-4d5e-8f90-123456789abc",
    propertyTitle: HOSTILE,
    feedName: HOSTILE,
    checkIn: "2027-01-08",
    checkOut: "2027-01-12",
  },
  "calendar-stale": {
    propertyId: "7d4c3e0a-1b2c-4d5e-8f90-123456789abc",
    propertyTitle: HOSTILE,
    feedName: HOSTILE,
    lastSuccessAt: null,
  },
  "balance-paid": { ...stay, amount: 50_000, paidOn: "2026-05-02", paidTotal: 126_248 },
  "overpayment-refunded": { ...stay, paymentMethod: "credit-card", amount: 50_000 },
  "balance-payment-link": {
    ...stay,
    paymentMethod: "credit-card",
    amount: 100_000,
    dueDate: "2026-05-02",
    paymentUrl: "https://checkout.stripe.com/c/pay/cs_test_1",
    linkExpiresAt: "2026-05-03T08:00:00.000Z",
  },
  "late-payment-refunded": {
    bookingId: "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b",
    bookingNumber: HOSTILE,
    amount: 25_250,
    reason: "hold-expired",
  },
};

describe("escaping in every template", () => {
  it("has a sample for every template", () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(emailTemplates).sort());
  });

  for (const [template, data] of Object.entries(samples)) {
    it(`${template}: HTML escaped, plain text as typed`, async () => {
      const mail = await renderEmail(template, data, context);
      expect(mail.html).not.toMatch(/<script|<b>/);
      expect(mail.html).toContain(ESCAPED);
      expect(mail.text).toContain(HOSTILE);
      expect(mail.text).not.toContain("&lt;");
    });
  }

  it("puts a token into a link only URL-encoded, so it cannot leave the href", async () => {
    for (const template of ["newsletter-confirm", "password-reset", "address-confirm"] as const) {
      const mail = await renderEmail(template, samples[template], context);
      expect(mail.html).toContain('?token=%22%3E%3Cscript%3E"');
      expect(mail.text).toContain("?token=%22%3E%3Cscript%3E");
    }
  });

  it("puts the Impressum in the footer of every booking e-mail", async () => {
    for (const template of Object.keys(samples).filter((name) => name.startsWith("booking-"))) {
      const mail = await renderEmail(template, samples[template as EmailTemplateName], context);
      const html = mail.html.replace(/\u00a0/g, " ");
      expect(html).toContain("Registergericht: Amtsgericht Berlin-Charlottenburg");
      expect(html).toContain(`USt-IdNr.: DE123456789 · Vertreten durch: ${ESCAPED}`);
      expect(mail.text).toContain(`USt-IdNr.: DE123456789 · Vertreten durch: ${HOSTILE}`);
    }
  });
});
