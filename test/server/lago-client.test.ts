/**
 * End to end with the reference service's own published JavaScript client
 * (`lago-javascript-client`, a devDependency), pointed at a `ratecard serve` process through
 * its `baseUrl` option as its users point it at a self-hosted install: catalog, customer,
 * subscription, events (a duplicate transaction id and a bad timestamp among them), current
 * usage, the clock (ratecard's extension, plain fetch) moved past two billing runs, invoices
 * listed and fetched, a webhook endpoint receiving `invoice.created`. The figures are those
 * `simulate` gives on the same timeline.
 */
import type { ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { Client, getLagoError, type LagoWebhookPayloads } from "lago-javascript-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import { toWire } from "../../src/server/wire.js";
import { KEY, launchServe } from "./_helpers.js";
import { Receiver, waitFor } from "./_receiver.js";

type Obj = Record<string, unknown>;
const SECRET = "client-test-secret";
const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-01-10T12:00:00Z";
const T2 = "2024-02-15T00:00:00Z";
const T3 = "2024-03-01T06:00:00Z";

const METRIC = { name: "API calls", code: "api_calls", aggregation_type: "sum_agg" as const, field_name: "calls" };
const PLAN = { name: "Pro", code: "pro", interval: "monthly" as const, amount_cents: 2000, amount_currency: "EUR" as const, pay_in_advance: false };
const CHARGE = { charge_model: "standard" as const, properties: { amount: "0.25" } };
const TAX = { name: "VAT", code: "vat", rate: "20" };

const CUSTOMER = { external_id: "c1", name: "Acme", currency: "EUR" as const, tax_codes: ["vat"] };
const SUBSCRIPTION = { external_customer_id: "c1", plan_code: "pro", external_id: "s1", billing_time: "calendar" as const };
const E1 = { transaction_id: "t1", external_subscription_id: "s1", code: "api_calls", properties: { calls: 100 } };
const BATCH = { events: [
  { transaction_id: "t3", external_subscription_id: "s1", code: "api_calls", properties: { calls: 40 } },
  // Not a number: accepted, and not counted, as the reference does.
  { transaction_id: "t4", external_subscription_id: "s1", code: "api_calls", properties: { calls: "many" } },
] };
const E5 = { transaction_id: "t5", external_subscription_id: "s1", code: "api_calls", properties: { calls: 10 } };

/** The accepted calls as simulate steps. */
const STEPS = [
  { at: T0, op: "create_customer", body: CUSTOMER },
  { at: T0, op: "create_subscription", body: SUBSCRIPTION },
  { at: T1, op: "create_event", body: E1 },
  { at: T1, op: "create_events", body: BATCH },
  { at: T1, op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } },
  { at: T2, op: "create_event", body: E5 },
];
const expected = simulate({
  billable_metrics: [METRIC], plans: [{ ...PLAN, charges: [{ billable_metric_code: "api_calls", ...CHARGE }] }], taxes: [TAX], steps: STEPS, until: T3,
}) as { invoices: Obj[]; responses: Obj[] };

let child: ChildProcess;
let url = "";
let client: ReturnType<typeof Client>;
let receiver: Receiver;

/** Starts `ratecard serve` (the CLI from the sources); resolves with its URL. */
async function launch(args: string[]): Promise<string> {
  const started = await launchServe(args);
  child = started.child;
  return started.url;
}

/** ratecard's clock extension (the client does not know it): plain fetch. */
async function advance(to: string): Promise<void> {
  const r = await fetch(`${url}/_ratecard/clock`, { method: "POST", headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" }, body: JSON.stringify({ advance_to: to }) });
  expect(r.status).toBe(200);
}

/** The error body of a call the client rejected. */
async function refusal(p: Promise<unknown>): Promise<Obj> {
  try {
    await p;
  } catch (e) {
    return (await getLagoError<() => Promise<never>>(e)) as unknown as Obj;
  }
  throw new Error("the call was not refused");
}

const replies: Record<string, unknown> = {};

beforeAll(async () => {
  receiver = await Receiver.start();
  url = await launch(["--api-key", KEY, "--now", T0, "--webhook-secret", SECRET, "--webhook-backoff", "1"]);
  client = Client(KEY, { baseUrl: `${url}/api/v1` });

  await client.webhookEndpoints.createWebhookEndpoint({ webhook_endpoint: { webhook_url: receiver.url, signature_algo: "hmac" } });
  const metric = await client.billableMetrics.createBillableMetric({ billable_metric: METRIC });
  // The reference's clients name a charge's metric by its id.
  await client.plans.createPlan({ plan: { ...PLAN, charges: [{ billable_metric_id: metric.data.billable_metric.lago_id, ...CHARGE }] } });
  await client.taxes.createTax({ tax: TAX });
  replies["customer"] = (await client.customers.createCustomer({ customer: CUSTOMER })).data;
  replies["subscription"] = (await client.subscriptions.createSubscription({ subscription: SUBSCRIPTION })).data;
  await advance(T1);
  replies["t1"] = (await client.events.createEvent({ event: E1 })).data;
  replies["duplicate"] = await refusal(client.events.createEvent({ event: { ...E1, properties: { calls: 999 } } }));
  replies["bad"] = await refusal(client.events.createEvent({ event: { transaction_id: "t2", external_subscription_id: "s1", code: "api_calls", timestamp: "yesterday" as unknown as number, properties: { calls: 1 } } }));
  replies["batch"] = (await client.events.createBatchEvents(BATCH)).data;
  replies["usage"] = (await client.customers.findCustomerCurrentUsage("c1", { external_subscription_id: "s1" })).data;
  await advance(T2);
  await client.events.createEvent({ event: E5 });
  await advance(T3);
}, 60_000);

afterAll(async () => {
  if (child !== undefined && child.exitCode === null) {
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await receiver?.close();
});

describe("ratecard serve with lago-javascript-client", () => {
  it("creates the customer and the subscription, answering simulate's responses", () => {
    expect(replies["customer"]).toEqual(toWire(expected.responses[0]));
    expect(replies["subscription"]).toEqual(toWire(expected.responses[1]));
    expect(replies["t1"]).toEqual(toWire(expected.responses[2]));
    expect(replies["batch"]).toEqual(toWire(expected.responses[3]));
  });

  it("refuses a duplicate transaction id and a bad timestamp as the reference does (422), the client rejecting", () => {
    expect(replies["duplicate"]).toEqual({ status: 422, error: "Unprocessable Entity", code: "validation_errors", error_details: { transaction_id: ["value_already_exist"] } });
    expect(replies["bad"]).toMatchObject({ status: 422, code: "validation_errors", error_details: { timestamp: ["invalid_format"] } });
  });

  it("refuses a plan whose charge names an unknown billable_metric_id (404 billable_metric_not_found)", async () => {
    const r = await refusal(client.plans.createPlan({ plan: { ...PLAN, code: "other", charges: [{ billable_metric_id: "00000000-0000-0000-0000-000000000000", ...CHARGE }] } }));
    expect(r).toEqual({ status: 404, error: "Not Found", code: "billable_metric_not_found" });
  });

  it("reads the current usage simulate computes: 140 calls at 0.25", () => {
    expect(replies["usage"]).toEqual(toWire(expected.responses[4]));
    expect((replies["usage"] as { customer_usage: { amount_cents: number } }).customer_usage.amount_cents).toBe(3500);
  });

  it("lists and fetches the invoices of the two billing runs, equal to simulate's", async () => {
    const list = await client.invoices.findAllInvoices({ external_customer_id: "c1" });
    const invoices = list.data.invoices as unknown as Obj[];
    expect(invoices).toEqual(toWire([...expected.invoices].reverse()));
    expect(list.data.meta).toMatchObject({ current_page: 1, total_count: 2 });
    // January: 20.00 + 140 × 0.25 = 55.00, 20 % VAT → 66.00; February: 20.00 + 10 × 0.25 = 22.50 → 27.00.
    expect(invoices.map((i) => [i["issuing_date"], i["fees_amount_cents"], i["taxes_amount_cents"], i["total_amount_cents"]])).toEqual([
      ["2024-03-01", 2250, 450, 2700],
      ["2024-02-01", 5500, 1100, 6600],
    ]);
    for (const invoice of invoices) {
      const one = await client.invoices.findInvoice(String(invoice["lago_id"]));
      expect(one.data.invoice).toEqual(invoice);
    }
  });

  it("delivers invoice.created to the endpoint the client registered, signed with --webhook-secret", async () => {
    await waitFor(() => receiver.types().filter((t) => t === "invoice.created").length === 2, "two invoice.created");
    const created = receiver.received.filter((r) => r.json["webhook_type"] === "invoice.created");
    const invoices = (await client.invoices.findAllInvoices()).data.invoices;
    created.forEach((r, i) => {
      const payload = r.json as unknown as LagoWebhookPayloads["invoice.created"];
      expect(payload.object_type).toBe("invoice");
      expect(payload.invoice.lago_id).toBe(invoices[invoices.length - 1 - i]!.lago_id);
      expect(payload.invoice.total_amount_cents).toBe(invoices[invoices.length - 1 - i]!.total_amount_cents);
      expect(r.headers["x-lago-signature"]).toBe(createHmac("sha256", SECRET).update(r.body).digest("base64"));
    });
    const key = await client.webhooks.fetchJsonPublicKey();
    expect(Buffer.from(key.data.webhook.public_key, "base64").toString()).toContain("BEGIN PUBLIC KEY");
  });
});
