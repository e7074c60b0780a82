/**
 * The ClickHouse of the push-down tests: chDB, ClickHouse's engine embedded in the process
 * (the `chdb` npm package, 26.x). `RATECARD_TEST_CHDB` names the installed package's
 * directory (`.ci/run` installs it outside the project: it weighs half a gigabyte, too much
 * for a devDependency). Unset: the tests fail under CI=1 and are skipped elsewhere.
 */
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { EVENTS_TABLE_CLICKHOUSE } from "../../src/sql/schema.js";
import type { StoredEvent } from "./pgHarness.js";

export const CHDB_DIR = process.env.RATECARD_TEST_CHDB;
export const CH_SKIP_MESSAGE =
  "push-down tests against ClickHouse skipped: RATECARD_TEST_CHDB is unset (./.ci/run installs chDB and sets it)";

/** What the tests use of chDB's `Session`. */
export interface ChSession {
  query(query: string, format?: string): string;
  queryBind(query: string, args: object, format?: string): string;
  close(): void;
}

export async function chSession(): Promise<ChSession> {
  const mod = (await import(pathToFileURL(join(CHDB_DIR!, "index.mjs")).href)) as { Session: new () => ChSession };
  return new mod.Session();
}

/** The documented events table, created under `table`'s name. */
export function createTable(s: ChSession, table: string): void {
  s.query(EVENTS_TABLE_CLICKHOUSE.replace("IF NOT EXISTS events", `IF NOT EXISTS ${table}`));
}

/** An event as the documented table stores it: each property's text (a JSON number's digits as JSON writes them; other JSON values as JSON). */
function row(e: StoredEvent): string {
  const properties: Record<string, string> = {};
  for (const [k, v] of Object.entries(e.properties)) {
    if (v === null || v === undefined) continue;
    properties[k] = typeof v === "string" ? v : JSON.stringify(v);
  }
  const t = new Date(e.timestamp).toISOString().replace("T", " ").replace("Z", "");
  return JSON.stringify({ id: e.id, external_subscription_id: e.external_subscription_id, transaction_id: e.transaction_id, code: e.code, timestamp: t, properties, precise_total_amount_cents: e.precise_total_amount_cents ?? null });
}

/** Replaces the table's rows by `events` (ids as given). */
export function load(s: ChSession, table: string, events: readonly StoredEvent[]): void {
  s.query(`TRUNCATE TABLE ${table}`);
  if (events.length > 0) s.query(`INSERT INTO ${table} FORMAT JSONEachRow\n${events.map(row).join("\n")}`);
}

/** Runs a statement with its parameters; the rows as JSONEachRow parses them. */
export function rowsOf(s: ChSession, text: string, params: object): Record<string, unknown>[] {
  const out = s.queryBind(text, params, "JSONEachRow");
  return out.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, unknown>);
}
