/**
 * One step of a timeline performed: its `$ref`s resolved, then handed to the operation's
 * module (`*Ops.ts`). A refused step answers its error (`StepError`, or
 * `validation_errors` with every bad field); an operation not implemented yet answers
 * `not_implemented` and adds a warning.
 */
import { ValidationError } from "../core/issue.js";
import { createAlert, fetchAlertStep } from "./alertOps.js";
import { createCustomer } from "./customerOps.js";
import { createEvent, createEvents } from "./eventOps.js";
import { updateFee } from "./feeOps.js";
import { applyCoupon, createCreditNote, createOneOff, createPayment, estimateCreditNote, invoiceOp } from "./invoiceOps.js";
import { previewInvoice } from "./previewOps.js";
import { resolveRefs } from "./refs.js";
import type { Sim } from "./sim.js";
import { check, type Obj, type Operation, outcome, refuse, type Step, StepError } from "./steps.js";
import { updateSubscriptionFixedCharge } from "./subscriptionFixedCharges.js";
import { updatePlan } from "./planOps.js";
import { createSubscription, fetchSubscription, terminateSubscription, updateSubscription } from "./subscriptionOps.js";
import { fetchCurrentUsage, fetchProjectedUsage } from "./usageOps.js";
import { createWallet, fetchWallet, metricCodes, walletOp, walletTransaction } from "./walletOps.js";

/** Performs `raw` (the step at `index`) on the simulation and returns its response. */
export function performStep(sim: Sim, raw: Step, index: number): unknown {
  try {
    const step = { ...raw, body: resolveRefs(raw.body, sim.refSources) as Obj };
    touchStep(sim, step);
    switch (step.op as Operation) {
      case "create_customer": return createCustomer(sim, step);
      case "create_subscription": return createSubscription(sim, step, index);
      case "terminate_subscription": return terminateSubscription(sim, step, index);
      case "update_subscription": return updateSubscription(sim, step, index);
      case "update_plan": return updatePlan(sim, step, index);
      case "create_event": return { event: createEvent(sim, step.body, step, index) };
      case "create_events": return createEvents(sim, step, index);
      case "fetch_current_usage": return fetchCurrentUsage(sim, step);
      case "fetch_projected_usage": return fetchProjectedUsage(sim, step);
      case "create_alert": return createAlert(sim, step);
      case "fetch_alert": return fetchAlertStep(sim, step);
      case "fetch_subscription": return fetchSubscription(sim, step);
      case "update_subscription_fixed_charge": return updateSubscriptionFixedCharge(sim, step);
      case "apply_coupon": return applyCoupon(sim, step);
      case "finalize_invoice": return invoiceOp(sim, step, (inv) => sim.invoicing.finalize(inv, step.at));
      case "refresh_invoice": return invoiceOp(sim, step, (inv) => sim.invoicing.refresh(inv, step.at));
      case "update_invoice": return invoiceOp(sim, step, (inv) => check(sim.invoicing.setPaymentStatus(inv, step.body["payment_status"]), "payment_status"));
      case "void_invoice": return invoiceOp(sim, step, (inv) => outcome(sim.invoicing.void(inv, step.at, step.body)));
      case "create_credit_note": return createCreditNote(sim, step);
      case "create_wallet": return createWallet(sim, step);
      case "create_one_off_invoice": return createOneOff(sim, step);
      case "preview_invoice": return previewInvoice(sim, step);
      case "update_wallet": return walletOp(sim, step, (a, c) => sim.wallets.updateWallet(a, step.body, c, step.at, metricCodes(sim)));
      case "terminate_wallet": return walletOp(sim, step, (a) => sim.wallets.terminate(a, step.at));
      case "create_wallet_transaction": return walletTransaction(sim, step);
      case "fetch_wallet": return fetchWallet(sim, step);
      case "estimate_credit_note": return estimateCreditNote(sim, step);
      case "create_payment": return createPayment(sim, step);
      case "update_fee": return updateFee(sim, step);
      default:
        sim.warn(step.at, `operation ${step.op} is not implemented yet; the step changed nothing`, index);
        return refuse("not_implemented");
    }
  } catch (err) {
    if (err instanceof StepError) return { error: err.body };
    if (err instanceof ValidationError) return { error: { code: "validation_errors", error_details: err.error_details } };
    throw err;
  }
}

/** Operations that change nothing the schedule reads (events only add usage; reads and estimates change no date). */
const UNSCHEDULED: ReadonlySet<string> = new Set([
  "create_event", "create_events", "fetch_current_usage", "fetch_projected_usage", "fetch_subscription", "fetch_wallet", "fetch_alert",
  "estimate_credit_note", "preview_invoice", "create_alert", "update_fee",
]);

/**
 * Marks for the schedule the customers a step concerns (schedule.ts): those its body names,
 * directly or through a subscription, an invoice or a wallet; a plan update reaches every
 * customer on the plan, so it marks them all. Resolved when the schedule is next brought up
 * to date, after the step (a customer the step creates is found then).
 */
function touchStep(sim: Sim, step: Step): void {
  if (UNSCHEDULED.has(step.op)) return;
  const b = step.body;
  const text = (k: string): string | undefined => (typeof b[k] === "string" ? b[k] : undefined);
  if (step.op === "update_plan") return sim.schedule.touchEverything();
  const customer = text("external_customer_id");
  if (customer !== undefined) sim.schedule.touchCustomerId(customer);
  const external = text("external_id");
  if (external !== undefined) {
    if (step.op === "create_customer") sim.schedule.touchCustomerId(external);
    else sim.schedule.touchSubscriptionId(external);
  }
  const subscription = text("external_subscription_id");
  if (subscription !== undefined) sim.schedule.touchSubscriptionId(subscription);
  const invoice = text("invoice_id");
  const inv = invoice === undefined ? undefined : sim.invoicing.invoiceById(invoice);
  if (inv !== undefined) sim.schedule.touch(inv.customer);
  const wallet = sim.wallets.find(b["wallet_id"]);
  const owner = wallet === undefined ? undefined : sim.customerById(wallet.wallet.svc_customer_id);
  if (owner !== undefined) sim.schedule.touch(owner);
  if (customer === undefined && external === undefined && subscription === undefined && inv === undefined && owner === undefined) sim.schedule.touchEverything();
}
