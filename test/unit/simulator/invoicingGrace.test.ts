/**
 * The grace period of `simulate` (invoice.md §1.1, §1.2.1; periods.md §10): the draft at the run
 * and its `invoice.drafted` webhook, finalization at the start of the expected finalization day
 * (customer's time zone), late events counted on refresh, `finalize_invoice`, `refresh_invoice`,
 * coupons and credit notes only at finalization.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";
import { type Invoice, type Obj, type Webhook, catalog, customer, start } from "./_invoicingFixtures.js";

const graceCustomer = customer({ billing_configuration: { invoice_grace_period: 3 } });
const subscribe = (planCode = "m"): Obj => ({ at: start, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: planCode } });
const event = (at: string, tx: string, timestamp?: string): Obj =>
  ({ at, op: "create_event", body: { transaction_id: tx, code: "calls", external_subscription_id: "s1", ...(timestamp === undefined ? {} : { timestamp }) } });
const firstInvoice = { $ref: { invoice: 0, field: "svc_id" } };
const run = (steps: Obj[], until: string) => {
  const r = simulate({ ...catalog, steps, until });
  // The invoice webhooks these tests are about (the complete list of webhooks: test/unit/simulator/webhooks.test.ts).
  const about = new Set(["invoice.drafted", "invoice.created", "credit_note.created"]);
  return { ...r, invoices: r.invoices as unknown as Invoice[], webhooks: (r.webhooks as unknown as Webhook[]).filter((w) => about.has(w.type)), responses: r.responses as { invoice?: Invoice }[] };
};
const hooks = (w: readonly Webhook[]) => w.map((h) => [h.type, h.at, h.object.status, h.object.fees_amount_cents]);

describe("simulate invoicing: grace period", () => {
  it("drafts at the run, then refreshes and finalizes at the start of the expected finalization day", () => {
    const r = run([graceCustomer, subscribe(), event("2024-03-10T00:00:00Z", "t1"),
      // Late: sent during the grace period, timestamped inside March → counted at finalization.
      event("2024-04-02T00:00:00Z", "t2", "2024-03-31T12:00:00Z"),
      // Inside April: never on the March invoice.
      event("2024-04-02T00:00:00Z", "t3")], "2024-04-10T00:00:00Z");
    expect(hooks(r.webhooks)).toEqual([
      ["invoice.drafted", "2024-04-01T00:00:00Z", "draft", 3100 + 200],
      ["invoice.created", "2024-04-04T00:00:00Z", "finalized", 3100 + 400],
    ]);
    const draft = r.webhooks[0]!.object;
    // periods.md §10: run 1 April, grace 3 → issuing (and due, net term 0) date 4 April; a draft shows no prepaid split.
    expect([draft.issuing_date, draft.payment_due_date, draft.prepaid_granted_credit_amount_cents]).toEqual(["2024-04-04", "2024-04-04", null]);
    expect(r.invoices.map((i) => [i.status, i.created_at, i.issuing_date, i.fees_amount_cents, i.total_amount_cents])).toEqual([
      ["finalized", "2024-04-01T00:00:00Z", "2024-04-04", 3500, 3500],
    ]);
  });

  it("a termination during the grace period does not change the periodic draft's run", () => {
    const r = run([graceCustomer, subscribe(), event("2024-03-05T00:00:00Z", "t1"),
      event("2024-04-02T12:00:00Z", "t2", "2024-03-30T00:00:00Z"), event("2024-04-02T12:00:00Z", "t3"),
      { at: "2024-04-02T13:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } }], "2024-04-10T00:00:00Z");
    // March: 31.00 + 2 calls; the termination bills 1–2 April (2 × 31.00 / 30 = 206.67 → 207) + t3.
    expect(r.invoices.map((i) => [i.status, i.created_at, i.issuing_date, i.fees.map((f) => f.amount_cents)])).toEqual([
      ["finalized", "2024-04-01T00:00:00Z", "2024-04-04", [3100, 400]],
      ["finalized", "2024-04-02T13:00:00Z", "2024-04-05", [207, 200]],
    ]);
    expect(hooks(r.webhooks)).toEqual([
      ["invoice.drafted", "2024-04-01T00:00:00Z", "draft", 3300],
      ["invoice.drafted", "2024-04-02T13:00:00Z", "draft", 407],
      ["invoice.created", "2024-04-04T00:00:00Z", "finalized", 3500],
      ["invoice.created", "2024-04-05T00:00:00Z", "finalized", 407],
    ]);
  });

  it("is still a draft just before the finalization instant", () => {
    const r = run([graceCustomer, subscribe()], "2024-04-03T23:59:59Z");
    expect(r.invoices.map((i) => i.status)).toEqual(["draft"]);
    expect(r.webhooks.map((h) => h.type)).toEqual(["invoice.drafted"]);
  });

  it("refresh_invoice recomputes the draft with late events; it stays a draft", () => {
    const r = run([graceCustomer, subscribe(), event("2024-04-02T00:00:00Z", "t1", "2024-03-20T00:00:00Z"),
      { at: "2024-04-02T00:00:00Z", op: "refresh_invoice", body: { invoice_id: firstInvoice } }], "2024-04-02T00:00:00Z");
    expect(r.responses[3]!.invoice).toMatchObject({ status: "draft", fees_amount_cents: 3300, total_amount_cents: 3300 });
  });

  it("finalize_invoice before the end finalizes at once with what is known; later events change nothing", () => {
    const r = run([graceCustomer, subscribe(), event("2024-04-02T00:00:00Z", "t1", "2024-03-20T00:00:00Z"),
      { at: "2024-04-02T00:00:00Z", op: "finalize_invoice", body: { invoice_id: firstInvoice } },
      event("2024-04-03T00:00:00Z", "t2", "2024-03-21T00:00:00Z")], "2024-04-10T00:00:00Z");
    expect(r.responses[3]!.invoice).toMatchObject({ status: "finalized", fees_amount_cents: 3300 });
    expect(hooks(r.webhooks)).toEqual([
      ["invoice.drafted", "2024-04-01T00:00:00Z", "draft", 3100],
      ["invoice.created", "2024-04-02T00:00:00Z", "finalized", 3300],
    ]);
    expect(r.invoices.map((i) => [i.status, i.fees_amount_cents])).toEqual([["finalized", 3300]]);
  });

  it("refresh_invoice on a finalized invoice changes nothing", () => {
    const r = run([customer(), subscribe(), event("2024-04-02T00:00:00Z", "t1", "2024-03-20T00:00:00Z"),
      { at: "2024-04-02T00:00:00Z", op: "refresh_invoice", body: { invoice_id: firstInvoice } }], "2024-04-02T00:00:00Z");
    expect(r.responses[3]!.invoice).toMatchObject({ status: "finalized", fees_amount_cents: 3100 });
  });

  it("applies coupons at finalization, never on the draft", () => {
    const r = run([graceCustomer, subscribe(), { at: start, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "five" } }],
      "2024-04-04T00:00:00Z");
    const [drafted, created] = r.webhooks.map((h) => h.object);
    expect([drafted!.coupons_amount_cents, drafted!.total_amount_cents]).toEqual([0, 3100]);
    expect([created!.coupons_amount_cents, created!.total_amount_cents]).toEqual([500, 2600]);
  });

  it("finalizes at the start of the expected finalization day in the customer's time zone", () => {
    // New York (UTC−4 in April): run at 1 April local midnight = 04:00Z; grace 2 → finalized 3 April 04:00Z.
    // Subscribed at 1 March 07:00 local (12:00Z), so no stub of February.
    const r = run([customer({ timezone: "America/New_York", billing_configuration: { invoice_grace_period: 2 } }),
      { ...subscribe(), at: "2024-03-01T12:00:00Z" }], "2024-04-10T00:00:00Z");
    expect(r.webhooks.map((h) => [h.type, h.at])).toEqual([["invoice.drafted", "2024-04-01T04:00:00Z"], ["invoice.created", "2024-04-03T04:00:00Z"]]);
    expect(r.invoices.map((i) => i.issuing_date)).toEqual(["2024-04-03"]);
  });

  it("takes credit notes on a draft only when it is finalized (§1.1 d)", () => {
    const note = { at: "2024-04-02T00:00:00Z", op: "create_credit_note", body: {
      invoice_id: firstInvoice, reason: "other", credit_amount_cents: 1000, refund_amount_cents: 0,
      items: [{ fee_id: { $ref: { invoice: 0, fee: { item: { type: "subscription" } }, field: "svc_id" } }, amount_cents: 1000 }],
    } };
    const r = run([graceCustomer, subscribe(), { at: "2024-04-02T00:00:00Z", op: "finalize_invoice", body: { invoice_id: firstInvoice } }, note],
      "2024-05-04T00:00:00Z");
    const may = r.webhooks.filter((h) => h.object.created_at === "2024-05-01T00:00:00Z").map((h) => h.object as Invoice & { credit_notes_amount_cents: number });
    expect(may.map((i) => [i.status, i.credit_notes_amount_cents, i.total_amount_cents])).toEqual([["draft", 0, 3100], ["finalized", 1000, 2100]]);
  });

  it("takes the organization's grace period when the customer has none, and the customer's over it", () => {
    const org = (grace: number, steps: Obj[]) => simulate({ ...catalog, organization: { ...catalog.organization, invoice_grace_period: grace }, steps, until: "2024-04-01T00:00:00Z" });
    expect((org(2, [customer(), subscribe()]).invoices as Invoice[]).map((i) => [i.status, i.issuing_date])).toEqual([["draft", "2024-04-03"]]);
    expect((org(2, [customer({ billing_configuration: { invoice_grace_period: 0 } }), subscribe()]).invoices as Invoice[]).map((i) => i.status))
      .toEqual(["finalized"]);
  });
});

describe("simulate invoicing: the customer's grace period changed", () => {
  const regrace = (at: string, days: number): Obj => ({ at, op: "create_customer", body: { external_id: "c1", billing_configuration: { invoice_grace_period: days } } });
  it("a longer grace moves the draft's finalization and issuing day", () => {
    const r = run([graceCustomer, subscribe(), regrace("2024-04-02T00:00:00Z", 5)], "2024-04-05T12:00:00Z");
    expect(r.invoices.map((i) => [i.status, i.issuing_date])).toEqual([["draft", "2024-04-06"]]);
    const later = run([graceCustomer, subscribe(), regrace("2024-04-02T00:00:00Z", 5)], "2024-04-06T01:00:00Z");
    expect(later.invoices.map((i) => i.status)).toEqual(["finalized"]);
  });
  it("a grace that has already ended finalizes the draft at once", () => {
    const r = run([graceCustomer, subscribe(), regrace("2024-04-02T12:00:00Z", 1)], "2024-04-02T13:00:00Z");
    expect(r.invoices.map((i) => [i.status, i.issuing_date])).toEqual([["finalized", "2024-04-02"]]);
  });
});

describe("simulate invoicing: drafts are numbered when finalized", () => {
  it("a one-off invoice issued while drafts wait takes the next number; the drafts get the ones after", () => {
    const r = simulate({
      ...catalog,
      add_ons: [{ code: "setup", name: "Setup", amount_cents: 1000, amount_currency: "EUR" }],
      steps: [
        graceCustomer, subscribe(),
        { at: "2024-04-01T12:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } },
        { at: "2024-04-02T00:00:00Z", op: "create_one_off_invoice", body: { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "setup", units: 1 }] } },
      ],
      until: "2024-04-10T00:00:00Z",
    });
    type Numbered = Invoice & { number: string; sequential_id: number | null; invoice_type: string };
    const invoices = r.invoices as Numbered[];
    const drafted = (r.webhooks as unknown as { type: string; object: Numbered }[]).filter((w) => w.type === "invoice.drafted").map((w) => w.object);
    expect(drafted.map((d) => [d.number, d.sequential_id])).toEqual([["ORG-82F7-DRAFT", null], ["ORG-82F7-DRAFT", null]]);
    // Issue order: the March draft, the termination draft, the one-off (final at once → 001).
    expect(invoices.map((i) => [i.invoice_type, i.status, i.number, i.sequential_id])).toEqual([
      ["subscription", "finalized", "ORG-82F7-001-002", 2],
      ["subscription", "finalized", "ORG-82F7-001-003", 3],
      ["one_off", "finalized", "ORG-82F7-001-001", 1],
    ]);
  });

  it("a credit note issued on a draft (termination in the grace period) takes the invoice's final number", () => {
    const r = simulate({
      ...catalog,
      plans: [...catalog.plans, { code: "adv", name: "Adv", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: true }],
      steps: [graceCustomer, subscribe("adv"), { at: "2024-03-02T12:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } }],
      until: "2024-03-10T00:00:00Z",
    });
    const created = (r.webhooks as unknown as { type: string; object: { number: string } }[]).find((w) => w.type === "credit_note.created")!;
    expect(created.object.number).toBe("ORG-82F7-DRAFT-CN001");
    expect((r.credit_notes as unknown as { number: string; invoice_number: string; status: string }[]).map((n) => [n.number, n.invoice_number, n.status]))
      .toEqual([["ORG-82F7-001-001-CN001", "ORG-82F7-001-001", "finalized"]]);
    expect((r.invoices as { number: string }[]).map((i) => i.number)).toEqual(["ORG-82F7-001-001", "ORG-82F7-001-002"]);
  });
});
