/**
 * The four JSON-level entry points of ../shared/docs/contract.md. They take and return
 * plain JSON values and throw {@link ValidationError} (code `validation_errors`) on bad input.
 */
export { applyChargeModel } from "./applyChargeModel.js";
export { aggregate } from "./aggregate.js";
export { billingPeriod } from "./billingPeriod.js";
export { simulate } from "./simulate.js";
export { ValidationError, isValidationError } from "../core/issue.js";
