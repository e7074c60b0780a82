/**
 * Laws of usage alerts (invoice.md §14.2–§14.3): crossings lie between the previous and the
 * current value, no threshold is reported twice in one evaluation, every passed one-time
 * threshold is reported, and a crossed threshold stays crossed until the value goes back
 * past it (the only exception being the documented quirk: a recurring value equal to the
 * previous value is reported again on the next rise).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Decimal, dec } from "../../src/core/decimal.js";
import { instant } from "../../src/core/instant.js";
import { crossedThresholdValues, crossedThresholds } from "../../src/usage/alertCrossing.js";
import { processAlert } from "../../src/usage/alertProcess.js";
import type { Alert, AlertDirection, AlertThreshold } from "../../src/usage/alertTypes.js";

const value = fc.integer({ min: -300, max: 600 }).map((n) => dec(n));
const thresholdsArb = fc.record({
  oneTime: fc.uniqueArray(fc.integer({ min: -200, max: 500 }), { maxLength: 6 }),
  recurring: fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }),
}).filter((x) => x.oneTime.length > 0 || x.recurring !== undefined).map(({ oneTime, recurring }): AlertThreshold[] => [
  ...oneTime.map((v, i) => ({ code: `t${i}`, value: dec(v), recurring: false })),
  ...(recurring === undefined ? [] : [{ code: "r", value: dec(recurring), recurring: true }]),
]);
const direction = fc.constantFrom<AlertDirection>("increasing", "decreasing");

const alertOf = (dir: AlertDirection, thresholds: AlertThreshold[], p: Decimal): Alert => ({
  svc_id: "a", alert_type: dir === "increasing" ? "current_usage_amount" : "wallet_credits_balance", direction: dir, code: "a", name: null,
  external_customer_id: null, external_subscription_id: null, wallet: null, billable_metric: null, thresholds, previous_value: p,
  last_processed_at: null, created_at: instant(0),
});

describe("alert crossing laws", () => {
  it("crossed values are unique, sorted, and lie between the previous and the current value", () => {
    fc.assert(fc.property(direction, thresholdsArb, value, value, (dir, th, p, c) => {
      const values = crossedThresholdValues({ direction: dir, thresholds: th, previous_value: p }, c);
      for (let i = 1; i < values.length; i++) expect(values[i]!.gt(values[i - 1]!)).toBe(true);
      for (const v of values) {
        if (dir === "increasing") expect(v.lte(c) && (v.gt(p) || v.eq(p))).toBe(true);
        else expect(v.gte(c) && (v.lt(p) || v.eq(p))).toBe(true);
      }
      const listed = crossedThresholds(th, values);
      expect(listed).toHaveLength(values.length);
      expect(new Set(listed.map((x) => x.value.toString())).size).toBe(listed.length);
    }));
  });

  it("every one-time threshold passed on the way is reported", () => {
    fc.assert(fc.property(direction, thresholdsArb, value, value, (dir, th, p, c) => {
      const values = crossedThresholdValues({ direction: dir, thresholds: th, previous_value: p }, c).map(String);
      for (const t of th.filter((x) => !x.recurring)) {
        const passed = dir === "increasing" ? t.value.gt(p) && t.value.lte(c) : t.value.lt(p) && t.value.gte(c);
        if (passed) expect(values).toContain(t.value.toString());
      }
    }));
  });

  it("a crossed threshold stays crossed until the value goes back past it (or the recurring quirk)", () => {
    fc.assert(fc.property(direction, thresholdsArb, fc.array(value, { minLength: 1, maxLength: 12 }), (dir, th, seq) => {
      let alert = alertOf(dir, th, dec(0));
      const lastReport = new Map<string, number>();
      seq.forEach((c, i) => {
        const p = alert.previous_value;
        const r = processAlert(alert, c, instant(i));
        for (const t of r.triggered?.crossed ?? []) {
          const key = t.value.toString();
          const j = lastReport.get(key);
          if (j !== undefined) {
            // Between the two reports the value went back past the threshold, or p sits exactly on a recurring value.
            const back = seq.slice(j + 1, i).some((v) => (dir === "increasing" ? v.lt(t.value) : v.gt(t.value)));
            expect(back || (t.recurring && p.eq(t.value))).toBe(true);
          }
          lastReport.set(key, i);
        }
        expect(r.alert.previous_value.eq(c)).toBe(true);
        alert = r.alert;
      });
    }));
  });
});
