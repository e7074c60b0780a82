/**
 * `void_credit_note`: a credit note's remaining credit withdrawn (credit_status voided, balance
 * 0, voided_at), after which invoices take nothing from it; nothing left to void is refused.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;

const note = (at: string, amount: number): Obj => ({ at, op: "create_credit_note", body: {
  invoice_id: { $ref: { invoice: 0, field: "svc_id" } }, reason: "other", credit_amount_cents: amount, refund_amount_cents: 0,
  items: [{ fee_id: { $ref: { invoice: 0, fee: { item: { type: "subscription" } }, field: "svc_id" } }, amount_cents: amount }],
} });
const voidNote = (at: string, id: unknown = { $ref: { credit_note: 0, field: "svc_id" } }): Obj => ({ at, op: "void_credit_note", body: { credit_note_id: id } });

function run(steps: Obj[], until: string) {
  return simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: true }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      ...steps,
    ],
    until,
  }) as unknown as { invoices: Obj[]; credit_notes: Obj[]; responses: Obj[] };
}

describe("void_credit_note", () => {
  it("withdraws the remaining credit: the next invoice takes none of it", () => {
    const kept = run([note("2024-03-05T00:00:00Z", 1000)], "2024-04-01T00:00:00Z");
    expect(kept.invoices.map((i) => i["credit_notes_amount_cents"])).toEqual([0, 1000]);
    const r = run([note("2024-03-05T00:00:00Z", 1000), voidNote("2024-03-10T00:00:00Z")], "2024-04-01T00:00:00Z");
    expect(r.invoices.map((i) => [i["credit_notes_amount_cents"], i["total_amount_cents"]])).toEqual([[0, 3100], [0, 3100]]);
    const answer = r.responses[3]!["credit_note"] as Obj;
    expect([answer["credit_status"], answer["balance_amount_cents"], answer["voided_at"]]).toEqual(["voided", 0, "2024-03-10T00:00:00Z"]);
    expect(r.credit_notes.map((n) => [n["credit_status"], n["balance_amount_cents"], n["credit_amount_cents"]])).toEqual([["voided", 0, 1000]]);
  });

  it("voids what is left of a partly consumed note", () => {
    // 2,000 credited in March, 3,100 billed on 1 April takes it all: nothing is left to void after.
    const r = run([note("2024-03-05T00:00:00Z", 2000), voidNote("2024-04-02T00:00:00Z")], "2024-04-03T00:00:00Z");
    expect(r.responses[3]).toEqual({ error: { code: "no_voidable_amount" } });
    expect(r.credit_notes.map((n) => n["credit_status"])).toEqual(["consumed"]);
  });

  it("refuses a note voided twice or unknown, changing nothing", () => {
    const r = run([note("2024-03-05T00:00:00Z", 1000), voidNote("2024-03-10T00:00:00Z"), voidNote("2024-03-11T00:00:00Z"), voidNote("2024-03-11T00:00:00Z", "nope")], "2024-03-12T00:00:00Z");
    expect(r.responses[4]).toEqual({ error: { code: "no_voidable_amount" } });
    expect(r.responses[5]).toEqual({ error: { code: "credit_note_not_found" } });
    expect((r.credit_notes[0] as Obj)["voided_at"]).toBe("2024-03-10T00:00:00Z");
  });
});
