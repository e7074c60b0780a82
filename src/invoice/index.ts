/**
 * Invoice-level rules: taxes so far (invoice.md §5). Coupons, credits, wallets and
 * credit notes come with the simulator's invoicing.
 */
export {
  type Tax, type TaxSources, type TaxedBase, type AppliedInvoiceTax, type InvoiceTaxAmounts, feeTaxes, invoiceTaxes, invoiceTaxesAmountCents,
} from "./taxes.js";
export { type AppliedFeeTax, type FeeTaxAmounts, feeRemainder, feeTaxAmounts, invoiceTaxAmounts } from "./feeTaxAmounts.js";
export type { InvoiceCredit, InvoiceFee, InvoiceStatus, InvoiceTotals, InvoiceType, PaymentStatus } from "./types.js";
export { commitmentPeriod, countsTowardsCommitment } from "./commitmentPeriod.js";
export { type MinimumCommitment, type CommitmentFeeInput, type CommitmentFee, commitmentFee, proratedCommitmentCents } from "./commitmentFee.js";
export { type LifetimeUsageInvoice, type LifetimeUsageInput, type LifetimeUsage, lifetimeUsage } from "./lifetimeUsage.js";
export { type UsageThreshold, type ThresholdCheckInput, effectiveUsageThresholds, usageThresholdsPassed, checkThresholds } from "./progressiveThresholds.js";
export { type ThresholdCompletion, usageThresholdsCompletion } from "./progressiveThresholdCompletion.js";
export { type ProgressiveInvoiceCandidate, latestProgressiveInvoice } from "./progressiveInvoiceSelection.js";
export {
  type ProgressiveCreditSource, type ProgressiveBillingCreditsInput, type ProgressiveBillingCredits, type ProgressiveExcess, progressiveBillingCredits,
} from "./progressiveBillingCredits.js";
export {
  type CouponType, type CouponFrequency, type CouponExpiration, type CouponTemplate, type AppliedCoupon, type AppliedCouponCredit, type AppliedCouponStatus,
  isCouponActive, isLimited, amountCentsRemaining,
} from "./couponTypes.js";
export { type CouponReferences, parseCouponTemplate, percentageRateOf } from "./couponTemplate.js";
export {
  type ApplyCouponContext, type AppliedCouponCreation, type StepRefusal, type ApplyCouponOutcome, parseApplyCoupon,
} from "./couponApply.js";
export { type CouponBase, couponValue, spreadCoupon, truncToBigInt } from "./couponAmount.js";
export { type ApplyCouponsInput, type ApplyCouponsResult, applyCoupons, orderAppliedCoupons, targetedFees, couponCredit } from "./coupons.js";
export { recreditCoupons, releaseCouponCredits } from "./couponRecredit.js";
export { type PreviewCouponsInput, type PreviewCouponsResult, previewCoupons } from "./couponPreview.js";
export {
  type Wallet, type WalletAccount, type WalletTransaction, type RecurringTransactionRule, type CreditInvoiceRequest, type KeyValue,
  type WalletStatus, type WalletTransactionStatus, type WalletTransactionKind, type WalletTransactionType, type WalletTransactionSource,
  DEFAULT_WALLET_PRIORITY,
} from "./walletTypes.js";
export { type WalletCreditValue, creditsToMoney, centsToCredits, creditsOfCents, floorCredits, q5, roundCents } from "./walletCredit.js";
export { type BalanceMove, increaseBalance, decreaseBalance } from "./walletBalance.js";
export { type Consumption, trackConsumption } from "./walletTraceability.js";
export { type WalletTransactionRequest, type WalletTopUpResult, walletTopUp } from "./walletTopUp.js";
export { settlePurchase, failPurchase } from "./walletPurchase.js";
export { type CreateWalletContext, parseCreateWallet } from "./walletCreate.js";
export { type UpdateWalletContext, parseUpdateWallet, terminateWallet } from "./walletUpdate.js";
export { parseCreateWalletTransaction } from "./walletTransactionCreate.js";
export { type PrepaidCreditFee, type WalletBucket, type BucketKey, walletAppliesTo, walletBuckets } from "./walletBuckets.js";
export { type PrepaidCreditsInput, type PrepaidCreditsResult, applyPrepaidCredits } from "./walletPrepaidCredits.js";
export { type OngoingFee, type OngoingUsageInput, type OngoingResult, refreshOngoingBalances, hasActiveThresholdRule } from "./walletOngoing.js";
export {
  ruleIsActive, pendingPurchasedCredits, ruleTopUpCredits, thresholdReached, intervalDue, ruleTopUpRequest, dueThresholdTopUp, dueIntervalTopUps,
} from "./walletRecurring.js";
export { type VoidOptions, type VoidResult, voidWalletCredits, voidWalletCents } from "./walletVoid.js";
export { type RecreditResult, recreditVoidedInvoice } from "./walletVoidInvoice.js";
export { walletExpiryInstant } from "./walletExpiry.js";
export { walletJson, walletTransactionJson } from "./walletJson.js";
// Credit notes (invoice.md §8, §10, §16)
export {
  type CreditNote, type CreditNoteItem, type CreditNoteAppliedTax, type CreditNoteReason, type CreditNoteStatus, type CreditNoteCreditStatus,
  type CreditNoteRefundStatus, type IssuedInvoice, type RequestedItem, type CreditNoteRequest, type CreditNoteRefusalCode, type CreditNoteOutcome,
  CREDIT_NOTE_REASONS,
} from "./creditNoteTypes.js";
export { parseCreateCreditNote, parseEstimateCreditNote } from "./creditNoteParse.js";
export { type CreditNoteContext, createCreditNote } from "./creditNoteCreate.js";
export { type EstimatedCreditNote, estimateCreditNote } from "./creditNoteEstimate.js";
export { type CreditNoteTax, type CreditNoteAmounts, creditNoteAmounts, taxesRoundingAdjustment } from "./creditNoteAmounts.js";
export {
  type CountedItem, feeTaxesRate, feeCreditableAmountCents, feeTotalAmountCents, availableToCreditAmountCents, creditableAmountCents, refundableAmountCents,
} from "./creditNoteCreditable.js";
export { type NoteFigures, validateCreditNoteAmounts } from "./creditNoteValidate.js";
export { type CreditNoteCreditsInput, type CreditNoteCredits, applyCreditNoteCredits } from "./creditNoteCredits.js";
export { type VoidInvoiceRequest, type VoidedInvoiceCreditNotes, parseVoidInvoiceBody, voidInvoiceCreditNotes } from "./creditNoteVoid.js";
export { refreshDraftCreditNote, finalizeDraftCreditNotes, renumberCreditNotes } from "./creditNoteRefresh.js";
