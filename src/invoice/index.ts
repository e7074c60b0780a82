/**
 * Invoice-level rules (invoice.md), a folder per concept — tax, coupon, progressive billing,
 * commitment, credit note, wallet — and the ordered pipeline that composes an invoice from its
 * fees (compose.ts).
 */
export {
  type BeforeTaxes, type ComposableLine, type ComposeInput, type ComposedInvoice, composeInvoice, creditAfterTaxes, creditBeforeTaxes, invoiceTotals,
} from "./compose.js";
export {
  type Tax, type TaxSources, type TaxedBase, type AppliedInvoiceTax, type InvoiceTaxAmounts, feeTaxes, invoiceTaxes, invoiceTaxesAmountCents,
} from "./tax/taxes.js";
export { type AppliedFeeTax, type FeeTaxAmounts, feeRemainder, feeTaxAmounts, invoiceTaxAmounts } from "./tax/feeTaxAmounts.js";
export type { InvoiceCredit, InvoiceFee, InvoiceStatus, InvoiceTotals, InvoiceType, PaymentStatus } from "./types.js";
export { commitmentPeriod, countsTowardsCommitment } from "./commitment/commitmentPeriod.js";
export { type MinimumCommitment, type CommitmentFeeInput, type CommitmentFee, commitmentFee, proratedCommitmentCents } from "./commitment/commitmentFee.js";
export { type LifetimeUsageInvoice, type LifetimeUsageInput, type LifetimeUsage, lifetimeUsage } from "./progressive/lifetimeUsage.js";
export { type UsageThreshold, type ThresholdCheckInput, effectiveUsageThresholds, usageThresholdsPassed, checkThresholds } from "./progressive/progressiveThresholds.js";
export { type ThresholdCompletion, usageThresholdsCompletion } from "./progressive/progressiveThresholdCompletion.js";
export { type ProgressiveInvoiceCandidate, latestProgressiveInvoice } from "./progressive/progressiveInvoiceSelection.js";
export {
  type ProgressiveCreditSource, type ProgressiveBillingCreditsInput, type ProgressiveBillingCredits, type ProgressiveExcess, progressiveBillingCredits,
} from "./progressive/progressiveBillingCredits.js";
export {
  type CouponType, type CouponFrequency, type CouponExpiration, type CouponTemplate, type AppliedCoupon, type AppliedCouponCredit, type AppliedCouponStatus,
  isCouponActive, isLimited, amountCentsRemaining,
} from "./coupon/couponTypes.js";
export { type CouponReferences, parseCouponTemplate, percentageRateOf } from "./coupon/couponTemplate.js";
export {
  type ApplyCouponContext, type AppliedCouponCreation, type StepRefusal, type ApplyCouponOutcome, parseApplyCoupon,
} from "./coupon/couponApply.js";
export { type CouponBase, couponValue, spreadCoupon, truncToBigInt } from "./coupon/couponAmount.js";
export { type ApplyCouponsInput, type ApplyCouponsResult, applyCoupons, orderAppliedCoupons, targetedFees, couponCredit } from "./coupon/coupons.js";
export { recreditCoupons, releaseCouponCredits } from "./coupon/couponRecredit.js";
export { type PreviewCouponsInput, type PreviewCouponsResult, previewCoupons } from "./coupon/couponPreview.js";
export {
  type Wallet, type WalletAccount, type WalletTransaction, type RecurringTransactionRule, type CreditInvoiceRequest, type KeyValue,
  type WalletStatus, type WalletTransactionStatus, type WalletTransactionKind, type WalletTransactionType, type WalletTransactionSource,
  DEFAULT_WALLET_PRIORITY,
} from "./wallet/walletTypes.js";
export { type WalletCreditValue, creditsToMoney, centsToCredits, creditsOfCents, floorCredits, q5, roundCents } from "./wallet/walletCredit.js";
export { type BalanceMove, increaseBalance, decreaseBalance } from "./wallet/walletBalance.js";
export { type Consumption, trackConsumption } from "./wallet/walletTraceability.js";
export { type WalletTransactionRequest, type WalletTopUpResult, walletTopUp } from "./wallet/walletTopUp.js";
export { settlePurchase, failPurchase } from "./wallet/walletPurchase.js";
export { type CreateWalletContext, parseCreateWallet } from "./wallet/walletCreate.js";
export { type UpdateWalletContext, parseUpdateWallet, terminateWallet } from "./wallet/walletUpdate.js";
export { parseCreateWalletTransaction } from "./wallet/walletTransactionCreate.js";
export { type PrepaidCreditFee, type WalletBucket, type BucketKey, walletAppliesTo, walletBuckets } from "./wallet/walletBuckets.js";
export { type PrepaidCreditsInput, type PrepaidCreditsResult, applyPrepaidCredits } from "./wallet/walletPrepaidCredits.js";
export { type OngoingFee, type OngoingUsageInput, type OngoingResult, refreshOngoingBalances, hasActiveThresholdRule } from "./wallet/walletOngoing.js";
export {
  ruleIsActive, pendingPurchasedCredits, ruleTopUpCredits, thresholdReached, intervalDue, ruleTopUpRequest, dueThresholdTopUp, dueIntervalTopUps,
} from "./wallet/walletRecurring.js";
export { type VoidOptions, type VoidResult, voidWalletCredits, voidWalletCents } from "./wallet/walletVoid.js";
export { type RecreditResult, recreditVoidedInvoice } from "./wallet/walletVoidInvoice.js";
export { walletExpiryInstant } from "./wallet/walletExpiry.js";
export { type WalletJsonContext, walletJson, walletTransactionJson } from "./wallet/walletJson.js";
// Credit notes (invoice.md §8, §10, §16)
export {
  type CreditNote, type CreditNoteItem, type CreditNoteAppliedTax, type CreditNoteReason, type CreditNoteStatus, type CreditNoteCreditStatus,
  type CreditNoteRefundStatus, type IssuedInvoice, type RequestedItem, type CreditNoteRequest, type CreditNoteRefusalCode, type CreditNoteOutcome,
  CREDIT_NOTE_REASONS,
} from "./creditNote/creditNoteTypes.js";
export { parseCreateCreditNote, parseEstimateCreditNote } from "./creditNote/creditNoteParse.js";
export { type CreditNoteContext, createCreditNote } from "./creditNote/creditNoteCreate.js";
export { type EstimatedCreditNote, estimateCreditNote } from "./creditNote/creditNoteEstimate.js";
export { type CreditNoteTax, type CreditNoteAmounts, creditNoteAmounts, taxesRoundingAdjustment } from "./creditNote/creditNoteAmounts.js";
export {
  type CountedItem, feeTaxesRate, feeCreditableAmountCents, feeTotalAmountCents, availableToCreditAmountCents, creditableAmountCents, refundableAmountCents,
} from "./creditNote/creditNoteCreditable.js";
export { type NoteFigures, validateCreditNoteAmounts } from "./creditNote/creditNoteValidate.js";
export { type CreditNoteCreditsInput, type CreditNoteCredits, applyCreditNoteCredits } from "./creditNote/creditNoteCredits.js";
export { type VoidInvoiceRequest, type VoidedInvoiceCreditNotes, parseVoidInvoiceBody, voidCreditNote, voidInvoiceCreditNotes } from "./creditNote/creditNoteVoid.js";
export { refreshDraftCreditNote, finalizeDraftCreditNotes, renumberCreditNotes } from "./creditNote/creditNoteRefresh.js";
