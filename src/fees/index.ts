/**
 * The fees of a subscription: plan fee, fixed charges, usage charges per filter and
 * group, true-ups, pay-in-advance events, plan changes, termination and credit notes,
 * issuing dates. The typed API of the fees area (see docs/fees.md).
 */
export type { AppliedPricingUnit, Fee, FeeAmounts, FeeItem, FeeType, PlanInterval, PricingUnitDetails } from "./types.js";
export { type FeeIdContext, type FeeBaseIds, feeIds, uuidOf, windowParts } from "./feeIds.js";
export { type FeeJson, type FeeJsonValue, feeRecordJson, filtersJson, integerOrText, plainJson, toFeeJson } from "./toFeeJson.js";
export { type ChargeAmountResult, type ChargeFeeAggregation, type ChargeFeeInput, chargeFeeAmounts } from "./chargeFee.js";
export { type KeepChargeFeeContext, keepChargeFee } from "./keepChargeFee.js";
export { type FeeAmountDetails, feeAmountDetails } from "./feeAmountDetails.js";
export {
  ALL_FILTER_VALUES, type ChargeFilterDefinition, type FilterSelection, type MetricFilters, chargeFilterSelections,
} from "./chargeFilterSelections.js";
export { type KeptBucketFees, type UsageCharge, type UsageChargeFilter, type UsageChargeFeesInput, percentageInputs, usageChargeFees } from "./usageChargeFees.js";
export { chargeTrueUpFee, isDefaultChargeFee, sumAmountCents } from "./chargeTrueUpFee.js";
export { type TrueUpInput, trueUpFeeAmounts } from "./trueUp.js";
export {
  type AdvanceAggregation, type AdvanceEvent, type AdvanceEventDelta, type AdvanceState, activeValues, newAdvanceState, nextAdvanceDelta, payInAdvanceDeltas,
} from "./payInAdvanceDeltas.js";
export { advanceHeadroom, toAdvanceEvents } from "./advanceEvents.js";
export { type PayInAdvanceFeeInput, payInAdvanceFeeAmounts } from "./payInAdvance.js";
export { type FixedChargeEvent, type FixedChargeUnits, fixedChargeUnits } from "./fixedChargeUnits.js";
export { type FixedCharge, type FixedChargeModel, type FixedChargeFeeInput, fixedChargeFee, priceFixedChargeUnits } from "./fixedCharges.js";
export {
  type FixedChargeInvoiceReason, type FixedChargeBilledInput, fixedChargeWindow, fixedChargeIsBilled, usageChargeIsBilled,
} from "./fixedChargeBilling.js";
export { type FixedChargeDeltaInput, type UpgradeReductionInput, fixedChargeDeltaFee, upgradedFixedChargeAmount } from "./fixedChargeDelta.js";
export { type SubscriptionFeeInput, type SubscriptionFee, subscriptionFee, trialEnd } from "./subscriptionFee.js";
export {
  type SubscriptionFeeCreationFacts, subscriptionFeeIsCreated, firstMonthFacts, inTrialNotEndingToday,
} from "./subscriptionFeeCreated.js";
export {
  PERIODS_PER_YEAR, type PlanPrice, type PlanChangeKind, type PlanChangeEffects, type PlanChangeInput,
  yearlyAmountCents, classifyPlanChange, planChangeEffects,
} from "./planChange.js";
export {
  type OnTerminationInvoice, type FinalInvoiceContent, type TerminationPeriodInput, type InvoicedBoundaries,
  finalInvoiceContent, terminationBillingPeriod, currentPeriodStart, periodAdvanceInvoiceExists,
} from "./termination.js";
export {
  type OnTerminationCreditNote, type TerminationCreditNoteInput, type TerminationCreditNote, type CreditNoteDueInput,
  terminationCreditNote, terminationCreditNoteDue,
} from "./terminationCreditNote.js";
export { type CreditNoteFromPeriodInput, terminationCreditNoteFromPeriod } from "./terminationCreditNoteFor.js";
export { type CreditedFee, type ItemTotals, type CreditNoteSplit, itemTotals, reconcileCreditNote } from "./creditNoteTotals.js";
export {
  type IssuingDateAnchor, type IssuingDateAdjustment, type InvoiceKind, type IssuingDateInput, type IssuingDates, dateTextPlusDays, issuingDates,
} from "./issuingDate.js";
