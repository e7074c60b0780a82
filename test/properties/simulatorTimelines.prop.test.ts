/**
 * Any timeline of well-formed calls on an accepted catalog runs to the end: events, plan
 * changes, price changes, plan overrides and cascaded charge updates, coupons, wallets, credit
 * notes, voids, payments, fixed-charge units,
 * terminations, usage reads and previews in any order, on plans of any interval, timing, trial,
 * grace period, thresholds and commitment. A step may be refused for the state it meets (an
 * invoice that cannot be voided, a note above what is left…) but never crashes the run, and
 * never with a refusal outside that list.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError, simulate } from "../../src/index.js";

import { inputArb, timelineInput as input } from "./timelineArbitraries.js";

interface Invoice {
  svc_id: string; fees: readonly { amount_cents: number }[]; fees_amount_cents: number; progressive_billing_credit_amount_cents: number;
  coupons_amount_cents: number; sub_total_excluding_taxes_amount_cents: number; taxes_amount_cents: number;
  sub_total_including_taxes_amount_cents: number; credit_notes_amount_cents: number; prepaid_credit_amount_cents: number; total_amount_cents: number;
}

// Refusals a well-formed step may meet for the state it finds.
const OK_CODES = new Set(["no_active_subscription", "subscription_not_found", "invoice_not_found", "not_voidable", "invalid_type_or_status", "validation_errors", "invalid_status", "fee_not_found", "cannot_apply_to_paid_invoice", "wallet_not_found"]);

describe("simulate: timelines of well-formed calls", () => {
  it("run to the end on any accepted catalog; steps are refused only for the state they meet", () => {
    fc.assert(fc.property(inputArb, (x) => {
      let out: { responses: readonly { error?: { code: string } }[] };
      try {
        out = simulate(input(x)) as never;
      } catch (e) {
        // The generator only builds catalogs the checks accept, so any throw is a failure.
        throw e instanceof ValidationError ? new Error(`catalog refused: ${JSON.stringify(e.error_details)}`) : e;
      }
      const codes = out.responses.flatMap((r) => (r.error === undefined ? [] : [r.error.code]));
      expect(codes.filter((c) => !OK_CODES.has(c))).toEqual([]);
      // The totals chain of every invoice (invoice.md §1.1), nothing negative.
      for (const i of (out as unknown as { invoices: readonly Invoice[] }).invoices) {
        const sum = i.fees.reduce((a, f) => a + f.amount_cents, 0);
        expect([i.svc_id, i.fees_amount_cents]).toEqual([i.svc_id, sum]);
        expect(i.sub_total_excluding_taxes_amount_cents).toBe(i.fees_amount_cents - i.progressive_billing_credit_amount_cents - i.coupons_amount_cents);
        expect(i.sub_total_including_taxes_amount_cents).toBe(i.sub_total_excluding_taxes_amount_cents + i.taxes_amount_cents);
        expect(i.total_amount_cents).toBe(i.sub_total_including_taxes_amount_cents - i.credit_notes_amount_cents - i.prepaid_credit_amount_cents);
        expect(Math.min(i.total_amount_cents, i.taxes_amount_cents, i.sub_total_excluding_taxes_amount_cents, ...i.fees.map((f) => f.amount_cents))).toBeGreaterThanOrEqual(0);
      }
    }), { numRuns: Number(process.env["RATECARD_FUZZ_RUNS"] ?? 100) });
  });
});
