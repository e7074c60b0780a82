/**
 * `ratecard/pg`: runs the push-down statement with node-postgres (`pg`, an optional peer
 * dependency). Nothing here imports `pg`: pass a `Client`, a `Pool` or a `PoolClient` (or
 * anything with the same `query`), so the core stays free of drivers.
 */
import type { AggregateOutput } from "../json/aggregate.js";
import { aggregationSql } from "./aggregationSql.js";
import { type AggregationRow, aggregateFromRows } from "./fromRows.js";

/** What `aggregateInPostgres` needs of a node-postgres client or pool. */
export interface PgQueryable {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface PgAggregateOptions {
  /** `false`: no per-event rows for sums, no `event_values` (docs/scale.md). */
  readonly eventValues?: boolean | undefined;
  /** The events table (docs/scale.md), `name` or `schema.name`. Default `events`. */
  readonly table?: string | undefined;
}

/**
 * `aggregate(input)` computed in PostgreSQL: one statement, one round trip.
 *
 * @param client - a pg `Client`, `Pool` or `PoolClient` (default type parsing).
 * @param input - `aggregate`'s input with `events: []` and an optional `external_subscription_id`.
 * @example
 * import pg from "pg";
 * import { aggregateInPostgres } from "ratecard/pg";
 * const pool = new pg.Pool();
 * const usage = await aggregateInPostgres(pool, { billable_metric: { code: "api_calls", aggregation_type: "count_agg" },
 *   events: [], from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z", external_subscription_id: "sub_1" });
 */
export async function aggregateInPostgres(client: PgQueryable, input: unknown, options: PgAggregateOptions = {}): Promise<AggregateOutput> {
  const { text, values } = aggregationSql(input, { dialect: "postgres", table: options.table, eventValues: options.eventValues });
  const result = await client.query(text, [...values]);
  return aggregateFromRows(input, result.rows as AggregationRow[], { eventValues: options.eventValues });
}

export { type AggregationSql, type AggregationRow, aggregationSql, aggregateFromRows, mergeRows } from "./index.js";
export { EVENTS_TABLE_POSTGRES } from "./schema.js";
