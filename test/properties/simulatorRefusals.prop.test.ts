/**
 * A refused step changes nothing but its own response (contract §4), and a run is a function
 * of its input. For random timelines of well-formed calls (timelineArbitraries.ts), with a
 * step that is always refused inserted at a random place and instant — a malformed event, an
 * unknown subscription, invoice or wallet, a bad payment status — the output is the output
 * without it, byte for byte, once that step's response is taken out (and the step numbers of
 * warnings after it shifted back). The same input twice gives the same JSON.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../../src/index.js";
import { type Obj, inputArb, timelineInput } from "./timelineArbitraries.js";

const REFUSED: readonly ((at: string) => Obj)[] = [
  (at) => ({ at, op: "create_event", body: { transaction_id: "", code: "m", external_subscription_id: "s1" } }),
  (at) => ({ at, op: "create_events", body: { events: [{ transaction_id: "ok-1", code: "m", external_subscription_id: "s1" }, { code: "m" }] } }),
  (at) => ({ at, op: "terminate_subscription", body: { external_id: "nobody" } }),
  (at) => ({ at, op: "update_invoice", body: { invoice_id: "no-such-invoice", payment_status: "succeeded" } }),
  (at) => ({ at, op: "terminate_wallet", body: { wallet_id: "no-such-wallet" } }),
  (at) => ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s9", plan_code: "no-such-plan" } }),
  (at) => ({ at, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "no-such-coupon" } }),
  (at) => ({ at, op: "fetch_current_usage", body: { external_customer_id: "nobody", external_subscription_id: "s1" } }),
  (at) => ({ at, op: "update_subscription", body: { external_id: "s1", subscription: { name: "renamed", plan_overrides: { fixed_charges: [{ code: "no-such-fixed-charge", units: 3 }] } } } }),
  (at) => ({ at, op: "update_subscription", body: { external_id: "s1", subscription: { name: "renamed", plan_overrides: { amount_cents: -5 } } } }),
  (at) => ({ at, op: "update_subscription", body: { external_id: "s1", subscription: { name: "renamed", ending_at: "2030-01-01T00:00:00Z", plan_overrides: { fixed_charges: [{ code: "seat0", units: 3, apply_units_immediately: "maybe" }] } } } }),
  (at) => ({ at, op: "update_subscription", body: { external_id: "s1", subscription: { name: "renamed", plan_overrides: { fixed_charges: [{ code: "seat0", units: "x" }] } } } }),
  (at) => ({ at, op: "update_plan", body: { code: "p1", amount_cents: 123, charges: [{ billable_metric_code: "m", charge_model: "graduated", properties: { graduated_ranges: [] } }] } }),
  (at) => ({ at, op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "0", currency: "EUR", granted_credits: "10" } }),
  (at) => ({ at, op: "create_credit_note", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, reason: "other", credit_amount_cents: 999999999, items: [{ fee_id: { $ref: { invoice: -1, fee: {}, field: "svc_id" } }, amount_cents: 999999999 }] } }),
  (at) => ({ at, op: "void_invoice", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, generate_credit_note: true, credit_amount: -1 } }),
  (at) => ({ at, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "fix", amount_currency: "USD", amount_cents: 5 } }),
  (at) => ({ at, op: "create_one_off_invoice", body: { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "seat", units: "1" }, { add_on_code: "nope" }] } }),
  (at) => ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p2", plan_overrides: { amount_cents: -1 } } }),
  (at) => ({ at, op: "terminate_subscription", body: { external_id: "s1", on_termination_credit_note: "bogus" } }),
  (at) => ({ at, op: "update_subscription_fixed_charge", body: { external_subscription_id: "s1", code: "seat0", units: -3 } }),
  (at) => ({ at, op: "create_customer", body: { external_id: "c1", name: "renamed", timezone: "Mars/Olympus" } }),
  (at) => ({ at, op: "create_customer", body: { external_id: "c1", name: "renamed", billing_configuration: { invoice_grace_period: 9, subscription_invoice_issuing_date_anchor: "bogus" } } }),
  (at) => ({ at, op: "update_plan", body: { code: "p1", amount_cents: 777, usage_thresholds: [{ amount_cents: 100 }], fixed_charges: [{ code: "seat0", units: -1 }] } }),
  (at) => ({ at, op: "update_plan", body: { code: "p1", name: "renamed", trial_period: -3 } }),
  (at) => ({ at, op: "update_wallet", body: { wallet_id: { $ref: { wallet: 0, field: "svc_id" } }, name: "renamed", expiration_at: "2000-01-01T00:00:00Z" } }),
  (at) => ({ at, op: "create_wallet_transaction", body: { wallet_id: { $ref: { wallet: 0, field: "svc_id" } }, granted_credits: "5", paid_credits: "-3" } }),
  (at) => ({ at, op: "create_alert", body: { external_subscription_id: "s1", alert_type: "current_usage_amount", code: "x", thresholds: [{ value: "5" }, { value: "5" }] } }),
  (at) => ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p3", name: "renamed", plan_overrides: { fixed_charges: [{ code: "seat0", units: "x" }] } } }),
  (at) => ({ at, op: "create_payment", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, amount_cents: -5, reference: "r" } }),
  (at) => ({ at, op: "update_tax", body: { code: "no-such-tax", tax: { rate: 1 } } }),
  (at) => ({ at, op: "delete_tax", body: { code: "no-such-tax" } }),
  (at) => ({ at, op: "update_billable_metric", body: { code: "m", billable_metric: { name: 5, description: "x" } } }),
  (at) => ({ at, op: "delete_billable_metric", body: { code: "no-such-metric" } }),
  (at) => ({ at, op: "terminate_applied_coupon", body: { external_customer_id: "c1", applied_coupon_id: "no-such-applied-coupon" } }),
];

type Result = { responses: unknown[]; warnings: { step?: number }[] } & Obj;

const T0 = Date.UTC(2024, 0, 15);

describe("simulate: refused steps and determinism", () => {
  it("a refused step inserted anywhere changes nothing but its own response", () => {
    fc.assert(fc.property(inputArb, fc.nat(), fc.integer({ min: 0, max: 120 * 24 }), fc.nat({ max: REFUSED.length - 1 }), (x, where, hour, kind) => {
      const input = timelineInput(x) as { steps: Obj[] } & Obj;
      const base = simulate(input) as unknown as Result;
      // A place in the timeline, at an instant between its neighbours' (the same as one of them, or a new one).
      const steps = input.steps;
      const i = 2 + (where % (steps.length - 1));
      const lo = Date.parse(steps[i - 1]!["at"] as string);
      const hi = i < steps.length ? Date.parse(steps[i]!["at"] as string) : T0 + 120 * 86_400_000;
      const t = Math.min(hi, Math.max(lo, T0 + hour * 3_600_000));
      const refused = REFUSED[kind]!(new Date(t).toISOString());
      const withRefused = simulate({ ...input, steps: [...steps.slice(0, i), refused, ...steps.slice(i)] }) as unknown as Result;
      // A candidate that the state happens to accept is no refusal: nothing to compare.
      fc.pre((withRefused.responses[i] as { error?: unknown }).error !== undefined);
      const responses = withRefused.responses.filter((_, k) => k !== i);
      const warnings = withRefused.warnings.map((w) => (w.step !== undefined && w.step > i ? { ...w, step: w.step - 1 } : w));
      expect(JSON.stringify({ ...withRefused, responses, warnings })).toBe(JSON.stringify(base));
    }), { numRuns: Number(process.env["RATECARD_FUZZ_RUNS"] ?? 60) });
  });

  it("the same input gives the same output, byte for byte", () => {
    fc.assert(fc.property(inputArb, (x) => {
      expect(JSON.stringify(simulate(timelineInput(x)))).toBe(JSON.stringify(simulate(timelineInput(x))));
    }), { numRuns: 30 });
  });
});
