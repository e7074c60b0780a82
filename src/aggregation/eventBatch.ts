/**
 * A columnar event batch, for events aggregated many times (simulator, current usage,
 * projections): timestamps and scaled values in typed arrays, codes and property keys
 * dictionary-encoded, transaction ids hashed. Built once per metric (its field or
 * expression is read at build time); `aggregateBatch` then runs over it.
 *
 * Rows keep the input order, which is the ingestion order: ties between equal timestamps
 * are broken by row (give events in `seq` order).
 */
import { type FixedCell, copyCell, newCell, readFixed } from "../core/fixed.js";
import { evaluateExpression, parseExpression } from "./_expression.js";
import { propertyText } from "./_valueCodes.js";
import { isAdd } from "./uniqueCount.js";
import type { AggregationWarning, BillableMetric, UsageEvent } from "./types.js";
import { type DictColumn, dictEncoder, hashPair } from "./_columns.js";

export type { DictColumn } from "./_columns.js";

export interface EventBatch {
  readonly metric: BillableMetric;
  readonly length: number;
  /** Epoch milliseconds. */
  readonly timestamps: Float64Array;
  /** Every timestamp is an integer of magnitude ≤ 2^50 (epoch milliseconds always are). */
  readonly integerTimestamps: boolean;
  readonly codes: DictColumn;
  /** Numeric metrics: value × 10^scale, a safe integer (|v| ≤ 2^52); NaN when in `bigValues` or unusable. */
  readonly values: Float64Array | undefined;
  readonly scale: number;
  readonly bigValues: ReadonlyMap<number, FixedCell>;
  /** unique_count: the value's text, and 1 for an add / 0 for a remove. */
  readonly valueKeys: DictColumn | undefined;
  readonly adds: Uint8Array | undefined;
  /** Dictionary-encoded properties named at build time (filters, group keys). */
  readonly keys: Readonly<Record<string, DictColumn>>;
  /** 32-bit FNV-1a hashes of `external_subscription_id`, NUL, `transaction_id`. */
  readonly txHashes: Uint32Array;
  /** Rows of the metric's code whose value the metric cannot use. */
  readonly issues: ReadonlyMap<number, AggregationWarning>;
  /** Events dropped at build time because their transaction id was already seen. */
  readonly duplicates: readonly AggregationWarning[];
}

const LIMIT = 4_503_599_627_370_496; // 2^52
const MAX_FAST_SCALE = 9;

/** Builds a batch for `metric`, encoding the properties in `keys` (filter and group keys). */
export function buildEventBatch(metric: BillableMetric, events: readonly UsageEvent[], keys: readonly string[] = []): EventBatch {
  const n = events.length;
  const kind = metric.aggregation_type === "count_agg" ? "none" : metric.aggregation_type === "unique_count_agg" ? "key" : "number";
  const expression = metric.expression !== undefined && kind !== "none" ? parseExpression(metric.expression) : undefined;
  const field = metric.field_name ?? "";
  const timestamps = new Float64Array(n);
  const txHashes = new Uint32Array(n);
  const codes = dictEncoder(n);
  const keyCols = keys.map(() => dictEncoder(n));
  const valueKeys = kind === "key" ? dictEncoder(n) : undefined;
  const adds = kind === "key" ? new Uint8Array(n) : undefined;
  const values = kind === "number" ? new Float64Array(n) : undefined;
  const scales = kind === "number" ? new Uint8Array(n) : undefined;
  const bigValues = new Map<number, FixedCell>();
  const issues = new Map<number, AggregationWarning>();
  const duplicates: AggregationWarning[] = [];
  const seen = new Int32Array(1 << Math.max(4, Math.ceil(Math.log2(2 * n + 1))));
  const origin = new Int32Array(n);
  const cell = newCell();
  let scale = 0;
  let row = 0;
  let integerTimestamps = true;
  for (let i = 0; i < n; i++) {
    const e = events[i]!;
    const h = hashPair(e.external_subscription_id ?? "", e.transaction_id);
    if (isDuplicate(seen, h, e, events, origin, txHashes, row)) {
      duplicates.push({ transaction_id: e.transaction_id, reason: "duplicate_transaction_id" });
      continue;
    }
    origin[row] = i;
    txHashes[row] = h;
    timestamps[row] = e.timestamp;
    if (!(Number.isInteger(e.timestamp) && Math.abs(e.timestamp) <= 2 ** 50)) integerTimestamps = false;
    codes.push(row, e.code);
    for (let k = 0; k < keys.length; k++) keyCols[k]!.push(row, propertyText(e.properties[keys[k]!]));
    if (kind !== "none" && e.code === metric.code) {
      let raw: unknown = e.properties[field];
      if (expression !== undefined) {
        try {
          raw = evaluateExpression(expression, e);
        } catch (err) {
          issues.set(row, { transaction_id: e.transaction_id, reason: "expression_error", message: (err as Error).message });
          raw = undefined;
        }
      }
      if (valueKeys !== undefined) {
        valueKeys.push(row, issues.has(row) ? null : propertyText(raw));
        adds![row] = isAdd(e) ? 1 : 0;
      } else if (values !== undefined && !issues.has(row)) {
        if (!readFixed(raw, cell)) {
          issues.set(row, { transaction_id: e.transaction_id, reason: raw === undefined || raw === null ? "field_missing" : "not_a_number" });
          values[row] = NaN;
        } else if (cell.b !== undefined || cell.s > MAX_FAST_SCALE) {
          bigValues.set(row, copyCell(cell));
          values[row] = NaN;
        } else {
          values[row] = cell.m;
          scales![row] = cell.s;
          if (cell.s > scale) scale = cell.s;
        }
      } else if (values !== undefined) values[row] = NaN;
    } else {
      valueKeys?.push(row, null);
      if (values !== undefined) values[row] = NaN;
    }
    row++;
  }
  // Bring every fast value to the common scale; those that stop being safe go to bigValues.
  if (values !== undefined && scales !== undefined) {
    for (let r = 0; r < row; r++) {
      const v = values[r]!;
      if (v !== v || scales[r] === scale) continue;
      const scaled = v * 10 ** (scale - scales[r]!);
      if (scaled <= LIMIT && scaled >= -LIMIT) values[r] = scaled;
      else {
        bigValues.set(r, { m: v, s: scales[r]!, b: undefined });
        values[r] = NaN;
      }
    }
  }
  return {
    metric, length: row, timestamps: timestamps.subarray(0, row), integerTimestamps, codes: codes.done(row),
    values: values?.subarray(0, row), scale, bigValues, valueKeys: valueKeys?.done(row), adds: adds?.subarray(0, row),
    keys: Object.fromEntries(keys.map((k, i) => [k, keyCols[i]!.done(row)])),
    txHashes: txHashes.subarray(0, row), issues, duplicates,
  };
}

/** Open addressing on the 32-bit hash; a hash match is confirmed on the full id. */
function isDuplicate(
  table: Int32Array, h: number, e: UsageEvent, events: readonly UsageEvent[], origin: Int32Array, hashes: Uint32Array, row: number,
): boolean {
  const mask = table.length - 1;
  for (let slot = h & mask; ; slot = (slot + 1) & mask) {
    const r = table[slot]!;
    if (r === 0) {
      table[slot] = row + 1;
      return false;
    }
    if (hashes[r - 1] !== h) continue;
    const other = events[origin[r - 1]!]!;
    if (other.transaction_id === e.transaction_id && (other.external_subscription_id ?? "") === (e.external_subscription_id ?? "")) return true;
  }
}
