/**
 * The operations of a timeline, one per file: each is `(state, step) → response | Refusal`.
 * An operation checks everything its step names first and returns a `Refusal` (refusal.ts)
 * before it changes anything; once its checks pass it applies the step and answers. The
 * table is complete: every operation of the contract (steps.ts) has its entry.
 */
import type { Answer } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Operation, Step } from "../steps.js";
import { applyCoupon } from "./applyCoupon.js";
import { createAlert } from "./createAlert.js";
import { createAlerts } from "./createAlerts.js";
import { createCreditNote } from "./createCreditNote.js";
import { createCustomer } from "./createCustomer.js";
import { createEvent } from "./createEvent.js";
import { createEvents } from "./createEvents.js";
import { createOneOffInvoice } from "./createOneOffInvoice.js";
import { createPayment } from "./createPayment.js";
import { createSubscription } from "./createSubscription.js";
import { createWallet } from "./createWallet.js";
import { createWalletTransaction } from "./createWalletTransaction.js";
import { deleteAddOn } from "./deleteAddOn.js";
import { deleteAlert } from "./deleteAlert.js";
import { deleteBillableMetric } from "./deleteBillableMetric.js";
import { deleteAlerts } from "./deleteAlerts.js";
import { deleteCoupon } from "./deleteCoupon.js";
import { deleteFee } from "./deleteFee.js";
import { deletePlan } from "./deletePlan.js";
import { deleteTax } from "./deleteTax.js";
import { estimateCreditNote } from "./estimateCreditNote.js";
import { fetchAlert } from "./fetchAlert.js";
import { fetchLifetimeUsage } from "./fetchLifetimeUsage.js";
import { fetchCurrentUsage } from "./fetchCurrentUsage.js";
import { fetchProjectedUsage } from "./fetchProjectedUsage.js";
import { fetchSubscription } from "./fetchSubscription.js";
import { fetchWallet } from "./fetchWallet.js";
import { finalizeInvoice } from "./finalizeInvoice.js";
import { loseDispute } from "./loseDispute.js";
import { previewInvoice } from "./previewInvoice.js";
import { refreshInvoice } from "./refreshInvoice.js";
import { terminateAppliedCoupon } from "./terminateAppliedCoupon.js";
import { terminateSubscription } from "./terminateSubscription.js";
import { terminateWallet } from "./terminateWallet.js";
import { updateAddOn } from "./updateAddOn.js";
import { updateAlert } from "./updateAlert.js";
import { updateBillableMetric } from "./updateBillableMetric.js";
import { updateCoupon } from "./updateCoupon.js";
import { updateCreditNote } from "./updateCreditNote.js";
import { updateFee } from "./updateFee.js";
import { updateInvoice } from "./updateInvoice.js";
import { updateLifetimeUsage } from "./updateLifetimeUsage.js";
import { updatePlan } from "./updatePlan.js";
import { updateSubscription } from "./updateSubscription.js";
import { updateSubscriptionFixedCharge } from "./updateSubscriptionFixedCharge.js";
import { updateTax } from "./updateTax.js";
import { updateWallet } from "./updateWallet.js";
import { voidCreditNote } from "./voidCreditNote.js";
import { voidInvoice } from "./voidInvoice.js";

export type OperationRun = (sim: Sim, step: Step) => Answer;

export const OPERATION_RUNS: { readonly [K in Operation]: OperationRun } = {
  create_customer: createCustomer,
  create_subscription: createSubscription,
  update_subscription: updateSubscription,
  terminate_subscription: terminateSubscription,
  fetch_subscription: fetchSubscription,
  update_subscription_fixed_charge: updateSubscriptionFixedCharge,
  update_plan: updatePlan,
  update_lifetime_usage: updateLifetimeUsage,
  create_event: createEvent,
  create_events: createEvents,
  fetch_current_usage: fetchCurrentUsage,
  fetch_projected_usage: fetchProjectedUsage,
  create_alert: createAlert,
  fetch_alert: fetchAlert,
  apply_coupon: applyCoupon,
  finalize_invoice: finalizeInvoice,
  refresh_invoice: refreshInvoice,
  update_invoice: updateInvoice,
  void_invoice: voidInvoice,
  void_credit_note: voidCreditNote,
  update_alert: updateAlert,
  delete_alert: deleteAlert,
  create_payment: createPayment,
  create_credit_note: createCreditNote,
  estimate_credit_note: estimateCreditNote,
  create_one_off_invoice: createOneOffInvoice,
  preview_invoice: previewInvoice,
  create_wallet: createWallet,
  update_wallet: updateWallet,
  terminate_wallet: terminateWallet,
  create_wallet_transaction: createWalletTransaction,
  fetch_wallet: fetchWallet,
  update_fee: updateFee,
  fetch_lifetime_usage: fetchLifetimeUsage,
  delete_plan: deletePlan,
  update_add_on: updateAddOn,
  delete_add_on: deleteAddOn,
  update_coupon: updateCoupon,
  delete_coupon: deleteCoupon,
  terminate_applied_coupon: terminateAppliedCoupon,
  create_alerts: createAlerts,
  delete_alerts: deleteAlerts,
  update_credit_note: updateCreditNote,
  lose_dispute: loseDispute,
  delete_fee: deleteFee,
  update_tax: updateTax,
  delete_tax: deleteTax,
  update_billable_metric: updateBillableMetric,
  delete_billable_metric: deleteBillableMetric,
};
