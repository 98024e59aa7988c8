import { describe, expect, it } from "vitest";
import { auditChanges, auditEntityHref, formatAuditValue } from "./describe";

describe("auditChanges", () => {
  it("lists only what changed, old → new", () => {
    expect(
      auditChanges(
        { status: "pending", paymentStatus: "unpaid", cancellationFee: null },
        { status: "confirmed", paymentStatus: "unpaid", cancellationFee: null },
      ),
    ).toEqual([{ field: "status", before: "pending", after: "confirmed" }]);
  });

  it("shows fields that appear or disappear, with – for nothing", () => {
    expect(auditChanges(null, { role: "admin" })).toEqual([
      { field: "role", before: "–", after: "admin" },
    ]);
    expect(auditChanges({ iban: "DE89…" }, {})).toEqual([
      { field: "iban", before: "DE89…", after: "–" },
    ]);
  });

  it("never shows secrets or bookkeeping fields, even when a writer stored them", () => {
    expect(
      auditChanges(
        { passwordHash: "a", resetToken: "x", updatedAt: "1", platformName: "Alt" },
        { passwordHash: "b", resetToken: "y", updatedAt: "2", platformName: "Neu" },
      ),
    ).toEqual([{ field: "platformName", before: "Alt", after: "Neu" }]);
  });

  it("compares lists and objects by value and cuts long values", () => {
    expect(auditChanges({ methods: ["a", "b"] }, { methods: ["a", "b"] })).toEqual([]);
    expect(formatAuditValue("x".repeat(200))).toHaveLength(80);
    expect(formatAuditValue(["bank-transfer"])).toBe('["bank-transfer"]');
    expect(formatAuditValue(false)).toBe("false");
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
