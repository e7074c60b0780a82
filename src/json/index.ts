/**
 * The four JSON-level entry points of ../shared/docs/contract.md. They take and return
 * plain JSON values and throw {@link ValidationError} (code `validation_errors`) on bad input.
 */
export { applyChargeModel } from "./applyChargeModel.js";
export { aggregate } from "./aggregate.js";
/** `aggregate` over events given in columns (bulk callers): not one of the contract's four. */
export { aggregateColumns } from "./aggregateColumns.js";
export { billingPeriod } from "./billingPeriod.js";
export { simulate, type SimulateOutput } from "./simulate.js";
/** The objects `simulate` returns, typed from schemas/objects/: `objects.Invoice`, `objects.Fee`, … */
export type * as objects from "../model/objectTypes.js";
export { ValidationError, isValidationError } from "../core/issue.js";
export type {
  AddOnInput, AggregateRequest, ApplyChargeModelRequest, BillableMetricInput, BillingPeriodRequest, ChargeInput, CouponInput,
  CustomerInput, DecimalText, EventInput, FixedChargeInput, OrganizationInput, PlanInput, SimulateRequest, StepInput,
  SubscriptionInput, TaxInput, WalletInput,
} from "../parse/inputTypes.js";
