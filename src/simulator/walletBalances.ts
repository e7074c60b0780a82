/**
 * The ongoing balances of wallets refreshed from current usage (invoice.md §11.5); the wallet
 * operations are in operations/ (createWallet.ts, updateWallet.ts, …).
 */
import { ZERO } from "../core/decimal.js";
import { formatInstant, type Instant } from "../core/instant.js";
import type { Fee } from "../fees/index.js";
import { feeTaxAmounts, feeTaxes, type OngoingFee, type Tax } from "../invoice/index.js";
import { currentUsage } from "../usage/index.js";
import type { Sim } from "./sim.js";
import { targetWallet } from "./invoiceCredits.js";
import type { InvoiceRecord } from "./invoices.js";
import { progressiveInvoices } from "./progressiveLookup.js";
import type { Customer } from "./state.js";
import { isRefusal } from "./refusal.js";
import { usageInput } from "./usage.js";

export function metricCodes(sim: Sim): ReadonlySet<string> {
  return new Set(sim.catalog.metrics.keys());
}

/**
 * The ongoing balances of the customer's wallets refreshed (§11.5); wallets with a threshold
 * rule are then checked by the wallet jobs (§11.6, walletRules.ts), as the reference's
 * delayed top-up job does.
 */
export function refreshWallets(sim: Sim, customer: Customer, at: Instant): void {
  refreshOngoing(sim, customer, at);
  for (const a of sim.wallets.of(customer)) sim.wallets.queueCheck(a);
}

/** The ongoing balances of the customer's wallets: current usage of its active subscriptions and its draft invoices. */
export function refreshOngoing(sim: Sim, customer: Customer, at: Instant): void {
  if (sim.wallets.of(customer).length === 0) return;
  const current: OngoingFee[] = [];
  const advance: OngoingFee[] = [];
  const progressive: OngoingFee[] = [];
  const lineFee = (i: InvoiceRecord, l: InvoiceRecord["lines"][number]): OngoingFee => ({
    fee_type: l.fee.fee_type, metric_code: l.fee.metric_code, target_wallet_code: targetWallet(l.billed.fee), currency: i.currency,
    amount_cents: l.fee.amount_cents, taxes_amount_cents: l.taxes.taxes_amount_cents, precise_coupons_amount_cents: l.fee.precise_coupons_amount_cents,
  });
  for (const s of sim.subscriptions) {
    if (s.customer !== customer || s.status !== "active") continue;
    const input = usageInput(sim, s, at, {});
    if (isRefusal(input)) continue;
    const r = currentUsage(input);
    if (!r.ok) continue;
    for (const c of r.charges_fees) {
      const taxes = feeTaxes({ charge: c.charge.taxes, plan: s.plan.taxes, customer: customer.taxes, organization: sim.catalog.organization.taxes });
      for (const f of c.fees) {
        const o = ongoingFee(f, c.charge.metric.code, taxes);
        current.push(o);
        if (f.pay_in_advance) advance.push(o);
      }
    }
    // The period's progressive-billing invoices already billed part of that usage (§11.5).
    for (const i of progressiveInvoices(sim.invoicing, s, input.window.start)) progressive.push(...i.lines.map((l) => lineFee(i, l)));
  }
  // A draft's fees count net of their progressive-billing shares (its precise coupons, §1.1).
  const drafts = sim.invoicing.invoicesOf(customer).filter((i) => i.status === "draft" && i.totals.total_amount_cents !== 0n)
    .flatMap((i) => i.lines.map((l) => lineFee(i, l)));
  for (const id of sim.wallets.refreshOngoing(customer, { current, drafts, advance, progressive }, at)) {
    sim.invoicing.webhooks.push({ type: "wallet.depleted_ongoing_balance", at: formatInstant(at), object: sim.wallets.walletObject(id) });
  }
}

/** A current-usage fee as the ongoing balance reads it (its own taxes, §2). */
export function ongoingFee(f: Fee, metricCode: string, taxes: readonly Tax[]): OngoingFee {
  const t = feeTaxAmounts({
    svc_id: f.svc_id, fee_type: "charge", svc_subscription_id: null, plan_code: null, metric_code: metricCode, svc_charge_id: null,
    amount_cents: f.amount_cents, precise_amount_cents: f.precise_amount_cents, units: f.units, precise_coupons_amount_cents: ZERO,
    precise_credit_notes_amount_cents: ZERO, taxes, from_date: f.from_date, to_date: f.to_date, pay_in_advance: f.pay_in_advance,
  });
  return { fee_type: "charge", metric_code: metricCode, target_wallet_code: targetWallet(f), currency: f.amount_currency, amount_cents: f.amount_cents, taxes_amount_cents: t.taxes_amount_cents };
}
