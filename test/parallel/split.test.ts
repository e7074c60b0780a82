/**
 * The split simulation's parts (docs/scale.md, "Every core"): order keys, the plan (groups of
 * connected customers, cut batches, organization-wide numbering, what is not split), the merge
 * and what it refuses to guess.
 */
import { describe, expect, it } from "vitest";
import { stableId } from "../../src/core/ids.js";
import { simulate } from "../../src/json/simulate.js";
import { simulateSplit } from "../../src/parallel/inline.js";
import { instantPart, key, keyPart, parts, withoutLast } from "../../src/parallel/keys.js";
import { mergeParts } from "../../src/parallel/merge.js";
import { planSplit, type SplitPlan } from "../../src/parallel/plan.js";
import { runPart } from "../../src/parallel/trace/part.js";
import type { PartResult } from "../../src/parallel/trace/result.js";

type Obj = Record<string, unknown>;
const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR", net_payment_term: 0 },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [
    { code: "basic", name: "Basic", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "0.5" } }] },
    { code: "cheap", name: "Cheap", interval: "monthly", amount_cents: 100, amount_currency: "EUR", charges: [] },
  ],
};
const step = (at: string, op: string, body: Obj): Obj => ({ at: `2024-01-${at}Z`, op, body });
const customer = (c: string, at = "01T00:00:00"): Obj[] => [
  step(at, "create_customer", { external_id: c, currency: "EUR" }),
  step(at, "create_subscription", { external_customer_id: c, external_id: `s-${c}`, plan_code: "basic" }),
];
const events = (at: string, ...subs: string[]): Obj => step(at, "create_events", { events: subs.map((s, i) => ({ transaction_id: `${at}-${i}`, code: "calls", external_subscription_id: s })) });
const input = (...steps: Obj[]): Obj => ({ ...catalog, steps, until: "2024-03-02T00:00:00Z" });

function plan(x: Obj, n: number): SplitPlan {
  const s = planSplit(x, n);
  if (!s.ok) throw new Error(s.reason);
  return s.plan;
}

describe("order keys", () => {
  it("order as the lists of integers they write, whatever their sizes", () => {
    const lists = [[0], [0, 0], [0, 1], [1], [5, 2 ** 15], [5, 2 ** 15 + 1], [5, 2 ** 40], [2 ** 15], [2 ** 45, 0]];
    const keys = lists.map((l) => key(...l));
    expect([...keys].sort()).toEqual(keys);
    expect(keys.map(parts)).toEqual(lists);
    expect(parts(withoutLast(key(3, 2 ** 20, 7)))).toEqual([3, 2 ** 20]);
  });

  it("write instants before 1970 below later ones, and no surrogate", () => {
    const ts = [Date.UTC(1960, 0, 1), 0, Date.UTC(2024, 0, 1), Date.UTC(2400, 0, 1)];
    const keys = ts.map(instantPart);
    expect([...keys].sort()).toEqual(keys);
    expect(keys.join("").split("").every((ch) => ch.charCodeAt(0) < 0xd800)).toBe(true);
    expect(() => keyPart(-1)).toThrow(RangeError);
  });
});

describe("planSplit", () => {
  it("groups the customers a step links, and cuts a batch of events across parts", () => {
    const x = input(...customer("a"), ...customer("b"), ...customer("c"), events("05T10:00:00", "s-a", "s-b", "s-c", "s-a"));
    const p = plan(x, 2);
    expect(p.groups).toBe(3);
    expect(p.tasks.length).toBe(2);
    // Every step is performed by exactly one part, but the batch, cut in two.
    const owned = p.tasks.flatMap((t) => t.own.map((o) => o.k)).sort((a, b) => a - b);
    expect(owned).toEqual([0, 1, 2, 3, 4, 5, 6, 6]);
    const cut = p.tasks.flatMap((t) => t.own.filter((o) => o.events !== undefined).map((o) => o.events));
    expect(cut.flat().sort()).toEqual([0, 1, 2, 3]);
    // Organization-wide sequential ids: the order of the steps that create the customers.
    expect([...p.sequentialIds]).toEqual([["a", 1], ["b", 2], ["c", 3]]);
  });

  it("keeps customers linked by a subscription id, an invoice id or an orphan event's transaction id in one group", () => {
    const invoice = stableId("invoice", "b", 1);
    const linked = input(
      ...customer("a"), ...customer("b"), ...customer("c"), ...customer("d"),
      step("02T00:00:00", "create_event", { transaction_id: "x", code: "calls", external_customer_id: "a" }),
      step("02T00:00:00", "create_event", { transaction_id: "x", code: "calls", external_customer_id: "b" }),
      step("20T00:00:00", "create_payment", { invoice_id: invoice, amount_cents: 100, reference: "r" }),
    );
    // a and b share an orphan transaction id (orphans are deduplicated organization-wide).
    const p = plan(linked, 4);
    expect(p.groups).toBe(3);
    // b's invoice is found by its name-based id: the payment goes to b's part.
    const payer = p.tasks.find((t) => t.own.some((o) => o.k === 10))!;
    expect(payer.customers.map(([c]) => c).sort()).toEqual(["a", "b"]);
  });

  it("merges groups whose subscription records are created by interleaving steps", () => {
    const x = input(...customer("a"), ...customer("b"), step("10T00:00:00", "create_subscription", { external_customer_id: "a", external_id: "s-a2", plan_code: "cheap" }), ...customer("c", "11T00:00:00"));
    expect(plan(x, 3).groups).toBe(2);
  });

  it("declines what reaches beyond one customer, and says why", () => {
    const reason = (x: Obj): string => {
      const s = planSplit(x, 2);
      return s.ok ? "split" : s.reason;
    };
    expect(reason(input(...customer("a"), step("02T00:00:00", "update_plan", { code: "basic", amount_cents: 5 })))).toMatch(/update_plan reaches beyond one customer/);
    expect(reason(input(...customer("a"), step("02T00:00:00", "void_invoice", { invoice_id: { $ref: { invoice: -1, field: "svc_id" } } })))).toMatch(/\$ref/);
    expect(reason(input(step("01T00:00:00", "create_customer", { external_id: "a", tax_codes: ["vat"] })))).toMatch(/taxes/);
    expect(reason({ ...input(...customer("a")), organization: { premium_integrations: ["progressive_billing"] }, plans: [{ ...catalog.plans[0], usage_thresholds: [{ amount_cents: 100 }] }] })).toMatch(/progressive billing/);
    expect(reason(input(...customer("a"), step("20T00:00:00", "finalize_invoice", { invoice_id: "not-an-invoice-id" })))).toMatch(/invoice id not-an-invoice-id/);
  });
});

describe("the split run", () => {
  it("numbers invoices with the organization-wide sequential id of their customer, in every part", () => {
    const x = input(...customer("a"), ...customer("b"), ...customer("c"), events("05T10:00:00", "s-a", "s-b", "s-c"));
    const expected = simulate(x) as unknown as { invoices: { number: string }[] };
    const { output, report } = simulateSplit(x, 3);
    expect(report).toEqual({ workers: 0, groups: 3 });
    expect(JSON.stringify(output)).toBe(JSON.stringify(expected));
    expect(output.invoices.map((i) => i.number).sort()).toEqual(["ORG-82F7-001-001", "ORG-82F7-001-002", "ORG-82F7-002-001", "ORG-82F7-002-002", "ORG-82F7-003-001", "ORG-82F7-003-002"]);
    // c's part holds c alone, yet c is the organization's third customer.
    const p = plan(x, 3);
    const partOfC = p.tasks.findIndex((t) => t.customers.some(([c]) => c === "c"));
    const r = runPart(p.tasks[partOfC]!);
    expect((r.streams.invoices.items as { number: string }[]).map((i) => i.number)).toEqual(["ORG-82F7-003-001", "ORG-82F7-003-002"]);
  });

  it("answers a cut batch as one run does: its events' echoes in the batch's order", () => {
    const x = input(...customer("a"), ...customer("b"), events("05T10:00:00", "s-b", "s-a", "s-b"));
    const { output, report } = simulateSplit(x, 2);
    expect(report.reason).toBeUndefined();
    expect(output.responses[4]).toEqual(simulate(x).responses[4]);
    expect((output.responses[4] as { events: { external_subscription_id: string }[] }).events.map((e) => e.external_subscription_id)).toEqual(["s-b", "s-a", "s-b"]);
  });

  it("runs in one piece when a customer is not created at the first step that names it", () => {
    // a's first create_customer is refused (a bad time zone): a is created after b, not before.
    const x = input(step("01T00:00:00", "create_customer", { external_id: "a", timezone: "Mars/Olympus" }), ...customer("b"), ...customer("a", "02T00:00:00"));
    const { output, report } = simulateSplit(x, 2);
    expect(report.reason).toMatch(/customer b was not created at the first step that names it/);
    expect(JSON.stringify(output)).toBe(JSON.stringify(simulate(x)));
  });

  it("runs in one piece when a part refuses its share of a cut batch", () => {
    const x = input(...customer("a"), ...customer("b"), step("05T00:00:00", "create_events", { events: [
      { transaction_id: "t", code: "calls", external_subscription_id: "s-a" }, { transaction_id: "u", code: "nope", external_subscription_id: "s-b", timestamp: "yesterday" },
    ] }));
    const { output, report } = simulateSplit(x, 2);
    expect(report.reason).toMatch(/a batch of events cut across parts was refused/);
    expect(JSON.stringify(output)).toBe(JSON.stringify(simulate(x)));
  });
});

describe("wallets and alerts", () => {
  const wallet = (at: string, c: string, extra: Obj = {}): Obj => step(at, "create_wallet", { external_customer_id: c, rate_amount: "1", currency: "EUR", granted_credits: "40", ...extra });
  const threshold = { recurring_transaction_rules: [{ trigger: "threshold", threshold_credits: "35", paid_credits: "25", granted_credits: "5" }] };

  it("resolve a wallet id to the customer of the create_wallet that makes it", () => {
    const x = input(...customer("a"), ...customer("b"), wallet("02T00:00:00", "a"), wallet("02T00:00:00", "b"), step("03T00:00:00", "terminate_wallet", { wallet_id: stableId("wallet", 1) }));
    const p = plan(x, 2);
    expect(p.groups).toBe(2);
    const partOfB = p.tasks.find((t) => t.customers.some(([c]) => c === "b"))!;
    expect(partOfB.own.map((o) => o.k)).toEqual([2, 3, 5, 6]);
    expect(partOfB.wallets).toEqual([[5, 1]]);
  });

  it("split billing that draws on wallets, a threshold top-up's invoice flushing another customer's queued webhooks, alerts", () => {
    // At the billing run of Feb 1 both invoices draw on their wallet; b's balance falls under its threshold: b's paid
    // top-up flushes the queue — a's wallet webhooks with it — before its invoice, as one run does.
    const x = input(
      ...customer("a"), ...customer("b"), wallet("01T01:00:00", "a"), wallet("01T01:00:00", "b", threshold),
      step("01T02:00:00", "create_alert", { external_subscription_id: "s-a", alert_type: "current_usage_amount", code: "u", thresholds: [{ value: "1" }] }),
      step("01T02:00:00", "create_alert", { external_customer_id: "b", wallet_code: "default", alert_type: "wallet_balance_amount", code: "w", thresholds: [{ value: "20" }] }),
      events("05T10:00:00", "s-a", "s-b", "s-a"),
    );
    const expected = simulate(x);
    const { output, report } = simulateSplit(x, 2);
    expect(report).toEqual({ workers: 0, groups: 2 });
    expect(JSON.stringify(output)).toBe(JSON.stringify(expected));
    const types = (output.webhooks as { type: string }[]).map((w) => w.type);
    expect(types).toContain("alert.triggered");
    expect(output.invoices.some((i) => (i as { invoice_type: string }).invoice_type === "credit")).toBe(true);
  });

  it("split the wallet jobs of several customers at one instant, in the order their wallets were queued", () => {
    // Feb 1: the billing run draws on the three wallets (c's first: customer order is creation order), then the wallet
    // jobs check them in that order — each threshold top-up with its transactions and its invoice.
    const x = input(
      ...customer("c"), ...customer("a"), ...customer("b"),
      wallet("01T01:00:00", "a", threshold), wallet("01T01:00:00", "b", threshold), wallet("01T01:00:00", "c", threshold),
      step("01T02:00:00", "create_alert", { external_customer_id: "a", wallet_code: "default", alert_type: "wallet_credits_balance", code: "w", thresholds: [{ value: "32" }] }),
      step("01T02:00:00", "create_alert", { external_customer_id: "c", wallet_code: "default", alert_type: "wallet_balance_amount", code: "w", thresholds: [{ value: "31" }] }),
    );
    const expected = simulate(x);
    const { output, report } = simulateSplit(x, 3);
    expect(report).toEqual({ workers: 0, groups: 3 });
    expect(JSON.stringify(output)).toBe(JSON.stringify(expected));
    expect(output.invoices.filter((i) => (i as { invoice_type: string }).invoice_type === "credit").length).toBe(3);
  });

  it("split the wallet jobs after a batch of events cut across parts, customer by customer in the batch's order", () => {
    // Each event lowers its customer's ongoing balance under the threshold: the wallet jobs after the batch top up b, a, c.
    const low = { recurring_transaction_rules: [{ trigger: "threshold", threshold_credits: "39.9", paid_credits: "10", granted_credits: "1" }] };
    const x = input(
      ...customer("a"), ...customer("b"), ...customer("c"), wallet("01T01:00:00", "a", low), wallet("01T01:00:00", "c", low), wallet("01T01:00:00", "b", low),
      events("05T10:00:00", "s-b", "s-a", "s-c", "s-a"),
    );
    const expected = simulate(x);
    const { output, report } = simulateSplit(x, 3);
    expect(report).toEqual({ workers: 0, groups: 3 });
    expect(JSON.stringify(output)).toBe(JSON.stringify(expected));
    const credits = (output.invoices as { invoice_type: string; customer: { external_id: string }; issuing_date: string }[]).filter((i) => i.invoice_type === "credit" && i.issuing_date === "2024-01-05");
    expect(credits.map((i) => i.customer.external_id)).toEqual(["b", "a", "c"]);
  });

  it("split wallets expiring and interval rules topping up at one instant, wallet after wallet", () => {
    const interval = (paid: string): Obj => ({ recurring_transaction_rules: [{ trigger: "interval", interval: "weekly", paid_credits: paid, granted_credits: "1" }] });
    const x = input(
      ...customer("b"), ...customer("a"), ...customer("c"),
      wallet("01T01:00:00", "a", interval("3")), wallet("01T01:00:00", "b", { expiration_at: "2024-01-08T00:55:00Z", ...interval("0") }),
      wallet("01T01:00:00", "c", { expiration_at: "2024-01-08T00:55:00Z" }), wallet("01T01:00:00", "a", { code: "second", expiration_at: "2024-01-08T00:55:00Z", ...interval("2") }),
    );
    const expected = simulate(x);
    const { output, report } = simulateSplit(x, 3);
    expect(report).toEqual({ workers: 0, groups: 3 });
    expect(JSON.stringify(output)).toBe(JSON.stringify(expected));
    expect((output.webhooks as { type: string }[]).filter((w) => w.type === "wallet.terminated").length).toBe(3);
  });

  it("refresh a wallet topping up to a target at every walk of the interval rules' job, another part's too (a second run)", () => {
    // b's weekly top-up walks the wallets on Tuesdays at 00:55, a's on Mondays: one run's Tuesday walks refresh a's wallet too
    // (its ongoing balance after a's events), so a's part walks on Tuesdays as well.
    const target = { recurring_transaction_rules: [{ trigger: "interval", interval: "weekly", method: "target", target_ongoing_balance: "30" }] };
    const x = input(
      ...customer("a"), ...customer("b"), wallet("01T00:00:00", "a", target), wallet("02T00:00:00", "b", { recurring_transaction_rules: [{ trigger: "interval", interval: "weekly", granted_credits: "1" }] }),
      events("10T10:00:00", "s-a", "s-a"), wallet("12T00:00:00", "a", { code: "other" }),
    );
    const expected = simulate(x);
    const first = plan(x, 2);
    const m = mergeParts(first, first.tasks.map((t) => runPart(t)));
    expect(!m.ok && m.reason).toMatch(/the interval rules' job ran at .* for another part/);
    expect(!m.ok && m.again?.walks?.length).toBeGreaterThan(0);
    const { output, report } = simulateSplit(x, 2);
    expect(report).toEqual({ workers: 0, groups: 2 });
    expect(JSON.stringify(output)).toBe(JSON.stringify(expected));
  });

  it("number the wallets again when a create_wallet is refused before another (wallet ids count the organization's wallets)", () => {
    const x = input(
      ...customer("a"), ...customer("b"), wallet("02T00:00:00", "a", { currency: "USD" }), wallet("03T00:00:00", "b"),
      step("04T00:00:00", "create_wallet_transaction", { wallet_id: stableId("wallet", 0), granted_credits: "3" }),
    );
    // The plan numbers a's refused wallet 0 and b's 1; the parts' run shows it, and says which was refused.
    const first = plan(x, 2);
    const m = mergeParts(first, first.tasks.map((t) => runPart(t)));
    expect(m.ok).toBe(false);
    expect(!m.ok && m.reason).toMatch(/the wallet of step 5 is the organization's wallet 0, not 1/);
    expect(!m.ok && m.again?.refusedWallets).toEqual(new Set([4]));
    // Planned again without it, b's wallet is wallet 0 (the top-up names it): split, as one run.
    const { output, report } = simulateSplit(x, 2);
    expect(report).toEqual({ workers: 0, groups: 2 });
    expect(JSON.stringify(output)).toBe(JSON.stringify(simulate(x)));
    const numbers = (p: SplitPlan): number[][] => p.tasks.flatMap((t) => t.wallets.map(([k, n]) => [k, n])).sort((a, b) => a[0]! - b[0]!);
    expect(numbers(first)).toEqual([[4, 0], [5, 1]]);
    const again = planSplit(x, 2, { refusedWallets: new Set([4]) });
    expect(again.ok && numbers(again.plan)).toEqual([[5, 0]]);
    expect((output.responses[6] as { wallet_transactions?: unknown[] }).wallet_transactions).toHaveLength(1);
  });
});

describe("mergeParts", () => {
  const empty = { items: [], keys: [] };
  const part = (webhooks: { items: unknown[]; keys: string[] }): PartResult => ({
    preamble: [], responses: [], created: [], wallets: [], flushes: [], walks: [], targets: [],
    streams: { invoices: empty, credit_notes: empty, wallet_transactions: empty, webhooks, fees: empty, subscriptions: empty, warnings: empty },
  });
  const twoParts = { tasks: [{ own: [], feeIds: [], wallets: [] }, { own: [], feeIds: [], wallets: [] }], groups: 2, steps: 0, sequentialIds: new Map(), options: {} } as unknown as SplitPlan;

  it("puts the parts' items in key order", () => {
    const m = mergeParts(twoParts, [part({ items: ["a0", "a1"], keys: [key(1, 0, 0), key(3, 0, 1)] }), part({ items: ["b0"], keys: [key(2, 0, 0)] })]);
    expect(m.ok && m.output.webhooks).toEqual(["a0", "b0", "a1"]);
  });

  it("does not guess between two parts' outputs under one key", () => {
    const m = mergeParts(twoParts, [part({ items: ["a0"], keys: [key(1, 2, 0)] }), part({ items: ["b0"], keys: [key(1, 2, 7)] })]);
    expect(m).toEqual({ ok: false, reason: "webhooks: two parts made outputs the split cannot order" });
  });
});
