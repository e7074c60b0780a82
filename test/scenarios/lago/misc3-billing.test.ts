/**
 * Ports of getlago/lago-api spec/scenarios/billing_spec.rb, billing_scenario_spec.rb (an older copy
 * of the same file) and duplicate_invoices_spec.rb (figures only). Lago runs its biller only at the
 * instants the spec travels to, while the engine bills at every boundary it passes; each check
 * therefore counts the invoices created (`created_at`) from the first checkpoint of the spec up to
 * the checkpoint, which is what the spec's `subscription.invoices.count` sees.
 */
import { describe, expect, it } from "vitest";
import { customer, plan, run, subscribe } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

function monthly(tz: string, sub: string, billing_time: "calendar" | "anniversary", until: string, interval = "monthly"): Json {
  return run({
    plans: [plan("p", { amount_cents: 1000, interval })],
    steps: [customer(sub, tz), subscribe(sub, "p", { billing_time })],
    until,
  });
}

/** Invoices created in [from, at]. */
const countBetween = (out: Json, from: string, at: string) =>
  (out.invoices as Json[]).filter((i) => Date.parse(i.created_at) >= Date.parse(from) && Date.parse(i.created_at) <= Date.parse(at)).length;

/** For each checkpoint, the count the spec expects since its first checkpoint. */
function checkpoints(tz: string, sub: string, billing_time: "calendar" | "anniversary", points: Array<[string, number]>, interval = "monthly", windowFrom?: string) {
  // The spec's biller first runs at its first checkpoint; invoices of earlier boundaries (which Lago
  // never ran) are left out, those of the billing day itself are counted.
  const from = windowFrom ?? new Date(Date.parse(points[0]![0]) - 3_600_000 * 20).toISOString();
  for (const [at, n] of points) {
    const out = monthly(tz, sub, billing_time, at, interval);
    expect(countBetween(out, from, at), at).toBe(n);
  }
}

describe("billing_spec.rb", () => {
  it("monthly calendar, America/Bogota: one invoice on 1 March local (2023-03-01T05:00Z), none before", () => {
    checkpoints("America/Bogota", "2023-02-01T00:00:00Z", "calendar", [
      ["2023-03-01T00:00:00Z", 0],
      ["2023-03-01T05:00:00Z", 1],
      ["2023-03-01T06:00:00Z", 1],
      ["2023-03-02T00:00:00Z", 1],
    ]);
  });

  it("monthly calendar, Asia/Kolkata: one invoice at 2023-02-28T19:00Z (1 March 00:30 local)", () => {
    // The spec's last two checkpoints travel back to 2023-02-01 (typo in the spec); they only assert
    // the count stays 1, which the 2023-03-02 check below covers.
    checkpoints("Asia/Kolkata", "2023-02-01T00:00:00Z", "calendar", [
      ["2023-02-28T18:00:00Z", 0],
      ["2023-02-28T19:00:00Z", 1],
      ["2023-03-01T00:00:00Z", 1],
      ["2023-03-01T19:00:00Z", 1],
    ]);
  });

  it("monthly anniversary, America/Bogota (sub 2023-02-02T05:00Z): one invoice on 2 March local", () => {
    checkpoints("America/Bogota", "2023-02-02T05:00:00Z", "anniversary", [
      ["2023-02-28T23:00:00Z", 0],
      ["2023-03-02T06:00:00Z", 1],
      ["2023-03-03T00:00:00Z", 1],
    ]);
  });

  it("monthly anniversary, Asia/Kolkata (sub 2023-02-02T00:00Z): invoice at 2023-03-01T19:00Z (2 March 00:30 local)", () => {
    checkpoints("Asia/Kolkata", "2023-02-02T00:00:00Z", "anniversary", [
      ["2023-03-01T18:00:00Z", 0],
      ["2023-03-01T19:00:00Z", 1],
      ["2023-03-02T00:00:00Z", 1],
      ["2023-03-02T18:00:00Z", 1],
      ["2023-03-02T19:00:00Z", 1],
    ]);
  });

  it("yearly plan in advance with monthly charges (anniversary 2023-03-31, Europe/London, GBP, grace 2, VAT 20): no subscription fee on 30 April, one on 31 March 2024", () => {
    const out = run({
      org: { invoice_grace_period: 2, tax_codes: ["vat"] },
      taxes: [{ code: "vat", name: "VAT", rate: "20", applied_to_organization: true }],
      plans: [plan("y", { interval: "yearly", amount_cents: 5_000_000, amount_currency: "GBP", pay_in_advance: true, bill_charges_monthly: true })],
      steps: [customer("2023-03-31T00:00:00Z", "Europe/London", "GBP"), subscribe("2023-03-31T00:00:00Z", "y", { billing_time: "anniversary" })],
      until: "2024-03-31T12:00:00Z",
    });
    const inv = out.invoices as Json[];
    const subFees = (i: Json) => (i.fees as Json[]).filter((f) => f.item.type === "subscription").length;
    // Invoices are drafts for 2 days (issuing_date = creation + grace); they are found by creation.
    const created = (from: string, to: string) => inv.filter((i) => i.created_at >= from && i.created_at < to);
    const start = created("2023-03-31T00:00:00Z", "2023-04-01T00:00:00Z");
    expect(start).toHaveLength(1);
    expect(subFees(start[0])).toBe(1);
    const apr = created("2023-04-29T23:00:00Z", "2023-04-30T12:00:01Z"); // 30 April, London (BST)
    expect(apr).toHaveLength(1);
    expect(subFees(apr[0])).toBe(0);
    const last = created("2024-03-31T00:00:00Z", "2024-03-31T12:00:01Z");
    expect(last).toHaveLength(1);
    expect(subFees(last[0])).toBe(1);
  });
});

describe("billing_scenario_spec.rb (older copy of billing_spec.rb)", () => {
  it("monthly calendar, America/Bogota: same figures as billing_spec.rb", () => {
    checkpoints("America/Bogota", "2023-02-01T00:00:00Z", "calendar", [
      ["2023-03-01T00:00:00Z", 0],
      ["2023-03-01T05:00:00Z", 1],
      ["2023-03-02T00:00:00Z", 1],
    ]);
  });

  it("monthly anniversary, America/Bogota: same figures as billing_spec.rb", () => {
    checkpoints("America/Bogota", "2023-02-02T05:00:00Z", "anniversary", [
      ["2023-02-28T23:00:00Z", 0],
      ["2023-03-02T06:00:00Z", 1],
      ["2023-03-03T00:00:00Z", 1],
    ]);
  });

  it("monthly anniversary, Asia/Kolkata: invoice issued by 2023-03-02T00:00Z", () => {
    checkpoints("Asia/Kolkata", "2023-02-02T00:00:00Z", "anniversary", [
      ["2023-03-01T18:00:00Z", 0],
      ["2023-03-02T00:00:00Z", 1],
    ]);
  });

  // MISMATCH — version conflict (older spec vs docs), not a bug. billing_scenario_spec.rb
  // "anniversary in an Asian timezone" expects still 0 invoices at 2023-03-01T19:00Z (2 March 00:30
  // in Kolkata) and the invoice only at 2023-03-02T00:00Z; ratecard bills at the start of the local
  // anniversary day (2023-03-01T18:30Z), as docs/simulator.md "The clock" §3 and periods.md say and
  // as the newer billing_spec.rb (same case) expects.
  it.fails("monthly anniversary, Asia/Kolkata: no invoice yet at 2023-03-01T19:00Z (older rule)", () => {
    checkpoints("Asia/Kolkata", "2023-02-02T00:00:00Z", "anniversary", [
      ["2023-03-01T18:00:00Z", 0],
      ["2023-03-01T19:00:00Z", 0],
    ]);
  });
});

describe("duplicate_invoices_spec.rb", () => {
  it("weekly anniversary, Europe/Paris (sub 2023-05-02): one invoice on 23 May, no second one up to 24 May 02:10 local", () => {
    checkpoints("Europe/Paris", "2023-05-02T00:00:00Z", "anniversary", [
      ["2023-05-23T20:00:00Z", 1],
      ["2023-05-23T21:00:00Z", 1],
      ["2023-05-23T22:10:00Z", 1],
      ["2023-05-24T00:10:00Z", 1],
    ], "weekly", "2023-05-22T22:00:00Z");
  });

  it("monthly anniversary, Europe/Paris (sub 2023-04-02): one invoice on 2 May, no second one up to 3 May 02:10 local", () => {
    checkpoints("Europe/Paris", "2023-04-02T00:00:00Z", "anniversary", [
      ["2023-05-02T20:00:00Z", 1],
      ["2023-05-02T21:00:00Z", 1],
      ["2023-05-02T22:10:00Z", 1],
      ["2023-05-03T00:10:00Z", 1],
    ], "monthly", "2023-05-01T22:00:00Z");
  });
});
