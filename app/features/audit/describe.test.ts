import { describe, expect, it } from "vitest";
import { auditChanges, auditEntityHref, formatAuditValue } from "./describe";

/** Intl puts a no-break space before "€"; the operator sees a space. */
const plain = (changes: { label: string; before: string; after: string }[]) =>
  changes.map((c) => `${c.label}: ${c.before} → ${c.after}`.replace(/\u00a0/g, " "));

describe("auditChanges", () => {
  it("lists only what changed, old → new", () => {
    expect(
      auditChanges(
        { status: "pending", paymentStatus: "unpaid", cancellationFee: null },
        { status: "confirmed", paymentStatus: "unpaid", cancellationFee: null },
      ),
    ).toEqual([{ field: "status", label: "Status", before: "Ausstehend", after: "Bestätigt" }]);
  });

  it("shows fields that appear or disappear, with – for nothing", () => {
    expect(auditChanges(null, { role: "admin" })).toEqual([
      { field: "role", label: "Rolle", before: "–", after: "Admin" },
    ]);
    expect(auditChanges({ iban: "DE89…" }, {})).toEqual([
      { field: "iban", label: "iban", before: "DE89…", after: "–" },
    ]);
  });

  it("never shows secrets or bookkeeping fields, even when a writer stored them", () => {
    expect(
      auditChanges(
        { passwordHash: "a", resetToken: "x", updatedAt: "1", platformName: "Alt" },
        { passwordHash: "b", resetToken: "y", updatedAt: "2", platformName: "Neu" },
      ),
    ).toEqual([{ field: "platformName", label: "platformName", before: "Alt", after: "Neu" }]);
  });

  it("compares lists and objects by value and cuts long values", () => {
    expect(auditChanges({ methods: ["a", "b"] }, { methods: ["a", "b"] })).toEqual([]);
    expect(formatAuditValue("x".repeat(200))).toHaveLength(80);
    expect(formatAuditValue(["bank-transfer"])).toBe('["bank-transfer"]');
    expect(formatAuditValue(false)).toBe("false");
  });

  it("reads money as euros, enum values and field names in German, and dates as dates", () => {
    // A cancellation with fee as cancelBooking writes it (audit 23: "cancellationFee: – → 13400").
    const cancelled = auditChanges(
      { status: "confirmed", paymentStatus: "partially-paid", cancellationFee: null },
      {
        status: "cancelled",
        paymentStatus: "partially-paid",
        cancellationFee: 13400,
        amountPaid: 26800,
        refundDue: 13400,
      },
      { entity: "booking" },
    );
    expect(plain(cancelled)).toEqual([
      "Status: Bestätigt → Storniert",
      "Stornierungsgebühr: – → 134,00 €",
      "Bezahlt: – → 268,00 €",
      "Zu erstatten: – → 134,00 €",
    ]);
    const payment = auditChanges(
      { amountPaid: 0, paymentStatus: "unpaid" },
      { amount: 26800, receivedOn: "2026-11-20", amountPaid: 26800, paymentStatus: "paid" },
      { entity: "booking" },
    );
    expect(plain(payment)).toEqual([
      "Bezahlt: 0,00 € → 268,00 €",
      "Zahlungsstatus: Unbezahlt → Bezahlt",
      "Betrag: – → 268,00 €",
      "Erhalten am: – → 20.11.2026",
    ]);
    const block = auditChanges(
      null,
      {
        blockId: "3f0c2a9e-8a41-4c5e-9d7b-1a2b3c4d5e6f",
        checkIn: "2026-12-01",
        checkOut: "2026-12-04",
        reason: "own-use",
      },
      { entity: "property", action: "block-created" },
    );
    // A block's checkOut is its first free day: the block form's "Frei ab" (decision 108).
    expect(plain(block)).toEqual([
      "Erste Nacht: – → 01.12.2026",
      "Frei ab: – → 04.12.2026",
      "Grund: – → Eigennutzung",
    ]);
  });

  it("names settings and property fields by their form labels, without the unit", () => {
    expect(
      plain(
        auditChanges(
          { serviceFee: 2900, paymentMethods: ["bank-transfer"], platformName: "Alt" },
          { serviceFee: 3500, paymentMethods: ["bank-transfer", "paypal"], platformName: "Neu" },
          { entity: "settings" },
        ),
      ),
    ).toEqual([
      "Servicegebühr: 29,00 € → 35,00 €",
      "Zahlungsmethoden: Banküberweisung → Banküberweisung, PayPal",
      "Plattformname: Alt → Neu",
    ]);
    expect(
      plain(
        auditChanges(
          { status: "draft", pricePerNight: 9550, isSpecialOffer: false },
          { status: "published", pricePerNight: 11000, isSpecialOffer: true },
          { entity: "property" },
        ),
      ),
    ).toEqual([
      "Status: Entwurf → Veröffentlicht",
      "Preis pro Nacht: 95,50 € → 110,00 €",
      "Sonderangebot: nein → ja",
    ]);
    // The form's block "Hausregeln, Zeiten und Kurtaxe" (decision 108).
    expect(
      plain(
        auditChanges(
          { checkInFrom: null, houseRules: "" },
          { checkInFrom: "15:00", houseRules: "Keine Haustiere" },
          { entity: "property", action: "update" },
        ),
      ),
    ).toEqual(["Check-in ab: – → 15:00", "Hausregeln: – → Keine Haustiere"]);
  });

  it("reads the same entry in English, and keeps unknown fields and values raw", () => {
    expect(
      plain(
        auditChanges(
          { mysteryField: "x" },
          { cancellationFee: 13400, reason: "own-use", mysteryField: "y", method: "warp" },
          { entity: "booking", language: "en" },
        ),
      ),
    ).toEqual([
      "mysteryField: x → y",
      "Cancellation fee: – → €134.00",
      "Reason: – → Own use",
      "Payment method: – → warp",
    ]);
  });
});

describe("auditChanges of the other entities (decision 108)", () => {
  it("reads review moderation, bank accounts, seasons and a data export by their pages' words", () => {
    expect(
      plain(
        auditChanges(
          { isHidden: false, hiddenReason: null, hiddenNote: null },
          { isHidden: true, hiddenReason: "personal-data", hiddenNote: "Telefonnummer" },
          { entity: "review", action: "hidden", language: "en" },
        ),
      ),
    ).toEqual([
      "Hidden: no → yes",
      "Reason: – → Personal data of third parties",
      "Internal note: – → Telefonnummer",
    ]);
    expect(
      plain(
        auditChanges(
          { accountHolder: "A", bankName: "Sparkasse", isDefault: false },
          { accountHolder: "B", bankName: "Sparkasse", isDefault: true },
          { entity: "bank_account", action: "update" },
        ),
      ),
    ).toEqual(["Kontoinhaber: A → B", "Standardkonto: nein → ja"]);
    expect(
      plain(
        auditChanges(
          null,
          { name: "Hauptsaison", startDate: "2026-07-01", endDate: "2026-08-31" },
          { entity: "property", action: "season-created" },
        ),
      ),
    ).toEqual([
      "Name: – → Hauptsaison",
      "Erste Nacht: – → 01.07.2026",
      "Letzte Nacht: – → 31.08.2026",
    ]);
    expect(
      plain(
        auditChanges(
          null,
          { email: "gast@example.com", account: true, bookings: 2 },
          { entity: "data_request", action: "access-export" },
        ),
      ),
    ).toEqual(["E-Mail-Adresse: – → gast@example.com", "Kundenkonto: – → ja", "Buchungen: – → 2"]);
    // A booking's dates keep the booking's words.
    expect(
      plain(auditChanges(null, { checkIn: "2026-12-01" }, { entity: "booking", action: "update" })),
    ).toEqual(["Anreise: – → 01.12.2026"]);
  });
});

describe("auditEntityHref", () => {
  it("links bookings, users and properties to their pages, and nothing without an id", () => {
    expect(auditEntityHref("booking", "b1")).toBe("/admin/bookings/b1");
    expect(auditEntityHref("user", "u1")).toBe("/admin/bookings?user=u1");
    expect(auditEntityHref("booking", null)).toBeNull();
    // A deleted property's link opens the edit page's "Unterkunft nicht gefunden".
    expect(auditEntityHref("property", "p1")).toBe("/admin/properties/edit/p1");
    expect(auditEntityHref("property", null)).toBeNull();
  });
});
