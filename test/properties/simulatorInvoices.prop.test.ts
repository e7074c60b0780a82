/**
 * Laws of the simulator's invoices on random small timelines (invoice.md §1.1, §2, §4, §8):
 * the totals chain, no negative total or fee, credits bounded by what they reduce, issue
 * order, determinism (ids included), and a batch of events equal to the same events sent
 * one by one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee { svc_id: string; amount_cents: number; taxes_amount_cents: number; total_amount_cents: number; svc_invoice_id: string | null; invoiceable: boolean }
interface Credit { amount_cents: number; before_taxes: boolean; item: { type: string; code: string; svc_item_id: string } }
interface Invoice {
  svc_id: string; status: string; sequential_id: number | null; number: string; created_at: string; customer: { external_id: string };
  fees_amount_cents: number; progressive_billing_credit_amount_cents: number; coupons_amount_cents: number;
  sub_total_excluding_taxes_amount_cents: number; taxes_amount_cents: number; sub_total_including_taxes_amount_cents: number;
  credit_notes_amount_cents: number; prepaid_credit_amount_cents: number; total_amount_cents: number; fees: Fee[]; credits: Credit[];
}

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1);
const iso = (ms: number): string => new Date(ms).toISOString().replace(".000Z", "Z");
const TAXES = [{ code: "vat", name: "VAT", rate: "20" }, { code: "low", name: "Low", rate: "5.5" }, { code: "odd", name: "Odd", rate: "19.6" }];
const taxCodes = fc.option(fc.subarray(TAXES.map((t) => t.code), { minLength: 1 }), { nil: undefined });
const withTaxes = (codes: string[] | undefined): Obj => (codes === undefined ? {} : { tax_codes: codes });
const amountText = fc.integer({ min: 0, max: 500 }).map((c) => (c / 100).toFixed(2));

const chargeArb = fc.record({
  metric: fc.constantFrom("cnt", "sm"), amount: amountText, advance: fc.boolean(), invoiceable: fc.boolean(), taxes: taxCodes,
}).map((c): Obj => ({
  billable_metric_code: c.metric, charge_model: "standard", properties: { amount: c.amount },
  pay_in_advance: c.advance, invoiceable: c.advance ? c.invoiceable : true, ...withTaxes(c.taxes), // charges.md §19.5
}));
const planArb = (code: string) => fc.record({
  interval: fc.constantFrom("monthly", "weekly"), amount: fc.integer({ min: 0, max: 9_999 }), advance: fc.boolean(),
  taxes: taxCodes, charges: fc.array(chargeArb, { maxLength: 2 }),
}).map((p): Obj => ({
  code, name: code, interval: p.interval, amount_cents: p.amount, amount_currency: "EUR", pay_in_advance: p.advance,
  charges: p.charges, ...withTaxes(p.taxes),
}));
const COUPONS: Obj[] = [
  { code: "once", name: "once", coupon_type: "fixed_amount", frequency: "once", amount_cents: 1500, amount_currency: "EUR", expiration: "no_expiration", reusable: true },
  { code: "pct", name: "pct", coupon_type: "percentage", frequency: "forever", percentage_rate: "12.5", expiration: "no_expiration", reusable: true },
  { code: "rec", name: "rec", coupon_type: "fixed_amount", frequency: "recurring", frequency_duration: 2, amount_cents: 700, amount_currency: "EUR", expiration: "no_expiration", reusable: true },
];

type Step = { at: number; op: string; body: Obj };
const SUBS = ["s1", "s2"] as const;
const eventBody = (tx: string, sub: string, v: number): Obj => ({ transaction_id: tx, code: v % 2 === 0 ? "cnt" : "sm", external_subscription_id: sub, properties: { v: String(v) } });

/** A random timeline: customer c1 (and c2), two subscriptions, events, coupons, invoice operations. */
const timelineArb = fc.record({
  orgTaxes: taxCodes,
  grace: fc.constantFrom(0, 0, 1, 2),
  timezone: fc.constantFrom("UTC", "Europe/Paris", "America/New_York"),
  plans: fc.tuple(planArb("pa"), planArb("pb")),
  customers: fc.array(fc.record({ taxes: taxCodes, skip: fc.boolean(), grace: fc.option(fc.constantFrom(0, 3), { nil: undefined }) }), { minLength: 2, maxLength: 2 }),
  subs: fc.tuple(...SUBS.map(() => fc.record({ customer: fc.constantFrom("c1", "c2"), plan: fc.constantFrom("pa", "pb"), day: fc.integer({ min: 0, max: 9 }), anniversary: fc.boolean() }))),
  events: fc.array(fc.record({ minute: fc.integer({ min: 0, max: 70 * 24 * 60 }), sub: fc.constantFrom(...SUBS), v: fc.integer({ min: -5, max: 30 }), lateDays: fc.constantFrom(0, 0, 0, 2) }), { maxLength: 12 }),
  others: fc.array(fc.record({
    minute: fc.integer({ min: 0, max: 70 * 24 * 60 }),
    op: fc.constantFrom("apply_coupon", "finalize_invoice", "void_invoice", "create_credit_note", "terminate_subscription", "refresh_invoice"),
    pick: fc.nat(10),
  }), { maxLength: 5 }),
});
type Timeline = typeof timelineArb extends fc.Arbitrary<infer T> ? T : never;

function steps(t: Timeline): Step[] {
  const out: Step[] = [];
  t.customers.forEach((c, i) => out.push({ at: T0, op: "create_customer", body: {
    external_id: `c${i + 1}`, timezone: t.timezone, finalize_zero_amount_invoice: c.skip ? "skip" : "finalize", ...withTaxes(c.taxes),
    ...(c.grace === undefined ? {} : { billing_configuration: { invoice_grace_period: c.grace } }),
  } }));
  t.subs.forEach((s, i) => out.push({ at: T0 + s.day * DAY, op: "create_subscription", body: {
    external_customer_id: s.customer, external_id: SUBS[i]!, plan_code: s.plan, billing_time: s.anniversary ? "anniversary" : "calendar",
  } }));
  t.events.forEach((e, i) => {
    const at = T0 + 10 * DAY + e.minute * 60_000;
    out.push({ at, op: "create_event", body: { ...eventBody(`t${i}`, e.sub, e.v), ...(e.lateDays === 0 ? {} : { timestamp: iso(at - e.lateDays * DAY) }) } });
  });
  for (const o of t.others) {
    const at = T0 + 10 * DAY + o.minute * 60_000;
    const invoice = { $ref: { invoice: -1 - (o.pick % 2), field: "svc_id" } };
    const body: Obj = o.op === "apply_coupon" ? { external_customer_id: `c${(o.pick % 2) + 1}`, coupon_code: COUPONS[o.pick % 3]!["code"] }
      : o.op === "terminate_subscription" ? { external_id: SUBS[o.pick % 2]! }
      : o.op === "create_credit_note" ? { invoice_id: invoice, reason: "other", credit_amount_cents: 50 * o.pick, refund_amount_cents: 0,
        items: [{ fee_id: { $ref: { invoice: -1 - (o.pick % 2), fee: { item: { type: "subscription" } }, field: "svc_id" } }, amount_cents: 50 * o.pick }] }
      : { invoice_id: invoice };
    out.push({ at, op: o.op, body });
  }
  return out.sort((a, b) => a.at - b.at);
}

function input(t: Timeline, list: Step[] = steps(t)): Obj {
  return {
    organization: { timezone: "UTC", default_currency: "EUR", invoice_grace_period: t.grace, ...withTaxes(t.orgTaxes) },
    taxes: TAXES,
    billable_metrics: [{ code: "cnt", name: "Count", aggregation_type: "count_agg" }, { code: "sm", name: "Sum", aggregation_type: "sum_agg", field_name: "v" }],
    plans: t.plans, coupons: COUPONS,
    steps: list.map((s) => ({ at: iso(s.at), op: s.op, body: s.body })),
    until: iso(T0 + 85 * DAY),
  };
}

const sum = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0);
const RUNS = { numRuns: 60 };

describe("simulate: laws of the invoices", () => {
  it("totals chain, no negative amounts, bounded credits (§1.1)", () => {
    fc.assert(fc.property(timelineArb, (t) => {
      const r = simulate(input(t));
      for (const i of r.invoices as Invoice[]) {
        expect(i.fees_amount_cents).toBe(sum(i.fees.map((f) => f.amount_cents)));
        expect(i.sub_total_excluding_taxes_amount_cents).toBe(i.fees_amount_cents - i.progressive_billing_credit_amount_cents - i.coupons_amount_cents);
        expect(i.sub_total_including_taxes_amount_cents).toBe(i.sub_total_excluding_taxes_amount_cents + i.taxes_amount_cents);
        expect(i.total_amount_cents).toBe(i.sub_total_including_taxes_amount_cents - i.credit_notes_amount_cents - i.prepaid_credit_amount_cents);
        expect(i.total_amount_cents).toBeGreaterThanOrEqual(0);
        expect(i.taxes_amount_cents).toBeGreaterThanOrEqual(0);
        for (const f of i.fees) expect(f.amount_cents).toBeGreaterThanOrEqual(0);
        const before = i.credits.filter((c) => c.before_taxes);
        const after = i.credits.filter((c) => !c.before_taxes);
        for (const c of before) expect(c.amount_cents).toBeGreaterThanOrEqual(0);
        for (const c of before) expect(c.amount_cents).toBeLessThanOrEqual(i.fees_amount_cents);
        for (const c of after) expect(c.amount_cents).toBeGreaterThan(0);
        for (const c of after) expect(c.amount_cents).toBeLessThanOrEqual(i.sub_total_including_taxes_amount_cents);
        expect(sum(before.map((c) => c.amount_cents))).toBe(i.coupons_amount_cents + i.progressive_billing_credit_amount_cents);
        expect(sum(after.map((c) => c.amount_cents))).toBe(i.credit_notes_amount_cents);
        if (i.status === "draft") expect([i.coupons_amount_cents, i.credit_notes_amount_cents, i.prepaid_credit_amount_cents]).toEqual([0, 0, 0]);
      }
      for (const f of r.fees as Fee[]) expect(f.amount_cents).toBeGreaterThanOrEqual(0);
    }), RUNS);
  });

  it("fees: on their invoice and in the result's fees, totals by §2; statuses, zero-amount rule and webhooks agree", () => {
    fc.assert(fc.property(timelineArb, (t) => {
      const x = input(t);
      const r = simulate(x);
      const all = new Map((r.fees as Fee[]).map((f) => [f.svc_id, f]));
      const created = (r.webhooks as unknown as { type: string; object: { svc_id: string } }[]).filter((w) => w.type === "invoice.created").map((w) => w.object.svc_id);
      const skips = new Set((x["steps"] as Step[]).filter((s) => s.op === "create_customer" && s.body["finalize_zero_amount_invoice"] === "skip").map((s) => s.body["external_id"]));
      for (const i of r.invoices as (Invoice & { total_due_amount_cents: number; fees: Fee[] })[]) {
        for (const f of i.fees) {
          expect(f.svc_invoice_id).toBe(i.svc_id);
          expect(all.get(f.svc_id)?.svc_invoice_id).toBe(i.svc_id);
          expect(f.total_amount_cents).toBe(f.amount_cents + f.taxes_amount_cents);
        }
        expect(["draft", "finalized", "voided"]).toContain(i.status);
        expect(created.filter((id) => id === i.svc_id)).toHaveLength(i.status === "draft" ? 0 : 1);
        if (i.status === "voided") expect(i.total_due_amount_cents).toBe(0);
        // §1.3: with `skip`, an invoice whose fees are 0 is closed at finalization, never shown
        // final (a draft still in its grace period at `until` is not finalized yet).
        if (skips.has(i.customer.external_id) && i.status !== "draft") expect(i.fees_amount_cents).toBeGreaterThan(0);
      }
      for (const f of r.fees as Fee[]) if (f.svc_invoice_id === null) expect(f.invoiceable).toBe(false);
    }), RUNS);
  });

  it("coupons and credit notes give no more than they hold (§4.1, §8, §16)", () => {
    fc.assert(fc.property(timelineArb, (t) => {
      const r = simulate(input(t));
      const invoices = r.invoices as Invoice[];
      const applied = (r.responses as { applied_coupon?: { coupon_code: string; external_customer_id: string } }[]).flatMap((x) => (x.applied_coupon === undefined ? [] : [x.applied_coupon]));
      for (const c of ["c1", "c2"]) {
        const apps = (code: string) => applied.filter((a) => a.external_customer_id === c && a.coupon_code === code).length;
        const rows = (code: string) => invoices.filter((i) => i.customer.external_id === c && i.status !== "voided")
          .flatMap((i) => i.credits.filter((k) => k.item.type === "coupon" && k.item.code === code));
        expect(sum(rows("once").map((k) => k.amount_cents))).toBeLessThanOrEqual(1500 * apps("once"));
        expect(rows("rec").length).toBeLessThanOrEqual(2 * apps("rec"));
        for (const k of rows("rec")) expect(k.amount_cents).toBeLessThanOrEqual(700);
      }
      // A note's consumed credit is exactly what the invoices took from it (voided ones included: never given back).
      for (const n of r.credit_notes as { svc_id: string; credit_amount_cents: number; balance_amount_cents: number }[]) {
        const taken = invoices.flatMap((i) => i.credits.filter((k) => k.item.type === "credit_note" && k.item.svc_item_id === n.svc_id));
        expect(sum(taken.map((k) => k.amount_cents))).toBe(n.credit_amount_cents - n.balance_amount_cents);
        expect(n.balance_amount_cents).toBeGreaterThanOrEqual(0);
      }
    }), RUNS);
  });

  it("lists invoices in issue order; each customer's finalized invoices are numbered 1…k in finalization order, the others are drafts", () => {
    fc.assert(fc.property(timelineArb, (t) => {
      const out = simulate(input(t));
      const invoices = out.invoices as Invoice[];
      const times = invoices.map((i) => i.created_at);
      expect(times).toEqual([...times].sort());
      const finalized = (out.webhooks as unknown as { type: string; object: Invoice }[])
        .filter((w) => w.type === "invoice.created" || w.type === "invoice.paid_credit_added").map((w) => w.object);
      for (const c of ["c1", "c2"]) {
        const mine = invoices.filter((i) => i.customer.external_id === c);
        for (const i of mine) {
          if (i.sequential_id === null) expect([i.status, i.number]).toEqual([expect.stringMatching(/^(draft|open)$/), expect.stringMatching(/-DRAFT$/)]);
          else expect(i.number.endsWith(`-${String(i.sequential_id).padStart(3, "0")}`)).toBe(true);
        }
        const order = finalized.filter((i) => i.customer.external_id === c).map((i) => i.sequential_id);
        expect(order).toEqual(order.map((_, k) => k + 1));
        expect(mine.filter((i) => i.sequential_id !== null).length).toBe(order.length);
      }
      const numbers = invoices.filter((i) => i.sequential_id !== null).map((i) => i.number);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(new Set(invoices.map((i) => i.svc_id)).size).toBe(invoices.length);
    }), RUNS);
  });

  it("gives the same output for the same input, ids included, and leaves the input unchanged", () => {
    fc.assert(fc.property(timelineArb, (t) => {
      const x = input(t);
      const copy = structuredClone(x);
      const a = JSON.stringify(simulate(x));
      expect(x).toEqual(copy);
      expect(JSON.stringify(simulate(copy))).toBe(a);
    }), { numRuns: 40 });
  });

  it("a create_events batch gives the same invoices and fees as its events sent one by one", () => {
    const batchArb = fc.array(fc.record({ sub: fc.constantFrom(...SUBS), v: fc.integer({ min: -5, max: 30 }), back: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 6 });
    fc.assert(fc.property(timelineArb, batchArb, fc.integer({ min: 11, max: 60 }), (t, batch, day) => {
      // Terminations left out: every event of the batch names an active subscription.
      const base = steps(t).filter((s) => s.op !== "terminate_subscription");
      const at = T0 + day * DAY + 1000;
      const bodies = batch.map((e, i) => ({ ...eventBody(`b${i}`, e.sub, e.v), timestamp: iso(at - e.back * DAY) }));
      const merge = (extra: Step[]): Step[] => [...base.filter((s) => s.at <= at), ...extra, ...base.filter((s) => s.at > at)];
      const one = simulate(input(t, merge([{ at, op: "create_events", body: { events: bodies } }])));
      const many = simulate(input(t, merge(bodies.map((b) => ({ at, op: "create_event", body: b })))));
      expect(many.invoices).toEqual(one.invoices);
      expect(many.fees).toEqual(one.fees);
      expect(many.credit_notes).toEqual(one.credit_notes);
    }), RUNS);
  });
});
