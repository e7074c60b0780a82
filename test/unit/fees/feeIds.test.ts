/**
 * Deterministic fee ids (contract: ids are UUID v5 of a stable path) and `toFeeJson`.
 */
import { describe, expect, it } from "vitest";
import type { UsageEvent } from "../../../src/aggregation/index.js";
import type { Charge } from "../../../src/charges/index.js";
import { isUuid, stableId } from "../../../src/core/ids.js";
import { dec } from "../../../src/core/decimal.js";
import { type Instant, parseInstant } from "../../../src/core/instant.js";
import { feeIds, uuidOf } from "../../../src/fees/feeIds.js";
import { type FixedCharge, fixedChargeFee } from "../../../src/fees/fixedCharges.js";
import { type UsageChargeFeesInput, usageChargeFees } from "../../../src/fees/usageChargeFees.js";

const at = (s: string) => parseInstant(s) as Instant;
const std = (amount: string): Charge => ({ charge_model: "standard", properties: { amount: dec(amount) } });
const march = { start: at("2024-03-01T00:00:00Z"), end: at("2024-04-01T00:00:00Z") };
const events: UsageEvent[] = [
  { transaction_id: "t1", code: "m", timestamp: at("2024-03-05T10:00:00Z"), properties: { region: "europe", country: "fr" } },
  { transaction_id: "t2", code: "m", timestamp: at("2024-03-06T10:00:00Z"), properties: { region: "europe", country: "de" } },
  { transaction_id: "t3", code: "m", timestamp: at("2024-03-07T10:00:00Z"), properties: { region: "asia" } },
];
const CHARGE_UUID = "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9";
const input = (extra: Partial<UsageChargeFeesInput> = {}): UsageChargeFeesInput => ({
  charge: {
    id: "ch_1",
    charge: std("10"),
    filters: [
      { id: "f_eu", values: { region: ["europe"] }, charge: std("20"), pricing_group_keys: ["country"] },
      { values: { region: ["usa"] }, charge: std("50") },
    ],
  },
  metric: { code: "m", name: "Calls", aggregation_type: "count_agg" },
  events, window: march, charges_duration_in_days: 31, timezone: "UTC", currency: "EUR",
  ids: { subscription_id: "sub_1" },
  ...extra,
});
const ids = (fees: ReturnType<typeof usageChargeFees>) => fees.map((f) => f.svc_id);

describe("usage charge fee ids", () => {
  it("same inputs → same ids; every fee's id is a distinct UUID", () => {
    const a = ids(usageChargeFees(input()));
    expect(a).toEqual(ids(usageChargeFees(input())));
    expect(a).toHaveLength(3); // europe/de, europe/fr, default (usa has no usage)
    expect(new Set(a).size).toBe(3);
    expect(a.every(isUuid)).toBe(true);
  });

  it("the order of the events does not change the ids", () => {
    expect(ids(usageChargeFees(input({ events: [...events].reverse() })))).toEqual(ids(usageChargeFees(input())));
  });

  it("another subscription, scope, charge, window or current usage → other ids", () => {
    const base = new Set(ids(usageChargeFees(input())));
    const others = [
      input({ ids: { subscription_id: "sub_2" } }),
      input({ ids: { subscription_id: "sub_1", scope: ["invoice_2"] } }),
      input({ ids: {} }),
      input({ charge: { ...input().charge, id: "ch_2" } }),
      input({ window: { start: march.start, end: at("2024-03-31T00:00:00Z") } }),
      input({ current_usage: true }),
    ];
    for (const other of others) {
      for (const id of ids(usageChargeFees(other))) expect(base.has(id)).toBe(false);
    }
  });

  it("is the documented path: stableId('fee', subscription, 'charge', charge, filter, group, from, to, mode)", () => {
    const fees = usageChargeFees(input());
    expect(fees[0]!.svc_id).toBe(stableId("fee", "sub_1", "charge", "ch_1", "f_eu", { country: "de" }, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z", "invoice"));
    expect(fees[2]!.svc_id).toBe(stableId("fee", "sub_1", "charge", "ch_1", null, {}, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z", "invoice"));
  });

  it("carries svc_subscription_id, svc_charge_id and svc_charge_filter_id (null for the default bucket)", () => {
    const fees = usageChargeFees(input());
    expect(fees.map((f) => [f.svc_subscription_id, f.svc_charge_id, f.svc_charge_filter_id])).toEqual([
      [uuidOf("subscription", "sub_1"), uuidOf("charge", "ch_1"), uuidOf("charge_filter", "f_eu")],
      [uuidOf("subscription", "sub_1"), uuidOf("charge", "ch_1"), uuidOf("charge_filter", "f_eu")],
      [uuidOf("subscription", "sub_1"), uuidOf("charge", "ch_1"), null],
    ]);
  });

  it("a UUID key is used as is (lower-cased); a filter without an id gets no svc_charge_filter_id", () => {
    const fees = usageChargeFees(input({ charge: { ...input().charge, id: CHARGE_UUID }, current_usage: true }));
    expect(fees[0]!.svc_charge_id).toBe(CHARGE_UUID.toLowerCase());
    const usa = fees.find((f) => JSON.stringify(f.item.filters) === '{"region":["usa"]}')!;
    expect("svc_charge_filter_id" in usa).toBe(false);
  });

  it("two filters with the same values and no ids still get distinct ids", () => {
    const same = { values: { region: ["europe"] }, charge: std("20") };
    const fees = usageChargeFees(input({ charge: { id: "ch_1", charge: std("10"), filters: [same, { ...same }] }, current_usage: true }));
    expect(fees).toHaveLength(3);
    expect(new Set(ids(fees)).size).toBe(3);
  });

  it("a true-up and its parent name each other", () => {
    const fees = usageChargeFees(input({ charge: { id: "ch_1", charge: std("1"), min_amount_cents: 1000n } }));
    const [parent, trueUp] = fees;
    expect(fees).toHaveLength(2);
    expect(trueUp!.true_up).toBe(true);
    expect(trueUp!.svc_true_up_parent_fee_id).toBe(parent!.svc_id);
    expect(parent!.svc_true_up_fee_id).toBe(trueUp!.svc_id);
    expect(trueUp!.svc_id).not.toBe(parent!.svc_id);
  });

  it("feeIds without a subscription: the path starts with null, and no svc_subscription_id", () => {
    expect(feeIds(undefined, ["x"])).toEqual({ svc_id: stableId("fee", null, "x") });
    expect(feeIds({ subscription_id: "s", scope: ["inv"] }, ["x"])).toEqual({ svc_id: stableId("fee", "inv", "s", "x"), svc_subscription_id: uuidOf("subscription", "s") });
  });
});

describe("fixed charge fee ids", () => {
  const fc = { charge_model: "standard", properties: { amount: dec("10") }, id: "fc_1", code: "seats", name: "Seats", pay_in_advance: false, prorated: false } as FixedCharge;
  const fee = (extra: { window?: typeof march; subscription_id?: string } = {}) => fixedChargeFee({
    fixed_charge: fc, events: [{ timestamp: at("2024-02-20T00:00:01Z"), units: dec("2") }], window: extra.window ?? march,
    fixed_charges_duration_in_days: 31, timezone: "UTC", currency: "EUR", ids: { subscription_id: extra.subscription_id ?? "sub_1" },
  });
  it("deterministic, with svc_fixed_charge_id; another window or subscription → another id", () => {
    expect(fee().svc_id).toBe(fee().svc_id);
    expect(fee().svc_fixed_charge_id).toBe(uuidOf("fixed_charge", "fc_1"));
    expect(fee({ subscription_id: "sub_2" }).svc_id).not.toBe(fee().svc_id);
    expect(fee({ window: { start: at("2024-04-01T00:00:00Z"), end: at("2024-05-01T00:00:00Z") } }).svc_id).not.toBe(fee().svc_id);
    expect(fee().amount_currency).toBe("EUR");
  });
});
