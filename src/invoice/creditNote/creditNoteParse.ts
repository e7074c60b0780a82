/**
 * The `create_credit_note` / `estimate_credit_note` body against its invoice (invoice.md §10.1,
 * §10.3 item checks): field types, the invoice type / status gate, then each item's fee and amount.
 */
import { type Decimal, ZERO, parseDecimal, round } from "../../core/decimal.js";
import { IssueCollector, type Issues, type Path } from "../../core/issue.js";
import { roundCents } from "../../fees/creditNoteTotals.js";
import { q5 } from "../wallet/walletCredit.js";
import { type CountedItem, feeCreditableAmountCents } from "./creditNoteCreditable.js";
import {
  CREDIT_NOTE_REASONS, type CreditNoteOutcome, type CreditNoteReason, type CreditNoteRequest, type IssuedInvoice, type RequestedItem,
} from "./creditNoteTypes.js";

type Obj = Readonly<Record<string, unknown>>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const absent = (x: unknown): boolean => x === undefined || x === null;

/** An integer amount of minor units: absent → 0; a safe integer or an integer string; ≥ 0. */
function cents(body: Obj, key: string, c: IssueCollector): bigint {
  const x = body[key];
  if (absent(x)) return 0n;
  const d = parseDecimal(x);
  if (d === undefined || !d.eq(round(d, 0, "down")) || d.lt(ZERO)) {
    c.add("invalid_value", [key]);
    return 0n;
  }
  return roundCents(d);
}

/**
 * Parses and checks a `create_credit_note` body. Refusals: `invalid_type_or_status` (a credit
 * invoice without an active wallet, or not paid when credit / refund is asked), `fee_not_found`.
 * Item errors stop at the first bad item and are reported under `amount_cents`, as the reference does.
 */
export function parseCreateCreditNote(body: unknown, invoice: IssuedInvoice): CreditNoteOutcome<CreditNoteRequest> {
  return parseBody(body, invoice, "create");
}

/** The estimate reads item amounts as integers (truncated) and does not count its own items against their fees (§10.5). */
export function parseEstimateCreditNote(body: unknown, invoice: IssuedInvoice): CreditNoteOutcome<readonly RequestedItem[]> {
  const r = parseBody(body, invoice, "estimate");
  return r.ok ? { ok: true, value: r.value.items } : r;
}

function parseBody(body: unknown, invoice: IssuedInvoice, mode: "create" | "estimate"): CreditNoteOutcome<CreditNoteRequest> {
  const c = new IssueCollector();
  const b: Obj = isObj(body) ? body : {};
  if (!isObj(body)) c.add(absent(body) ? "value_is_mandatory" : "invalid_type", []);
  const reason = absent(b["reason"]) ? "other" : b["reason"];
  if (!CREDIT_NOTE_REASONS.includes(reason as CreditNoteReason)) c.add("value_is_invalid", ["reason"]);
  const description = b["description"];
  if (!absent(description) && typeof description !== "string") c.add("invalid_value", ["description"]);
  const credit = mode === "create" ? cents(b, "credit_amount_cents", c) : 0n;
  const refund = mode === "create" ? cents(b, "refund_amount_cents", c) : 0n;
  const offset = mode === "create" ? cents(b, "offset_amount_cents", c) : 0n;
  const list = b["items"];
  if (!Array.isArray(list)) c.add("must_be_an_array", ["items"]);
  const raw = Array.isArray(list) ? list.map((it, i) => rawItem(it, i, c)) : [];
  const issues = c.issues();
  if (issues) return invalid(issues);
  if (!validTypeOrStatus(invoice, credit, refund)) return { ok: false, code: "invalid_type_or_status" };
  // An estimate has no offset to make of an unpaid credit invoice: it needs the payment.
  if (mode === "estimate" && invoice.invoice_type === "credit" && invoice.payment_status !== "succeeded") return { ok: false, code: "invalid_type_or_status" };

  const items: RequestedItem[] = [];
  const counted: CountedItem[] = [];
  for (const { fee_id, amount } of raw) {
    const fee = invoice.fees.find((f) => f.svc_id === fee_id);
    if (fee === undefined) return { ok: false, code: "fee_not_found" };
    // The estimate reads integers (`to_i`); a created item keeps its amount as the 5-decimal column does.
    const precise = mode === "estimate" ? round(amount, 0, "down") : q5(amount);
    const rounded = roundCents(precise);
    if (rounded < 0n) return invalid([{ code: "invalid_value", path: ["amount_cents"], message: "amount_cents: invalid_value" }]);
    if (rounded > feeCreditableAmountCents(invoice, fee, counted)) {
      const overWallet = invoice.invoice_type === "credit" && rounded > (invoice.wallet_creditable_amount_cents ?? 0n);
      const code = overWallet ? "higher_than_wallet_balance" : "higher_than_remaining_fee_amount";
      return invalid([{ code, path: ["amount_cents"], message: `amount_cents: ${code}` }]);
    }
    items.push({ fee, precise_amount_cents: precise });
    if (mode === "create") counted.push({ fee_id: fee.svc_id, amount_cents: rounded });
  }
  return {
    ok: true,
    value: {
      reason: reason as CreditNoteReason,
      description: typeof description === "string" ? description : null,
      credit_amount_cents: credit, refund_amount_cents: refund, offset_amount_cents: offset, items,
    },
  };
}

function rawItem(it: unknown, i: number, c: IssueCollector): { fee_id: unknown; amount: Decimal } {
  const path: Path = ["items", i];
  if (!isObj(it)) {
    c.add("invalid_type", path);
    return { fee_id: undefined, amount: ZERO };
  }
  if (absent(it["amount_cents"])) return { fee_id: it["fee_id"], amount: ZERO };
  const amount = parseDecimal(it["amount_cents"]);
  if (amount === undefined) c.add("invalid_value", [...path, "amount_cents"]);
  return { fee_id: it["fee_id"], amount: amount ?? ZERO };
}

/** The reference's gate (§10.3): credit invoices need an active wallet, and a paid invoice unless only offsetting. */
function validTypeOrStatus(invoice: IssuedInvoice, credit: bigint, refund: bigint): boolean {
  if (invoice.invoice_type !== "credit") return true;
  if (absent(invoice.wallet_creditable_amount_cents)) return false;
  if (invoice.payment_status === "pending" || invoice.payment_status === "failed") return credit <= 0n && refund <= 0n;
  return invoice.payment_status === "succeeded";
}

function invalid(issues: Issues): CreditNoteOutcome<never> {
  return { ok: false, code: "validation_errors", issues };
}
