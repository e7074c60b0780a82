/**
 * The organization of `ratecard serve` (`--org FILE`, `organization` from code): without one,
 * UTC, no grace period, no organization taxes; with one, its time zone places the billing
 * runs, its grace period makes drafts, its taxes tax every invoice — as `simulate` does with the
 * same organization — and its settings go over the catalog's field by field.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import { createServer, ServeError } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, start } from "./_helpers.js";
import { scratchDir } from "../support/scratch.js";

type Obj = Record<string, unknown>;
const { organization: _catalogOrg, ...NO_ORG } = CATALOG;
const CUSTOMER = { external_id: "c1", currency: "EUR" };
const SUBSCRIPTION = { external_customer_id: "c1", plan_code: "metered", external_id: "s1" };
const EVENT = { transaction_id: "t1", external_subscription_id: "s1", code: "api_calls", properties: { calls: 40 } };

/** A customer on the metered plan from 2024-01-01, 40 calls on January 10; the invoices when the clock reaches each of `moves`. */
async function invoicesAfter(options: Obj, moves: readonly string[]): Promise<{ at: string; invoices: Obj[] }[]> {
  const server = await start({ now: "2024-01-01T12:00:00Z", ...options });
  try {
    await call(server, "POST", "/api/v1/customers", { customer: CUSTOMER });
    await call(server, "POST", "/api/v1/subscriptions", { subscription: SUBSCRIPTION });
    await call(server, "POST", "/_ratecard/clock", { advance_to: "2024-01-10T00:00:00Z" });
    await call(server, "POST", "/api/v1/events", { event: EVENT });
    const out: { at: string; invoices: Obj[] }[] = [];
    for (const at of moves) {
      await call(server, "POST", "/_ratecard/clock", { advance_to: at });
      out.push({ at, invoices: (await call(server, "GET", "/api/v1/invoices")).body["invoices"] as Obj[] });
    }
    return out;
  } finally {
    await server.close();
  }
}

const steps = [
  { at: "2024-01-01T12:00:00Z", op: "create_customer", body: CUSTOMER },
  { at: "2024-01-01T12:00:00Z", op: "create_subscription", body: SUBSCRIPTION },
  { at: "2024-01-10T00:00:00Z", op: "create_event", body: EVENT },
];

describe("ratecard serve: the organization", () => {
  it("defaults to UTC, no grace period, no organization taxes", async () => {
    const [feb1] = await invoicesAfter({ catalog: NO_ORG }, ["2024-02-01T00:00:00Z"]);
    expect(feb1!.invoices).toHaveLength(1);
    // Billed at midnight UTC, finalized at once, untaxed: 10.00 + 40 × 0.25.
    expect(feb1!.invoices[0]).toMatchObject({ status: "finalized", issuing_date: "2024-02-01", fees_amount_cents: 2000, taxes_amount_cents: 0, total_amount_cents: 2000 });
  });

  it("bills in the organization's time zone, drafts for its grace period, taxes with its taxes (the reference's {organization} body)", async () => {
    const file = { organization: { timezone: "America/New_York", billing_configuration: { invoice_grace_period: 2 }, taxes: [{ code: "vat", name: "VAT", rate: "20" }] } };
    const moves = ["2024-02-01T00:00:00Z", "2024-02-01T06:00:00Z", "2024-02-03T06:00:00Z"];
    const [utcMidnight, nyMidnight, afterGrace] = await invoicesAfter({ catalog: NO_ORG, organization: file }, moves);
    // Still January 31 in New York at midnight UTC.
    expect(utcMidnight!.invoices).toEqual([]);
    expect(nyMidnight!.invoices[0]).toMatchObject({ status: "draft", fees_amount_cents: 2000, taxes_amount_cents: 400, total_amount_cents: 2400 });
    expect(afterGrace!.invoices[0]).toMatchObject({ status: "finalized", total_amount_cents: 2400 });
    const expected = simulate({
      ...NO_ORG, organization: { timezone: "America/New_York", invoice_grace_period: 2 }, taxes: [{ code: "vat", name: "VAT", rate: "20", applied_to_organization: true }],
      steps, until: moves[2],
    });
    expect(afterGrace!.invoices).toEqual(toWire(expected.invoices));
  });

  it("goes over the catalog's organization field by field", async () => {
    const [feb1] = await invoicesAfter({ catalog: CATALOG, organization: { invoice_grace_period: 1, net_payment_term: 30 } }, ["2024-02-01T00:00:00Z"]);
    const invoice = feb1!.invoices[0]!;
    // The file's grace period and payment term…
    expect(invoice).toMatchObject({ status: "draft", net_payment_term: 30, fees_amount_cents: 2000 });
    // …the catalog's name (its document prefix, "SER-…") and time zone.
    expect((invoice["customer"] as Obj)["slug"]).toMatch(/^SER-/);
    expect((invoice["customer"] as Obj)["applicable_timezone"]).toBe("UTC");
  });

  it("refuses a bad organization before it listens", async () => {
    await expect(createServer({ apiKeys: ["k"], organization: { timezone: "Mars/Base" } })).rejects.toThrow(/catalog refused.*timezone/);
    await expect(createServer({ apiKeys: ["k"], organization: [1] })).rejects.toThrow(ServeError);
    await expect(createServer({ apiKeys: ["k"], organization: { taxes: "vat" } })).rejects.toThrow(/--org: organization.taxes/);
  });

  it("is part of what --data keeps: a restart takes the same organization, or none, and refuses another", async () => {
    const dir = scratchDir("ratecard-serve");
    const org = { timezone: "Asia/Tokyo" };
    const first = await start({ catalog: NO_ORG, organization: org, dataDir: dir });
    await call(first, "POST", "/api/v1/customers", { customer: CUSTOMER });
    await first.close();
    for (const options of [{ catalog: NO_ORG, organization: org }, {}]) {
      const again = await start({ ...options, dataDir: dir });
      expect(((await call(again, "GET", "/api/v1/customers/c1")).body["customer"] as Obj)["applicable_timezone"]).toBe("Asia/Tokyo");
      await again.close();
    }
    await expect(start({ catalog: NO_ORG, organization: { timezone: "UTC" }, dataDir: dir })).rejects.toThrow(/another catalog or organization/);
  });
});
