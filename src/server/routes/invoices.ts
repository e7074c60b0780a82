/**
 * Invoices (list, fetch, one-off, preview, refresh, finalize, void, payment status, lost dispute,
 * the document and payment-provider calls), fees (list, fetch, payment status, delete),
 * credit notes (create, estimate, list, fetch) and manual payments, each state-changing call
 * the simulator step of the same purpose.
 */
import { creditNoteJson } from "../../simulator/creditNotes.js";
import { isObj, type Obj } from "../../simulator/steps.js";
import { badRequest, methodNotAllowed } from "../wire.js";
import { type ApiRequest, fail, filtered, invalid, list, missing, notFoundResponse, ok, outcome, type Response, step, wrapped } from "../respond.js";
import type { ServeState } from "../state.js";

export function invoiceRoutes(state: ServeState, req: ApiRequest): Response | undefined {
  if (req.subId !== undefined) return undefined;
  switch (req.resource) {
    case "invoices": return invoices(state, req);
    case "fees": return fees(state, req);
    case "credit_notes": return creditNotes(state, req);
    case "payments": return payments(state, req);
    default: return undefined;
  }
}

function invoices(state: ServeState, req: ApiRequest): Response | undefined {
  const { id, sub, method: m } = req;
  if (id === undefined) {
    if (m === "GET") return invoiceList(state, req);
    // A one-off invoice: add-on fees, finalized at once.
    if (m === "POST") return step(state, req, "invoice", "create_one_off_invoice");
    return undefined;
  }
  if (id === "preview" && sub === undefined && m === "POST") {
    // The preview's body has no wrapper (interface-spec.md); nothing is stored.
    if (!isObj(req.body)) return fail(badRequest("param is missing or the value is empty: customer"));
    return outcome(state.read("preview_invoice", req.body));
  }
  if (sub === undefined) {
    if (m === "GET") {
      const inv = state.sim.invoicing.find(id);
      return inv === undefined || inv.status === "closed" ? notFoundResponse("invoice_not_found") : ok({ invoice: state.sim.invoicing.invoiceJson(inv, state.now) });
    }
    if (m === "PUT") return step(state, req, "invoice", "update_invoice", { invoice_id: id });
    return undefined;
  }
  if (sub === "refresh" && m === "PUT") return outcome(state.perform("refresh_invoice", { invoice_id: id }));
  if (sub === "finalize" && m === "PUT") return outcome(state.perform("finalize_invoice", { invoice_id: id }));
  if (sub === "void" && m === "POST") {
    // Its options are top-level (`generate_credit_note`, `credit_amount`, `refund_amount`), the body optional.
    const options = isObj(req.body) ? (isObj(req.body["invoice"]) ? req.body["invoice"] : req.body) : {};
    return outcome(state.perform("void_invoice", { ...options, invoice_id: id }));
  }
  if (sub === "lose_dispute" && m === "POST") return outcome(state.perform("lose_dispute", { invoice_id: id }));
  if (m === "POST" && INVOICE_EXTRAS.has(sub)) return invoiceExtra(state, id, sub);
  return undefined;
}

/** The invoice calls about documents and payment providers (docs/serve.md, "Invoice documents and payments"). */
const INVOICE_EXTRAS: ReadonlySet<string> = new Set(["download", "download_pdf", "download_xml", "retry", "retry_payment", "payment_url"]);

/**
 * What is meaningful offline of the reference's document and payment-provider calls; none
 * changes the state. `download*`: a finalized invoice (else 404, as the reference finds only
 * those) answered as `GET` answers it, `file_url` null — ratecard renders no documents.
 * `retry` (a failed tax-provider computation): no invoice is ever `failed` here, 405
 * `invalid_status`. `retry_payment`: a draft, voided or paid invoice is 405 `invalid_status`;
 * otherwise 200 with an empty body, as the reference answers it (no payment provider: nothing is
 * charged). `payment_url`: customers have no payment provider, 422 `no_linked_payment_provider`.
 */
function invoiceExtra(state: ServeState, id: string, sub: string): Response {
  const inv = state.sim.invoicing.find(id);
  if (inv === undefined || inv.status === "closed") return notFoundResponse("invoice_not_found");
  switch (sub) {
    case "retry": return fail(methodNotAllowed("invalid_status"));
    case "retry_payment":
      return inv.status === "draft" || inv.status === "voided" || inv.payment_status === "succeeded" ? fail(methodNotAllowed("invalid_status")) : { status: 200, body: "", text: true };
    case "payment_url": return invalid({ base: ["no_linked_payment_provider"] });
    default: return inv.status === "finalized" ? ok({ invoice: state.sim.invoicing.invoiceJson(inv, state.now) }) : notFoundResponse("invoice_not_found");
  }
}

/**
 * GET /invoices, newest first: `external_customer_id`, `status`, `payment_status`, `invoice_type`,
 * `currency`; each item the whole invoice, fees included. `scope`: the customer of
 * `GET /customers/:external_id/invoices` (over the query's).
 */
export function invoiceList(state: ServeState, req: ApiRequest, scope?: string): Response {
  const customer = scope ?? req.query.get("external_customer_id");
  const all = filtered(state.sim.invoicing.json(state.now) as Obj[], req.query, ["status", "payment_status", "invoice_type", "currency"])
    .filter((inv) => customer === null || (isObj(inv["customer"]) && inv["customer"]["external_id"] === customer));
  return list(req, "invoices", all.reverse());
}

/**
 * GET /fees (`external_customer_id`, `external_subscription_id`, `fee_type`, `payment_status`,
 * `currency`, `billable_metric_code`), GET /fees/:id, PUT /fees/:id `{fee: {payment_status}}`
 * (`update_fee`: fees without invoice), DELETE /fees/:id (`delete_fee`: the same fees).
 */
function fees(state: ServeState, req: ApiRequest): Response | undefined {
  const { id, sub, method: m } = req;
  if (sub !== undefined) return undefined;
  const all = state.sim.invoicing.feesJson() as Obj[];
  if (id === undefined) {
    if (m !== "GET") return undefined;
    const q = req.query;
    const type = q.get("fee_type");
    const metric = q.get("billable_metric_code");
    const currency = q.get("currency");
    const found = filtered(all, q, ["external_customer_id", "external_subscription_id", "payment_status"]).filter((f) => {
      const item = isObj(f["item"]) ? f["item"] : {};
      return (type === null || item["type"] === type) && (metric === null || (item["type"] === "charge" && item["code"] === metric))
        && (currency === null || f["amount_currency"] === currency);
    });
    return list(req, "fees", found);
  }
  if (m === "GET") {
    const fee = all.find((f) => f["svc_id"] === id);
    return fee === undefined ? notFoundResponse("fee_not_found") : ok({ fee });
  }
  if (m === "PUT") return step(state, req, "fee", "update_fee", { fee_id: id });
  if (m === "DELETE") {
    // The reference refuses deleting an invoiced fee as not allowed (405).
    const done = state.perform("delete_fee", { fee_id: id });
    return !done.ok && done.error.code === "invoiced_fee" ? fail(methodNotAllowed("invoiced_fee")) : outcome(done);
  }
  return undefined;
}

/**
 * POST /credit_notes `{credit_note}` (`create_credit_note`), POST /credit_notes/estimate
 * (`estimate_credit_note`, nothing stored), GET list (`external_customer_id`, `invoice_id`,
 * `reason`, `credit_status`, `refund_status`; newest first) and fetch; PUT /credit_notes/:id/void
 * (`void_credit_note`); PUT /credit_notes/:id `{credit_note: {refund_status}}` (`update_credit_note`);
 * POST /credit_notes/:id/download (the note, no document).
 */
function creditNotes(state: ServeState, req: ApiRequest): Response | undefined {
  const { id, sub, method: m } = req;
  if (id === undefined) {
    if (m === "POST") return step(state, req, "credit_note", "create_credit_note");
    return m === "GET" ? creditNoteList(state, req) : undefined;
  }
  if (id === "estimate" && sub === undefined && m === "POST") {
    const body = wrapped(req, "credit_note");
    return body === undefined ? missing("credit_note") : outcome(state.read("estimate_credit_note", body));
  }
  const note = notes(state).find((n) => n["svc_id"] === id);
  if (sub === undefined && m === "GET") return note === undefined ? notFoundResponse("credit_note_not_found") : ok({ credit_note: note });
  if (sub === "void" && m === "PUT") return outcome(state.perform("void_credit_note", { credit_note_id: id }));
  if (sub === undefined && m === "PUT") return step(state, req, "credit_note", "update_credit_note", { credit_note_id: id });
  // A finalized note as GET answers it (`file_url` null: no documents are rendered).
  if ((sub === "download" || sub === "download_pdf" || sub === "download_xml") && m === "POST") {
    return note === undefined || note["status"] !== "finalized" ? notFoundResponse("credit_note_not_found") : ok({ credit_note: note });
  }
  return undefined;
}

/** GET /credit_notes, newest first (`scope`: the customer of `GET /customers/:external_id/credit_notes`). */
export function creditNoteList(state: ServeState, req: ApiRequest, scope?: string): Response {
  const q = req.query;
  const customer = scope ?? q.get("external_customer_id");
  const invoice = q.get("invoice_id");
  const found = filtered(notes(state), q, ["reason", "credit_status", "refund_status", "currency"])
    .filter((n) => (customer === null || (isObj(n["customer"]) && n["customer"]["external_id"] === customer)) && (invoice === null || n["svc_invoice_id"] === invoice));
  return list(req, "credit_notes", found.reverse());
}

function notes(state: ServeState): Obj[] {
  const { invoicing, catalog } = state.sim;
  return invoicing.creditNotes.map((n) => creditNoteJson(n, { invoice: invoicing.invoiceById(n.svc_invoice_id), organization: catalog.organization }) as Obj);
}

/**
 * POST /payments `{payment: {invoice_id, amount_cents, reference}}` (`create_payment`, a manual
 * payment); GET list (`external_customer_id`, `invoice_id`; newest first) and fetch, from the
 * accepted payments' answers (a payment does not change once made).
 */
function payments(state: ServeState, req: ApiRequest): Response | undefined {
  const { id, sub, method: m } = req;
  if (sub !== undefined) return undefined;
  if (id === undefined && m === "POST") return step(state, req, "payment", "create_payment");
  if (m !== "GET") return undefined;
  if (id === undefined) return paymentList(state, req);
  const payment = allPayments(state).find((p) => p["svc_id"] === id);
  return payment === undefined ? notFoundResponse("payment_not_found") : ok({ payment });
}

const allPayments = (state: ServeState): Obj[] => state.acceptedSteps("create_payment").map((a) => a.response["payment"] as Obj);

/** GET /payments, newest first (`scope`: the customer of `GET /customers/:external_id/payments`). */
export function paymentList(state: ServeState, req: ApiRequest, scope?: string): Response {
  const invoice = req.query.get("invoice_id");
  const customer = scope ?? req.query.get("external_customer_id");
  const found = allPayments(state).filter((p) => (customer === null || customer === "" || p["external_customer_id"] === customer) && (invoice === null || (p["invoice_ids"] as unknown[]).includes(invoice)));
  return list(req, "payments", found.reverse());
}
