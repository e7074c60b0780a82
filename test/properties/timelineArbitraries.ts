/**
 * Random timelines of well-formed calls for the simulator's property tests: a catalog the
 * checks accept (any aggregation, charge models, fixed charges, timing, trial, grace period,
 * thresholds, commitment, zone) and up to 14 calls of every kind at random days.
 */
import fc from "fast-check";

export type Obj = Record<string, unknown>;
/** A range of the graduated and volume models. */
export const range = (from: number, to: number | null, price: string, flat: string): Obj => ({ from_value: from, to_value: to, per_unit_amount: price, flat_amount: flat });
/** Properties of every charge model (the property tests' catalogs). */
export const MODELS: Record<string, Obj> = {
  standard: { amount: "1.5" },
  graduated: { graduated_ranges: [range(0, 10, "1", "2"), range(11, null, "0.5", "0")] },
  volume: { volume_ranges: [range(0, 10, "1", "2"), range(11, null, "0.5", "3")] },
  package: { amount: "5", package_size: 3, free_units: 1 },
  percentage: { rate: "2.5", fixed_amount: "0.1", free_units_per_events: 1 },
  graduated_percentage: { graduated_percentage_ranges: [{ from_value: 0, to_value: 10, rate: "1", flat_amount: "1" }, { from_value: 11, to_value: null, rate: "2", flat_amount: "0" }] },
  dynamic: {},
};
const FIXED: Record<string, Obj> = { standard: { amount: "3" }, graduated: { graduated_ranges: [range(0, 5, "2", "1"), range(6, null, "1", "0")] }, volume: { volume_ranges: [range(0, 5, "2", "1"), range(6, null, "1", "4")] } };
const T0 = Date.UTC(2024, 0, 15);
const at = (day: number, hour = 0): string => new Date(T0 + day * 86_400_000 + hour * 3_600_000).toISOString();

const chargeArb = fc.record({ model: fc.constantFrom(...Object.keys(MODELS)), payInAdvance: fc.boolean(), prorated: fc.constantFrom(false, false, true), invoiceable: fc.constantFrom(true, true, false), grouped: fc.boolean(), filtered: fc.boolean() });
const fixedArb = fc.record({ model: fc.constantFrom("standard", "graduated", "volume"), advance: fc.boolean(), prorated: fc.boolean(), units: fc.integer({ min: 0, max: 12 }) });
export const opArb = fc.oneof(
  fc.record({ k: fc.constant("event"), day: fc.integer({ min: 0, max: 90 }), v: fc.oneof(fc.integer({ min: -10, max: 30 }).map(String), fc.constantFrom("2.5", "0.001")), region: fc.constantFrom("eu", "us"), remove: fc.boolean() }),
  fc.record({ k: fc.constant("upgrade"), day: fc.integer({ min: 1, max: 90 }), plan: fc.constantFrom("p2", "p3") }),
  fc.record({ k: fc.constant("price"), day: fc.integer({ min: 1, max: 90 }), amount: fc.integer({ min: 0, max: 5000 }) }),
  fc.record({ k: fc.constant("coupon"), day: fc.integer({ min: 0, max: 90 }), code: fc.constantFrom("fix", "pct", "rec") }),
  fc.record({ k: fc.constant("wallet"), day: fc.integer({ min: 0, max: 90 }), credits: fc.constantFrom("10", "50.5", "0") }),
  fc.record({ k: fc.constant("note"), day: fc.integer({ min: 1, max: 95 }), amount: fc.integer({ min: 1, max: 3000 }), kind: fc.constantFrom("credit", "refund", "offset") }),
  fc.record({ k: fc.constant("void"), day: fc.integer({ min: 1, max: 95 }) }),
  fc.record({ k: fc.constant("pay"), day: fc.integer({ min: 1, max: 95 }), amount: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({ k: fc.constant("units"), day: fc.integer({ min: 1, max: 90 }), units: fc.integer({ min: 0, max: 15 }), now: fc.boolean() }),
  fc.record({ k: fc.constant("terminate"), day: fc.integer({ min: 1, max: 95 }), cn: fc.constantFrom("credit", "refund", "offset", "skip") }),
  fc.record({ k: fc.constant("usage"), day: fc.integer({ min: 0, max: 95 }) }),
  fc.record({ k: fc.constant("projected"), day: fc.integer({ min: 0, max: 95 }) }),
  fc.record({ k: fc.constant("preview"), day: fc.integer({ min: 0, max: 95 }) }),
  fc.record({ k: fc.constant("finalize"), day: fc.integer({ min: 0, max: 95 }) }),
  fc.record({ k: fc.constant("alert"), day: fc.integer({ min: 0, max: 60 }), wallet: fc.boolean(), value: fc.constantFrom("5", "20", "300") }),
  fc.record({ k: fc.constant("read_wallet"), day: fc.integer({ min: 0, max: 95 }) }),
  fc.record({ k: fc.constant("override"), day: fc.integer({ min: 0, max: 95 }), withFilters: fc.boolean() }),
  fc.record({ k: fc.constant("cascade"), day: fc.integer({ min: 0, max: 95 }), withFilters: fc.boolean(), drop: fc.boolean() }),
);
export const inputArb = fc.record({
  aggregation: fc.constantFrom("count_agg", "sum_agg", "unique_count_agg", "max_agg", "weighted_sum_agg", "latest_agg"),
  recurring: fc.boolean(),
  charges: fc.array(chargeArb, { minLength: 1, maxLength: 2 }),
  fixed: fc.array(fixedArb, { maxLength: 2 }),
  planInAdvance: fc.boolean(), interval: fc.constantFrom("weekly", "monthly", "quarterly", "yearly"), anniversary: fc.boolean(),
  trial: fc.constantFrom(0, 0, 10), grace: fc.constantFrom(0, 0, 3), thresholds: fc.boolean(), commitment: fc.boolean(), tz: fc.constantFrom("UTC", "Asia/Tokyo", "America/New_York"),
  ops: fc.array(opArb, { maxLength: 14 }),
});
export type TimelineSeed = typeof inputArb extends fc.Arbitrary<infer T> ? T : never;

export function timelineInput(x: TimelineSeed): Obj {
  const recurring = x.recurring && ["sum_agg", "unique_count_agg", "weighted_sum_agg"].includes(x.aggregation);
  const metric = { code: "m", name: "M", aggregation_type: x.aggregation, recurring, ...(x.aggregation === "count_agg" ? {} : { field_name: "v" }), ...(x.aggregation === "weighted_sum_agg" ? { weighted_interval: "seconds" } : {}), filters: [{ key: "region", values: ["eu", "us"] }] };
  const type = x.aggregation;
  const fixedUp = x.charges.map((c0) => {
    const c = { ...c0 };
    if (c.model === "dynamic" && type !== "sum_agg") c.model = "standard";
    if ((c.model === "percentage" || c.model === "graduated_percentage") && type === "latest_agg") c.model = "standard";
    if (c.payInAdvance && (c.model === "volume" || !["count_agg", "sum_agg", "unique_count_agg"].includes(type))) c.payInAdvance = false;
    const proratable = c.model === "standard" || (!c.payInAdvance && (c.model === "graduated" || c.model === "volume"));
    if (c.prorated && (!proratable || (!c.payInAdvance && (!recurring || type === "weighted_sum_agg")))) c.prorated = false;
    return c;
  });
  const charges = fixedUp.map((c) => ({
    billable_metric_code: "m", charge_model: c.model, pay_in_advance: c.payInAdvance, prorated: c.prorated, invoiceable: c.payInAdvance ? c.invoiceable : true,
    properties: { ...MODELS[c.model], ...(c.grouped ? { grouped_by: ["region"] } : {}) },
    ...(c.filtered ? { filters: [{ values: { region: ["eu"] }, properties: { ...MODELS[c.model] } }] } : {}),
  }));
  const fixed_charges = x.fixed.map((f0) => ({ ...f0, advance: f0.advance && f0.model !== "volume" })).map((f) => ({ ...f, prorated: f.prorated && !(f.advance && f.model === "graduated") })).map((f, i) => ({ add_on_code: "seat", code: `seat${i}`, charge_model: f.model, pay_in_advance: f.advance, prorated: f.prorated, units: f.units, properties: FIXED[f.model] }));
  const plan = (code: string, amount: number): Obj => ({
    code, name: code, interval: x.interval, amount_cents: amount, amount_currency: "EUR", pay_in_advance: x.planInAdvance, trial_period: x.trial, charges, fixed_charges,
    ...(x.thresholds ? { usage_thresholds: [{ amount_cents: 500 }, { amount_cents: 1500, recurring: true }] } : {}),
    ...(x.commitment ? { minimum_commitment: { amount_cents: 4000 } } : {}),
  });
  const steps: Obj[] = [
    { at: at(0), op: "create_customer", body: { external_id: "c1", currency: "EUR", timezone: x.tz, billing_configuration: { invoice_grace_period: x.grace } } },
    { at: at(0), op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p1", billing_time: x.anniversary ? "anniversary" : "calendar" } },
    ...(x.ops.some((o) => o.k === "alert" && o.wallet) ? [{ at: at(0), op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", currency: "EUR", granted_credits: "40", code: "w-alerted" } }] : []),
  ];
  const timed: Obj[] = [];
  let n = 0;
  for (const o of x.ops) {
    n++;
    const t = at(o.day, (n % 20) + 1);
    switch (o.k) {
      case "event": timed.push({ at: t, op: "create_event", body: { transaction_id: `t${n}`, code: "m", external_subscription_id: "s1", properties: { v: o.v, region: o.region, ...(o.remove ? { operation_type: "remove" } : {}) } } }); break;
      case "upgrade": timed.push({ at: t, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: o.plan } }); break;
      case "price": timed.push({ at: t, op: "update_plan", body: { code: "p1", amount_cents: o.amount } }); break;
      case "coupon": timed.push({ at: t, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: o.code } }); break;
      case "wallet": timed.push({ at: t, op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", currency: "EUR", granted_credits: o.credits, paid_credits: "5", code: `w${n}` } }); break;
      case "note": timed.push({ at: t, op: "create_credit_note", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, reason: "other", [`${o.kind}_amount_cents`]: o.amount, items: [{ fee_id: { $ref: { invoice: -1, fee: {}, field: "svc_id" } }, amount_cents: o.amount }] } }); break;
      case "void": timed.push({ at: t, op: "void_invoice", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } } } }); break;
      case "pay": timed.push({ at: t, op: "create_payment", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, amount_cents: o.amount, reference: "r" } }); break;
      case "units": if (x.fixed.length > 0) timed.push({ at: t, op: "update_subscription_fixed_charge", body: { external_subscription_id: "s1", code: "seat0", units: o.units, apply_units_immediately: o.now } }); break;
      case "terminate": timed.push({ at: t, op: "terminate_subscription", body: { external_id: "s1", on_termination_credit_note: o.cn } }); break;
      case "usage": timed.push({ at: t, op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } }); break;
      case "projected": timed.push({ at: t, op: "fetch_projected_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } }); break;
      case "preview": timed.push({ at: t, op: "preview_invoice", body: { customer: { external_id: "c1" }, subscriptions: { external_ids: ["s1"] } } }); break;
      case "override": timed.push({ at: t, op: "update_subscription", body: { external_id: "s1", subscription: { plan_overrides: { charges: [{ billable_metric_code: "m", properties: charges[0]!.properties, ...(o.withFilters ? { filters: [{ values: { region: ["us"] }, properties: charges[0]!.properties }] } : {}) }] } } } }); break;
      case "cascade": timed.push({ at: t, op: "update_plan", body: { code: "p1", cascade_updates: true, charges: o.drop ? [] : [{ billable_metric_code: "m", properties: charges[0]!.properties, ...(o.withFilters ? { filters: [{ values: { region: ["eu"] }, properties: charges[0]!.properties }, { values: { region: ["__ALL_FILTER_VALUES__"] }, properties: charges[0]!.properties }] } : {}) }] } }); break;
      case "alert": timed.push(o.wallet
        ? { at: t, op: "create_alert", body: { external_customer_id: "c1", wallet_code: "w-alerted", alert_type: "wallet_balance_amount", code: `a${n}`, thresholds: [{ value: o.value }, { value: "1", recurring: true }] } }
        : { at: t, op: "create_alert", body: { external_subscription_id: "s1", alert_type: "current_usage_amount", code: `a${n}`, thresholds: [{ value: o.value }, { value: "7", recurring: true }] } }); break;
      case "read_wallet": timed.push({ at: t, op: "fetch_wallet", body: { external_customer_id: "c1" } }); break;
      case "finalize": timed.push({ at: t, op: "finalize_invoice", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } } } }); break;
    }
  }
  timed.sort((a, b) => Date.parse(a["at"] as string) - Date.parse(b["at"] as string));
  return {
    organization: { timezone: "UTC", premium_integrations: ["progressive_billing", "projected_usage"] },
    taxes: [{ code: "vat", name: "VAT", rate: "20", applied_to_organization: true }],
    add_ons: [{ code: "seat", name: "Seat", amount_cents: 300, amount_currency: "EUR" }],
    coupons: [
      { code: "fix", name: "F", coupon_type: "fixed_amount", frequency: "once", amount_cents: 700, amount_currency: "EUR", expiration: "no_expiration", reusable: true },
      { code: "pct", name: "P", coupon_type: "percentage", frequency: "forever", percentage_rate: "15", expiration: "no_expiration", reusable: true },
      { code: "rec", name: "R", coupon_type: "fixed_amount", frequency: "recurring", frequency_duration: 2, amount_cents: 300, amount_currency: "EUR", expiration: "no_expiration", reusable: true },
    ],
    billable_metrics: [metric],
    plans: [plan("p1", 1000), plan("p2", 3000), plan("p3", 200)],
    steps: [...steps, ...timed],
    until: at(120),
  };
}

