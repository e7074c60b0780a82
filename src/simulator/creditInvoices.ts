/**
 * The `credit` invoices of purchased wallet credits (invoice.md §1.2, §11.3): one untaxed
 * `credit` fee (units = credits, unit amount = rate × S), no coupons, credit notes or
 * wallets; finalized at once, or `open` until paid when the purchase requires a successful
 * payment. Its payment settles the purchase (and finalizes an open invoice); a failure
 * fails it.
 */
import { ZERO, dec, round } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import { type Instant, formatInstant } from "../core/instant.js";
import { subunitToUnit } from "../core/money.js";
import type { Fee } from "../fees/index.js";
import { type CreditInvoiceRequest, type InvoiceFee, failPurchase, feeTaxAmounts, settlePurchase } from "../invoice/index.js";
import { isoDay } from "./creditNotes.js";
import { type InvoiceLine, type InvoiceRecord, invoiceJson } from "./invoices.js";
import type { Sim } from "./sim.js";
import type { Customer } from "./state.js";

/** Issues the credit invoice of each purchase and links it to its pending inbound transaction. */
export function issueCreditInvoices(sim: Sim, customer: Customer, requests: readonly CreditInvoiceRequest[], at: Instant): InvoiceRecord[] {
  // The transactions' webhooks come before their invoices'.
  flushWalletWebhooks(sim);
  return requests.map((req) => {
    const line = creditLine(req, customer, nameOf(sim, req), at);
    const inv = sim.invoicing.issue(customer, [], at, [line], { currency: req.currency, type: "credit", open: req.invoice_requires_successful_payment });
    sim.wallets.linkInvoice(req.svc_wallet_id, req.svc_wallet_transaction_id, inv.svc_id);
    return inv;
  });
}

/** The transaction's name, shown as the fee's name (`credit` without one). */
function nameOf(sim: Sim, req: CreditInvoiceRequest): string | null {
  return sim.wallets.find(req.svc_wallet_id)?.transactions.find((t) => t.svc_id === req.svc_wallet_transaction_id)?.name ?? null;
}

/** The one `credit` fee of a purchase: never taxed (§1.2). */
export function creditLine(req: CreditInvoiceRequest, customer: Customer, name: string | null, at: Instant): InvoiceLine {
  const svc_id = stableId("fee", "credit", req.svc_wallet_transaction_id);
  const fee: Fee = {
    svc_id,
    amount_currency: req.currency,
    units: req.units,
    amount_cents: req.amount_cents,
    precise_amount_cents: dec(req.amount_cents),
    unit_amount_cents: BigInt(round(req.unit_amount_cents, 0, "down").toFixed()),
    precise_unit_amount: req.unit_amount_cents.div(subunitToUnit(req.currency)),
    events_count: 0,
    total_aggregated_units: req.units,
    amount_details: {},
    item: { type: "credit", code: "credit", name: name ?? "credit", invoice_display_name: name ?? "credit", description: "credit", svc_item_id: req.svc_wallet_transaction_id },
    from_date: at,
    to_date: at,
    pay_in_advance: false,
  };
  const invoiceFee: InvoiceFee = {
    svc_id, fee_type: "credit", svc_subscription_id: null, plan_code: null, metric_code: null, svc_charge_id: null,
    amount_cents: req.amount_cents, precise_amount_cents: fee.precise_amount_cents, units: req.units,
    precise_coupons_amount_cents: ZERO, precise_credit_notes_amount_cents: ZERO, taxes: [], from_date: at, to_date: at, pay_in_advance: false,
  };
  return { billed: { fee, charge: null, taxes: [] }, fee: invoiceFee, taxes: feeTaxAmounts(invoiceFee), run: null, customer };
}

/**
 * The credit invoices paid or failed since the last run (Lago's prepaid-credit job): a
 * success settles the purchase at `at` and finalizes an `open` invoice (issuing and due
 * date: that day, `invoice.paid_credit_added`); a failure fails the purchase.
 */
export function settleCreditPayments(sim: Sim, at: Instant): void {
  const payments = sim.wallets.payments;
  sim.wallets.payments = [];
  for (const p of payments) {
    const purchase = sim.wallets.purchaseOf(p.svc_invoice_id);
    const inv = sim.invoicing.invoiceById(p.svc_invoice_id);
    if (purchase === undefined || inv === undefined) continue;
    const before = purchase.account;
    const after = p.status === "succeeded" ? settlePurchase(before, purchase.svc_transaction_id, at) : failPurchase(before, purchase.svc_transaction_id, at);
    if (after !== before) sim.wallets.changed(after, purchase.svc_transaction_id, at);
    if (p.status === "succeeded" && inv.status === "open") {
      const day = isoDay(at, sim.timezoneOf(inv.customer));
      inv.status = "finalized";
      sim.schedule.touch(inv.customer);
      sim.invoicing.numberFinal(inv);
      inv.issuing_date = day;
      inv.payment_due_date = day;
      sim.invoicing.webhooks.push({ type: "invoice.paid_credit_added", at: formatInstant(at), object: invoiceJson(inv, sim.catalog.organization) });
    }
  }
}

/** Hands the queued `wallet_transaction.*` webhooks to the simulation's list. */
export function flushWalletWebhooks(sim: Sim): void {
  if (sim.wallets.webhooks.length === 0) return;
  sim.invoicing.webhooks.push(...sim.wallets.webhooks);
  sim.wallets.webhooks = [];
}
