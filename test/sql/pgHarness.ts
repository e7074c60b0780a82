/**
 * The PostgreSQL of the push-down tests: `RATECARD_TEST_PG` names it (a socket directory,
 * `/tmp/…`, as `.ci/run` starts it; or a connection string), `RATECARD_TEST_PGUSER` the
 * role (default `postgres`). Unset: the tests fail under CI=1 and are skipped elsewhere.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { EVENTS_TABLE_POSTGRES } from "../../src/sql/schema.js";

export const PG_TARGET = process.env.RATECARD_TEST_PG;
export const IN_CI = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "0" && process.env.CI !== "false";
export const SKIP_MESSAGE =
  "push-down tests against PostgreSQL skipped: RATECARD_TEST_PG is unset (./.ci/run starts a throwaway PostgreSQL and sets it)";

export function pgClient(): pg.Client {
  const target = PG_TARGET!;
  return target.startsWith("/")
    ? new pg.Client({ host: target, user: process.env.RATECARD_TEST_PGUSER ?? "postgres", database: process.env.RATECARD_TEST_PGDATABASE ?? "postgres" })
    : new pg.Client({ connectionString: target });
}

/** A fresh schema holding the documented events table; `search_path` set to it. */
export async function freshSchema(client: pg.Client, name: string): Promise<void> {
  await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  await client.query(`CREATE SCHEMA ${name}`);
  await client.query(`SET search_path = ${name}`);
  await client.query(EVENTS_TABLE_POSTGRES);
}

export interface StoredEvent {
  readonly id: number;
  readonly external_subscription_id: string;
  readonly transaction_id: string;
  readonly code: string;
  /** Epoch ms. */
  readonly timestamp: number;
  readonly properties: Record<string, unknown>;
  /** Dynamic charges: a decimal text, stored in the numeric column. */
  readonly precise_total_amount_cents?: string | undefined;
}

/** Replaces the table's rows by `events` (ids as given), in one statement. */
export async function load(client: pg.Client, table: string, events: readonly StoredEvent[]): Promise<void> {
  await client.query(`TRUNCATE ${table}`);
  if (events.length === 0) return;
  await client.query(
    `INSERT INTO ${table} (id, external_subscription_id, transaction_id, code, "timestamp", properties, precise_total_amount_cents)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::jsonb[], $7::numeric[])`,
    [
      events.map((e) => e.id), events.map((e) => e.external_subscription_id), events.map((e) => e.transaction_id),
      events.map((e) => e.code), events.map((e) => new Date(e.timestamp).toISOString()), events.map((e) => JSON.stringify(e.properties)),
      events.map((e) => e.precise_total_amount_cents ?? null),
    ],
  );
}

/**
 * `body` as a describe block when the engine is `available`; otherwise one test that fails under
 * CI=1 (the engine must be there) and is skipped, with `skipMessage`, elsewhere.
 */
export function describeWithEngine(title: string, engine: string, available: boolean, skipMessage: string, body: () => void): void {
  if (available) {
    describe(title, body);
    return;
  }
  describe(title, () => {
    if (IN_CI) it(`needs ${engine} under CI`, () => expect.fail(`CI=1 but ${skipMessage}`));
    else {
      console.warn(skipMessage);
      it.skip(skipMessage, () => {});
    }
  });
}
