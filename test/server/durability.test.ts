/**
 * `--data DIR`: every accepted call is in the log before it is answered; a restart replays the
 * log to the same state (same answers to the same reads), refused calls are not logged, and a
 * last line cut by a crash is dropped.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG, call, start } from "./_helpers.js";
import { scratchDir } from "../support/scratch.js";

const tmpDir = (): string => scratchDir("ratecard-serve");

const STORAGE = { code: "storage", name: "Storage", aggregation_type: "max_agg", field_name: "gb" };

/** Everything a client can read back. */
async function snapshot(server: Awaited<ReturnType<typeof start>>): Promise<unknown> {
  return {
    clock: (await call(server, "GET", "/_ratecard/clock")).body,
    customers: (await call(server, "GET", "/api/v1/customers")).body,
    subscriptions: (await call(server, "GET", "/api/v1/subscriptions?status[]=active&status[]=terminated")).body,
    invoices: (await call(server, "GET", "/api/v1/invoices")).body,
    usage: (await call(server, "GET", "/api/v1/customers/c1/current_usage?external_subscription_id=s1")).body,
  };
}

describe("ratecard serve --data", () => {
  it("replays the log on restart to the same state", async () => {
    const dir = tmpDir();
    const first = await start({ catalog: CATALOG, dataDir: dir });
    await call(first, "POST", "/api/v1/billable_metrics", { billable_metric: STORAGE });
    await call(first, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
    await call(first, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } });
    await call(first, "POST", "/_ratecard/clock", { advance_to: "2024-01-20T00:00:00Z" });
    for (let i = 0; i < 5; i++) await call(first, "POST", "/api/v1/events", { event: { transaction_id: `t${i}`, external_subscription_id: "s1", code: "api_calls", properties: { calls: 10 * i } } });
    expect((await call(first, "POST", "/api/v1/events", { event: { transaction_id: "t0", external_subscription_id: "s1", code: "api_calls" } })).status).toBe(422);
    await call(first, "POST", "/_ratecard/clock", { advance_to: "2024-02-10T00:00:00Z" });
    await call(first, "POST", "/api/v1/events", { event: { transaction_id: "feb", external_subscription_id: "s1", code: "api_calls", properties: { calls: 7 } } });
    const before = await snapshot(first);
    await first.close();

    // The log: one line per accepted call (the refused duplicate is not there).
    const lines = fs.readFileSync(path.join(dir, "log.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { kind: string; op?: string });
    expect(lines.map((l) => l.op ?? l.kind)).toEqual([
      "catalog", "create_customer", "create_subscription", "clock", ...Array(5).fill("create_event"), "clock", "create_event",
    ]);

    // Restarted without --catalog: the directory's catalog is served.
    const second = await start({ dataDir: dir });
    expect(await snapshot(second)).toEqual(before);
    expect(((before as { invoices: { invoices: unknown[] } }).invoices.invoices)).toHaveLength(1);
    // And it goes on from there: the duplicate is still one.
    expect((await call(second, "POST", "/api/v1/events", { event: { transaction_id: "t1", external_subscription_id: "s1", code: "api_calls" } })).status).toBe(422);
    expect((await call(second, "POST", "/api/v1/events", { event: { transaction_id: "t9", external_subscription_id: "s1", code: "api_calls", properties: { calls: 1 } } })).status).toBe(200);
    await second.close();
    const third = await start({ dataDir: dir });
    const usage = (await call(third, "GET", "/api/v1/customers/c1/current_usage?external_subscription_id=s1")).body["customer_usage"] as { amount_cents: number };
    expect(usage.amount_cents).toBe(8 * 25); // 7 + 1 calls at 0.25
    await third.close();
  });

  it("gives back invoices, payments, credit notes, wallets and their transactions on restart", async () => {
    const dir = tmpDir();
    const catalog = { ...CATALOG, add_ons: [{ code: "setup", name: "Setup", amount_cents: 5000, amount_currency: "EUR" }] };
    const first = await start({ catalog, dataDir: dir });
    await call(first, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
    const invoice = (await call(first, "POST", "/api/v1/invoices", { invoice: { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "setup", units: 1 }] } })).body["invoice"] as Record<string, unknown>;
    const fee = (invoice["fees"] as Record<string, unknown>[])[0]!;
    expect((await call(first, "POST", "/api/v1/payments", { payment: { invoice_id: invoice["lago_id"], amount_cents: 1000, reference: "r" } })).status).toBe(200);
    expect((await call(first, "POST", "/api/v1/credit_notes", { credit_note: { invoice_id: invoice["lago_id"], reason: "other", credit_amount_cents: 500, items: [{ fee_id: fee["lago_id"], amount_cents: 500 }] } })).status).toBe(200);
    const wallet = (await call(first, "POST", "/api/v1/wallets", { wallet: { external_customer_id: "c1", rate_amount: "1", granted_credits: "3", currency: "EUR" } })).body["wallet"] as Record<string, unknown>;
    const read = async (server: Awaited<ReturnType<typeof start>>): Promise<unknown> => [
      (await call(server, "GET", "/api/v1/invoices")).body, (await call(server, "GET", "/api/v1/payments")).body,
      (await call(server, "GET", "/api/v1/credit_notes")).body, (await call(server, "GET", `/api/v1/wallets/${String(wallet["lago_id"])}/wallet_transactions`)).body,
      (await call(server, "GET", "/api/v1/fees")).body,
    ];
    const before = await read(first);
    expect(((before as Record<string, unknown[]>[])[1]!["payments"])).toHaveLength(1);
    await first.close();
    const second = await start({ dataDir: dir });
    expect(await read(second)).toEqual(before);
    await second.close();
  });

  it("drops a last line cut short by a crash (never answered) and appends after it cleanly", async () => {
    const dir = tmpDir();
    const first = await start({ catalog: CATALOG, dataDir: dir });
    await call(first, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
    await first.close();
    fs.appendFileSync(path.join(dir, "log.jsonl"), '{"kind":"step","at":"2024-01-01T00:00:00Z","op":"create_cus');
    const second = await start({ dataDir: dir });
    expect((await call(second, "GET", "/api/v1/customers")).body["meta"]).toMatchObject({ total_count: 1 });
    await call(second, "POST", "/api/v1/customers", { customer: { external_id: "c2", currency: "EUR" } });
    await second.close();
    const third = await start({ dataDir: dir });
    expect((await call(third, "GET", "/api/v1/customers")).body["meta"]).toMatchObject({ total_count: 2 });
    await third.close();
  });

  it("refuses to start on a damaged log or with another catalog than the directory's", async () => {
    const dir = tmpDir();
    const first = await start({ catalog: CATALOG, dataDir: dir });
    await first.close();
    await expect(start({ catalog: { ...CATALOG, plans: [] }, dataDir: dir })).rejects.toThrow(/another catalog/);
    fs.writeFileSync(path.join(dir, "log.jsonl"), "not json\n{}\n");
    await expect(start({ dataDir: dir })).rejects.toThrow(/line 1 is not JSON/);
  });
});
