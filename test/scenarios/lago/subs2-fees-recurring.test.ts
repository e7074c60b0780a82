/**
 * Ported from getlago/lago-api spec/scenarios/fees/recurring_fees_spec.rb (figures only).
 * Recurring unique_count metric "seats" (item_id); plan 0.49 monthly calendar in advance (the spec's
 * 49.99 cents is stored as 49); one prorated standard charge of 30.00, pay in advance or not,
 * invoiceable or not, grouped by item_id or not. Subscription 2024-06-05 12:12; seats user_1..5 on
 * June 11..15 at 10:00 (30-day June: user_i costs (21 − i) × 1.00 when prorated).
 * Lago asserts `fee.created` webhooks too; ratecard emits none (not in the docs), so the fees
 * themselves are asserted. A fee's creation day is read from its `from_date` (no `created_at`).
 */
import { describe, expect, it } from "vitest";
import { customer, event, expectMatch, plan, run, subscribe, terminate } from "./subs-helpers.js";

const metrics = [{ code: "seats", name: "seats", aggregation_type: "unique_count_agg", field_name: "item_id", recurring: true }];
type Opts = { advance: boolean; invoiceable: boolean; grouped: boolean; grace?: number };
const seat = (at: string, id: string) => event(at, "seats", { item_id: id });
const juneSeats = [1, 2, 3, 4, 5].map((i) => seat(`2024-06-${10 + i}T10:00:00Z`, `user_${i}`));
const julySeats = [seat("2024-07-12T01:10:00Z", "user_july_1"), seat("2024-07-12T01:10:00Z", "user_july_2")];

function sim(o: Opts, extra: any[], until: string, seats = juneSeats) {
  return run({
    metrics,
    org: o.grace ? { invoice_grace_period: o.grace } : {},
    plans: [
      plan("p", {
        amount_cents: 49, pay_in_advance: true,
        charges: [{
          billable_metric_code: "seats", charge_model: "standard", pay_in_advance: o.advance, invoiceable: o.invoiceable, prorated: true,
          properties: o.grouped ? { amount: "30", grouped_by: ["item_id"] } : { amount: "30" },
        }],
      }),
    ],
    steps: [customer("2024-06-05T12:12:00Z"), subscribe("2024-06-05T12:12:00Z", "p"), ...seats, ...extra],
    until,
  });
}
const since = (out: any, from: string) => out.fees.filter((f: any) => f.item.type === "charge" && Date.parse(f.from_date) >= Date.parse(from));
const detached = (out: any) => out.fees.filter((f: any) => f.item.type === "charge" && !f.svc_invoice_id);
const charges = (inv: any) => inv.fees.filter((f: any) => f.item.type === "charge");
const last = (out: any) => out.invoices[out.invoices.length - 1];

describe("recurring_fees_spec.rb: when charge is pay in advance / with invoiceable = false / without grace period", () => {
  for (const grouped of [false, true]) {
    it(`${grouped ? "grouped" : "not grouped"}: each seat a non-invoiced fee of (21 − i) × 1.00`, () => {
      const out = sim({ advance: true, invoiceable: false, grouped }, [], "2024-06-15T11:00:00Z");
      expect(out.invoices.length).toBe(1);
      expect(detached(out).map((f: any) => f.amount_cents)).toEqual([2000, 1900, 1800, 1700, 1600]);
    });
  }

  it("without grouped_by / July 1: one renewal fee, 5 units, 150.00, no invoice; 2 invoices", () => {
    const out = sim({ advance: true, invoiceable: false, grouped: false }, [], "2024-07-01T00:10:00Z");
    expect(out.invoices.length).toBe(2);
    expectMatch(since(out, "2024-07-01T00:00:00Z"), [{ units: "5", amount_cents: 15_000, svc_invoice_id: null }]);
  });

  it("without grouped_by / August 1: one renewal fee, 7 units, 210.00, 08-01 → 08-31; termination on 08-15 adds none", () => {
    const aug = sim({ advance: true, invoiceable: false, grouped: false }, julySeats, "2024-08-01T01:10:00Z");
    expect(aug.invoices.length).toBe(3);
    expectMatch(since(aug, "2024-08-01T00:00:00Z"), [{ units: "7", amount_cents: 21_000, svc_invoice_id: null, from_date: "2024-08-01T00:00:00Z", to_date: "2024-08-31T23:59:59Z" }]);
    const end = sim({ advance: true, invoiceable: false, grouped: false }, [...julySeats, terminate("2024-08-15T01:10:00Z")], "2024-08-15T02:00:00Z");
    expect(end.invoices.length).toBe(4);
    expectMatch(end.subscriptions, [{ status: "terminated" }]);
    expectMatch(since(end, "2024-08-01T00:00:00Z"), [{ units: "7", amount_cents: 21_000, svc_invoice_id: null }]);
  });

  it("with grouped_by / July 1: 5 renewal fees of 1 unit, 30.00, pay in advance, no invoice", () => {
    const out = sim({ advance: true, invoiceable: false, grouped: true }, [], "2024-07-01T00:10:00Z");
    expect(out.invoices.length).toBe(2);
    const fees = since(out, "2024-07-01T00:00:00Z");
    expect(fees.length).toBe(5);
    for (const f of fees) expectMatch(f, { units: "1", svc_invoice_id: null, pay_in_advance: true, amount_cents: 3000 });
  });

  it("with grouped_by / August 1: 7 renewal fees 08-01 → 08-31; termination adds none", () => {
    const aug = sim({ advance: true, invoiceable: false, grouped: true }, julySeats, "2024-08-01T01:10:00Z");
    expect(aug.invoices.length).toBe(3);
    const fees = since(aug, "2024-08-01T00:00:00Z");
    expect(fees.length).toBe(7);
    for (const f of fees) expectMatch(f, { units: "1", svc_invoice_id: null, pay_in_advance: true, amount_cents: 3000, from_date: "2024-08-01T00:00:00Z", to_date: "2024-08-31T23:59:59Z" });
    const end = sim({ advance: true, invoiceable: false, grouped: true }, [...julySeats, terminate("2024-08-15T01:10:00Z")], "2024-08-15T02:00:00Z");
    expect(end.invoices.length).toBe(4);
    expect(since(end, "2024-08-01T00:00:00Z").length).toBe(7);
  });
});

describe("recurring_fees_spec.rb: pay in advance, invoiceable = false, with grace period (3 days), grouped", () => {
  const two = [seat("2024-06-10T10:00:00Z", "user_1"), seat("2024-06-10T10:00:00Z", "user_2")];
  const o = { advance: true, invoiceable: false, grouped: true, grace: 3 };

  it("creation: one draft; two seats on 06-10: two non-invoiced fees of 21.00", () => {
    expectMatch(sim(o, [], "2024-06-05T12:13:00Z", two), { invoices: [{ status: "draft" }] });
    expectMatch(detached(sim(o, [], "2024-06-10T11:00:00Z", two)), [{ amount_cents: 2100 }, { amount_cents: 2100 }]);
  });

  // Lago's spec sees 2 drafts on July 1 because it runs no finalization job before July 4; here the
  // clock finalizes the June draft on 06-08 (contract: "drafts finalize when their grace period
  // ends"), so only the July invoice is a draft on July 1. Not a mismatch.
  it("July 1: two renewal fees (07-01 → 07-31) created without waiting for the grace period; the renewal invoice is a draft", () => {
    const out = sim(o, [], "2024-07-01T00:10:00Z", two);
    expectMatch(out, { invoices__count: 2, invoices__last: { status: "draft" } });
    const fees = since(out, "2024-07-01T00:00:00Z");
    expect(fees.length).toBe(2);
    for (const f of fees) expectMatch(f, { units: "1", svc_invoice_id: null, pay_in_advance: true, amount_cents: 3000, from_date: "2024-07-01T00:00:00Z", to_date: "2024-07-31T23:59:59Z" });
  });

  it("July 4: both finalized, no new fee; July 5 termination: one draft, still 2 July fees", () => {
    const jul4 = sim(o, [], "2024-07-04T01:10:00Z", two);
    expectMatch(jul4, { invoices: [{ status: "finalized" }, { status: "finalized" }] });
    expect(since(jul4, "2024-07-01T00:00:00Z").length).toBe(2);
    const jul5 = sim(o, [terminate("2024-07-05T01:30:00Z")], "2024-07-05T02:00:00Z", two);
    expectMatch(jul5, { invoices__count_where: [{ match: { status: "draft" }, count: 1 }, { match: { status: "finalized" }, count: 2 }] });
    expect(since(jul5, "2024-07-01T00:00:00Z").length).toBe(2);
  });
});

describe("recurring_fees_spec.rb: when charge is pay in advance / with invoiceable = true", () => {
  it("each seat bills its own invoice with one fee of (21 − i) × 1.00", () => {
    const out = sim({ advance: true, invoiceable: true, grouped: false }, [], "2024-06-15T11:00:00Z");
    expect(out.invoices.length).toBe(6);
    expect(out.invoices.slice(1).map((i: any) => i.fees.map((f: any) => f.amount_cents))).toEqual([[2000], [1900], [1800], [1700], [1600]]);
  });

  it("without grouped_by: July 1 renewal invoice has one charge fee, 5 units, 150.00; termination bills no charge", () => {
    const out = sim({ advance: true, invoiceable: true, grouped: false }, [], "2024-07-01T00:10:00Z");
    expect(out.invoices.length).toBe(7);
    expectMatch(charges(last(out)), [{ units: "5", amount_cents: 15_000 }]);
    const end = sim({ advance: true, invoiceable: true, grouped: false }, [terminate("2024-07-15T01:10:00Z")], "2024-07-15T02:00:00Z");
    expectMatch(end.subscriptions, [{ status: "terminated" }]);
    expect(charges(last(end)).length).toBe(0);
  });

  it("with grouped_by: July 1 renewal invoice has 5 fees of 1 unit, 30.00; termination bills no charge", () => {
    const out = sim({ advance: true, invoiceable: true, grouped: true }, [], "2024-07-01T00:10:00Z");
    expect(out.invoices.length).toBe(7);
    expect(since(out, "2024-07-01T00:00:00Z").length).toBe(5);
    const fees = charges(last(out));
    expect(fees.length).toBe(5);
    for (const f of fees) expectMatch(f, { units: "1", amount_cents: 3000 });
    const end = sim({ advance: true, invoiceable: true, grouped: true }, [terminate("2024-07-15T01:10:00Z")], "2024-07-15T02:00:00Z");
    expect(charges(last(end)).length).toBe(0);
  });

  // Was a MISMATCH, now fixed (the test asserts the spec's figures); the diagnosis as it was: (bug; docs silent). recurring_fees_spec.rb "pay in advance / with invoiceable = true",
  // both grouped_by contexts: the renewal fees the 07-01 periodic run puts on the invoice have
  // `pay_in_advance: false` (the non-invoiced renewal fees of invoiceable = false keep `true`).
  // Actual: `true` (copied from the charge). Units and amounts agree (tests above). Likely the
  // periodic charge-fee builder (src/fees or src/simulator) setting the fee's flag from the charge
  // instead of false for fees built by the periodic run on an invoice.
  for (const grouped of [false, true]) {
    it(`${grouped ? "with" : "without"} grouped_by: the renewal fees on the July 1 invoice are not pay_in_advance`, () => {
      const out = sim({ advance: true, invoiceable: true, grouped }, [], "2024-07-01T00:10:00Z");
      const fees = charges(last(out));
      expect(fees.length).toBe(grouped ? 5 : 1);
      for (const f of fees) expect(f.pay_in_advance).toBe(false);
    });
  }
});

describe("recurring_fees_spec.rb: when charge is pay in arrears", () => {
  // recurring_fees_spec.rb "when charge is pay in arrears / with invoiceable = false" (both grouped_by
  // contexts): the older reference accepted the charge and billed no charge fee at all. charges.md
  // §19.5 decides (the reference since fa4ee1e20): `invoiceable: false` on a charge paid in arrears is
  // refused (`invoiceable: must_be_true_unless_pay_in_advance`), so the plan is refused and the
  // spec's timeline cannot run; the ports stay as it.fails.
  for (const grouped of [false, true]) {
    it.fails(`with invoiceable = false, ${grouped ? "grouped" : "not grouped"}: no charge fee at all by July 1`, () => {
      const out = sim({ advance: false, invoiceable: false, grouped }, [], "2024-07-01T00:10:00Z");
      expect(out.invoices.length).toBe(2);
      expect(out.fees.filter((f: any) => f.item.type === "charge").length).toBe(0);
    });
  }

  it("with invoiceable = true, without grouped_by: July 1 one fee of 5 units, 90.00 (20+19+18+17+16); termination 07-15: 72.58", () => {
    const out = sim({ advance: false, invoiceable: true, grouped: false }, [], "2024-07-01T00:10:00Z");
    expect(out.invoices.length).toBe(2);
    expectMatch(charges(last(out)), [{ units: "5", pay_in_advance: false, amount_cents: 9000 }]);
    const end = sim({ advance: false, invoiceable: true, grouped: false }, [terminate("2024-07-15T01:10:00Z")], "2024-07-15T02:00:00Z");
    expectMatch(end.subscriptions, [{ status: "terminated" }]);
    expectMatch(charges(last(end)), [{ units: "5", pay_in_advance: false, amount_cents: 7258 }]);
  });

  it("with invoiceable = true, with grouped_by: July 1 five fees 20.00 … 16.00; termination 07-15: five fees of 14.52", () => {
    const out = sim({ advance: false, invoiceable: true, grouped: true }, [], "2024-07-01T00:10:00Z");
    expect(out.invoices.length).toBe(2);
    const fees = charges(last(out));
    expect(fees.map((f: any) => f.amount_cents).sort()).toEqual([1600, 1700, 1800, 1900, 2000]);
    for (const f of fees) expectMatch(f, { units: "1", pay_in_advance: false });
    const end = sim({ advance: false, invoiceable: true, grouped: true }, [terminate("2024-07-15T01:10:00Z")], "2024-07-15T02:00:00Z");
    expect(end.invoices.length).toBe(3);
    expect(charges(last(end)).map((f: any) => f.amount_cents)).toEqual([1452, 1452, 1452, 1452, 1452]);
  });
});
