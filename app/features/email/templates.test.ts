import { beforeAll, describe, expect, it } from "vitest";
import { demoEmailCompany } from "../../../tests/helpers/email-fixtures";
import {
  emailKindOf,
  emailTemplates,
  isEmailWanted,
  renderEmail,
  type BookingNewEmailData,
  type BookingReceivedEmailData,
} from "./templates";

const context = {
  baseUrl: "https://ferien.example.com",
  platformName: "Alpen & <Meer>",
  company: demoEmailCompany,
};

// The first render loads the e-mail components (seconds on a busy machine): not in a test's time.
beforeAll(() => import("./render.server"), 60_000);

describe("e-mail templates", () => {
  it("escapes every value in the HTML part", async () => {
    const mail = await renderEmail(
      "contact-message",
      {
        firstName: "<b>Eva</b>",
        lastName: "O'Neil",
        email: "eva@example.com",
        subject: "Frage",
        message: "<img src=x onerror=alert(1)>",
      },
      context,
    );
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    // React writes the apostrophe as &#x27; (the hand-written escaping wrote &#39;).
    expect(mail.html).toContain("&lt;b&gt;Eva&lt;/b&gt; O&#x27;Neil");
    expect(mail.html).toContain("Alpen &amp; &lt;Meer&gt;");
    expect(mail.html).not.toMatch(/<img|<b>/);
    expect(mail.replyTo).toEqual({ name: "<b>Eva</b> O'Neil", address: "eva@example.com" });
  });

  it("keeps line breaks of a visitor's subject out of the headers", async () => {
    const mail = await renderEmail(
      "contact-message",
      {
        firstName: "A",
        lastName: "B",
        email: "a@example.com",
        subject: "Hallo\r\nBcc: x@example.com",
        message: "Text",
      },
      context,
    );
    expect(mail.subject).toBe("Neue Kontaktanfrage: Hallo Bcc: x@example.com");
  });

  it("answers a contact message in German by default, quoting it, replies to the company", async () => {
    const mail = await renderEmail(
      "contact-reply",
      {
        firstName: "Eva",
        subject: "Hund\r\nBcc: x@example.com",
        message: "Darf unser Hund mit?",
        sentAt: "2026-03-01T10:00:00.000Z",
        reply: "Ja, Hunde sind willkommen.",
        company: demoEmailCompany,
      },
      context,
    );
    expect(mail.subject).toBe("Re: Hund Bcc: x@example.com");
    expect(mail.text).toMatch(
      /^Ja, Hunde sind willkommen\.\n\nIhre Nachricht vom 1\. März 2026:\n> Darf unser Hund mit\?/,
    );
    expect(mail.text).toContain(demoEmailCompany.name);
    expect(mail.replyTo).toEqual({ name: demoEmailCompany.name, address: demoEmailCompany.email });
  });

  it("links confirmation and unsubscribe with an encoded token", async () => {
    const mail = await renderEmail("newsletter-confirm", { token: "a+b/c" }, context);
    expect(mail.text).toContain(
      "https://ferien.example.com/newsletter/bestaetigen?token=a%2Bb%2Fc",
    );
    expect(mail.text).toContain("https://ferien.example.com/newsletter/abmelden?token=a%2Bb%2Fc");
  });

  it("puts the Impressum under the password reset, the newsletter and the address confirmation, in their language", async () => {
    for (const template of ["password-reset", "newsletter-confirm", "address-confirm"] as const) {
      const de = await renderEmail(template, { token: "t" }, context);
      const en = await renderEmail(template, { token: "t", language: "en" }, context);
      for (const mail of [de, en]) {
        for (const part of [mail.text, mail.html]) {
          expect(part).toContain(demoEmailCompany.name);
          expect(part).toContain(demoEmailCompany.address);
          expect(part).toContain(demoEmailCompany.vatId);
          expect(part).toContain(demoEmailCompany.representative);
        }
      }
      expect(de.text).toContain(`Registergericht: ${demoEmailCompany.registerCourt}`);
      expect(en.text).toContain(`Register court: ${demoEmailCompany.registerCourt}`);
      // The plain text ends with the signature: "--", then the Impressum lines.
      expect(de.text).toMatch(new RegExp(`\\n--\\n${demoEmailCompany.name}`));
    }
  });

  it("leaves register, register number and USt-IdNr. out of the Impressum lines when there are none", async () => {
    // A sole trader under § 19 UStG: no register entry, no VAT id (decision 083).
    const company = { ...demoEmailCompany, registerCourt: "", registration: " ", vatId: "" };
    const de = await renderEmail("password-reset", { token: "t" }, { ...context, company });
    const en = await renderEmail(
      "password-reset",
      { token: "t", language: "en" },
      { ...context, company },
    );
    for (const mail of [de, en]) {
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(demoEmailCompany.representative);
        expect(part).not.toMatch(/Registergericht|Registernummer|USt-IdNr\.|Register court|VAT ID/);
        expect(part).not.toMatch(/Registration number/);
      }
    }
    expect(de.text).toContain(`\nVertreten durch: ${demoEmailCompany.representative}`);
    expect(en.text).toContain(`\nRepresented by: ${demoEmailCompany.representative}`);
  });

  it("sends the password reset link in German by default and in English on request", async () => {
    const de = await renderEmail("password-reset", { name: "<Eva>", token: "a+b/c" }, context);
    expect(de.subject).toBe("Passwort zurücksetzen");
    expect(de.text).toContain("Hallo <Eva>,");
    expect(de.text).toContain(
      "https://ferien.example.com/auth/passwort-zuruecksetzen?token=a%2Bb%2Fc",
    );
    expect(de.text).toContain("1 Stunde gültig");
    expect(de.html).toContain("Hallo &lt;Eva&gt;,");
    const en = await renderEmail("password-reset", { language: "en", token: "t" }, context);
    expect(en.subject).toBe("Reset your password");
    expect(en.text).toMatch(/^Hello,/);
  });

  it("sends the address confirmation link in the account's language: single use, 24 hours, what a stranger should do", async () => {
    const de = await renderEmail("address-confirm", { name: "<Eva>", token: "a+b/c" }, context);
    expect(de.subject).toBe("Bitte bestätigen Sie Ihre E-Mail-Adresse");
    expect(de.text).toMatch(/^Hallo <Eva>,/);
    expect(de.text).toContain(
      "https://ferien.example.com/auth/adresse-bestaetigen?token=a%2Bb%2Fc",
    );
    expect(de.text).toContain(
      "Der Link ist 24 Stunden gültig und kann nur einmal verwendet werden.",
    );
    expect(de.text).toContain("Ohne Anmeldung in jenem Konto bestätigt der Link nichts.");
    expect(de.html).toContain("Hallo &lt;Eva&gt;,");
    const en = await renderEmail("address-confirm", { language: "en", token: "t" }, context);
    expect(en.subject).toBe("Please confirm your e-mail address");
    expect(en.text).toMatch(/^Hello,/);
    expect(en.text).toContain("valid for 24 hours");
  });

  it("marks only the contact form copy optional: every other e-mail is transactional", () => {
    for (const name of Object.keys(emailTemplates)) {
      expect(emailKindOf(name)).toBe(name === "contact-copy" ? "notification" : "transactional");
    }
    const off = { emailNotifications: false, isSubscribed: false };
    expect(isEmailWanted("transactional", off)).toBe(true);
    expect(isEmailWanted("notification", off)).toBe(false);
    expect(isEmailWanted("marketing", { ...off, emailNotifications: true })).toBe(false);
  });

  it("refuses unknown templates and data that does not fit", async () => {
    await expect(renderEmail("nope", {}, context)).rejects.toThrow(/Unknown e-mail template/);
    await expect(renderEmail("newsletter-confirm", { token: 5 }, context)).rejects.toThrow();
  });
});

describe("booking e-mails", () => {
  const company = demoEmailCompany;
  const received: BookingReceivedEmailData = {
    guestName: "Erika Musterfrau",
    bookingNumber: "FW-2026-000123",
    propertyTitle: "Strandhaus Kampen",
    propertyLocation: "Sylt, Deutschland",
    checkIn: "2026-06-01",
    checkOut: "2026-06-05",
    nights: 4,
    guests: 2,
    nightlyPrice: 28_962,
    cleaningFee: 7_500,
    serviceFee: 2_900,
    totalPrice: 28_962 * 4 + 7_500 + 2_900, // 126_248 cents = 1.262,48 €
    paymentMethod: "bank-transfer",
    bookingDay: "2026-03-01",
    bankAccount: {
      accountHolder: "TraumUrlaub Reisen GmbH",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      bankName: "Commerzbank",
    },
    cancellation: { freeHours: 48, feePercentage: 50 },
    company,
  };
  const newBooking: BookingNewEmailData = {
    bookingNumber: "FW-2026-000123",
    guestName: "Erika Musterfrau",
    guestEmail: "erika@example.com",
    guestPhone: "+49 171 2345678",
    specialRequests: "Ankunft gegen 22 Uhr.\n<script>alert(1)</script>",
    propertyTitle: "Strandhaus Kampen",
    propertyLocation: "Sylt, Deutschland",
    checkIn: "2026-06-01",
    checkOut: "2026-06-05",
    nights: 4,
    guests: 2,
    totalPrice: 126_248,
    paymentMethod: "bank-transfer",
    company,
  };
  // Intl puts a no-break space before "€"; compare with plain spaces.
  const plain = (value: string) => value.replace(/\u00a0/g, " ");

  it("tells the guest what was booked, the breakdown and how and when to pay (German)", async () => {
    const mail = await renderEmail("booking-received", received, context);
    expect(mail.subject).toBe("Buchung eingegangen: FW-2026-000123");
    const text = plain(mail.text);
    for (const line of [
      "Hallo Erika Musterfrau,",
      "Buchungsnummer: FW-2026-000123",
      "Unterkunft: Strandhaus Kampen, Sylt, Deutschland",
      "Anreise: 01.06.2026",
      "Abreise: 05.06.2026",
      "Nächte: 4",
      "Gäste: 2",
      "289,62 € × 4 Nächte: 1.158,48 €",
      "Reinigungsgebühr: 75,00 €",
      "Servicegebühr: 29,00 €",
      "Gesamt: 1.262,48 €",
      "Zahlungsmethode: Banküberweisung",
      "Kontoinhaber: TraumUrlaub Reisen GmbH",
      "IBAN: DE89 3704 0044 0532 0130 00",
      "BIC: COBADEFFXXX",
      "Bank: Commerzbank",
      "Verwendungszweck: FW-2026-000123",
      // 20 % of 1.262,48 € = 252,496 € → 252,50 €; the rest 1.009,98 €.
      "Anzahlung (20 %): 252,50 €, fällig bis 08.03.2026",
      "Restbetrag: 1.009,98 €, fällig bis 02.05.2026",
      "Kostenlose Stornierung bis 48 Stunden vor Anreise, danach 50 % des Gesamtpreises.",
      "https://ferien.example.com/dashboard/bookings",
      "TraumUrlaub Reisen GmbH · Musterstraße 12 · 10115 Berlin · Deutschland",
      "Registergericht: Amtsgericht Berlin-Charlottenburg · Registernummer: HRB 123456 B",
      "USt-IdNr.: DE123456789 · Vertreten durch: Max Mustermann",
    ]) {
      expect(text).toContain(line);
    }
    const html = plain(mail.html);
    expect(html).toContain("DE89 3704 0044 0532 0130 00");
    expect(html).toContain("1.262,48 €");
    expect(html).toContain('href="https://ferien.example.com/dashboard/bookings"');
    expect(html).toContain("E-Mail: info@traumurlaub.example.com · Telefon: +49 30 12345678");
    expect(mail.replyTo).toEqual({
      name: "TraumUrlaub Reisen GmbH",
      address: "info@traumurlaub.example.com",
    });
  });

  it("says how to get there and carries the GiroCode and the stay's calendar file (issue 16)", async () => {
    const mail = await renderEmail(
      "booking-received",
      {
        ...received,
        bookingId: "0b6f3a52-5d3e-4c1a-9a53-2f4e8c1d7e10",
        arrival: { checkInFrom: "15:00", checkOutUntil: "10:00", hostName: "Julia Hoffmann" },
        specialRequests: "Ankunft gegen 22 Uhr.\n<b>Kinderbett</b>",
      },
      context,
    );
    const text = plain(mail.text);
    for (const line of [
      "Anreise und Kontakt",
      "Check-in: ab 15:00 Uhr",
      "Check-out: bis 10:00 Uhr",
      // The person the property page names as host, then the company to write to.
      "Ihr Gastgeber: Julia Hoffmann, TraumUrlaub Reisen GmbH, info@traumurlaub.example.com, +49 30 12345678",
      "Ihre besonderen Wünsche:",
      "Ankunft gegen 22 Uhr.",
      "In Kalender eintragen: https://ferien.example.com/booking-success/calendar.ics?booking=0b6f3a52-5d3e-4c1a-9a53-2f4e8c1d7e10",
    ]) {
      expect(text).toContain(line);
    }
    // The guest's text is text, never markup.
    expect(mail.html).toContain("&lt;b&gt;Kinderbett&lt;/b&gt;");
    expect(mail.html).toContain('src="cid:epc-qr@booking-received"');
    const [png, ics] = mail.attachments!;
    expect(png).toMatchObject({ cid: "epc-qr@booking-received", contentType: "image/png" });
    // The code a banking app reads: the deposit (first payment) to the account, the number as
    // the reference.
    expect(await decodeQr(png.content)).toBe(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "COBADEFFXXX",
        "TraumUrlaub Reisen GmbH",
        "DE89370400440532013000",
        "EUR252.50",
        "",
        "",
        "FW-2026-000123",
      ].join("\n"),
    );
    expect(ics).toMatchObject({
      filename: "buchung-FW-2026-000123.ics",
      contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    });
    expect(ics.cid).toBeUndefined();
    const calendar = ics.content.toString("utf8");
    expect(calendar).toContain("DTSTART;TZID=Europe/Berlin:20260601T150000");
    expect(calendar).toContain("DTEND;TZID=Europe/Berlin:20260605T100000");
  });

  it("renders an e-mail queued before issue 16 without arrival, calendar or special request", async () => {
    const mail = await renderEmail("booking-received", received, context);
    expect(mail.text).not.toContain("In Kalender eintragen");
    expect(mail.text).not.toContain("Check-in:");
    expect(mail.attachments?.map((file) => file.filename)).toEqual(["girocode.png"]);
  });

  it("asks for the whole amount at once for a booking shortly before arrival", async () => {
    const mail = await renderEmail(
      "booking-received",
      { ...received, bookingDay: "2026-05-20" },
      context,
    );
    expect(plain(mail.text)).toContain("Gesamtbetrag: 1.262,48 €, fällig bis 27.05.2026");
    expect(mail.text).not.toContain("Anzahlung (20 %):");
  });

  it("states the booking's own terms: deposit share and balance days", async () => {
    const mail = await renderEmail(
      "booking-received",
      { ...received, depositPercentage: 35, balanceDueDays: 14 },
      context,
    );
    const text = plain(mail.text);
    expect(text).toContain("Anzahlung (35 %): 441,87 €, fällig bis 08.03.2026");
    expect(text).toContain("Restbetrag: 820,61 €, fällig bis 18.05.2026");
    expect(text).toContain(
      "Anzahlung von 35 % innerhalb von 7 Tagen nach der Buchung, Restbetrag 14 Tage vor der Anreise; bei einer Buchung 21 Tage oder weniger",
    );
    expect(mail.text).not.toContain("{{");
  });

  it("renders in English with English dates and amounts", async () => {
    const mail = await renderEmail("booking-received", { ...received, language: "en" }, context);
    expect(mail.subject).toBe("Booking received: FW-2026-000123");
    expect(mail.text).toContain("Hello Erika Musterfrau,");
    expect(mail.text).toContain("Check-in: 01/06/2026");
    expect(mail.text).toContain("€289.62 × 4 nights: €1,158.48");
    expect(mail.text).toContain("Total: €1,262.48");
    expect(mail.text).toContain("Payment method: Bank transfer");
    expect(mail.text).toContain("Payment reference: FW-2026-000123");
    // The stored location is German; its country in English (audit 23).
    expect(mail.text).toContain(", Sylt, Germany");
    expect(mail.text).not.toContain("Sylt, Deutschland");
    expect(mail.text).toContain("Deposit (20 %): €252.50, due by 08/03/2026");
    expect(mail.text).toContain("Register court: Amtsgericht Berlin-Charlottenburg");
    expect(mail.html).toContain('<html lang="en">');
  });

  it("leaves out payment instructions for card payments", async () => {
    const mail = await renderEmail(
      "booking-received",
      { ...received, paymentMethod: "credit-card", bankAccount: null },
      context,
    );
    expect(mail.text).toContain("Zahlungsmethode: Kreditkarte");
    expect(mail.text).not.toContain("IBAN");
    expect(mail.text).not.toContain("Verwendungszweck");
  });

  it("refuses a bank-transfer e-mail without the bank account to pay to", async () => {
    await expect(
      renderEmail("booking-received", { ...received, bankAccount: null }, context),
    ).rejects.toThrow(/bank account/);
    await expect(
      renderEmail("booking-received", { ...received, totalPrice: 12.5 }, context),
    ).rejects.toThrow();
  });

  it("escapes the guest's input in the HTML of both e-mails", async () => {
    const hostile = { ...received, guestName: "<b>Eva</b>", propertyTitle: "A & <i>B</i>" };
    const guestMail = await renderEmail("booking-received", hostile, context);
    expect(guestMail.html).toContain("Hallo &lt;b&gt;Eva&lt;/b&gt;,");
    expect(guestMail.html).toContain("A &amp; &lt;i&gt;B&lt;/i&gt;");
    expect(guestMail.html).not.toMatch(/<b>|<i>/);

    const operatorMail = await renderEmail(
      "booking-new",
      { ...newBooking, guestName: "<b>Eva</b>\r\nBcc: x@example.com" },
      context,
    );
    expect(operatorMail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(operatorMail.html).not.toMatch(/<script|<b>/);
    expect(operatorMail.replyTo).toEqual({
      name: "<b>Eva</b> Bcc: x@example.com",
      address: "erika@example.com",
    });
  });

  it("tells the operator who booked what, with a link to the admin area", async () => {
    const mail = await renderEmail("booking-new", newBooking, context);
    expect(mail.subject).toBe("Neue Buchung: FW-2026-000123");
    const text = plain(mail.text);
    for (const line of [
      "Gast: Erika Musterfrau",
      "E-Mail: erika@example.com",
      "Telefon: +49 171 2345678",
      "Unterkunft: Strandhaus Kampen, Sylt, Deutschland",
      "Anreise: 01.06.2026",
      "Abreise: 05.06.2026",
      "Gäste: 2",
      "Gesamt: 1.262,48 €",
      "Zahlungsmethode: Banküberweisung",
      "Besondere Wünsche:\nAnkunft gegen 22 Uhr.",
      "https://ferien.example.com/admin",
      "USt-IdNr.: DE123456789",
    ]) {
      expect(text).toContain(line);
    }
    const withoutExtras = await renderEmail(
      "booking-new",
      { ...newBooking, guestPhone: null, specialRequests: null },
      context,
    );
    expect(withoutExtras.text).toContain("Telefon: –");
    expect(withoutExtras.text).toContain("Besondere Wünsche:\n–");
    expect(mail.text).toContain("Die Buchung ist ausstehend. Prüfen und bestätigen Sie sie");
  });

  it("an online booking reaches the operator paid and confirmed, and says so (decision 105)", async () => {
    const mail = await renderEmail("booking-new", { ...newBooking, confirmed: true }, context);
    const text = plain(mail.text);
    expect(text).toContain(
      "Die Zahlung ist online eingegangen, die Buchung ist bestätigt. Sie finden sie im Adminbereich:",
    );
    expect(text).not.toContain("ausstehend");
    expect(mail.html).not.toContain("ausstehend");
  });
});

describe("cancellation e-mails", () => {
  const cancelled = {
    guestName: "Erika Musterfrau",
    bookingNumber: "FW-2026-000123",
    propertyTitle: "Strandhaus Kampen",
    propertyLocation: "Sylt, Deutschland",
    checkIn: "2026-06-01",
    checkOut: "2026-06-05",
    nights: 4,
    guests: 2,
    totalPrice: 126_249,
    paymentMethod: "bank-transfer",
    cancellationFee: 63_125,
    wasPaid: false,
    company: demoEmailCompany,
  };
  const plain = (value: string) => value.replace(/\u00a0/g, " ");

  it("tells the guest the booking is cancelled, with the fee and the Impressum", async () => {
    const mail = await renderEmail("booking-cancelled", cancelled, context);
    expect(mail.subject).toBe("Buchung storniert: FW-2026-000123");
    const text = plain(mail.text);
    for (const line of [
      "Hallo Erika Musterfrau,",
      "Buchungsnummer: FW-2026-000123",
      "Anreise: 01.06.2026",
      "Gesamt: 1.262,49 €",
      "Stornierungsgebühr: 631,25 €",
      "Über die Zahlung der Stornierungsgebühr informieren wir Sie gesondert.",
      "https://ferien.example.com/dashboard/bookings",
      "Registergericht: Amtsgericht Berlin-Charlottenburg · Registernummer: HRB 123456 B",
    ]) {
      expect(text).toContain(line);
    }
    const free = await renderEmail(
      "booking-cancelled",
      { ...cancelled, cancellationFee: 0, wasPaid: true },
      context,
    );
    expect(free.text).toContain("Stornierungsgebühr: kostenlos");
    expect(free.text).toContain("Bereits geleistete Zahlungen erstatten wir Ihnen");
    const english = await renderEmail(
      "booking-cancelled",
      { ...cancelled, language: "en" },
      context,
    );
    expect(english.subject).toBe("Booking cancelled: FW-2026-000123");
    expect(english.text).toContain("Cancellation fee: €631.25");
    // The guest's own cancellation is "received"; one by the operator does not say so.
    expect(text).toContain("wir haben Ihre Stornierung erhalten.");
    const byOperator = await renderEmail(
      "booking-cancelled",
      { ...cancelled, reason: "operator" },
      context,
    );
    expect(byOperator.text).toContain("wir haben die folgende Buchung storniert:");
    expect(byOperator.text).not.toContain("Ihre Stornierung");
    const byOperatorEn = await renderEmail(
      "booking-cancelled",
      { ...cancelled, language: "en", reason: "operator" },
      context,
    );
    expect(byOperatorEn.text).toContain("we have cancelled the following booking:");
  });

  it("tells the operator who cancelled, the fee and what to refund", async () => {
    const mail = await renderEmail(
      "booking-cancelled-operator",
      { ...cancelled, guestEmail: "erika@example.com", wasPaid: true },
      context,
    );
    expect(mail.subject).toBe("Stornierung durch den Gast: FW-2026-000123");
    const text = plain(mail.text);
    expect(text).toContain("Gast: Erika Musterfrau");
    expect(text).toContain("E-Mail: erika@example.com");
    expect(text).toContain("Stornierungsgebühr: 631,25 €");
    expect(text).toContain("Zu erstatten (bezahlt, abzüglich Gebühr): 631,24 €");
    // A row queued before decision 107 names no booking: the admin area, as before.
    expect(text).toContain("Zum Adminbereich: https://ferien.example.com/admin");
    expect(text).toContain("USt-IdNr.: DE123456789");
    expect(mail.replyTo).toEqual({ name: "Erika Musterfrau", address: "erika@example.com" });
  });

  it("tells the operator in English which part Stripe refunds and which they transfer (decision 107)", async () => {
    const mail = await renderEmail(
      "booking-cancelled-operator",
      {
        ...cancelled,
        language: "en",
        paymentMethod: "credit-card",
        guestEmail: "erika@example.com",
        wasPaid: true,
        amountPaid: 80_000,
        refund: { online: 10_000, transfer: 7_000 },
        bookingId: "5d7b1c1e-8f43-4a63-9a55-0c6b1f0e2a11",
      },
      context,
    );
    const text = plain(mail.text);
    expect(text).toContain("Already paid: €800.00");
    expect(text).toContain("Amount refunded: €170.00");
    expect(text).toContain(
      "The refund of €170.00 goes back in two parts: €100.00 automatically through Stripe to the guest's payment method (Credit card); please transfer €70.00 back to the guest yourself",
    );
    expect(text).toContain(
      "Open the booking: https://ferien.example.com/admin/bookings/5d7b1c1e-8f43-4a63-9a55-0c6b1f0e2a11",
    );
  });

  it("escapes input and refuses a fee above the total", async () => {
    const mail = await renderEmail(
      "booking-cancelled",
      { ...cancelled, guestName: "<b>Eva</b>" },
      context,
    );
    expect(mail.html).toContain("Hallo &lt;b&gt;Eva&lt;/b&gt;,");
    expect(mail.html).not.toContain("<b>Eva");
    await expect(
      renderEmail("booking-cancelled", { ...cancelled, cancellationFee: 126_250 }, context),
    ).rejects.toThrow();
  });
});

describe("payment details and confirmation e-mails", () => {
  const stay = {
    guestName: "Eva Schulz",
    bookingNumber: "FW-2026-000123",
    propertyTitle: "Strandhaus Kampen",
    propertyLocation: "Sylt, Deutschland",
    checkIn: "2026-06-01",
    checkOut: "2026-06-05",
    nights: 4,
    guests: 2,
    totalPrice: 126_248,
    paymentMethod: "bank-transfer" as const,
    company: demoEmailCompany,
  };

  it("gives the account, the amount, the reference and a GiroCode a banking app can read", async () => {
    const mail = await renderEmail(
      "payment-details",
      {
        ...stay,
        account: {
          accountHolder: "TraumUrlaub Reisen GmbH",
          iban: "DE89370400440532013000",
          bic: "COBADEFFXXX",
          bankName: "Commerzbank",
        },
        amountDue: 25_250,
        dueDate: "2026-03-08",
        openTotal: 126_248,
      },
      context,
    );
    expect(mail.subject).toBe("Zahlungsdaten für Ihre Buchung FW-2026-000123");
    for (const line of [
      "IBAN: DE89 3704 0044 0532 0130 00",
      "BIC: COBADEFFXXX",
      "Betrag: 252,50 €",
      "Fällig bis: 08.03.2026",
      "Verwendungszweck: FW-2026-000123",
      "Insgesamt noch offen: 1.262,48 €",
    ]) {
      expect(mail.text.replace(/\u00a0/g, " ")).toContain(line);
    }
    // The HTML shows the code from the inline attachment.
    expect(mail.html).toContain('src="cid:epc-qr@payment-details"');
    expect(mail.attachments).toHaveLength(1);
    const [png] = mail.attachments!;
    expect(png).toMatchObject({ cid: "epc-qr@payment-details", contentType: "image/png" });
    expect(await decodeQr(png.content)).toBe(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "COBADEFFXXX",
        "TraumUrlaub Reisen GmbH",
        "DE89370400440532013000",
        "EUR252.50",
        "",
        "",
        "FW-2026-000123",
      ].join("\n"),
    );
  });

  it("refuses payment details with nothing to pay or more than is open", async () => {
    const base = {
      ...stay,
      account: { accountHolder: "A", iban: "DE89370400440532013000", bic: "X", bankName: "B" },
      dueDate: null,
    };
    await expect(
      renderEmail("payment-details", { ...base, amountDue: 0, openTotal: 0 }, context),
    ).rejects.toThrow();
    await expect(
      renderEmail("payment-details", { ...base, amountDue: 2_000, openTotal: 1_000 }, context),
    ).rejects.toThrow();
  });

  it("reminds with the same account, amount, reference and GiroCode, before and after the due date, in German and English", async () => {
    const base = {
      ...stay,
      account: {
        accountHolder: "TraumUrlaub Reisen GmbH",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
        bankName: "Commerzbank",
      },
      amountDue: 25_250,
      dueDate: "2026-03-08",
      openTotal: 126_248,
      reminderDueDate: "2026-03-08",
    };
    const upcoming = await renderEmail(
      "payment-reminder",
      { ...base, reminder: "upcoming" },
      context,
    );
    expect(upcoming.subject).toBe("Zahlungserinnerung für Ihre Buchung FW-2026-000123");
    const text = upcoming.text.replace(/\u00a0/g, " ");
    expect(text).toContain("Am 08.03.2026 ist die nächste Zahlung für Ihre Buchung fällig");
    for (const line of [
      "IBAN: DE89 3704 0044 0532 0130 00",
      "Betrag: 252,50 €",
      "Fällig bis: 08.03.2026",
      "Verwendungszweck: FW-2026-000123",
    ]) {
      expect(text).toContain(line);
    }
    expect(await decodeQr(upcoming.attachments![0].content)).toContain("EUR252.50");

    const overdue = await renderEmail(
      "payment-reminder",
      { ...base, reminder: "overdue" },
      context,
    );
    expect(overdue.subject).toBe("Zahlung überfällig: Ihre Buchung FW-2026-000123");
    expect(overdue.text.replace(/\u00a0/g, " ")).toContain("Fällig seit: 08.03.2026");
    const english = await renderEmail(
      "payment-reminder",
      { ...base, reminder: "overdue", language: "en" },
      context,
    );
    expect(english.subject).toBe("Payment overdue: your booking FW-2026-000123");
    expect(english.text).toContain("Due since");
  });

  it("the final notice names the deadline and what follows after it (decision 084)", async () => {
    const base = {
      ...stay,
      account: {
        accountHolder: "TraumUrlaub Reisen GmbH",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
        bankName: "Commerzbank",
      },
      amountDue: 25_250,
      dueDate: "2026-03-16",
      openTotal: 126_248,
      reminderDueDate: "2026-03-08",
      reminder: "final",
    };
    const notice = await renderEmail(
      "payment-reminder",
      { ...base, deadline: "2026-03-16" },
      context,
    );
    expect(notice.subject).toBe("Letzte Zahlungsaufforderung: Ihre Buchung FW-2026-000123");
    const text = notice.text.replace(/\u00a0/g, " ");
    expect(text).toContain("fällig am 08.03.2026, bisher nicht (vollständig) bei uns eingegangen");
    expect(text).toContain("spätestens am 16.03.2026 auf unserem Konto eingeht");
    expect(text).toContain("stornieren wir Ihre Buchung; bereits gezahlte Beträge erstatten wir");
    expect(text).toContain("Eingang spätestens am: 16.03.2026");
    expect(await decodeQr(notice.attachments![0].content)).toContain("EUR252.50");
    const english = await renderEmail(
      "payment-reminder",
      { ...base, deadline: "2026-03-16", language: "en" },
      context,
    );
    expect(english.subject).toBe("Final payment request: your booking FW-2026-000123");
    expect(english.text).toContain("we will cancel your booking");
    // A final notice without its deadline, or a deadline on another reminder, is refused.
    await expect(renderEmail("payment-reminder", base, context)).rejects.toThrow();
    await expect(
      renderEmail(
        "payment-reminder",
        { ...base, reminder: "overdue", deadline: "2026-03-16" },
        context,
      ),
    ).rejects.toThrow();
  });

  it("tells the guest the booking is confirmed, in German and English", async () => {
    const de = await renderEmail("booking-confirmed", stay, context);
    expect(de.subject).toBe("Buchung bestätigt: FW-2026-000123");
    expect(de.text).toContain("Ihre Buchung ist bestätigt");
    const en = await renderEmail("booking-confirmed", { ...stay, language: "en" }, context);
    expect(en.subject).toBe("Booking confirmed: FW-2026-000123");
  });

  it("states the booking's cancellation terms in the confirmation, as the booking page computes them (decision 080)", async () => {
    const render = async (contract: object | undefined) => {
      const mail = await renderEmail("booking-confirmed", { ...stay, contract }, context);
      return mail.text.replace(/\u00a0/g, " ");
    };
    const terms = { touristTaxNote: null, at: "2026-04-01T10:00:00.000Z" };
    // Check-in 1 June (summer time): 72 hours before its midnight is 00:00 on 29 May.
    const free = await render({
      ...terms,
      freeCancellationHours: 72,
      cancellationFeePercentage: 30,
    });
    expect(free).toContain(
      "Stornierungsbedingungen\nKostenlos stornierbar bis 28.05.2026\nDanach Stornogebühr 378,74 € (30 % des Gesamtpreises).\n\nKein Widerrufsrecht:",
    );
    // Without a fee it is free until the day before arrival, and no fee is named.
    const noFee = await render({
      ...terms,
      freeCancellationHours: 72,
      cancellationFeePercentage: 0,
    });
    expect(noFee).toContain("Kostenlos stornierbar bis 31.05.2026\n\nKein Widerrufsrecht:");
    // Confirmed on the arrival day: no cancellation any more.
    const arrivalDay = await render({
      ...terms,
      at: "2026-06-01T08:00:00.000Z",
      freeCancellationHours: 72,
      cancellationFeePercentage: 30,
    });
    expect(arrivalDay).toContain("Nicht stornierbar: Die Anreise ist heute.");
    // Queued before decision 080: the e-mail as it was, without a part it has no data for.
    const before = await render(undefined);
    expect(before).not.toContain("Stornierungsbedingungen");
    expect(before).not.toContain("Widerrufsrecht");
  });

  it("carries the AGB the booking was made under, whole, in the language it was made in (decision 087)", async () => {
    const contract = {
      freeCancellationHours: 48,
      cancellationFeePercentage: 50,
      at: "2026-04-01T10:00:00.000Z",
      touristTaxNote: null,
    };
    const text = {
      title: "Terms and conditions",
      updated: "Last updated: March 2024",
      intro: ["These terms apply to every booking."],
      sections: [
        {
          heading: "§ 1 Formation of contract",
          blocks: ["The contract is formed by the confirmation.", { list: ["One", "Two"] }],
        },
        { heading: "§ 2 Steps", blocks: [{ steps: ["Book", "Pay"] }] },
      ],
    };
    // A German e-mail (the guest's language now) with the English AGB they booked under.
    const mail = await renderEmail(
      "booking-confirmed",
      { ...stay, contract: { ...contract, terms: { language: "en", text } } },
      context,
    );
    expect(mail.text).toContain(
      [
        "Unsere AGB für diese Buchung",
        "Für Ihre Buchung gelten diese Allgemeinen Geschäftsbedingungen in der Fassung, die bei Ihrer Buchung auf unserer Website stand. Bitte bewahren Sie diese E-Mail auf.",
        "",
        "Terms and conditions",
        "Last updated: March 2024",
        "",
        "These terms apply to every booking.",
        "",
        "§ 1 Formation of contract",
        "The contract is formed by the confirmation.",
        "",
        "- One",
        "- Two",
        "",
        "§ 2 Steps",
        "1. Book",
        "2. Pay",
        "",
        "--",
      ].join("\n"),
    );
    expect(mail.html).toContain('<div lang="en">');
    expect(mail.html).toMatch(/<ul[^>]*><li[^>]*>One<\/li><li[^>]*>Two<\/li><\/ul>/);
    expect(mail.html).toMatch(/<ol[^>]*><li[^>]*>Book<\/li>/);
    // No AGB recorded for the booking, or queued before decision 087: no AGB part at all.
    for (const terms of [null, undefined]) {
      const without = await renderEmail(
        "booking-confirmed",
        { ...stay, contract: { ...contract, terms } },
        context,
      );
      expect(without.text).not.toContain("AGB");
      expect(without.html).not.toContain("Unsere AGB");
    }
  });

  it("says truthfully how an online booking's balance is paid: saved method, payment link, nothing open", async () => {
    const online = { ...stay, paymentMethod: "paypal" as const };
    const receipt = {
      amount: 25_250,
      paidOn: "2026-03-01",
      open: 100_998,
      nextDueDate: "2026-05-02",
    };
    const render = async (data: object) => {
      const mail = await renderEmail("booking-confirmed", data, context);
      // Intl puts a no-break space into amounts; compare with plain spaces.
      const plain = (value: string) => value.replace(/\u00a0/g, " ");
      return { text: plain(mail.text), html: plain(mail.html) };
    };
    // Receipts queued before the case was recorded are the usual one: the saved method.
    for (const saved of [
      await render({ ...online, receipt }),
      await render({ ...online, receipt: { ...receipt, balanceBy: "saved-method" } }),
    ]) {
      for (const part of [saved.text, saved.html]) {
        expect(part).toContain(
          "Den Restbetrag von 1.009,98 € buchen wir am 02.05.2026 von der Zahlungsart ab, mit der Sie gerade bezahlt haben. Gelingt das nicht, senden wir Ihnen einen Zahlungslink per E-Mail.",
        );
        // No reminder is sent before the charge, so none is promised.
        expect(part).not.toMatch(/erinnern/);
      }
    }
    const byLink = await render({ ...online, receipt: { ...receipt, balanceBy: "payment-link" } });
    for (const part of [byLink.text, byLink.html]) {
      expect(part).toContain(
        "Ihre Zahlungsart konnte nicht für spätere Zahlungen gespeichert werden. Den Restbetrag von 1.009,98 € zahlen Sie deshalb über einen Zahlungslink, den wir Ihnen am 02.05.2026 per E-Mail senden.",
      );
      expect(part).not.toContain("gespeicherte");
    }
    const english = await render({
      ...online,
      language: "en",
      receipt: { ...receipt, balanceBy: "payment-link" },
    });
    expect(english.text).toContain(
      "you pay the balance of €1,009.98 through a payment link we will e-mail you on 02/05/2026.",
    );
    const englishSaved = await render({ ...online, language: "en", receipt });
    expect(englishSaved.text).toContain(
      "We will charge the balance of €1,009.98 on 02/05/2026 to the payment method you have just used.",
    );
    expect(englishSaved.text).not.toMatch(/remind/);
    const paidInFull = await render({
      ...online,
      receipt: { ...receipt, amount: stay.totalPrice, open: 0, nextDueDate: null },
    });
    expect(paidInFull.text).toContain("Die Buchung ist vollständig bezahlt.");
    expect(paidInFull.text).not.toContain("Restbetrag");
  });

  it("the balance payment link says why there is a link: a failed charge, or nothing saved", async () => {
    const link = {
      ...stay,
      paymentMethod: "paypal" as const,
      amount: 100_998,
      dueDate: "2026-05-02",
      paymentUrl: "https://checkout.stripe.com/c/pay/cs_test_1",
      linkExpiresAt: "2026-05-03T09:59:00.000Z",
    };
    const failed = await renderEmail("balance-payment-link", link, context);
    expect(failed.text).toContain("konnte nicht automatisch abgebucht werden");
    expect(failed.text).toContain("Danach versuchen wir die Abbuchung erneut");
    const unsaved = await renderEmail(
      "balance-payment-link",
      { ...link, balanceBy: "payment-link" },
      context,
    );
    for (const part of [unsaved.text, unsaved.html]) {
      expect(part).toContain(
        "Da Ihre Zahlungsart nicht für spätere Zahlungen gespeichert werden konnte, bezahlen Sie den Betrag bitte über den folgenden Link:",
      );
      expect(part).not.toContain("abgebucht");
      expect(part).not.toContain("Abbuchung");
    }
    const english = await renderEmail(
      "balance-payment-link",
      { ...link, balanceBy: "payment-link", language: "en" },
      context,
    );
    expect(english.text).toContain("As your payment method could not be saved for later payments");
  });
});

/** Reads a QR code from a PNG as a banking app's scanner would (jsQR over the pixels). */
async function decodeQr(png: Buffer) {
  const { default: sharp } = await import("sharp");
  const { default: jsQR } = await import("jsqr");
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
