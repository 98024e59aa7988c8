import { describe, expect, it } from "vitest";
import { escapeHtml } from "./layout";
import { renderEmail } from "./templates";

const context = { baseUrl: "https://ferien.example.com", platformName: "Alpen & <Meer>" };

describe("e-mail templates", () => {
  it("escapes every value in the HTML part", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
    const mail = renderEmail(
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
    expect(mail.html).toContain("&lt;b&gt;Eva&lt;/b&gt; O&#39;Neil");
    expect(mail.html).toContain("Alpen &amp; &lt;Meer&gt;");
    expect(mail.html).not.toMatch(/<img|<b>/);
    expect(mail.replyTo).toEqual({ name: "<b>Eva</b> O'Neil", address: "eva@example.com" });
  });

  it("keeps line breaks of a visitor's subject out of the headers", () => {
    const mail = renderEmail(
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

  it("links confirmation and unsubscribe with an encoded token", () => {
    const mail = renderEmail("newsletter-confirm", { token: "a+b/c" }, context);
    expect(mail.text).toContain(
      "https://ferien.example.com/newsletter/bestaetigen?token=a%2Bb%2Fc",
    );
    expect(mail.text).toContain("https://ferien.example.com/newsletter/abmelden?token=a%2Bb%2Fc");
  });

  it("refuses unknown templates and data that does not fit", () => {
    expect(() => renderEmail("nope", {}, context)).toThrow(/Unknown e-mail template/);
    expect(() => renderEmail("newsletter-confirm", { token: 5 }, context)).toThrow();
  });
});
