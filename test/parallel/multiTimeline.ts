/**
 * Random timelines of several customers for the parallel simulation's tests: the simulator
 * property tests' single-customer timelines (test/properties/timelineArbitraries.ts), one per
 * customer, renamed (`c1` → `cN`, `s1` → `sN`, transaction ids), merged in time order on one
 * catalog. A `$ref` to "the last invoice" becomes the id of the customer's n-th invoice (ids are
 * name-based), a fee reference an id that names no fee. Each customer also gets wallet and alert
 * calls (`walletOpArb`): wallets with paid and granted credits, expiry, a recurring rule (interval,
 * interval with a target, threshold), paid credits on invoices that wait for their payment;
 * top-ups and voids, updates, terminations and reads by wallet id (the id of the customer's n-th
 * wallet in the merged timeline: ids count the organization's wallets); payment outcomes of the
 * customer's invoices; alerts of every type, lists of alerts, updates and deletions; events (so
 * that alerts trigger); some steps at :55 (the interval rules' hour). A few batches of events name
 * several customers (the split cuts them across parts). Organization-wide steps (price changes, cascades) and usage
 * thresholds are kept in a few timelines only: the split runs those in one piece, and the tests
 * check it does so.
 */
import fc from "fast-check";
import { stableId } from "../../src/core/ids.js";
import { inputArb, opArb, type Obj, type TimelineSeed, timelineInput } from "../properties/timelineArbitraries.js";

const ORGANIZATION_WIDE = new Set(["price", "cascade"]);

const ALERT_TYPES = [
  "current_usage_amount", "billable_metric_current_usage_amount", "billable_metric_current_usage_units", "lifetime_usage_amount",
  "billable_metric_lifetime_usage_units", "wallet_balance_amount", "wallet_credits_balance", "wallet_ongoing_balance_amount", "wallet_credits_ongoing_balance",
] as const;
/** When a call is made: often at midnight or noon, so that customers' calls and the clock's jobs meet at one instant. */
const when = { day: fc.integer({ min: 0, max: 100 }), hour: fc.oneof(fc.constantFrom(0, 12), fc.integer({ min: 0, max: 23 })), at55: fc.constantFrom(false, false, true) };
/** A customer's wallet and alert calls; `wallet` picks one of the customer's wallets (its n-th creation, modulo their count). */
export const walletOpArb = fc.oneof(
  {
    arbitrary: fc.record({
      k: fc.constant("create"), ...when, day: fc.integer({ min: 0, max: 60 }), paid: fc.constantFrom("0", "5", "20"), granted: fc.constantFrom("0", "10", "40"),
      rule: fc.constantFrom("none", "interval", "target", "threshold", "threshold"), interval: fc.constantFrom("weekly", "weekly", "monthly"),
      expires: fc.constantFrom(null, null, null, 3, 20), waits: fc.constantFrom(false, false, true), ruleWaits: fc.boolean(),
    }),
    weight: 3,
  },
  fc.record({ k: fc.constant("top_up"), ...when, wallet: fc.nat(3), paid: fc.constantFrom("0", "7"), granted: fc.constantFrom("0", "3"), voided: fc.constantFrom(null, null, "2") }),
  fc.record({ k: fc.constant("update"), ...when, wallet: fc.nat(3), expires: fc.constantFrom(null, 2, 30), threshold: fc.constantFrom(null, "15") }),
  fc.record({ k: fc.constant("terminate"), ...when, wallet: fc.nat(3) }),
  fc.record({ k: fc.constant("fetch"), ...when, wallet: fc.nat(3) }),
  fc.record({ k: fc.constant("pay"), ...when, invoice: fc.integer({ min: 1, max: 6 }), status: fc.constantFrom("succeeded", "succeeded", "failed"), amount: fc.constantFrom(null, 500, 100_000) }),
  fc.record({ k: fc.constant("alert"), ...when, type: fc.constantFrom(...ALERT_TYPES), code: fc.constantFrom("a", "b"), value: fc.constantFrom("1", "5", "30", "300") }),
  fc.record({ k: fc.constant("alerts"), ...when, value: fc.constantFrom("2", "50") }),
  fc.record({ k: fc.constant("alert_update"), ...when, wallet: fc.boolean(), code: fc.constantFrom("a", "b", "l1"), value: fc.constantFrom("3", "40") }),
  fc.record({ k: fc.constant("alert_delete"), ...when, wallet: fc.boolean(), code: fc.constantFrom("a", "b", "l2", null) }),
  { arbitrary: fc.record({ k: fc.constant("event"), ...when, v: fc.constantFrom("1", "4", "12") }), weight: 3 },
);
export type WalletOp = typeof walletOpArb extends fc.Arbitrary<infer T> ? T : never;

export const multiArb = fc.record({
  seed: inputArb,
  /** Each customer's calls (the first customer's are the seed's). */
  others: fc.array(fc.array(opArb, { maxLength: 10 }), { minLength: 1, maxLength: 3 }),
  /** Each customer's wallet and alert calls. */
  wallets: fc.array(fc.array(walletOpArb, { maxLength: 8 }), { minLength: 4, maxLength: 4 }),
  /** Batches of events of several customers (cut across parts). */
  batches: fc.array(fc.record({ ...when, customers: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 6 }), v: fc.constantFrom("1", "6") }), { maxLength: 3 }),
  /** Keep the organization-wide calls (the split then declines). */
  wide: fc.constantFrom(false, false, false, false, true),
  thresholds: fc.constantFrom(false, false, false, false, true),
  /** Which invoice of the customer a reference to "the last one" becomes. */
  invoiceNo: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 16, maxLength: 16 }),
  /** Hours by which each customer's first calls are shifted (customers created at different instants). */
  shift: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
});
export type MultiSeed = typeof multiArb extends fc.Arbitrary<infer T> ? T : never;

/** Replaces ids in a step body for customer `n`. */
function rename(x: unknown, n: number, refs: { i: number; no: readonly number[] }): unknown {
  if (Array.isArray(x)) return x.map((v) => rename(v, n, refs));
  if (typeof x === "string") return x === "c1" ? `c${n}` : x === "s1" ? `s${n}` : /^t\d+$/.test(x) ? `c${n}-${x}` : x;
  if (typeof x !== "object" || x === null) return x;
  const o = x as Obj;
  if (o["$ref"] !== undefined) {
    const r = o["$ref"] as Obj;
    if (r["fee"] !== undefined) return "fee-that-does-not-exist";
    return stableId("invoice", `c${n}`, refs.no[refs.i++ % refs.no.length]!);
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, rename(v, n, refs)]));
}

const T0 = Date.UTC(2024, 0, 15);

/** Customer n's wallet and alert calls; a wallet is named `{ $wallet: [n, pick] }` until the timeline is merged. */
function walletSteps(ops: readonly WalletOp[], n: number): Obj[] {
  const c = `c${n}`, s = `s${n}`;
  // Wallet alerts name the customer's first wallet of the list (by its code).
  const code = `x${Math.max(0, ops.findIndex((o) => o.k === "create"))}`;
  return ops.map((o, i): Obj => {
    const time = T0 + o.day * 86_400_000 + o.hour * 3_600_000 + (o.at55 ? 55 * 60_000 : 0);
    const at = new Date(time).toISOString();
    const days = (d: number): string => new Date(time + d * 86_400_000).toISOString();
    const wallet = (pick: number): Obj => ({ $wallet: [n, pick] });
    switch (o.k) {
      case "create": {
        const rule = o.rule === "interval" ? { trigger: "interval", interval: o.interval, paid_credits: "5", granted_credits: "2" }
          : o.rule === "target" ? { trigger: "interval", interval: o.interval, method: "target", target_ongoing_balance: "60" }
          : o.rule === "threshold" ? { trigger: "threshold", threshold_credits: "30", paid_credits: "25", granted_credits: "5", invoice_requires_successful_payment: o.ruleWaits } : null;
        return { at, op: "create_wallet", body: {
          external_customer_id: c, rate_amount: "1", currency: "EUR", code: `x${i}`, name: `Wallet ${i}`, paid_credits: o.paid, granted_credits: o.granted,
          invoice_requires_successful_payment: o.waits, ...(o.expires === null ? {} : { expiration_at: days(o.expires) }), ...(rule === null ? {} : { recurring_transaction_rules: [rule] }),
        } };
      }
      case "top_up": return { at, op: "create_wallet_transaction", body: { wallet_id: wallet(o.wallet), paid_credits: o.paid, granted_credits: o.granted, ...(o.voided === null ? {} : { voided_credits: o.voided }) } };
      case "update": return { at, op: "update_wallet", body: { wallet_id: wallet(o.wallet), name: "renamed", ...(o.expires === null ? {} : { expiration_at: days(o.expires) }), ...(o.threshold === null ? {} : { recurring_transaction_rules: [{ trigger: "threshold", threshold_credits: o.threshold, paid_credits: "10" }] }) } };
      case "terminate": return { at, op: "terminate_wallet", body: { wallet_id: wallet(o.wallet) } };
      case "fetch": return { at, op: "fetch_wallet", body: { svc_id: wallet(o.wallet) } };
      case "pay": return o.amount === null
        ? { at, op: "update_invoice", body: { invoice_id: stableId("invoice", c, o.invoice), payment_status: o.status } }
        : { at, op: "create_payment", body: { invoice_id: stableId("invoice", c, o.invoice), amount_cents: o.amount, reference: `p${i}` } };
      case "alert": {
        const onWallet = o.type.startsWith("wallet_");
        return { at, op: "create_alert", body: {
          ...(onWallet ? { external_customer_id: c, wallet_code: code } : { external_subscription_id: s }), alert_type: o.type, code: o.code,
          ...(o.type.startsWith("billable_metric_") ? { billable_metric_code: "m" } : {}), thresholds: [{ value: o.value }, { value: "2", recurring: true }],
        } };
      }
      case "alerts": return { at, op: "create_alerts", body: { external_subscription_id: s, alerts: [
        { alert_type: "current_usage_amount", code: "l1", thresholds: [{ value: o.value }] },
        { alert_type: "billable_metric_current_usage_units", code: "l2", billable_metric_code: "m", thresholds: [{ value: "1" }, { value: "3", recurring: true }] },
      ] } };
      case "alert_update": return { at, op: "update_alert", body: { ...(o.wallet ? { external_customer_id: c, wallet_code: code } : { external_subscription_id: s }), code: o.code, alert: { thresholds: [{ value: o.value }] } } };
      case "event": return { at, op: "create_event", body: { transaction_id: `${c}-w${i}`, code: "m", external_subscription_id: s, properties: { v: o.v, region: "eu" } } };
      case "alert_delete": return o.code === null
        ? { at, op: "delete_alerts", body: { external_subscription_id: s } }
        : { at, op: "delete_alert", body: { ...(o.wallet ? { external_customer_id: c, wallet_code: code } : { external_subscription_id: s }), code: o.code } };
    }
  });
}

/**
 * `{ $wallet: [n, pick] }` → the id of customer n's pick-th wallet (modulo their count):
 * `stableId("wallet", its place among the timeline's create_wallet steps)`, counting those of
 * customers already created.
 */
function resolveWallets(steps: readonly Obj[]): Obj[] {
  const places = new Map<string, number[]>();
  const customers = new Set<string>();
  let count = 0;
  for (const s of steps) {
    const body = s["body"] as Obj;
    if (s["op"] === "create_customer") customers.add(body["external_id"] as string);
    // A wallet of a customer not created yet is refused: it is not counted.
    if (s["op"] !== "create_wallet" || !customers.has(body["external_customer_id"] as string)) continue;
    const c = body["external_customer_id"] as string;
    places.set(c, [...(places.get(c) ?? []), count++]);
  }
  const resolve = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(resolve);
    if (typeof x !== "object" || x === null) return x;
    const o = x as Obj;
    if (o["$wallet"] !== undefined) {
      const [n, pick] = o["$wallet"] as [number, number];
      const mine = places.get(`c${n}`) ?? [];
      return mine.length === 0 ? "no-such-wallet" : stableId("wallet", mine[pick % mine.length]!);
    }
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, resolve(v)]));
  };
  return steps.map((s) => ({ ...s, body: resolve(s["body"]) }));
}

export function multiTimelineInput(m: MultiSeed): Obj {
  const seeds: TimelineSeed[] = [m.seed, ...m.others.map((ops) => ({ ...m.seed, ops }))].map((s) => ({
    ...s, thresholds: m.thresholds, ops: m.wide ? s.ops : s.ops.filter((o) => !ORGANIZATION_WIDE.has(o.k)),
  }));
  const base = timelineInput(seeds[0]!);
  const refs = { i: 0, no: m.invoiceNo };
  const steps: Obj[] = [];
  seeds.forEach((seed, i) => {
    const n = i + 1;
    const shift = m.shift[i]! * 3_600_000;
    for (const s of timelineInput(seed)["steps"] as Obj[]) {
      // The first calls (day 0, hour 0) move by the customer's shift; the timed ones keep their instant.
      const at = Date.parse(s["at"] as string);
      const moved = at % 86_400_000 === 0 && at === Date.UTC(2024, 0, 15) ? at + shift : at;
      steps.push({ at: new Date(moved).toISOString(), op: s["op"], body: rename(s["body"], n, refs) });
    }
    steps.push(...walletSteps(m.wallets[i] ?? [], n));
  });
  m.batches.forEach((b, i) => {
    const at = new Date(T0 + b.day * 86_400_000 + b.hour * 3_600_000 + (b.at55 ? 55 * 60_000 : 0)).toISOString();
    const events = b.customers.filter((n) => n <= seeds.length).map((n, j) => ({ transaction_id: `b${i}-${j}`, code: "m", external_subscription_id: `s${n}`, properties: { v: b.v, region: "us" } }));
    if (events.length > 0) steps.push({ at, op: "create_events", body: { events } });
  });
  // In time order; at one instant, by customer (a stable sort of the customers' lists in turn).
  steps.sort((a, b) => Date.parse(a["at"] as string) - Date.parse(b["at"] as string));
  return { ...base, steps: resolveWallets(steps) };
}
