import { describe, expect, it } from "vitest";
import { PAYMENT_METHODS } from "~/features/settings/settings";
import { paymentMethodsPhrase, resolvePageContent, type PageFacts } from "./page-facts";

const files = import.meta.glob<unknown>("../../../content/*/*.json", {
  eager: true,
  import: "default",
});

const bankOnly: PageFacts = {
  offeredPaymentMethods: ["bank-transfer"],
  openingHours: "Mo–Fr 8–12",
  depositPercentage: 20,
  balanceDueDays: 30,
};
const all: PageFacts = {
  ...bankOnly,
  offeredPaymentMethods: ["paypal", "bank-transfer", "credit-card"],
};

describe("paymentMethodsPhrase", () => {
  it("names exactly the offered methods, in a fixed order", () => {
    expect(paymentMethodsPhrase(["bank-transfer"], "de")).toBe("Banküberweisung");
    expect(paymentMethodsPhrase(["paypal", "bank-transfer"], "de")).toBe(
      "Banküberweisung oder PayPal",
    );
    expect(paymentMethodsPhrase(all.offeredPaymentMethods, "de")).toBe(
      "Banküberweisung, Kreditkarte oder PayPal",
    );
    expect(paymentMethodsPhrase(all.offeredPaymentMethods, "en")).toBe(
      "bank transfer, credit card or PayPal",
    );
  });

  it("says so when nothing is offered instead of naming a method", () => {
    expect(paymentMethodsPhrase([], "de")).not.toMatch(/Überweisung|Kreditkarte|PayPal/);
  });
});

describe("resolvePageContent", () => {
  const content = {
    text: "Zahlen Sie per {paymentMethods}; erreichbar {openingHours}.",
    blocks: ["immer", { onlyWith: ["credit-card", "paypal"], value: "Karte über Stripe" }],
    single: { onlyWith: ["paypal"], value: { question: "PayPal?" } },
  };

  it("fills placeholders and drops blocks about methods that are not offered", () => {
    expect(resolvePageContent(content, bankOnly, "de")).toEqual({
      text: "Zahlen Sie per Banküberweisung; erreichbar Mo–Fr 8–12.",
      blocks: ["immer"],
      single: null,
    });
  });

  it("keeps those blocks, unwrapped, when one of their methods is offered", () => {
    expect(resolvePageContent(content, all, "de")).toEqual({
      text: "Zahlen Sie per Banküberweisung, Kreditkarte oder PayPal; erreichbar Mo–Fr 8–12.",
      blocks: ["immer", "Karte über Stripe"],
      single: { question: "PayPal?" },
    });
  });

  it("fills the payment schedule of the settings", () => {
    const text = "Anzahlung {depositPercentage} %, Rest {balanceDueDays} Tage vor der Anreise.";
    expect(resolvePageContent({ text }, bankOnly, "de").text).toBe(
      "Anzahlung 20 %, Rest 30 Tage vor der Anreise.",
    );
    expect(
      resolvePageContent({ text }, { ...bankOnly, depositPercentage: 35, balanceDueDays: 14 }, "de")
        .text,
    ).toBe("Anzahlung 35 %, Rest 14 Tage vor der Anreise.");
  });

  it("fills the days up to which a booking pays everything at once (balance days + 7)", () => {
    const text = "Bei einer Buchung {fullPaymentDays} Tage oder weniger vor der Anreise alles.";
    expect(resolvePageContent({ text }, bankOnly, "de").text).toBe(
      "Bei einer Buchung 37 Tage oder weniger vor der Anreise alles.",
    );
    expect(resolvePageContent({ text }, { ...bankOnly, balanceDueDays: 60 }, "de").text).toBe(
      "Bei einer Buchung 67 Tage oder weniger vor der Anreise alles.",
    );
  });

  it("does not change the shared default content", () => {
    const before = JSON.stringify(content);
    resolvePageContent(content, bankOnly, "de");
    expect(JSON.stringify(content)).toBe(before);
  });
});

describe("the shipped content", () => {
  // /zahlungsmethoden shows a method's description only while it is offered (the route filters).
  const pages = Object.entries(files).filter(([path]) => !path.endsWith("/payment-methods.json"));

  it.each(pages)(
    "%s names no card or PayPal payment when only bank transfer is offered",
    (path, file) => {
      const language = path.includes("/en/") ? "en" : "de";
      const text = JSON.stringify(resolvePageContent(file, bankOnly, language));
      expect(text).not.toMatch(
        /kreditkarte|paypal|credit card|karten-|card payment|lastschrift|direct debit|stripe/i,
      );
    },
  );

  // The FAQ answers "how do I pay": without bank transfer (switched off, or no active bank
  // account) it must not explain it. (The AGB and the privacy policy state conditions, "Bei
  // Zahlung per Überweisung …", which stay true.)
  const cardOnly: PageFacts = { ...bankOnly, offeredPaymentMethods: ["credit-card"] };
  it.each(Object.entries(files).filter(([path]) => path.endsWith("/faq.json")))(
    "%s explains no bank transfer when it is not offered",
    (path, file) => {
      const language = path.includes("/en/") ? "en" : "de";
      const text = JSON.stringify(resolvePageContent(file, cardOnly, language));
      expect(text).not.toMatch(/überweisung|bank transfer|iban|bankverbindung|bank details/i);
    },
  );

  // /zahlungsmethoden describes every offered method; a method without its text there broke
  // the page (a 500) as soon as the operator offered it.
  it.each(Object.entries(files).filter(([path]) => path.endsWith("/payment-methods.json")))(
    "%s describes every payment method an operator can offer",
    (_path, file) => {
      const { methods } = file as { methods: Record<string, { description: string; points: [] }> };
      for (const method of PAYMENT_METHODS) {
        expect(methods[method]?.description, method).toBeTruthy();
        expect(methods[method]?.points.length, method).toBeGreaterThan(0);
      }
    },
  );

  it.each(Object.entries(files))(
    "%s states no fixed count, rating or 'ab' price",
    (_path, file) => {
      const text = JSON.stringify(file);
      expect(text).not.toMatch(
        /\d[\d.]*\+|von 5|out of 5|Bewertungen\)|\bab \d|\bfrom €?\d|Jahre Erfahrung/,
      );
      expect(text).not.toMatch(/"(rating|reviewCount|priceFrom)"/);
    },
  );

  it.each(Object.entries(files))("%s names no payment schedule of its own", (_path, file) => {
    // The deposit share and the balance's due days are settings: {depositPercentage} and
    // {balanceDueDays}.
    expect(JSON.stringify(file)).not.toMatch(
      /\d+ ?% (des Reisepreises|of the travel price)|\d+ (Tage|days)( oder weniger| or less)? (vor der Anreise|before arrival)/,
    );
  });

  it.each(Object.entries(files))("%s names no opening hours of its own", (_path, file) => {
    expect(JSON.stringify(file)).not.toMatch(
      /\b\d{1,2}(:\d\d)? ?(–|-|bis) ?\d{1,2}(:\d\d)? Uhr|Mo–Fr|Mon–Fri/,
    );
  });
});
