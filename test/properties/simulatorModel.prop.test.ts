/**
 * Model-based test of the simulator (fast-check commands): random sequences of calls — events
 * (some reusing a transaction id), days passing, wallet top-ups, coupons, usage reads, a
 * termination — against a small model of what can be stated simply:
 * - an event is accepted unless its transaction id was taken, and every accepted event is
 *   counted once, in exactly one period: the units of the charge fees of every invoice plus
 *   those of the current usage equal the sum of the accepted values;
 * - no fee is billed twice (one charge fee per period and bucket, fee ids unique);
 * - each invoice's totals chain holds (invoice.md §1.1), nothing negative;
 * - a wallet's balance = credits in − credits out, never below zero.
 * After each command the whole timeline so far is simulated again (the simulator is a function
 * of its input) and checked.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../../src/index.js";

type Obj = Record<string, unknown>;
const T0 = Date.UTC(2024, 0, 1, 12);

interface Model {
  day: number;
  readonly taken: Set<string>;
  /** Σ values of the accepted events (integers), and whether the subscription still bills them. */
  accepted: number;
  terminated: boolean;
  wallet: boolean;
}
interface Real {
  readonly steps: Obj[];
}

/** The instant of the next step on the model's day: a minute after the day's previous one (steps stay in time order). */
const next = (m: Model, r: Real): string => {
  const dayStart = T0 + m.day * 86_400_000;
  const last = Date.parse((r.steps.at(-1)?.["at"] as string | undefined) ?? new Date(T0).toISOString());
  return new Date(Math.max(dayStart, last + 60_000)).toISOString();
};
const at = (m: Model, hour: number): string => new Date(T0 + m.day * 86_400_000 + hour * 3_600_000).toISOString();

function catalog(steps: Obj[], untilDay: number): Obj {
  return {
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "gb", name: "GB", aggregation_type: "sum_agg", field_name: "v" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
      charges: [{ billable_metric_code: "gb", charge_model: "standard", properties: { amount: "1" } }] }],
    coupons: [{ code: "five", name: "Five", coupon_type: "fixed_amount", frequency: "once", amount_cents: 500, amount_currency: "EUR", reusable: true, expiration: "no_expiration" }],
    steps,
    until: new Date(T0 + untilDay * 86_400_000).toISOString(),
  };
}

type Result = { invoices: Obj[]; fees: Obj[]; responses: Obj[]; wallet_transactions: Obj[] };

/** Simulates the timeline so far and checks every invariant; the last response is returned. */
function check(m: Model, r: Real): Obj {
  // A usage read at the end: the open period's units (when the subscription is live).
  const read: Obj = { at: at(m, 23), op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } };
  const wallet: Obj = { at: at(m, 23), op: "fetch_wallet", body: { external_customer_id: "c1" } };
  const out = simulate(catalog([...r.steps, read, wallet], m.day + 0.99)) as unknown as Result;
  const usage = out.responses.at(-2)!["customer_usage"] as Obj | undefined;
  const live = (i: Obj): boolean => i["status"] !== "voided";
  const charged = out.invoices.filter(live).flatMap((i) => (i["fees"] as Obj[]).filter((f) => (f["item"] as Obj)["type"] === "charge"));
  const billed = charged.reduce((a, f) => a + Number(f["units"]), 0);
  const current = usage === undefined ? 0 : Number(usage["amount_cents"]) / 100;
  expect(m.terminated ? billed : billed + current).toBe(m.accepted);
  // No fee twice: ids unique, one charge fee per (subscription, period).
  const ids = out.fees.map((f) => f["svc_id"]);
  expect(new Set(ids).size).toBe(ids.length);
  const periods = charged.map((f) => `${String(f["svc_subscription_id"])}|${String(f["from_date"])}|${String(f["to_date"])}`);
  expect(new Set(periods).size).toBe(periods.length);
  for (const i of out.invoices) {
    const fees = (i["fees"] as Obj[]).reduce((a, f) => a + Number(f["amount_cents"]), 0);
    expect(i["fees_amount_cents"]).toBe(fees);
    expect(i["sub_total_excluding_taxes_amount_cents"]).toBe(fees - Number(i["progressive_billing_credit_amount_cents"]) - Number(i["coupons_amount_cents"]));
    expect(i["total_amount_cents"]).toBe(Number(i["sub_total_including_taxes_amount_cents"]) - Number(i["credit_notes_amount_cents"]) - Number(i["prepaid_credit_amount_cents"]));
    expect(Number(i["total_amount_cents"])).toBeGreaterThanOrEqual(0);
  }
  // The wallet: what came in minus what went out, never below zero.
  const w = out.responses.at(-1)!["wallet"] as Obj | undefined;
  expect(w !== undefined).toBe(m.wallet);
  if (w !== undefined) {
    const settled = out.wallet_transactions.filter((t) => t["status"] === "settled" && t["transaction_status"] !== "voided");
    const sum = (type: string): number => settled.filter((t) => t["transaction_type"] === type).reduce((a, t) => a + Number(t["credit_amount"]), 0);
    const voided = out.wallet_transactions.filter((t) => t["transaction_status"] === "voided").reduce((a, t) => a + Number(t["credit_amount"]), 0);
    expect(Number(w["credits_balance"])).toBeCloseTo(sum("inbound") - sum("outbound") - voided, 5);
    expect(Number(w["balance_cents"])).toBeGreaterThanOrEqual(0);
  }
  return out.responses.at(-3)!;
}

class AddEvent implements fc.Command<Model, Real> {
  constructor(readonly value: number, readonly reuse: boolean) {}
  check = (m: Readonly<Model>): boolean => !m.terminated;
  run(m: Model, r: Real): void {
    const id = this.reuse && m.taken.size > 0 ? [...m.taken][0]! : `t${m.taken.size}-${r.steps.length}`;
    r.steps.push({ at: next(m, r), op: "create_event", body: { transaction_id: id, code: "gb", external_subscription_id: "s1", properties: { v: String(this.value) } } });
    const accepted = !m.taken.has(id);
    const response = check(accepted ? { ...m, accepted: m.accepted + this.value } : m, r);
    expect(response["error"] === undefined).toBe(accepted);
    if (accepted) {
      m.taken.add(id);
      m.accepted += this.value;
    }
  }
  toString = (): string => `event(${this.value}${this.reuse ? ", reused id" : ""})`;
}

class PassDays implements fc.Command<Model, Real> {
  constructor(readonly days: number) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    m.day += this.days;
    check(m, r);
  }
  toString = (): string => `pass(${this.days} days)`;
}

class TopUp implements fc.Command<Model, Real> {
  constructor(readonly credits: number) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    r.steps.push(m.wallet
      ? { at: next(m, r), op: "create_wallet_transaction", body: { wallet_id: { $ref: { wallet: 0, field: "svc_id" } }, granted_credits: String(this.credits) } }
      : { at: next(m, r), op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", currency: "EUR", granted_credits: String(this.credits) } });
    m.wallet = true;
    check(m, r);
  }
  toString = (): string => `top up(${this.credits})`;
}

class Coupon implements fc.Command<Model, Real> {
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    r.steps.push({ at: next(m, r), op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "five" } });
    check(m, r);
  }
  toString = (): string => "coupon";
}

class Terminate implements fc.Command<Model, Real> {
  check = (m: Readonly<Model>): boolean => !m.terminated;
  run(m: Model, r: Real): void {
    r.steps.push({ at: next(m, r), op: "terminate_subscription", body: { external_id: "s1" } });
    m.terminated = true;
    check(m, r);
  }
  toString = (): string => "terminate";
}

const commands = [
  fc.tuple(fc.integer({ min: 0, max: 40 }), fc.boolean()).map(([v, reuse]) => new AddEvent(v, reuse) as fc.Command<Model, Real>),
  fc.integer({ min: 1, max: 25 }).map((d) => new PassDays(d)),
  fc.integer({ min: 1, max: 30 }).map((c) => new TopUp(c)),
  fc.constant(new Coupon()),
  fc.constant(new Terminate()),
];

describe("simulate against a model", () => {
  it("counts every accepted event once, bills no fee twice, keeps the totals chain and the wallets' balances", () => {
    fc.assert(fc.property(fc.commands(commands, { maxCommands: 25 }), (cmds) => {
      const model: Model = { day: 0, taken: new Set(), accepted: 0, terminated: false, wallet: false };
      const real: Real = { steps: [
        { at: new Date(T0).toISOString(), op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
        { at: new Date(T0).toISOString(), op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      ] };
      fc.modelRun(() => ({ model, real }), cmds);
    }), { numRuns: Number(process.env["RATECARD_FUZZ_RUNS"] ?? 40) });
  });
});
