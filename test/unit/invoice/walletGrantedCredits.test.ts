/**
 * invoice.md §11.2: granted credits are normalised through their money value exactly like paid
 * ones (`credit_amount = amount / rate_amount`); voided credits keep the floored request.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const T0 = "2024-03-01T00:00:00Z";
const run = (body: Obj) => simulate({
  organization: { timezone: "UTC", default_currency: "EUR" },
  steps: [
    { at: T0, op: "create_customer", body: { external_id: "a", currency: "EUR" } },
    { at: T0, op: "create_wallet", body: { external_customer_id: "a", currency: "EUR", rate_amount: "1", granted_credits: "20" } },
    { at: T0, op: "create_wallet_transaction", body: { wallet_id: { $ref: { wallet: 0, field: "svc_id" } }, ...body } },
    { at: "2024-03-01T00:01:00Z", op: "fetch_wallet", body: { external_customer_id: "a" } },
  ],
});
const tx = (out: { responses: readonly unknown[] }): Obj => ((out.responses[2] as Obj)["wallet_transactions"] as Obj[])[0]!;

describe("granted credits through their money value", () => {
  it("17.969999 granted → floored 17.96999 → 17.97 € → 17.97 credits (the doc's example)", () => {
    const out = run({ granted_credits: "17.969999" });
    expect(tx(out)).toMatchObject({ transaction_status: "granted", amount: "17.97", credit_amount: "17.97" });
    expect(((out.responses[3] as Obj)["wallet"] as Obj)["credits_balance"]).toBe("37.97");
  });

  it("the same as voided credits keeps the floored request as its credit amount", () => {
    expect(tx(run({ voided_credits: "17.969999" }))).toMatchObject({ transaction_status: "voided", amount: "17.97", credit_amount: "17.96999" });
  });

  it("at rate 3, 1 granted credit is worth 3.00 € and counts as 1 credit", () => {
    const out = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      steps: [
        { at: T0, op: "create_customer", body: { external_id: "a", currency: "EUR" } },
        { at: T0, op: "create_wallet", body: { external_customer_id: "a", currency: "EUR", rate_amount: "3", granted_credits: "0.333333" } },
      ],
    });
    // 0.33333 credits × 3 = 0.99999 → 1.00 € → 1.00 / 3 = 0.33333 credits.
    expect((out.wallet_transactions[0] as Obj)).toMatchObject({ amount: "1", credit_amount: "0.33333" });
  });
});

describe("the state right after a call (invoice.md §11.3)", () => {
  it("create_wallet answers its ongoing figures already recomputed: ongoing = balance − ongoing usage", () => {
    const out = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      steps: [
        { at: T0, op: "create_customer", body: { external_id: "a", currency: "EUR" } },
        { at: T0, op: "create_wallet", body: { external_customer_id: "a", currency: "EUR", rate_amount: "1", granted_credits: "100" } },
      ],
    });
    expect((out.responses[1] as Obj)["wallet"]).toMatchObject({ balance_cents: 10000, ongoing_usage_balance_cents: 0, ongoing_balance_cents: 10000, credits_ongoing_balance: "100" });
  });
});
