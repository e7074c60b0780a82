/**
 * The per-event arrays of a prorated unique count, for prorated graduated charges
 * (charges.md §10 with §13.2): +1 per add billed to the window's end, -1 per remove
 * taking back the days after it, items carried in summed into element 0.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregateEvents } from "../../../src/aggregation/index.js";
import { rateCharge } from "../../../src/charges/index.js";
import { dec, round, sum, toDecimalString } from "../../../src/core/decimal.js";
import { ev, metric, window } from "./_fixtures.js";

const uc = metric("unique_count_agg", { recurring: true, field_name: "id" });
const OCT = window("2023-10-01T00:00:00Z", "2023-10-31T23:59:59Z", { prorated: true, charges_duration: 31, event_values: true });
const add = (iso: string, id: string) => ev(iso, { id, operation_type: "add" });
const remove = (iso: string, id: string) => ev(iso, { id, operation_type: "remove" });
const q = (k: number) => round(dec(k).div(dec(31)), 20, "half_up");
const strs = (xs: readonly { toString(): string }[] | undefined) => xs?.map((x) => toDecimalString(dec(x.toString())));

const GRADUATED = {
  charge_model: "graduated",
  prorated: true,
  properties: { graduated_ranges: [
    { from_value: 0, to_value: 5, per_unit_amount: "10", flat_amount: "100" },
    { from_value: 6, to_value: null, per_unit_amount: "5", flat_amount: "50" },
  ] },
};

describe("prorated unique count per-event values", () => {
  it("prices the reference's same-day adds scenario (107.10 → 122.58 → 173.71)", () => {
    // scenario current_usage/charge_model/prorated_graduated/unique-count-multiple-events-same-day
    const events = [add("2023-10-10T00:00:00Z", "1111")];
    const price = () => {
      const r = aggregateEvents(uc, events, OCT);
      return rateCharge(GRADUATED, {
        units: r.units, full_units_number: r.full_units_number,
        event_values: r.event_values, event_prorated_values: r.event_prorated_values,
      }).amount;
    };
    expect(round(price(), 2, "half_up").toString()).toBe("107.1");
    for (const id of ["2222", "3333", "4444", "5555"]) events.push(add("2023-10-20T00:00:00Z", id));
    expect(round(price(), 2, "half_up").toString()).toBe("122.58");
    events.push(add("2023-10-25T00:00:00Z", "6666"));
    expect(round(price(), 2, "half_up").toString()).toBe("173.71");
  });

  it("puts carried-in items first and takes back the days after a remove", () => {
    const r = aggregateEvents(uc, [
      add("2023-09-05T00:00:00Z", "a"), // carried, kept: 31/31
      add("2023-09-06T00:00:00Z", "b"), // carried, removed 10 Oct: 10/31
      remove("2023-10-10T12:00:00Z", "b"),
      add("2023-10-20T00:00:00Z", "c"), // 12/31
    ], OCT);
    expect(strs(r.event_values)).toEqual(["2", "-1", "1"]);
    expect(strs(r.event_prorated_values)).toEqual([
      toDecimalString(q(31).times(dec(2))),
      toDecimalString(q(10).minus(q(31))),
      toDecimalString(q(12)),
    ]);
    expect(toDecimalString(r.units)).toBe(toDecimalString(round(q(31).plus(q(10)).plus(q(12)), 5, "ceil")));
  });

  it("Σ event_prorated_values is the unceiled units and Σ event_values the final count", () => {
    const day = fc.integer({ min: 0, max: 60 }).map((d) => new Date(Date.UTC(2023, 8, 1 + d, d % 24)).toISOString());
    const op = fc.record({ at: day, id: fc.constantFrom("a", "b", "c"), add: fc.boolean() });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 12 }), (ops) => {
        const events = ops.map((o) => (o.add ? add(o.at, o.id) : remove(o.at, o.id)));
        const r = aggregateEvents(uc, events, OCT);
        const pro = sum(r.event_prorated_values ?? []);
        expect(round(pro, 5, "ceil").eq(r.units)).toBe(true);
        expect(sum(r.event_values ?? []).eq(r.full_units_number ?? dec(0))).toBe(true);
      }),
    );
  });
});
