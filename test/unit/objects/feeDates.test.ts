/**
 * invoice.md §2 "Fee dates": the fees of a pay-in-advance charge billed in whole UTC days — one
 * created at event time outside any invoice (`invoiceable: false`), and the period fee an
 * invoice carries for a pay-in-advance charge — from 00:00:00 of the window's first UTC date to
 * 23:59:59 of its last; other fees keep their window.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const plan = (invoiceable: boolean) => ({
  code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
  charges: [{ billable_metric_code: "seats", charge_model: "standard", pay_in_advance: true, invoiceable, properties: { amount: "1" } }],
});
const run = (tz: string, invoiceable: boolean) => simulate({
  organization: { timezone: tz, default_currency: "EUR" },
  billable_metrics: [{ code: "seats", name: "Seats", aggregation_type: "sum_agg", field_name: "n" }],
  plans: [plan(invoiceable)],
  steps: [
    { at: "2024-03-05T10:30:00Z", op: "create_subscription", body: { external_customer_id: "a", external_id: "s1", plan_code: "p" } },
    { at: "2024-03-12T08:00:00Z", op: "create_event", body: { transaction_id: "e1", code: "seats", external_subscription_id: "s1", properties: { n: 2 } } },
  ],
  until: "2024-03-20T00:00:00Z",
});
const eventFee = (out: { fees: readonly unknown[] }): Obj => (out.fees as Obj[]).find((f) => f["event_transaction_id"] === "e1")!;

describe("fee dates in whole days", () => {
  it("a non-invoiceable event-time fee: the UTC dates of its window (the doc's example)", () => {
    expect(eventFee(run("UTC", false))).toMatchObject({ from_date: "2024-03-05T00:00:00Z", to_date: "2024-03-31T23:59:59Z" });
  });

  it("west of UTC the last date is the UTC date of the local end, one day later", () => {
    expect(eventFee(run("America/New_York", false))).toMatchObject({ to_date: "2024-04-01T23:59:59Z" });
  });

  it("an invoiceable pay-in-advance fee keeps its window", () => {
    expect(eventFee(run("UTC", true))).toMatchObject({ from_date: "2024-03-05T10:30:00Z", to_date: "2024-03-31T23:59:59Z" });
  });
});
