/**
 * Review (2026-11-22): terminating a pay-in-advance subscription whose last fee was fully
 * discounted (100 % coupon) breaks the simulation.
 *
 * The automatic termination credit note (periods.md §9, invoice.md §10.6) comes out with total
 * T = round(item − coupons_adjustment + taxes) = 0; createCreditNote refuses it
 * (`total_amount_must_be_positive`, src/invoice/creditNoteValidate.ts:67) and
 * src/simulator/subscriptionOps.ts terminate() lets that ValidationError escape AFTER it has set
 * `status = "terminated"` and BEFORE it issues the final invoice:
 * - terminate_subscription answers validation_errors, yet the subscription stays terminated,
 *   without its termination invoice (docs/simulator.md: "A refused step … changes nothing");
 * - a plan upgrade is refused the same way, leaving the old subscription ended and the new one
 *   pending (no active subscription);
 * - with `ending_at` the error is thrown from the clock: simulate() itself throws
 *   ValidationError "input total_amount_must_be_positive" on a valid input.
 * Expected: no credit note (nothing to credit), the subscription terminated and its final invoice
 * issued (0 here); the upgrade goes through.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Sub { status: string; plan_code: string }
interface Result { responses: Obj[]; invoices: { billing_periods: { invoicing_reason: string }[] }[]; credit_notes: unknown[]; subscriptions: Sub[] }

const run = (subscription: Obj, extra: Obj[] = []): Result => simulate({
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [],
  plans: [
    { code: "p", name: "P", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: true, charges: [] },
    { code: "p2", name: "P2", interval: "monthly", amount_cents: 6200, amount_currency: "EUR", pay_in_advance: true, charges: [] },
  ],
  coupons: [{ code: "free", name: "Free", coupon_type: "percentage", percentage_rate: "100", frequency: "forever" }],
  steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
    { at: "2024-03-01T00:00:00Z", op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "free" } },
    { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", ...subscription } },
    ...extra,
  ],
  until: "2024-03-20T00:00:00Z",
}) as unknown as Result;

const reasons = (r: Result): string[] => r.invoices.flatMap((i) => i.billing_periods.map((b) => b.invoicing_reason));

describe("review: termination of a fully discounted pay-in-advance subscription", () => {
  // Actual: responses[3] = {error: validation_errors {base: [total_amount_must_be_positive]}}, status
  // terminated, invoices ["subscription_starting"] only.
  it.fails("terminate_subscription succeeds and issues the final invoice", () => {
    const r = run({}, [{ at: "2024-03-11T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } }]);
    expect(r.responses[3]).toHaveProperty("subscription");
    expect(r.subscriptions.map((s) => s.status)).toEqual(["terminated"]);
    expect(reasons(r)).toEqual(["subscription_starting", "subscription_terminating"]);
  });

  // docs/simulator.md "Operations": a refused step changes nothing. Actual: refused AND terminated.
  it.fails("a refused terminate_subscription leaves the subscription active", () => {
    const r = run({}, [{ at: "2024-03-11T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } }]);
    const refused = "error" in r.responses[3]!;
    expect(refused && r.subscriptions[0]!.status === "terminated").toBe(false);
  });

  // Actual: simulate() throws ValidationError (input: total_amount_must_be_positive).
  it.fails("an ending_at termination does not make simulate() throw", () => {
    expect(() => run({ ending_at: "2024-03-11T00:00:00Z" })).not.toThrow();
  });

  // Actual: the upgrade step answers validation_errors; s1 ends up with no active record
  // (the p2 record pending, the p record terminated).
  it.fails("an upgrade to a dearer plan goes through", () => {
    const r = run({}, [{ at: "2024-03-11T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p2" } }]);
    expect(r.responses[3]).toHaveProperty("subscription");
    expect(r.subscriptions.filter((s) => s.status === "active").map((s) => s.plan_code)).toEqual(["p2"]);
  });
});
