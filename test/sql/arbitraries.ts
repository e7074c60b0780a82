/**
 * The random inputs of the push-down properties (postgres.test.ts, clickhouse.test.ts): stored
 * events with repeated transaction ids, ties on the timestamp, unusable values, long decimals
 * and hostile texts; metrics, filters, ignored filters, groups, windows, rounding, running
 * totals, charges durations; metric expressions.
 */
import fc from "fast-check";
import type { StoredEvent } from "./pgHarness.js";
import { HOSTILE, type Input, dimension, instant, smallDecimal, value } from "./reference.js";

export const TYPES = ["count_agg", "sum_agg", "max_agg", "latest_agg", "unique_count_agg", "weighted_sum_agg"] as const;
const CARRY = new Set(["sum_agg", "unique_count_agg", "weighted_sum_agg"]);
const KEYS = ["r", "z", "o'k"];
const SUBS = ["s1", "s2", "s'3"];
const CODES = ["m", "m'", "other"];
const TXS = ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "T9", "t10", ...HOSTILE.filter((h) => /^[\x20-\x7e]*$/.test(h))];

const eventOf = (timestamp: fc.Arbitrary<number>, v: fc.Arbitrary<unknown>) => fc.record({
  external_subscription_id: fc.constantFrom(...SUBS),
  transaction_id: fc.constantFrom(...TXS),
  code: fc.constantFrom("m", "m", "m", "m'", "other"),
  timestamp,
  v: fc.option(v, { nil: undefined, freq: 8 }),
  dims: fc.array(fc.tuple(fc.constantFrom(...KEYS), dimension), { maxLength: 3 }),
  remove: fc.option(fc.boolean(), { nil: undefined }),
  precise: fc.option(smallDecimal, { nil: undefined, freq: 12 }),
});
// Half of the events on three instants: ties on the timestamp are frequent.
export const events = eventsOf(eventOf(fc.oneof(instant, fc.constantFrom(Date.UTC(2024, 2, 5), Date.UTC(2024, 2, 9, 12), Date.UTC(2024, 2, 20))), value));
/** Ties everywhere: two instants, three values. */
export const tiedEvents = eventsOf(eventOf(fc.constantFrom(Date.UTC(2024, 2, 5), Date.UTC(2024, 2, 9)), fc.constantFrom("1", "2", "3")));
function eventsOf(event: ReturnType<typeof eventOf>): fc.Arbitrary<StoredEvent[]> {
  return fc.array(event, { minLength: 1, maxLength: 80, size: "max" }).map((list) =>
  list.map((e, i): StoredEvent => {
    const properties: Record<string, unknown> = Object.fromEntries(e.dims);
    if (e.v !== undefined) properties["v"] = e.v;
    if (e.remove !== undefined) properties["operation_type"] = e.remove ? "remove" : "add";
    return {
      id: i + 1, external_subscription_id: e.external_subscription_id, transaction_id: e.transaction_id, code: e.code, timestamp: e.timestamp, properties,
      ...(e.precise === undefined ? {} : { precise_total_amount_cents: e.precise }),
    };
  }));
}

/** Calendar days of a prorated window: zones with DST changes in March 2024, half- and quarter-hour offsets. */
const ZONES = ["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham"];

/** `arb` one time in `n`, else undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, n: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const filterValues = fc.dictionary(fc.constantFrom(...KEYS), fc.array(dimension, { maxLength: 3 }), { maxKeys: 2 });
export const input = inputOf(fc.constantFrom(...TYPES), fc.boolean(), sometimes(fc.constantFrom(...ZONES), 2));
/** Time-prorated inputs only: recurring sums and unique counts, in every zone. */
export const proratedInput = inputOf(fc.constantFrom("sum_agg", "unique_count_agg"), fc.constant(true), fc.constantFrom(...ZONES));

function inputOf(types: fc.Arbitrary<(typeof TYPES)[number]>, recurring: fc.Arbitrary<boolean>, zone: fc.Arbitrary<string | undefined>): fc.Arbitrary<Input> {
  return fc.record({
    type: types,
    code: fc.constantFrom("m", "m", "m", "m'"),
    recurring,
    window: fc.oneof(fc.constant([Date.UTC(2024, 2, 1), Date.UTC(2024, 2, 31, 23, 59, 59)]), fc.tuple(instant, instant).map(([a, b]) => (a <= b ? [a, b] : [b, a]))),
    sub: sometimes(fc.constantFrom(...SUBS), 2),
    filters: sometimes(filterValues, 4),
    ignored: sometimes(fc.array(filterValues, { maxLength: 3 }), 4),
    grouped: sometimes(fc.subarray(KEYS, { minLength: 1 }), 2),
    rounding: sometimes(fc.tuple(fc.constantFrom("round", "ceil", "floor"), fc.integer({ min: -1, max: 3 })), 4),
    fe: sometimes(fc.integer({ min: 1, max: 4 }), 4),
    duration: sometimes(fc.integer({ min: 1, max: 40 }), 2),
    // Time proration (recurring sums and unique counts) in the customer's zone.
    prorated: zone,
  }).map((x): Input => {
    const recurring = x.recurring && CARRY.has(x.type);
    const prorated = x.prorated !== undefined && recurring && (x.type === "sum_agg" || x.type === "unique_count_agg");
    return {
      billable_metric: {
        code: x.code, aggregation_type: x.type, ...(x.type === "count_agg" ? {} : { field_name: "v" }), recurring,
        ...(x.rounding === undefined ? {} : { rounding_function: x.rounding[0], rounding_precision: x.rounding[1] }),
      },
      events: [],
      from_datetime: new Date(x.window[0]!).toISOString(),
      to_datetime: new Date(x.window[1]!).toISOString(),
      ...(x.sub === undefined ? {} : { external_subscription_id: x.sub }),
      ...(x.filters === undefined ? {} : { filters: x.filters }),
      ...(x.ignored === undefined ? {} : { ignored_filters: x.ignored }),
      ...(x.grouped === undefined ? {} : { grouped_by: x.grouped }),
      ...(x.fe === undefined || !(x.type === "sum_agg" || x.type === "count_agg") ? {} : { options: { free_units_per_events: x.fe } }),
      ...(x.duration === undefined || !(x.type === "weighted_sum_agg" || prorated) ? {} : { charges_duration: x.duration }),
      ...(prorated ? { prorated: true, timezone: x.prorated } : {}),
    };
  });
}

/** Random expressions over the events' properties (v a number, r and z texts, w missing), literals and every operator. */
export const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("event.properties.v", "event.properties.v", "event.properties.r", "event.properties.w", "event.timestamp", "event.code"),
    // Quotients that do not terminate: 40 decimals, the last one rounded half away from zero.
    fc.constantFrom("(event.properties.v / 3)", "(event.properties.v / -7)", "(2 / event.properties.v)"),
    smallDecimal.filter((d) => !d.startsWith("-")),
    fc.constantFrom("'7'", "'1.50'", "\"x\"", "'abc'", "0"),
    tie("e").map((a) => `-${a}`),
    fc.tuple(tie("e"), fc.constantFrom("+", "-", "*", "/"), tie("e")).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie("e"), fc.option(fc.constantFrom("0", "2", "-1", "1.5", "'2'", "event.properties.r"), { nil: undefined })).map(([a, p]) => (p === undefined ? `round(${a})` : `round(${a}, ${p})`)),
    tie("e").map((a) => `ceil(${a})`),
    tie("e").map((a) => `floor(${a})`),
    fc.array(tie("e"), { minLength: 1, maxLength: 3 }).map((as) => `concat(${as.join(", ")})`),
  ),
})).e;
