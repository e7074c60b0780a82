/**
 * Validation issues as data, and the one error class the engine throws for bad input.
 */

/** The specification's snake_case error codes. */
export const ISSUE_CODES = [
  "value_is_mandatory",
  "invalid_value",
  "invalid_type",
  "unknown_key",
  "value_is_out_of_range",
  "invalid_ranges",
  "invalid_graduated_ranges",
  "invalid_graduated_percentage_ranges",
  "invalid_volume_ranges",
  "missing_graduated_ranges",
  "missing_graduated_percentage_ranges",
  "missing_volume_ranges",
  "must_be_true_unless_pay_in_advance",
  "invalid_amount",
  "invalid_rate",
  "invalid_package_size",
  "invalid_free_units",
  "invalid_fixed_amount",
  "invalid_free_units_per_events",
  "invalid_free_units_per_total_aggregation",
  "invalid_per_transaction_min_amount",
  "invalid_per_transaction_max_amount",
  "invalid_timestamp",
  "invalid_date",
  "invalid_timezone",
  "invalid_currency",
  "invalid_aggregation_type",
  "invalid_charge_model",
  "invalid_interval",
  "invalid_billing_time",
  "invalid_expression",
  "units_out_of_ranges",
  "not_allowed",
  "value_already_exist",
  // Coupons (invoice.md §4.1)
  "coupon_is_not_reusable",
  // A reference to a record that does not exist (a charge's pricing unit: the reference's belongs_to check).
  "relation_must_exist",
  // Wallets (invoice.md §11)
  "customer_not_found",
  "currencies_does_not_match",
  "invalid_paid_credits",
  "invalid_granted_credits",
  "invalid_voided_credits",
  "invalid_limitations",
  "invalid_recurring_rule",
  "invalid_number_of_recurring_rules",
  "wallet_not_found",
  "wallet_is_terminated",
  "insufficient_credits",
  "exceeds_remaining_transaction_amount",
  "wallet_not_traceable",
  "wallet_transaction_not_found",
  "no_remaining_amount",
  "amount_below_minimum",
  "amount_above_maximum",
  "amount_rounds_to_zero",
  // Usage alerts (invoice.md §14)
  "feature_not_available",
  "too_many_thresholds",
  "duplicate_threshold_values",
  "value_is_invalid",
  "recurring_value_is_negative",
  "alert_already_exists",
  // Credit notes (invoice.md §10.3, §16)
  "must_be_an_array",
  "does_not_match_item_amounts",
  "higher_than_remaining_fee_amount",
  "higher_than_wallet_balance",
  "higher_than_remaining_invoice_amount",
  "cannot_refund_unpaid_invoice",
  "cannot_credit_invoice",
  "cannot_apply_to_paid_invoice",
  "not_equal_to_total_amount",
  "total_amount_must_be_positive",
  "total_amount_exceeds_invoice_amount",
  // Charge record checks (the reference's Charge validations).
  "invalid_aggregation_type_or_charge_model",
  "invalid_billable_metric_or_charge_model",
  "not_compatible_with_pay_in_advance",
  "only_compatible_with_pay_in_advance_and_non_invoiceable",
  "per_transaction_max_lower_than_per_transaction_min",
  "not_compatible_with_aggregation_type",
  "too_many_keys",
  "value_is_duplicated",
  // A field that must be absent (an alert's billable metric on a type without one).
  "value_must_be_blank",
  // An invoice preview of subscriptions whose next period ends differ.
  "billing_periods_does_not_match",
  // A list longer than allowed (an invoice's or a customer's metadata).
  "invalid_count",
  // A customer's integration customers naming one integration type twice.
  "invalid_count_per_integration_type",
  // A customer's email that is not an address (or a comma-separated list of addresses).
  "invalid_email_format",
  "value_is_too_long",
  "incompatible_params",
  "not_a_valid_language_code",
  // An instant that must not be before the call (a termination preview's terminated_at).
  "cannot_be_in_past",
  // An invoice preview of a termination or a plan change names more than one subscription.
  "only_one_subscription_allowed_for_termination",
  "only_one_subscription_allowed_for_plan_change",
  // An invoice preview of existing subscriptions for a customer the service does not have.
  "must_be_persisted",
  // Wallets, as the reference names them: a wallet priority outside 1..50, an update's unknown
  // fee types or billable metrics, a seventh active wallet of a customer.
  "invalid_fee_types",
  "invalid_identifier",
  "wallet_limit_reached",
  // A wallet's paid top-up maximum below its minimum.
  "must_be_greater_than_or_equal_min",
  // Metadata pairs and names as the reference checks them (wallet transactions).
  "invalid_key_value_pair",
  "key_too_long",
  "value_too_long",
  "nested_structure_not_allowed",
  "too_long",
  // A one-off fee's period that is not two ISO 8601 instants in order.
  "values_are_invalid",
  // An event its metric's expression cannot be computed for (charges.md §12.7).
  "expression_evaluation_failed",
  // An event timestamp the service cannot read (create_event / create_events).
  "invalid_format",
  // An empty create_events batch.
  "no_events",
  // A plan-change preview to the subscription's own plan.
  "new_plan_should_be_different_from_existing_plan",
] as const;

export type IssueCode = (typeof ISSUE_CODES)[number];

export type PathItem = string | number;
export type Path = readonly PathItem[];

export interface Issue {
  readonly code: IssueCode;
  /** Field path with the specification's snake_case names, e.g. `["charge", "properties", "amount"]`. */
  readonly path: Path;
  /** For humans; tests assert `code` and `path`. */
  readonly message: string;
}

export type Issues = readonly [Issue, ...Issue[]];

export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: Issues };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(issues: Issues): Result<T> {
  return { ok: false, issues };
}

/** What an issue's message says beyond its path and code (e.g. the valid values), if anything. */
export function detailOf(i: Issue): string | undefined {
  return i.message === undefined || i.message === `${toDotPath(i.path) || "input"}: ${i.code}` ? undefined : i.message;
}

export function issue(code: IssueCode, path: Path, message?: string): Issue {
  return { code, path, message: message ?? `${toDotPath(path) || "input"}: ${code}` };
}

/** `issues` with those of code `from` at the one-key path `[key]` given code `to` (an operation naming a fault as the reference's service does). */
export function recode(issues: Issues, from: IssueCode, key: string, to: IssueCode): Issues {
  const [first, ...rest] = issues.map((i) => (i.code === from && i.path.length === 1 && i.path[0] === key ? issue(to, i.path) : i));
  return [first!, ...rest];
}

/** `["a", "b", 0, "c"]` → `"a.b.0.c"` (the wire form of `error_details` keys). */
export function toDotPath(path: Path): string {
  return path.map(String).join(".");
}

/** The error thrown by every public function that receives bad input. */
/**
 * Marks ratecard's validation errors across copies of the library (the ESM and CommonJS builds
 * each define the class): `instanceof ValidationError` and {@link isValidationError} look for it.
 */
const VALIDATION_ERROR = Symbol.for("ratecard.ValidationError");

export class ValidationError extends Error {
  /** True for a ValidationError of any build of ratecard (ESM or CommonJS). */
  static override [Symbol.hasInstance](x: unknown): boolean {
    return isValidationError(x);
  }

  /** The brand {@link isValidationError} reads. */
  get [VALIDATION_ERROR](): true {
    return true;
  }

  /** The specification's error shape: `error`, `code`, `error_details`. */
  readonly error = "Unprocessable Entity" as const;
  readonly code = "validation_errors" as const;
  /** `{ "<dot.path>": ["<code>", …] }`, as the specification's `error_details`. */
  readonly error_details: Readonly<Record<string, string[]>>;
  readonly issues: Issues;

  constructor(issues: Issues) {
    super(`Validation failed: ${issues.map((i) => `${toDotPath(i.path) || "input"} ${i.code}${detailOf(i) === undefined ? "" : ` (${detailOf(i)})`}`).join(", ")}`);
    this.name = "ValidationError";
    this.issues = issues;
    this.error_details = toErrorDetails(issues);
  }

  /** The wire form `{ error, code, error_details }`. */
  toJSON(): { error: string; code: string; error_details: Record<string, string[]> } {
    return { error: this.error, code: this.code, error_details: { ...this.error_details } };
  }
}

/** Whether `x` is a ratecard {@link ValidationError}, from this build or another one (ESM or CommonJS). */
export function isValidationError(x: unknown): x is ValidationError {
  return typeof x === "object" && x !== null && (x as { [VALIDATION_ERROR]?: unknown })[VALIDATION_ERROR] === true;
}

export function toErrorDetails(issues: readonly Issue[]): Record<string, string[]> {
  // A Map, then own data properties: a path may be any key of the input (`valueOf`, `__proto__`).
  const byPath = new Map<string, string[]>();
  for (const i of issues) {
    const k = toDotPath(i.path) || "base";
    const list = byPath.get(k) ?? [];
    if (!list.includes(i.code)) list.push(i.code);
    byPath.set(k, list);
  }
  return Object.fromEntries(byPath);
}

/** Collects issues while parsing; `result()` turns them into a `Result`. */
export class IssueCollector {
  readonly list: Issue[] = [];
  add(code: IssueCode, path: Path, message?: string): void {
    this.list.push(issue(code, path, message));
  }
  addAll(issues: readonly Issue[]): void {
    this.list.push(...issues);
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
  /** The collected issues, or `undefined` when there are none. */
  issues(): Issues | undefined {
    return this.list.length === 0 ? undefined : (this.list as unknown as Issues);
  }
}

/** Unwraps a result or throws {@link ValidationError}. */
export function unwrap<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw new ValidationError(r.issues);
}

/** For engine bugs only, never for bad input. */
export function invariant(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(`[ratecard] invariant failed: ${message}`);
}

/**
 * Names each key of `o` that is not in `known` as `unknown_key` at its path: a misspelt key
 * (`propertie`) is reported as what it is, beside the missing key it shadows.
 */
export function reportUnknownKeys(o: object, known: ReadonlySet<string>, path: Path, c: IssueCollector): void {
  for (const k of Object.keys(o)) if (!known.has(k)) c.add("unknown_key", [...path, k]);
}
