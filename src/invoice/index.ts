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
