import { describe, expect, it } from "vitest";
import { toDecimalString } from "../../../src/core/decimal.js";
import { toErrorDetails } from "../../../src/core/issue.js";
import type { CreditNoteOutcome } from "../../../src/invoice/creditNote/creditNoteTypes.js";
import { parseCreateCreditNote, parseEstimateCreditNote } from "../../../src/invoice/creditNote/creditNoteParse.js";
import { created, fee, invoice, item, request, tax, withNote } from "./creditNoteFixtures.js";

const f1 = fee("f1", 1000, [tax("vat20", "20")]);
const f2 = fee("f2", 500, []);
const inv = invoice([f1, f2], { total_paid_amount_cents: 100n, payment_status: "succeeded" });
const details = (r: CreditNoteOutcome<unknown>) => (!r.ok && r.code === "validation_errors" ? toErrorDetails(r.issues) : r);

describe("parseCreateCreditNote (invoice.md §10.1, §10.3 items)", () => {
  it("reads the body: reason default other, amounts default 0, decimal item amounts kept precise", () => {
    const r = parseCreateCreditNote({ credit_amount_cents: 120, items: [{ fee_id: "f1", amount_cents: "99.5" }, { fee_id: "f2" }] }, inv);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ reason: "other", description: null, credit_amount_cents: 120n, refund_amount_cents: 0n, offset_amount_cents: 0n });
    expect(r.value.items.map((i) => [i.fee.svc_id, toDecimalString(i.precise_amount_cents)])).toEqual([["f1", "99.5"], ["f2", "0"]]);
  });

  it("names every bad field: reason, description, amounts, items not an array", () => {
    const r = parseCreateCreditNote({ reason: "nope", description: 3, credit_amount_cents: -1, refund_amount_cents: "1.5", offset_amount_cents: "x", items: {} }, inv);
    expect(details(r)).toEqual({
      reason: ["value_is_invalid"], description: ["invalid_value"], credit_amount_cents: ["invalid_value"],
      refund_amount_cents: ["invalid_value"], offset_amount_cents: ["invalid_value"], items: ["must_be_an_array"],
    });
    expect(details(parseCreateCreditNote(undefined, inv))).toMatchObject({ base: ["value_is_mandatory"], items: ["must_be_an_array"] });
    expect(details(parseCreateCreditNote({ items: [3, { fee_id: "f1", amount_cents: "abc" }] }, inv))).toEqual({ "items.0": ["invalid_type"], "items.1.amount_cents": ["invalid_value"] });
  });

  it("an unknown fee refuses the whole note with fee_not_found", () => {
    expect(parseCreateCreditNote({ items: [{ fee_id: "f1", amount_cents: 1 }, { fee_id: "zzz", amount_cents: 1 }] }, inv)).toEqual({ ok: false, code: "fee_not_found" });
  });

  it("item checks as the reference reports them (key amount_cents): negative → invalid_value, over the fee's remaining → higher_than_remaining_fee_amount", () => {
    expect(details(parseCreateCreditNote({ items: [{ fee_id: "f1", amount_cents: -5 }] }, inv))).toEqual({ amount_cents: ["invalid_value"] });
    expect(details(parseCreateCreditNote({ items: [{ fee_id: "f1", amount_cents: 1001 }] }, inv))).toEqual({ amount_cents: ["higher_than_remaining_fee_amount"] });
    // Two items of one note count against the same fee; earlier notes' items too.
    expect(details(parseCreateCreditNote({ items: [{ fee_id: "f2", amount_cents: 300 }, { fee_id: "f2", amount_cents: 300 }] }, inv))).toEqual({ amount_cents: ["higher_than_remaining_fee_amount"] });
    const after = withNote(inv, created(inv, request([item(f2, 300)], 300n)));
    expect(details(parseCreateCreditNote({ items: [{ fee_id: "f2", amount_cents: 201 }] }, after))).toEqual({ amount_cents: ["higher_than_remaining_fee_amount"] });
    expect(parseCreateCreditNote({ items: [{ fee_id: "f2", amount_cents: 200 }] }, after).ok).toBe(true);
  });

  it("credit (wallet top-up) invoices: refused without an active wallet or unpaid with a credit / refund; item over the wallet → higher_than_wallet_balance", () => {
    const w = fee("w", 1000, [], "0", "credit");
    const top = invoice([w], { invoice_type: "credit", payment_status: "succeeded", total_paid_amount_cents: 1000n, wallet_creditable_amount_cents: 600n });
    expect(parseCreateCreditNote({ refund_amount_cents: 100, items: [] }, { ...top, wallet_creditable_amount_cents: null })).toEqual({ ok: false, code: "invalid_type_or_status" });
    expect(parseCreateCreditNote({ refund_amount_cents: 100, items: [] }, { ...top, payment_status: "pending" })).toEqual({ ok: false, code: "invalid_type_or_status" });
    expect(parseCreateCreditNote({ offset_amount_cents: 1000, items: [] }, { ...top, payment_status: "pending" }).ok).toBe(true);
    expect(details(parseCreateCreditNote({ refund_amount_cents: 700, items: [{ fee_id: "w", amount_cents: 700 }] }, top))).toEqual({ amount_cents: ["higher_than_wallet_balance"] });
  });
});

describe("parseEstimateCreditNote (invoice.md §10.5)", () => {
  it("truncates item amounts to integers and does not count its own items against the fee", () => {
    const r = parseEstimateCreditNote({ items: [{ fee_id: "f2", amount_cents: "300.9" }, { fee_id: "f2", amount_cents: 300 }] }, inv);
    expect(r.ok && r.value.map((i) => toDecimalString(i.precise_amount_cents))).toEqual(["300", "300"]);
  });
});
