/**
 * fast-check arbitraries for pricing inputs, as the JSON entry points take them: decimals (from a
 * bigint and a scale, never a float), units, charges of every model (valid by charges.md §19),
 * billable metrics, events, plans, coupons, taxes and whole `simulate` timelines.
 */
import fc from "fast-check";
import { fromScaledBigInt } from "../core/decimal.js";

type Json = Record<string, unknown>;

/** A decimal string `m / 10^s` with `min ≤ m ≤ maxMantissa`, `0 ≤ s ≤ maxScale`. */
export const decimalString = (maxMantissa: bigint, maxScale: number, min = 0n): fc.Arbitrary<string> =>
  fc.tuple(fc.bigInt({ min, max: maxMantissa }), fc.integer({ min: 0, max: maxScale })).map(([m, s]) => fromScaledBigInt(m, s).toString());

/** Units: mostly everyday (≤ 10^6, ≤ 6 decimals), sometimes huge (≤ 10^30) or with many decimals (30 places). */
export const units: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: decimalString(10n ** 12n, 6) },
  { weight: 1, arbitrary: decimalString(10n ** 30n, 0) },
  { weight: 1, arbitrary: decimalString(10n ** 40n, 30) },
);

/** Units up to `max` (a decimal string), with at most `scale` decimals. */
export const unitsUpTo = (max: string, scale = 3): fc.Arbitrary<string> => {
  const [int = "0", frac = ""] = max.split(".");
  const mantissa = BigInt(int + frac.padEnd(scale, "0").slice(0, scale));
  return fc.bigInt({ min: 0n, max: mantissa }).map((m) => fromScaledBigInt(m, scale).toString());
};

/** A price: a decimal string ≥ 0, everyday (≤ 100, 4 decimals) or large (≤ 10^8, 12 decimals). */
export const amount: fc.Arbitrary<string> = fc.oneof(decimalString(10n ** 6n, 4), decimalString(10n ** 20n, 12));

type Bound = number | string;
const bound = (s: string): Bound => (/^\d+$/.test(s) && s.length < 15 ? Number(s) : s);

/**
 * Valid range bounds: the first `from_value` is 0, each next one is the previous `to_value` plus
 * one of `gaps` (graduated: 0 or 1; volume: 1 or 2), the last range is open.
 */
export const rangeBounds = (gaps: readonly number[], maxRanges = 5): fc.Arbitrary<{ from_value: Bound; to_value: Bound | null }[]> =>
  fc
    .array(fc.tuple(fc.oneof(decimalString(10n ** 4n, 0, 1n), decimalString(10n ** 6n, 3, 1n)), fc.constantFrom(...gaps)), { maxLength: maxRanges - 1 })
    .map((steps) => {
      const out: { from_value: Bound; to_value: Bound | null }[] = [];
      let from = fromScaledBigInt(0n, 0);
      for (const [width, gap] of steps) {
        const to = from.plus(width);
        out.push({ from_value: bound(from.toString()), to_value: bound(to.toString()) });
        from = to.plus(fromScaledBigInt(BigInt(gap), 0));
      }
      out.push({ from_value: bound(from.toString()), to_value: null });
      return out;
    });

const priced = (gaps: readonly number[]) =>
  rangeBounds(gaps).chain((bs) => fc.tuple(...bs.map((b) => fc.record({ per_unit_amount: amount, flat_amount: amount }).map((a) => Object.assign({}, b, a)))));

/** A charge as `applyChargeModel` takes it (`{charge_model, properties}`), one arbitrary per model. */
export const charges = {
  standard: amount.map((a) => ({ charge_model: "standard", properties: { amount: a } })),
  graduated: priced([0, 1]).map((r) => ({ charge_model: "graduated", properties: { graduated_ranges: r } })),
  volume: priced([1, 2]).map((r) => ({ charge_model: "volume", properties: { volume_ranges: r } })),
  package: fc
    .record({ amount, package_size: fc.integer({ min: 1, max: 10_000 }), free_units: fc.integer({ min: 0, max: 1000 }) })
    .map((p) => ({ charge_model: "package", properties: p })),
  graduated_percentage: rangeBounds([0, 1]).chain((bs) =>
    fc
      .tuple(...bs.map((b) => fc.record({ rate: decimalString(10n ** 5n, 3), flat_amount: amount }).map((a) => Object.assign({}, b, a))))
      .map((r) => ({ charge_model: "graduated_percentage", properties: { graduated_percentage_ranges: r } })),
  ),
  /** The rate alone: fixed fees, free units and per-transaction bounds need the events (an aggregation context). */
  percentage: decimalString(10n ** 5n, 3).map((rate) => ({ charge_model: "percentage", properties: { rate } })),
} as const;

export type ChargeInput = { readonly charge_model: string; readonly properties: Json };

/** A charge of any model but `dynamic` (priced by the events' own amounts). */
export const charge: fc.Arbitrary<ChargeInput> = fc.oneof(...Object.values(charges)) as fc.Arbitrary<ChargeInput>;

/** A billable metric (`code` given), of any aggregation but `custom_agg`, reading the `value` property. */
export const metric = (code = "metric"): fc.Arbitrary<Json> =>
  fc.constantFrom("count_agg", "sum_agg", "max_agg", "unique_count_agg", "latest_agg", "weighted_sum_agg").map((type) =>
    Object.assign(
      { code, name: code, aggregation_type: type, recurring: false },
      type === "count_agg" ? {} : { field_name: "value" },
      type === "weighted_sum_agg" ? { weighted_interval: "seconds" } : {},
    ),
  );

/** Up to `max` events of `code` for subscription `subscription`, in [from, to] (ISO instants), values 0–1000 with 2 decimals. */
export const events = (code: string, subscription: string, from: string, to: string, max = 20): fc.Arbitrary<Json[]> => {
  const lo = Date.parse(from);
  const hi = Date.parse(to);
  return fc
    .array(fc.tuple(fc.integer({ min: 0, max: Math.max(0, Math.floor((hi - lo) / 1000)) }), decimalString(100_000n, 2)), { maxLength: max })
    .map((xs) =>
      xs.map(([s, v], i) => ({
        transaction_id: `tx-${i}`, external_subscription_id: subscription, code,
        timestamp: new Date(lo + s * 1000).toISOString().replace(".000Z", "Z"), properties: { value: v },
      })),
    );
};

/** A tax with a rate of 0–30 % (two decimals). */
export const tax = (code = "vat"): fc.Arbitrary<Json> =>
  decimalString(3000n, 2).map((rate) => ({ code, name: code.toUpperCase(), rate }));

/** A coupon (fixed once / recurring / forever, or a percentage), in EUR. */
export const coupon = (code = "coupon"): fc.Arbitrary<Json> =>
  fc.oneof(
    fc.record({ frequency: fc.constantFrom("once", "forever"), amount_cents: fc.integer({ min: 1, max: 50_000 }) }).map((c) =>
      Object.assign({ code, name: code, coupon_type: "fixed_amount", amount_currency: "EUR", expiration: "no_expiration", reusable: true }, c)),
    fc.record({ frequency_duration: fc.integer({ min: 1, max: 6 }), amount_cents: fc.integer({ min: 1, max: 50_000 }) }).map((c) =>
      Object.assign({ code, name: code, coupon_type: "fixed_amount", frequency: "recurring", amount_currency: "EUR", expiration: "no_expiration", reusable: true }, c)),
    decimalString(10_000n, 2, 1n).map((rate) => ({ code, name: code, coupon_type: "percentage", frequency: "forever", percentage_rate: rate, expiration: "no_expiration", reusable: true })),
  );

/** Charges at everyday prices (≤ 100.00 a unit), as a real price list has. */
const price = decimalString(10_000n, 2);
const everyday = {
  standard: price.map((a) => ({ charge_model: "standard", properties: { amount: a } })),
  graduated: rangeBounds([0, 1], 3).chain((bs) => fc.tuple(...bs.map((b) => fc.record({ per_unit_amount: price, flat_amount: price }).map((a) => Object.assign({}, b, a)))))
    .map((r) => ({ charge_model: "graduated", properties: { graduated_ranges: r } })),
  package: fc.record({ amount: price, package_size: fc.integer({ min: 1, max: 100 }), free_units: fc.integer({ min: 0, max: 10 }) }).map((p) => ({ charge_model: "package", properties: p })),
};

/** A monthly, weekly or yearly plan in EUR whose charges price the given metric codes (sum or count metrics). */
export const plan = (code: string, metricCodes: readonly string[]): fc.Arbitrary<Json> =>
  fc
    .record({
      interval: fc.constantFrom("monthly", "weekly", "yearly"),
      amount_cents: fc.integer({ min: 0, max: 100_000 }),
      pay_in_advance: fc.boolean(),
      charges: fc.tuple(...metricCodes.map(() => fc.oneof(everyday.standard, everyday.graduated, everyday.package))),
    })
    .map((p) => ({
      code, name: code, interval: p.interval, amount_cents: p.amount_cents, amount_currency: "EUR", pay_in_advance: p.pay_in_advance,
      charges: p.charges.map((c, i) => Object.assign({ billable_metric_code: metricCodes[i] }, c)),
    }));

const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().replace(".000Z", "Z");

/**
 * A whole `simulate` input: a catalog (a count and a sum metric, two plans, a coupon, a tax), 1–3
 * customers each on a plan from 2024-01-01, up to `maxEvents` events over three months, coupons
 * applied at random, until 2024-04-02.
 */
export const timeline = (maxEvents = 30): fc.Arbitrary<Json> =>
  fc
    .record({
      plans: fc.tuple(plan("basic", ["calls", "storage"]), plan("pro", ["calls", "storage"])),
      coupon: coupon("welcome"),
      tax: tax("vat"),
      customers: fc.array(fc.record({ plan: fc.constantFrom("basic", "pro"), taxed: fc.boolean(), coupon: fc.boolean(), anniversary: fc.boolean(), day: fc.integer({ min: 0, max: 20 }) }), { minLength: 1, maxLength: 3 }),
      events: fc.array(fc.record({ customer: fc.nat(2), minute: fc.integer({ min: 0, max: 90 * 24 * 60 }), storage: fc.boolean(), value: decimalString(10_000n, 2) }), { maxLength: maxEvents }),
    })
    .map((t) => {
      const t0 = Date.UTC(2024, 0, 1);
      const steps: { at: number; op: string; body: Json }[] = [];
      t.customers.forEach((c, i) => {
        const at = t0 + c.day * DAY;
        steps.push({ at, op: "create_customer", body: Object.assign({ external_id: `c${i}`, currency: "EUR" }, c.taxed ? { tax_codes: ["vat"] } : {}) });
        steps.push({ at, op: "create_subscription", body: { external_customer_id: `c${i}`, external_id: `s${i}`, plan_code: c.plan, billing_time: c.anniversary ? "anniversary" : "calendar" } });
        if (c.coupon) steps.push({ at, op: "apply_coupon", body: { external_customer_id: `c${i}`, coupon_code: "welcome" } });
      });
      t.events.forEach((e, k) => {
        const i = e.customer % t.customers.length;
        const at = Math.max(t0 + (t.customers[i]!.day + 1) * DAY, t0 + e.minute * 60_000);
        steps.push({ at, op: "create_event", body: { transaction_id: `e${k}`, external_subscription_id: `s${i}`, code: e.storage ? "storage" : "calls", properties: e.storage ? { gb: e.value } : {} } });
      });
      steps.sort((a, b) => a.at - b.at);
      return {
        organization: { timezone: "UTC", default_currency: "EUR" },
        taxes: [t.tax],
        billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }, { code: "storage", name: "Storage", aggregation_type: "sum_agg", field_name: "gb" }],
        plans: t.plans,
        coupons: [t.coupon],
        steps: steps.map((s) => ({ at: iso(s.at), op: s.op, body: s.body })),
        until: "2024-04-02T00:00:00Z",
      };
    });
