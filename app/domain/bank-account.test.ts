import { describe, expect, it } from "vitest";
import {
  isBic,
  isIban,
  maskIban,
  NEW_BANK_ACCOUNT,
  normalizeIban,
  planBankAccountChange,
  type BankAccountState,
} from "./bank-account";

const account = (id: string, day: number, extra: Partial<BankAccountState> = {}) => ({
  id,
  iban: `DE89370400440532013${String(day).padStart(3, "0")}`,
  isActive: true,
  isDefault: false,
  createdAt: new Date(Date.UTC(2026, 0, day)),
  ...extra,
});

describe("IBAN and BIC", () => {
  it("accepts an IBAN with spaces and lower case and checks its checksum", () => {
    expect(normalizeIban(" de89 3704 0044 0532 0130 00 ")).toBe("DE89370400440532013000");
    expect(isIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isIban("DE89 3704 0044 0532 0130 01")).toBe(false);
    expect(isIban("AT61 1904 3002 3457 3201")).toBe(true);
    expect(isIban("")).toBe(false);
    expect(isIban("kein iban")).toBe(false);
  });

  it("accepts BICs of 8 and 11 characters only", () => {
    expect(isBic("COBADEFFXXX")).toBe(true);
    expect(isBic("cobadeff")).toBe(true);
    expect(isBic("COBADE")).toBe(false);
    expect(isBic("COBADEFFXX")).toBe(false);
  });

  it("masks all but the country and the last four digits", () => {
    expect(maskIban("DE89370400440532013000")).toBe("DE•• •••• •••• •••• ••30 00");
  });
});

describe("where the money goes after a change", () => {
  const a = account("a", 1, { isDefault: true });
  const b = account("b", 2);
  const c = account("c", 3);

  it("a new first account becomes the default by itself, and that is sensitive", () => {
    const plan = planBankAccountChange([], {
      kind: "save",
      id: null,
      iban: a.iban,
      isActive: true,
      isDefault: false,
    });
    expect(plan).toEqual({
      ok: true,
      defaultBefore: null,
      defaultAfter: NEW_BANK_ACCOUNT,
      isSensitive: true,
      reasons: ["added", "defaultChanged"],
    });
  });

  it("editing the holder of a non-default account is not sensitive", () => {
    const plan = planBankAccountChange([a, b], {
      kind: "save",
      id: "b",
      iban: b.iban,
      isActive: true,
      isDefault: false,
    });
    expect(plan).toMatchObject({ ok: true, defaultAfter: "a", isSensitive: false, reasons: [] });
  });

  it("a changed IBAN is sensitive even with spaces and case the only other difference", () => {
    const same = planBankAccountChange([a, b], {
      kind: "save",
      id: "b",
      iban: b.iban.toLowerCase().replace(/(.{4})/g, "$1 "),
      isActive: true,
      isDefault: false,
    });
    expect(same).toMatchObject({ isSensitive: false });
    const changed = planBankAccountChange([a, b], {
      kind: "save",
      id: "b",
      iban: c.iban,
      isActive: true,
      isDefault: false,
    });
    expect(changed).toMatchObject({ isSensitive: true, reasons: ["ibanChanged"] });
  });

  it("making another account the default moves it", () => {
    expect(
      planBankAccountChange([a, b], {
        kind: "save",
        id: "b",
        iban: b.iban,
        isActive: true,
        isDefault: true,
      }),
    ).toMatchObject({ defaultBefore: "a", defaultAfter: "b", reasons: ["defaultChanged"] });
  });

  it("a default that is unticked or deactivated passes to the oldest other active account", () => {
    expect(
      planBankAccountChange([a, b, c], {
        kind: "save",
        id: "a",
        iban: a.iban,
        isActive: true,
        isDefault: false,
      }),
    ).toMatchObject({ defaultAfter: "b" });
    expect(
      planBankAccountChange([a, b, c], {
        kind: "save",
        id: "a",
        iban: a.iban,
        isActive: false,
        isDefault: false,
      }),
    ).toMatchObject({ defaultAfter: "b" });
    expect(
      planBankAccountChange([a, { ...b, isActive: false }, c], { kind: "remove", id: "a" }),
    ).toMatchObject({ defaultAfter: "c", isSensitive: true });
  });

  it("the only active account stays the default even when unticked", () => {
    expect(
      planBankAccountChange([a], {
        kind: "save",
        id: "a",
        iban: a.iban,
        isActive: true,
        isDefault: false,
      }),
    ).toMatchObject({ defaultAfter: "a", isSensitive: false });
  });

  it("removing the last active default leaves no default; removing another changes nothing", () => {
    expect(planBankAccountChange([a], { kind: "remove", id: "a" })).toMatchObject({
      defaultAfter: null,
      isSensitive: true,
    });
    expect(planBankAccountChange([a, b], { kind: "remove", id: "b" })).toMatchObject({
      defaultAfter: "a",
      isSensitive: false,
    });
  });

  it("refuses an inactive default and unknown ids", () => {
    expect(
      planBankAccountChange([a], {
        kind: "save",
        id: "a",
        iban: a.iban,
        isActive: false,
        isDefault: true,
      }),
    ).toEqual({ ok: false, error: "defaultMustBeActive" });
    expect(planBankAccountChange([a], { kind: "remove", id: "x" })).toEqual({
      ok: false,
      error: "notFound",
    });
  });
});
