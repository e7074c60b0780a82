/**
 * Credit notes and draft invoices (invoice.md §10.1, §10.4, §1.2.1): a user note on a draft is
 * refused (a draft's creditable amount is 0); an automatic note on a draft (termination of a
 * plan paid in advance during the grace period) is a draft, finalized with its invoice, and then
 * credits later invoices like any other.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Invoice { status: string; created_at: string; fees_amount_cents: number; credit_notes_amount_cents: number; total_amount_cents: number }
interface CreditNote { status: string; credit_status: string; credit_amount_cents: number; balance_amount_cents: number }

function run(steps: Obj[], until: string, payInAdvance: boolean) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [],
    plans: [{ code: "m", name: "M", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: payInAdvance, charges: [] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", billing_configuration: { invoice_grace_period: 3 } } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "m" } },
      ...steps,
    ],
    until,
  });
  return { invoices: r.invoices as unknown as Invoice[], notes: r.credit_notes as unknown as CreditNote[], responses: r.responses as Obj[] };
}

describe("simulate invoicing: credit notes on drafts", () => {
  // invoice.md §10.1 and §10.4: available_to_credit = 0 for a draft, so a user note on a draft is refused.
  it("refuses a user credit note on a draft invoice", () => {
    const { responses, notes } = run([{ at: "2024-04-02T00:00:00Z", op: "create_credit_note", body: {
      invoice_id: { $ref: { invoice: 0, field: "svc_id" } }, reason: "other", credit_amount_cents: 1000, refund_amount_cents: 0,
      items: [{ fee_id: { $ref: { invoice: 0, fee: { item: { type: "subscription" } }, field: "svc_id" } }, amount_cents: 1000 }],
    } }], "2024-04-02T00:00:00Z", false);
    expect(responses[2]).toHaveProperty("error");
    expect(notes).toEqual([]);
  });

  // invoice.md §10.1 "A draft note is finalized with its invoice"; §8 then applies it: the automatic
  // note of a termination during the grace period becomes final with the draft and credits later invoices.
  it("finalizes an automatic draft note with its invoice; a later invoice consumes it", () => {
    // s2 (paid in advance) starts on 10 March: its invoice is a draft until 13 March; terminated on 11 March
    // → an automatic note (draft) for the unused days. s1 keeps being billed: 1 April (draft → 4 April).
    const { invoices, notes } = run([
      { at: "2024-03-10T12:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s2", plan_code: "m", billing_time: "anniversary" } },
      { at: "2024-03-11T00:00:00Z", op: "terminate_subscription", body: { external_id: "s2" } },
    ], "2024-04-04T00:00:00Z", true);
    expect(notes).toHaveLength(1);
    const credit = notes[0]!.credit_amount_cents;
    expect(credit).toBeGreaterThan(0);
    expect(notes[0]!.status).toBe("finalized");
    const april = invoices.find((i) => i.created_at === "2024-04-01T00:00:00Z")!;
    expect([april.status, april.credit_notes_amount_cents, april.total_amount_cents]).toEqual(["finalized", credit, 3100 - credit]);
  });
});
