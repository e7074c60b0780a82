/**
 * Slow, obviously-correct aggregation written straight from the semantics (§12), with
 * big.js only: the differential reference for the fast kernels. Ungrouped, no filters,
 * no proration; events sorted by (timestamp, seq).
 */
import Big from "big.js";
import type { BillableMetric, UsageEvent } from "../../src/aggregation/index.js";

const NUMERIC = /^-?\d+(\.\d+)?$/;
const B = Big();
B.DP = 40;

export interface RefResult {
  readonly units: string;
  readonly events_count: number;
}

const ordered = (events: readonly UsageEvent[]): UsageEvent[] =>
  [...events].sort((a, b) => a.timestamp - b.timestamp || (a.seq ?? 0) - (b.seq ?? 0));

function valueOf(e: UsageEvent, field: string): Big.Big | undefined {
  const v = e.properties[field];
  const s = typeof v === "number" ? String(v) : v;
  return typeof s === "string" && NUMERIC.test(s) ? new B(s) : undefined;
}

/** Decimals of the value without trailing zeros (the display scale the engine uses, docs/aggregation.md). */
function scaleOf(e: UsageEvent, field: string): number {
  const v = e.properties[field];
  const text = typeof v === "number" ? String(v) : typeof v === "string" ? v : "";
  return /\.(\d*[1-9])0*$/.exec(text)?.[1]?.length ?? 0;
}

/**
 * PostgreSQL numeric division of x (display scale `xScale`) by a positive integer d: at
 * least 16 significant digits, from the base-10 000 weights of both operands and their
 * leading base-10 000 digits, rounded half away from zero.
 */
function pgQuotient(x: Big.Big, xScale: number, d: Big.Big): Big.Big {
  if (x.eq(0)) return new B(0);
  const weight = (v: Big.Big): number => Math.floor(v.abs().e / 4);
  const lead = (v: Big.Big): Big.Big => v.abs().div(new B(10000).pow(weight(v))).round(0, Big.roundDown);
  const qweight = weight(x) - weight(d) - (lead(x).lte(lead(d)) ? 1 : 0);
  const scale = Math.max(16 - 4 * qweight, xScale);
  const big = Big();
  big.DP = scale + 30;
  return new big(x).div(d).round(scale, Big.roundHalfUp);
}

/** The reference aggregation of `events` over [from, to] (inclusive), per the semantics. */
export function referenceAggregate(metric: BillableMetric, events: readonly UsageEvent[], from: number, to: number, days: number): RefResult {
  const field = metric.field_name ?? "";
  const recurring = metric.recurring === true;
  const inWindow = ordered(events).filter((e) => e.code === metric.code && e.timestamp <= to);
  const window = inWindow.filter((e) => e.timestamp >= from);
  switch (metric.aggregation_type) {
    case "count_agg":
      return { units: String(window.length), events_count: window.length };
    case "sum_agg": {
      const vals = (recurring ? inWindow : window).map((e) => valueOf(e, field)).filter((v) => v !== undefined);
      return { units: vals.reduce((a, v) => a.plus(v), new B(0)).toFixed(), events_count: vals.length };
    }
    case "max_agg": {
      const vals = window.map((e) => valueOf(e, field)).filter((v) => v !== undefined);
      const m = vals.reduce<Big.Big | undefined>((a, v) => (a === undefined || v.gt(a) ? v : a), undefined);
      return { units: (m ?? new B(0)).toFixed(), events_count: vals.length };
    }
    case "latest_agg": {
      const vals = window.map((e) => valueOf(e, field)).filter((v) => v !== undefined);
      const last = vals[vals.length - 1] ?? new B(0);
      return { units: (last.lt(0) ? new B(0) : last).toFixed(), events_count: vals.length };
    }
    case "unique_count_agg": {
      // The worth rule itself, per value in time order (not the telescoped form).
      const previous = new Map<string | null, string>();
      let units = 0;
      for (const e of recurring ? inWindow : window) {
        const raw = e.properties[field];
        const key = raw === undefined || raw === null ? null : String(raw);
        const op = e.properties["operation_type"] === "remove" ? "remove" : "add";
        if (op !== (previous.get(key) ?? "remove")) units += op === "add" ? 1 : -1;
        previous.set(key, op);
      }
      return { units: String(units), events_count: units };
    }
    case "weighted_sum_agg": {
      // Rows: initial level at from, events as deltas, closing row at ceil_to_second(to); each
      // row is `level × seconds / period seconds` as PostgreSQL divides numerics (pgQuotient).
      const close = Math.ceil(to / 1000) * 1000;
      const before = recurring ? inWindow.filter((e) => e.timestamp < from) : [];
      const initial = before.map((e) => valueOf(e, field)).filter((v) => v !== undefined).reduce((a, v) => a.plus(v), new B(0));
      const deltas = window.map((e) => ({ t: e.timestamp, v: valueOf(e, field), scale: scaleOf(e, field) })).filter((r) => r.v !== undefined);
      const rows = [{ t: from, v: initial, scale: Math.max(0, ...before.map((e) => scaleOf(e, field))) }, ...deltas, { t: close, v: new B(0), scale: 0 }];
      let level = new B(0);
      let levelScale = 0;
      let acc = new B(0);
      rows.forEach((r, i) => {
        level = level.plus(r.v!);
        levelScale = Math.max(levelScale, r.scale);
        const next = rows[i + 1];
        if (next !== undefined && next.t > r.t) acc = acc.plus(pgQuotient(level.times(new B(next.t - r.t).div(1000)), levelScale + 6, new B(days).times(86_400)));
      });
      const units = acc.round(20, acc.s < 0 ? Big.roundDown : Big.roundUp);
      return { units: units.toFixed(), events_count: deltas.length };
    }
    case "custom_agg":
      throw new Error("not referenced");
  }
}
