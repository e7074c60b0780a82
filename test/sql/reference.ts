/**
 * What the push-down must equal: the in-memory `aggregate` over the events the statement
 * reads — the metric's code (and subscription), up to `to_datetime` (from `from_datetime`
 * unless carried over), the first stored of each (subscription, transaction_id), in
 * (timestamp, transaction_id, subscription) order — with a `duplicate_transaction_id`
 * warning first for each such event dropped as a repeat, ordered by transaction id.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { type AggregateOutput, aggregate } from "../../src/json/aggregate.js";
import type { StoredEvent } from "./pgHarness.js";

export type Input = Record<string, unknown> & {
  billable_metric: { code: string; aggregation_type: string; field_name?: string; recurring?: boolean; expression?: string };
  from_datetime: string;
  to_datetime: string;
  external_subscription_id?: string;
};

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function inMemory(input: Input, events: readonly StoredEvent[]): AggregateOutput {
  const m = input.billable_metric;
  const carries = m.recurring === true && ["sum_agg", "unique_count_agg", "weighted_sum_agg"].includes(m.aggregation_type);
  const from = Date.parse(input.from_datetime), to = Date.parse(input.to_datetime);
  const first = new Map<string, number>();
  for (const e of events) {
    const k = JSON.stringify([e.external_subscription_id, e.transaction_id]);
    first.set(k, Math.min(first.get(k) ?? Infinity, e.id));
  }
  const isFirst = (e: StoredEvent): boolean => first.get(JSON.stringify([e.external_subscription_id, e.transaction_id])) === e.id;
  const sub = input.external_subscription_id;
  const cand = events.filter((e) => e.code === m.code && (sub === undefined || e.external_subscription_id === sub) && e.timestamp <= to && (carries || e.timestamp >= from));
  const duplicates = cand.filter((e) => !isFirst(e)).map((e) => e.transaction_id).sort();
  const kept = cand.filter(isFirst).sort((a, b) => a.timestamp - b.timestamp || cmp(a.transaction_id, b.transaction_id) || cmp(a.external_subscription_id, b.external_subscription_id));
  const { external_subscription_id: _, ...rest } = input;
  const out = aggregate({
    ...rest,
    events: kept.map((e) => ({
      transaction_id: e.transaction_id, code: e.code, timestamp: new Date(e.timestamp).toISOString(),
      external_subscription_id: e.external_subscription_id, properties: e.properties,
      ...(e.precise_total_amount_cents === undefined ? {} : { precise_total_amount_cents: e.precise_total_amount_cents }),
    })),
  });
  return { ...out, warnings: [...duplicates.map((transaction_id) => ({ transaction_id, reason: "duplicate_transaction_id" as const })), ...out.warnings] };
}

/** Texts that must stay data: quotes, backslashes, placeholders, comments, keywords. */
export const HOSTILE = ["x'y", 'q"q', "back\\slash", "$1", "$2::text", "-- c", "/* c */", "'; DROP TABLE events; --", "SELECT", "{p1:String}", "a,b", "{}", "NULL", "é€"];

const BASE = Date.UTC(2024, 2, 1);
const HOUR = 3_600_000;
/** Instants on a coarse grid around March 2024 (ties are frequent), sometimes off by some ms. */
export const instant = fc.tuple(fc.integer({ min: -4, max: 66 }), fc.constantFrom(0, 0, 0, 1, 999, 1500)).map(([h, ms]) => BASE + h * 12 * HOUR + ms);

const decimalText = fc.tuple(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), fc.integer({ min: 0, max: 8 }), fc.boolean(), fc.boolean())
  .map(([m, s, lead, trail]) => {
    const neg = m < 0n;
    let t = (neg ? -m : m).toString().padStart(s + 1, "0");
    if (s > 0) t = `${t.slice(0, -s)}.${t.slice(-s)}`;
    if (trail && s > 0) t += "0";
    if (lead) t = "0" + t;
    return (neg ? "-" : "") + t;
  });
export const smallDecimal = fc.tuple(fc.integer({ min: -2000, max: 2000 }), fc.constantFrom(0, 1, 2)).map(([m, s]) => {
  const neg = m < 0;
  let t = String(Math.abs(m)).padStart(s + 1, "0");
  if (s > 0) t = `${t.slice(0, -s)}.${t.slice(-s)}`;
  return (neg ? "-" : "") + t;
});
/** A metric's value: decimal texts (some long), JSON numbers, and values `aggregate` refuses. */
export const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("1", "2", "3", "1.0", "-2") },
  { weight: 6, arbitrary: smallDecimal },
  { weight: 2, arbitrary: decimalText },
  { weight: 2, arbitrary: fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>("1e3", "+5", ".5", "5.", "abc", "", " 1", true, null, { a: 1 }) },
);
export const dimension = fc.constantFrom("eu", "us", "", "x'y", "back\\slash", "$1");

/**
 * A prorated window where local days are not monotonic: America/St_Johns fell back at 00:01
 * to 23:01 the day before until 2011, so a day's midnight occurs twice. Events every 10 minutes
 * around the change, a prorated sum and a prorated unique count (grouped and not), checked
 * against the in-memory aggregate by `run` (which loads the events and pushes down).
 */
export async function stepBackCase(run: (events: StoredEvent[], input: Input) => AggregateOutput | Promise<AggregateOutput>): Promise<void> {
  const change = Date.UTC(2010, 10, 7, 2, 31);
  const events: StoredEvent[] = [];
  for (let i = -12; i <= 12; i++) {
    events.push({
      id: i + 13, external_subscription_id: "s1", transaction_id: `t${i + 13}`, code: "m", timestamp: change + i * 600_000,
      properties: { v: String(i + 13), r: i % 2 === 0 ? "a" : "b", operation_type: i % 3 === 0 ? "remove" : "add" },
    });
  }
  for (const type of ["sum_agg", "unique_count_agg"]) {
    for (const grouped of [false, true]) {
      const input: Input = {
        billable_metric: { code: "m", aggregation_type: type, field_name: type === "sum_agg" ? "v" : "r", recurring: true },
        events: [], from_datetime: "2010-11-01T03:30:00Z", to_datetime: "2010-12-01T03:29:59Z", prorated: true, timezone: "America/St_Johns",
        ...(grouped ? { grouped_by: ["r"] } : {}),
      };
      const expected = inMemory(input, events);
      if (type === "sum_agg") expect(expected.event_prorated_values).toBeDefined();
      expect(await run(events, input)).toEqual(expected);
    }
  }
}

/** `aggregate`'s answer without either per-event list (a prorated sum's event_prorated_values go with its event_values): what `eventValues: false` gives. */
export function withoutEventValues(out: AggregateOutput): unknown {
  const { event_values: _, event_prorated_values: _p, grouped_usage, ...rest } = out;
  return grouped_usage === undefined ? rest : { ...rest, grouped_usage: grouped_usage.map(({ event_values: _g, event_prorated_values: _gp, ...g }) => g) };
}
