import { describe, expect, it } from "vitest";
import { type Decimal, dec } from "../../../src/core/decimal.js";
import type { Charge } from "../../../src/charges/types.js";
import { parseCharge } from "../../../src/charges/index.js";
import { payInAdvanceFeeAmounts } from "../../../src/fees/payInAdvance.js";
import { type AdvanceEvent, activeValues, newAdvanceState, nextAdvanceDelta, payInAdvanceDeltas } from "../../../src/fees/payInAdvanceDeltas.js";

const graduated: Charge = {
  charge_model: "graduated",
  pay_in_advance: true,
  properties: { graduated_ranges: [{ from_value: dec("0"), to_value: null, per_unit_amount: dec("0.01"), flat_amount: dec("0.01") }] },
};
const standard = (amount: string): Charge => ({ charge_model: "standard", pay_in_advance: true, properties: { amount: dec(amount) } });
const sums = (...xs: string[]): AdvanceEvent[] => xs.map((x) => ({ value: dec(x) }));
const str = (ds: readonly { delta: Decimal; applied: Decimal; raises: boolean }[]) => ds.map((d) => [d.delta.toString(), d.applied.toString(), d.raises]);

describe("payInAdvanceDeltas (charges.md §15)", () => {
  it("count: every event adds 1", () => {
    expect(str(payInAdvanceDeltas("count_agg", [{}, {}, {}]))).toEqual([["1", "1", true], ["1", "1", true], ["1", "1", true]]);
  });

  it("sum: high-water mark — only what rises above the period maximum is billed", () => {
    // totals 10, 15, 12, 14, 20 → max 10, 15, 15, 15, 20
    expect(str(payInAdvanceDeltas("sum_agg", sums("10", "5", "-3", "2", "6")))).toEqual([
      ["10", "10", true], ["5", "5", true], ["0", "0", false], ["0", "2", false], ["5", "6", true],
    ]);
  });

  it("sum: a negative first event bills nothing", () => {
    expect(str(payInAdvanceDeltas("sum_agg", sums("-4")))).toEqual([["0", "0", false]]);
  });

  it("unique_count: an id added, removed, then added again → third event shows 1 unit, no new maximum", () => {
    const ev: AdvanceEvent[] = [
      { unique_value: "a", operation: "add" },
      { unique_value: "a", operation: "remove" },
      { unique_value: "a", operation: "add" },
      { unique_value: "b", operation: "add" },
      { unique_value: "b", operation: "add" },
    ];
    expect(str(payInAdvanceDeltas("unique_count_agg", ev))).toEqual([
      ["1", "1", true], ["0", "0", false], ["0", "1", false], ["1", "1", true], ["0", "0", false],
    ]);
  });

  it("unique count of a recurring metric: a value an earlier period left active is not billed again; the period's count starts at its first event", () => {
    const carried = activeValues([
      { unique_value: "a", operation: "add" }, { unique_value: "b", operation: "add" }, { unique_value: "b", operation: "remove" },
    ]);
    expect([...carried]).toEqual(["a"]);
    const state = newAdvanceState(carried);
    const next = (unique_value: string, operation: "add" | "remove") => nextAdvanceDelta("unique_count_agg", state, { unique_value, operation });
    // A remove of the carried value first: the period's count stays 0 (not −1), nothing billed.
    expect(str([next("a", "remove")])).toEqual([["0", "0", false]]);
    // Re-added, then a new value: each raises the period's count above its maximum.
    expect(str([next("a", "add"), next("c", "add"), next("c", "add")])).toEqual([["1", "1", true], ["1", "1", true], ["0", "0", false]]);
    // Without the removal, the carried value's re-add bills nothing.
    const kept = newAdvanceState(carried);
    expect(nextAdvanceDelta("unique_count_agg", kept, { unique_value: "a", operation: "add" }).delta.toString()).toBe("0");
  });
});

describe("payInAdvanceFeeAmounts", () => {
  it("graduated 0–∞ @0.01 flat 0.01, first event of 1 unit: model(1) = 0.02 − model(0) = 0 → 0.02", () => {
    const [d] = payInAdvanceDeltas("count_agg", [{}]);
    const fee = payInAdvanceFeeAmounts({ charge: graduated, aggregation: { units: dec("1"), events_count: 1 }, delta: d!, currency: "EUR" });
    expect(fee.precise_amount_cents.toString()).toBe("2");
    expect(fee.amount_cents).toBe(2n);
    expect(fee.units.toString()).toBe("1");
    expect(fee.precise_unit_amount.toString()).toBe("0.02");
    expect(fee.amount_details).toEqual({});
  });

  it("graduated, second event: only the per-unit price (the flat fee was paid by the first)", () => {
    const [, d] = payInAdvanceDeltas("count_agg", [{}, {}]);
    const fee = payInAdvanceFeeAmounts({ charge: graduated, aggregation: { units: dec("2"), events_count: 2 }, delta: d!, currency: "EUR" });
    expect(fee.amount_cents).toBe(1n);
  });

  it("standard 2.50, sum events 10 then 5 → 25.00 then 12.50", () => {
    const ds = payInAdvanceDeltas("sum_agg", sums("10", "5"));
    const a = payInAdvanceFeeAmounts({ charge: standard("2.5"), aggregation: { units: dec("10"), events_count: 1 }, delta: ds[0]!, currency: "EUR" });
    const b = payInAdvanceFeeAmounts({ charge: standard("2.5"), aggregation: { units: dec("15"), events_count: 2 }, delta: ds[1]!, currency: "EUR" });
    expect([a.amount_cents, b.amount_cents]).toEqual([2500n, 1250n]);
    expect([a.units.toString(), b.units.toString()]).toEqual(["10", "5"]);
    expect(b.unit_amount_cents).toBe(250n);
  });

  it("an event below the maximum shows the units it applied and amount 0", () => {
    const ds = payInAdvanceDeltas("sum_agg", sums("10", "-3", "2"));
    const fee = payInAdvanceFeeAmounts({ charge: standard("1"), aggregation: { units: dec("9"), events_count: 3 }, delta: ds[2]!, currency: "EUR" });
    expect([fee.units.toString(), fee.amount_cents, fee.precise_amount_cents.toString()]).toEqual(["2", 0n, "0"]);
  });

  it("an event below the maximum of a percentage charge keeps its details, every difference 0; standard has none", () => {
    const ds = payInAdvanceDeltas("sum_agg", sums("300", "700", "-300"));
    const parsed = parseCharge({ charge_model: "percentage", pay_in_advance: true, properties: { rate: "2.5", fixed_amount: "0.30" } });
    if (!parsed.ok) throw new Error("bad charge");
    const percentage = parsed.value;
    const aggregation = { units: dec("700"), events_count: 3, event_values: ["300", "700", "-300"].map(dec) };
    const fee = payInAdvanceFeeAmounts({ charge: percentage, aggregation, delta: ds[2]!, currency: "EUR" });
    const d = fee.amount_details as Record<string, unknown>;
    expect([fee.amount_cents, String(d["units"]), String(d["paid_events"]), String(d["fixed_fee_total_amount"]), String(d["rate"])]).toEqual([0n, "0", "0", "0", "2.5"]);
    expect(payInAdvanceFeeAmounts({ charge: standard("1"), aggregation, delta: ds[2]!, currency: "EUR" }).amount_details).toEqual({});
  });

  it("JPY rounds at 0 decimals: 3 × 0.5 = 1.5 → 2 yen", () => {
    const ds = payInAdvanceDeltas("sum_agg", sums("3"));
    const fee = payInAdvanceFeeAmounts({ charge: standard("0.5"), aggregation: { units: dec("3"), events_count: 1 }, delta: ds[0]!, currency: "JPY" });
    expect(fee.amount_cents).toBe(2n);
    expect(fee.precise_amount_cents.toString()).toBe("1.5");
  });
});
