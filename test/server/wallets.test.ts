/**
 * `ratecard serve`: prepaid-credit wallets — created (granted and paid credits, the paid ones on
 * a credit invoice), read and listed, updated, topped up, their transactions listed, a wallet
 * alert, the credits consumed by the next invoice, the wallet terminated — each answer equal
 * to `simulate`'s on the same timeline.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import type { ServeHandle } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, type Reply, start } from "./_helpers.js";

type Obj = Record<string, unknown>;
const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-01-15T00:00:00Z";
const T2 = "2024-02-01T12:00:00Z";
const wallet = { $ref: { wallet: 0, field: "svc_id" } };
const ALERT = { code: "low", name: "Low balance", alert_type: "wallet_balance_amount", thresholds: [{ code: "five", value: 500 }] };

const STEPS = [
  { at: T0, op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
  { at: T0, op: "create_subscription", body: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } },
  { at: T0, op: "create_wallet", body: { external_customer_id: "c1", name: "Credits", rate_amount: "1", granted_credits: "20", paid_credits: "5", currency: "EUR" } },
  { at: T1, op: "update_wallet", body: { wallet_id: wallet, name: "Prepaid" } },
  { at: T1, op: "create_wallet_transaction", body: { wallet_id: wallet, granted_credits: "10" } },
  { at: T1, op: "create_alert", body: { external_customer_id: "c1", wallet_code: "credits", ...ALERT } },
  { at: T2, op: "fetch_wallet", body: { svc_id: wallet } },
  { at: T2, op: "terminate_wallet", body: { wallet_id: wallet } },
];
const expected = simulate({ ...CATALOG, steps: STEPS });
const responses = expected.responses as Obj[];

let server: ServeHandle;
const r: Record<string, Reply> = {};
let walletId = "";

beforeAll(async () => {
  server = await start({ catalog: CATALOG, now: T0 });
  await call(server, "POST", "/api/v1/customers", { customer: STEPS[0]!.body });
  await call(server, "POST", "/api/v1/subscriptions", { subscription: STEPS[1]!.body });
  r["bad"] = await call(server, "POST", "/api/v1/wallets", { wallet: { external_customer_id: "c1", rate_amount: "x", currency: "EUR" } });
  r["create"] = await call(server, "POST", "/api/v1/wallets", { wallet: STEPS[2]!.body });
  walletId = String((r["create"].body["wallet"] as Obj)["lago_id"]);
  await call(server, "POST", "/_ratecard/clock", { advance_to: T1 });
  r["update"] = await call(server, "PUT", `/api/v1/wallets/${walletId}`, { wallet: { name: "Prepaid" } });
  r["top_up"] = await call(server, "POST", "/api/v1/wallet_transactions", { wallet_transaction: { wallet_id: walletId, granted_credits: "10" } });
  r["alert"] = await call(server, "POST", "/api/v1/customers/c1/wallets/credits/alerts", { alert: ALERT });
  await call(server, "POST", "/_ratecard/clock", { advance_to: T2 });
  r["fetch"] = await call(server, "GET", `/api/v1/wallets/${walletId}`);
  r["list"] = await call(server, "GET", "/api/v1/wallets?external_customer_id=c1");
  r["transactions"] = await call(server, "GET", `/api/v1/wallets/${walletId}/wallet_transactions`);
  r["terminate"] = await call(server, "DELETE", `/api/v1/wallets/${walletId}`);
});
afterAll(async () => server.close());

describe("ratecard serve: wallets", () => {
  it("refuses a bad wallet with 422 and the field, creating nothing", async () => {
    expect(r["bad"]!.status).toBe(422);
    expect(Object.keys(r["bad"]!.body["error_details"] as Obj)).toContain("rate_amount");
  });

  it("creates a wallet (POST /wallets): 20 granted credits at 1.00", () => {
    expect(r["create"]).toEqual({ status: 200, body: toWire(responses[2]) });
    expect(r["create"]!.body["wallet"]).toMatchObject({ name: "Credits", balance_cents: 2000, credits_balance: "20", rate_amount: "1", status: "active" });
  });

  it("updates it (PUT /wallets/:id) and tops it up (POST /wallet_transactions)", () => {
    expect(r["update"]).toEqual({ status: 200, body: toWire(responses[3]) });
    expect((r["update"]!.body["wallet"] as Obj)["name"]).toBe("Prepaid");
    expect(r["top_up"]).toEqual({ status: 200, body: toWire(responses[4]) });
    const [t] = r["top_up"]!.body["wallet_transactions"] as Obj[];
    expect(t).toMatchObject({ transaction_status: "granted", transaction_type: "inbound", amount: "10", status: "settled" });
  });

  it("creates a wallet alert (POST /customers/:id/wallets/:code/alerts) and reads it", async () => {
    expect(r["alert"]).toEqual({ status: 200, body: toWire(responses[5]) });
    const one = await call(server, "GET", "/api/v1/customers/c1/wallets/credits/alerts/low");
    expect(one.status).toBe(200);
    expect((one.body["alert"] as Obj)["code"]).toBe("low");
    const all = await call(server, "GET", "/api/v1/customers/c1/wallets/credits/alerts");
    expect((all.body["alerts"] as Obj[]).map((a) => a["code"])).toEqual(["low"]);
    expect((await call(server, "GET", "/api/v1/customers/c1/wallets/credits/alerts/nope")).body["code"]).toBe("alert_not_found");
  });

  it("reads the wallet after February's invoice consumed 10.00 of its 30 credits (GET /wallets/:id, fetch_wallet)", () => {
    expect(r["fetch"]).toEqual({ status: 200, body: toWire(responses[6]) });
    expect(r["fetch"]!.body["wallet"]).toMatchObject({ balance_cents: 2000, credits_balance: "20", consumed_credits: "10" });
    const invoice = (expected.invoices as Obj[]).find((i) => i["invoice_type"] === "subscription")!;
    expect(invoice["prepaid_credit_amount_cents"]).toBe(1000);
    expect(invoice["total_amount_cents"]).toBe(0);
  });

  it("lists the customer's wallets (GET /wallets?external_customer_id=) and requires the customer", async () => {
    expect(r["list"]!.body["wallets"]).toEqual([r["fetch"]!.body["wallet"]]);
    expect(r["list"]!.body["meta"]).toMatchObject({ total_count: 1 });
    const none = await call(server, "GET", "/api/v1/wallets");
    expect(none.status).toBe(422);
    expect(none.body["error_details"]).toEqual({ external_customer_id: ["value_is_mandatory"] });
    expect((await call(server, "GET", "/api/v1/wallets?external_customer_id=nobody")).status).toBe(404);
  });

  it("lists its transactions (GET /wallets/:id/wallet_transactions, with filters) and fetches one", async () => {
    const all = r["transactions"]!.body["wallet_transactions"] as Obj[];
    expect(all).toEqual(toWire(expected.wallet_transactions));
    expect(all.map((t) => [t["transaction_type"], t["transaction_status"], t["amount"]])).toEqual([
      ["inbound", "purchased", "5"], ["inbound", "granted", "20"], ["inbound", "granted", "10"], ["outbound", "invoiced", "10"],
    ]);
    const outbound = await call(server, "GET", `/api/v1/wallets/${walletId}/wallet_transactions?transaction_type=outbound`);
    expect((outbound.body["wallet_transactions"] as Obj[]).length).toBe(1);
    const one = await call(server, "GET", `/api/v1/wallet_transactions/${String(all[0]!["lago_id"])}`);
    expect(one.body["wallet_transaction"]).toEqual(all[0]);
    expect((await call(server, "GET", "/api/v1/wallets/nope/wallet_transactions")).body["code"]).toBe("wallet_not_found");
  });

  it("terminates it (DELETE /wallets/:id)", async () => {
    expect(r["terminate"]).toEqual({ status: 200, body: toWire(responses[7]) });
    expect((r["terminate"]!.body["wallet"] as Obj)["status"]).toBe("terminated");
    expect((await call(server, "DELETE", "/api/v1/wallets/nope")).body["code"]).toBe("wallet_not_found");
  });
});
