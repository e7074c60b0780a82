/**
 * Ported from getlago/lago-api spec/scenarios/invoices/invoice_numbering_spec.rb (figures only).
 * Organization in Europe/Paris; three customers; a monthly plan 129.00 and a yearly plan 1000.00,
 * both paid in advance; subscriptions on 2023-07-19 12:12 UTC.
 *
 * What ports: the per-customer sequence (`sequential_id`, Lago's `per_customer` numbering) and the
 * number `<document prefix>-<customer sequential id>-<sequence>` (objects.md §1), with the spec's
 * organization prefix "ORG-1": the customers "first", "second", "third" are 001, 002, 003, so
 * "ORG-1-002-001" is the second customer's first invoice. What does not: the `per_organization`
 * numbers (`ORG-11-202310-010`, no `document_numbering` setting), `organization_sequential_id`,
 * `billing_entity_sequential_id`; the spec's switches between per_customer and per_organization
 * leave the per-customer `sequential_id` running, which is asserted.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const plans = [
  { code: "monthly", name: "Monthly", interval: "monthly", amount_cents: 12_900, amount_currency: "EUR", pay_in_advance: true, charges: [] },
  { code: "yearly", name: "Yearly", interval: "yearly", amount_cents: 100_000, amount_currency: "EUR", pay_in_advance: true, charges: [] },
];
const customers = ["first", "second", "third"];
const T0 = "2023-07-19T12:12:00Z";
const customer = (at: string, id: string, extra: Json = {}) => ({ at, op: "create_customer", body: { external_id: id, name: id, ...extra } });
const subscribe = (at: string, cust: string, ext: string, planCode: string, billingTime = "anniversary") => ({
  at, op: "create_subscription", body: { external_customer_id: cust, external_id: ext, plan_code: planCode, billing_time: billingTime, subscription_at: at },
});
function sim(steps: Json[], until: string): Json {
  return simulate({
    organization: { timezone: "Europe/Paris", default_currency: "EUR", document_number_prefix: "ORG-1" },
    billable_metrics: [], plans, steps, until,
  } as Json) as Json;
}
const errors = (out: Json) => (out.responses as Json[]).filter((r) => r && r.error);
/** [customer, sequential_id, number] of every invoice, in issue order. */
const seqs = (out: Json) => (out.invoices as Json[]).map((i) => [i.customer.external_id, i.sequential_id, i.number]);
/** The latest invoice of each customer (by issue order) → sequential_id. */
const latest = (out: Json) => Object.fromEntries(customers.map((c) => [c, (out.invoices as Json[]).filter((i) => i.customer.external_id === c).at(-1)?.sequential_id]));
const pad = (n: number) => String(n).padStart(3, "0");
const numbered = (c: string, n: number) => `ORG-1-${pad(customers.indexOf(c) + 1)}-${pad(n)}`;

describe("invoice_numbering_spec.rb: creates invoice numbers correctly (anniversary, per customer)", () => {
  const steps = [
    ...customers.map((c) => customer(T0, c)),
    ...customers.map((c) => subscribe(T0, c, c, "monthly")),
    subscribe("2023-11-22T12:12:00Z", "second", "new_external_id", "yearly"),
  ];
  const cases: [string, Record<string, number>][] = [
    ["2023-07-19T12:12:00Z", { first: 1, second: 1, third: 1 }],
    ["2023-08-19T12:12:00Z", { first: 2, second: 2, third: 2 }],
    ["2023-09-19T12:12:00Z", { first: 3, second: 3, third: 3 }],
    ["2023-10-19T12:12:00Z", { first: 4, second: 4, third: 4 }],
    ["2023-11-19T12:12:00Z", { first: 5, second: 5, third: 5 }],
    ["2023-11-22T12:12:00Z", { first: 5, second: 6, third: 5 }],
    ["2023-12-19T12:12:00Z", { first: 6, second: 7, third: 6 }],
    ["2024-01-19T12:12:00Z", { first: 7, second: 8, third: 7 }],
  ];
  for (const [at, want] of cases) {
    it(`${at.slice(0, 10)}: latest sequential_id per customer ${JSON.stringify(want)}`, () => {
      const out = sim(steps.filter((s) => s.at <= at), at);
      expect(errors(out)).toEqual([]);
      expect(latest(out)).toEqual(want);
    });
  }

  it("every number is the organization's prefix, the customer's sequential id and its per-customer sequence: 1..7, 1..8 (second), 1..7", () => {
    const out = sim(steps, "2024-01-19T12:12:00Z");
    for (const c of customers) {
      const mine = seqs(out).filter(([id]) => id === c);
      expect(mine.map(([, n]) => n)).toEqual(Array.from({ length: c === "second" ? 8 : 7 }, (_, k) => k + 1));
      expect(mine.map(([, n, num]) => [num, numbered(c, n)]).every(([a, b]) => a === b)).toBe(true);
    }
  });
});

describe("invoice_numbering_spec.rb: with organization timezone (calendar)", () => {
  const steps = [
    ...customers.map((c) => customer(T0, c)),
    ...customers.map((c) => subscribe(T0, c, c, "monthly", "calendar")),
    // The spec sets the customers' own timezone to Europe/Paris before the October run.
    ...customers.map((c) => customer("2023-09-01T00:00:00Z", c, { timezone: "Europe/Paris" })),
  ];
  const cases: [string, number][] = [
    ["2023-07-19T12:12:00Z", 1], ["2023-08-01T00:00:00Z", 2], ["2023-09-01T00:00:00Z", 3], ["2023-09-30T23:10:00Z", 4],
  ];
  for (const [at, n] of cases) {
    it(`${at}: every customer at sequential_id ${n}, number ORG-1-<customer>-${String(n).padStart(3, "0")}`, () => {
      const out = sim(steps.filter((s) => s.at <= at), at);
      expect(errors(out)).toEqual([]);
      expect(latest(out)).toEqual({ first: n, second: n, third: n });
      for (const c of customers) expect((out.invoices as Json[]).filter((i) => i.customer.external_id === c).at(-1).number).toBe(numbered(c, n));
    });
  }
});

describe("invoice_numbering_spec.rb: with grace period and per_customer numbering (second customer: grace 2 days)", () => {
  const steps = [
    customer(T0, "first"), customer(T0, "second", { billing_configuration: { invoice_grace_period: 2 } }), customer(T0, "third"),
    ...customers.map((c) => subscribe(T0, c, c, "monthly")),
    subscribe("2023-07-20T12:12:00Z", "first", "new_external_id", "yearly"),
    subscribe("2023-07-21T12:12:00Z", "second", "new_external_id_2", "yearly"),
    // The spec finalizes the second customer's two drafts, oldest first (invoices 1 and 4 in issue order).
    { at: "2023-07-21T13:12:00Z", op: "finalize_invoice", body: { invoice_id: { $ref: { invoice: 1, field: "svc_id" } } } },
    { at: "2023-07-21T14:12:00Z", op: "finalize_invoice", body: { invoice_id: { $ref: { invoice: 4, field: "svc_id" } } } },
  ];
  const run = (at: string) => sim(steps.filter((s) => s.at <= at), at);

  it("07-19: first and third at 1 (ORG-1-001-001, ORG-1-003-001); the second customer's invoice is a draft", () => {
    const out = run("2023-07-19T12:12:00Z");
    expect(errors(out)).toEqual([]);
    expect(seqs(out).filter(([c]) => c !== "second")).toEqual([["first", 1, "ORG-1-001-001"], ["third", 1, "ORG-1-003-001"]]);
    expect((out.invoices as Json[]).find((i) => i.customer.external_id === "second").status).toBe("draft");
  });

  // A draft has no number yet: `sequential_id` nil and "ORG-1-DRAFT", numbered when it is finalized,
  // in finalization order (docs/simulator.md "Invoices").
  it("07-19 and 07-21: the second customer's drafts have sequential_id null and a -DRAFT number", () => {
    const jul19 = run("2023-07-19T12:12:00Z");
    const d1 = (jul19.invoices as Json[]).find((i) => i.customer.external_id === "second");
    expect(d1.sequential_id).toBeNull();
    expect(d1.number).toBe("ORG-1-DRAFT");
    const jul21 = run("2023-07-21T12:12:00Z");
    const d2 = (jul21.invoices as Json[]).at(-1);
    expect(d2.status).toBe("draft");
    expect(d2.sequential_id).toBeNull();
    expect(d2.number).toBe("ORG-1-DRAFT");
  });

  it("07-20: the first customer's yearly subscription invoice is its 2nd (ORG-1-001-002)", () => {
    const out = run("2023-07-20T12:12:00Z");
    expect(seqs(out).at(-1)).toEqual(["first", 2, "ORG-1-001-002"]);
  });

  it("07-21 after both finalizations: the second customer's invoices are ORG-1-002-001 then ORG-1-002-002", () => {
    const out = run("2023-07-21T14:12:00Z");
    // The first draft was finalized by the clock at its grace end (07-21 12:12; the spec runs no such
    // job): finalizing it again is refused as the reference's API refuses a non-draft.
    expect(errors(out)).toEqual([{ error: { code: "invoice_not_found" } }]);
    expect(seqs(out).filter(([c]) => c === "second")).toEqual([["second", 1, "ORG-1-002-001"], ["second", 2, "ORG-1-002-002"]]);
    expect((out.invoices as Json[]).every((i) => i.status === "finalized")).toBe(true);
  });

  it("08-19: first at 3, third at 2; 09-19: first at 4, third at 3", () => {
    const aug = run("2023-08-19T12:12:00Z");
    expect([latest(aug).first, latest(aug).third]).toEqual([3, 2]);
    const sep = run("2023-09-19T12:12:00Z");
    expect([latest(sep).first, latest(sep).third]).toEqual([4, 3]);
  });

  // Same rule: on 08-19 the second customer's periodic invoice is a draft (spec: sequential_ids [3, nil, 2]).
  it("08-19: the second customer's periodic draft has sequential_id null", () => {
    const aug = run("2023-08-19T12:12:00Z");
    const draft = (aug.invoices as Json[]).filter((i) => i.customer.external_id === "second").at(-1);
    expect(draft.status).toBe("draft");
    expect(draft.sequential_id).toBeNull();
  });
});
