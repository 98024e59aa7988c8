import { describe, expect, it } from "vitest";
import { cancelledMoneyState } from "./refund-state";

const item = (status: string, method = "bank-transfer", attempts = 0) => ({
  status,
  method,
  attempts,
  maxAttempts: 5,
});

describe("cancelledMoneyState", () => {
  it("says a refund is open while a transfer waits or Stripe retries gave up", () => {
    expect(cancelledMoneyState([item("open")])).toBe("refund-open");
    expect(cancelledMoneyState([item("open", "credit-card", 5)])).toBe("refund-open");
    expect(cancelledMoneyState([item("refunded"), item("open")])).toBe("refund-open");
  });

  it("says an online refund is under way while Stripe or the retry job has it", () => {
    expect(cancelledMoneyState([item("pending", "paypal")])).toBe("refund-running");
    expect(cancelledMoneyState([item("sending", "credit-card")])).toBe("refund-running");
    expect(cancelledMoneyState([item("open", "credit-card", 2)])).toBe("refund-running");
  });

  it("says refunded when every item is paid back, and nothing owed without items", () => {
    expect(cancelledMoneyState([item("refunded"), item("refunded", "paypal")])).toBe("refunded");
    expect(cancelledMoneyState([])).toBe("nothing-owed");
  });
});
