/**
 * `ratecard/sql`: aggregation pushed down to the event store (docs/scale.md). Pure and
 * driver-free: `aggregationSql` builds one parameterized statement (PostgreSQL or
 * ClickHouse), the caller runs it with the driver of their choice, `aggregateFromRows`
 * turns its rows into exactly what `aggregate` returns, `mergeRows` merges shards' rows.
 */
export { type AggregationSql, type AggregationSqlOptions, type SqlDialect, aggregationSql } from "./aggregationSql.js";
export { type AggregationRow, aggregateFromRows, mergeRows } from "./fromRows.js";
export type { PushDownOptions } from "./prepare.js";
export { EVENTS_TABLE_POSTGRES, EVENTS_TABLE_CLICKHOUSE } from "./schema.js";
