/**
 * The JSON Schemas of the objects `simulate` returns, written from
 * ../shared/docs/semantics/objects.md (one section per object), and the writer of
 * schemas/objects/<kind>.schema.json.
 *
 *   npx tsx scripts/objectSchemas.ts           write the files
 *   npx tsx scripts/objectSchemas.ts --check   exit 1 if a file is missing or differs
 *
 * Each schema requires every field the document lists (a field it calls "absent" in some
 * cases is optional), with its type, its enum and its nullability. Keys the document does not
 * list are allowed: a client reading the listed fields never meets them.
 * test/unit/objects/objectSchemas.test.ts validates every object of every scenario vector
 * against these files, and test/setup.ts every object of every `simulate` call of the suite.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ALERT_TYPES } from "../src/usage/alertTypes.js";

export const OBJECT_SCHEMAS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../schemas/objects");
const BASE = "https://ratecard.dev/schemas/objects/";

type Schema = Record<string, unknown>;

// ---- value types (objects.md "Conventions") --------------------------------------------------
const uuid: Schema = { type: "string", pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" };
const str: Schema = { type: "string" };
/** An integer; beyond 2^53 (where a JSON number loses digits) its exact decimal text (docs/objects.md). */
const int: Schema = { type: ["integer", "string"], pattern: "^-?[0-9]{16,}$" };
const num: Schema = { type: "number" };
const bool: Schema = { type: "boolean" };
/** A decimal string: no exponent, no float noise. */
const dec: Schema = { type: "string", pattern: "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$" };
/** ISO 8601 UTC to the second, milliseconds allowed ("ts (ms)"). */
const ts: Schema = { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?Z$" };
const date: Schema = { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" };
const nullOnly: Schema = { type: "null" };
const anyObject: Schema = { type: "object" };
const emptyArray: Schema = { type: "array", maxItems: 0 };

const oneOfValues = (...values: string[]): Schema => ({ type: "string", enum: values });
const constant = (value: string | number | boolean): Schema => ({ const: value });
const arrayOf = (items: Schema): Schema => ({ type: "array", items });
/** Another object of this directory, by reference (resolved against this file's `$id`). */
const ref = (kind: string): Schema => ({ $ref: `${kind}.schema.json` });
/** The same value or null ("null?"). */
function nullable(s: Schema): Schema {
  if (typeof s["type"] === "string") {
    const out: Schema = { ...s, type: [s["type"], "null"] };
    if (Array.isArray(s["enum"])) out["enum"] = [...(s["enum"] as unknown[]), null];
    return out;
  }
  return { anyOf: [s, nullOnly] };
}

/** An object: every listed field required except `optional` ones. */
function object(properties: Record<string, Schema>, optional: readonly string[] = []): Schema {
  for (const k of optional) if (!(k in properties)) throw new Error(`optional field ${k} is not listed`);
  return {
    type: "object",
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    properties,
  };
}
function without(s: Schema, ...keys: string[]): Schema {
  const properties = { ...(s["properties"] as Record<string, Schema>) };
  for (const k of keys) delete properties[k];
  return { ...s, required: (s["required"] as string[]).filter((k) => !keys.includes(k)), properties };
}
function withFields(s: Schema, fields: Record<string, Schema>, optional: readonly string[] = []): Schema {
  const properties = { ...(s["properties"] as Record<string, Schema>), ...fields };
  const required = [...new Set([...(s["required"] as string[]), ...Object.keys(fields)])].filter((k) => !optional.includes(k));
  return { ...s, required, properties };
}

const intervals = oneOfValues("weekly", "monthly", "quarterly", "semiannual", "yearly");
const paymentMethod = object({ payment_method_type: str, payment_method_id: nullable(uuid) });
const keyValue = object({ key: str, value: str });
const metadataMap: Schema = { type: "object", additionalProperties: true };

// ---- §16 Tax, usage threshold, commitment, fixed charge, charge, plan --------------------
const tax = object({
  svc_id: uuid,
  name: str,
  code: str,
  rate: { type: ["number", "string"] },
  description: nullable(str),
  applied_to_organization: bool,
  add_ons_count: int,
  customers_count: int,
  plans_count: int,
  charges_count: int,
  commitments_count: int,
  created_at: ts,
});
const usageThreshold = object({
  svc_id: uuid,
  threshold_display_name: nullable(str),
  amount_cents: int,
  recurring: bool,
  created_at: ts,
  updated_at: ts,
});
const commitment = object({
  svc_id: uuid,
  plan_code: str,
  invoice_display_name: nullable(str),
  amount_cents: int,
  interval: intervals,
  created_at: ts,
  updated_at: ts,
  taxes: arrayOf(ref("tax")),
});
const fixedCharge = object({
  svc_id: uuid,
  svc_add_on_id: uuid,
  code: str,
  invoice_display_name: nullable(str),
  add_on_code: str,
  created_at: ts,
  charge_model: oneOfValues("standard", "graduated", "volume"),
  pay_in_advance: bool,
  prorated: bool,
  properties: anyObject,
  units: dec,
  svc_parent_id: nullable(uuid),
  taxes: arrayOf(ref("tax")),
});
const chargeModels = oneOfValues("standard", "graduated", "graduated_percentage", "package", "percentage", "volume", "dynamic");
const charge = object({
  svc_id: uuid,
  svc_billable_metric_id: uuid,
  code: str,
  invoice_display_name: nullable(str),
  billable_metric_code: str,
  created_at: ts,
  charge_model: chargeModels,
  invoiceable: bool,
  regroup_paid_fees: nullable(str),
  pay_in_advance: bool,
  prorated: bool,
  min_amount_cents: int,
  accepts_target_wallet: bool,
  properties: anyObject,
  applied_pricing_unit: nullable(object({ conversion_rate: { type: ["string", "number"] }, code: str })),
  svc_parent_id: nullable(uuid),
  filters: arrayOf(object({ invoice_display_name: nullable(str), properties: anyObject, values: anyObject })),
  taxes: arrayOf(ref("tax")),
});
const plan = object(
  {
    svc_id: uuid,
    name: str,
    code: str,
    description: nullable(str),
    invoice_display_name: nullable(str),
    created_at: ts,
    interval: intervals,
    amount_cents: int,
    amount_currency: str,
    trial_period: nullable(num),
    pay_in_advance: bool,
    bill_charges_monthly: nullable(bool),
    bill_fixed_charges_monthly: nullable(bool),
    minimum_commitment: commitment,
    charges: arrayOf(charge),
    fixed_charges: arrayOf(ref("fixed_charge")),
    taxes: arrayOf(ref("tax")),
    usage_thresholds: arrayOf(usageThreshold),
    entitlements: emptyArray,
    metadata: metadataMap,
    parent_id: nullable(uuid),
    customers_count: int,
    active_subscriptions_count: int,
    draft_invoices_count: int,
    pending_deletion: bool,
  },
  ["minimum_commitment", "metadata"],
);

// ---- §8 Customer --------------------------------------------------------------------------
const customerEmbedded = object({
  svc_id: uuid,
  sequential_id: int,
  slug: str,
  external_id: str,
  applicable_timezone: str,
  timezone: nullable(str),
  created_at: ts,
  updated_at: ts,
  billing_entity_code: str,
  address_line1: nullable(str),
  address_line2: nullable(str),
  city: nullable(str),
  state: nullable(str),
  zipcode: nullable(str),
  country: nullable(str),
  email: nullable(str),
  phone: nullable(str),
  url: nullable(str),
  logo_url: nullable(str),
  name: nullable(str),
  legal_name: nullable(str),
  legal_number: nullable(str),
  tax_identification_number: nullable(str),
  currency: nullable(str),
  firstname: nullable(str),
  lastname: nullable(str),
  account_type: constant("customer"),
  net_payment_term: nullable(int),
  finalize_zero_amount_invoice: oneOfValues("inherit", "finalize", "skip"),
  skip_invoice_custom_sections: bool,
  billing_configuration: object({
    invoice_grace_period: nullable(int),
    payment_provider: nullOnly,
    payment_provider_code: nullOnly,
    document_locale: str,
    subscription_invoice_issuing_date_anchor: str,
    subscription_invoice_issuing_date_adjustment: str,
  }),
  shipping_address: object({
    address_line1: nullable(str),
    address_line2: nullable(str),
    city: nullable(str),
    country: nullable(str),
    state: nullable(str),
    zipcode: nullable(str),
  }),
  metadata: arrayOf(object({ svc_id: uuid, key: str, value: str, display_in_invoice: bool, created_at: ts })),
  integration_customers: emptyArray,
  applicable_invoice_custom_sections: emptyArray,
  customer_type: nullable(oneOfValues("company", "individual")),
  external_salesforce_id: nullable(str),
});
const customer = withFields(customerEmbedded, { taxes: arrayOf(ref("tax")), error_details: emptyArray });

// ---- §7 Subscription ----------------------------------------------------------------------
const subscription = object(
  {
    svc_id: uuid,
    svc_customer_id: uuid,
    external_id: str,
    external_customer_id: str,
    name: nullable(str),
    plan_code: str,
    previous_plan_code: nullable(str),
    next_plan_code: nullable(str),
    billing_time: oneOfValues("calendar", "anniversary"),
    status: oneOfValues("pending", "active", "terminated", "canceled"),
    created_at: ts,
    started_at: nullable(ts),
    subscription_at: ts,
    ending_at: nullable(ts),
    canceled_at: nullable(ts),
    terminated_at: nullable(ts),
    trial_ended_at: nullable(ts),
    downgrade_plan_date: nullable(date),
    current_billing_period_started_at: nullable(ts),
    current_billing_period_ending_at: nullable(ts),
    on_termination_credit_note: nullable(oneOfValues("credit", "refund", "offset", "skip")),
    on_termination_invoice: oneOfValues("generate", "skip"),
    plan_amount_cents: int,
    plan_amount_currency: str,
    applied_invoice_custom_sections: emptyArray,
    payment_method: paymentMethod,
    progressive_billing_disabled: bool,
    consolidate_invoice: bool,
    purchase_order_number: nullable(str),
    cancellation_reason: nullable(str),
    activated_at: nullable(ts),
    activation_rules: emptyArray,
    plan: ref("plan"),
    usage_threshold: usageThreshold,
  },
  ["plan", "usage_threshold"],
);

// ---- §2 Fee -------------------------------------------------------------------------------
/** The fields of an applied tax that fees and invoices share (objects.md §1, §2). */
const appliedTaxFields = {
  svc_tax_id: uuid,
  tax_name: str,
  tax_code: str,
  tax_rate: num,
  tax_description: nullable(str),
  amount_cents: int,
  amount_currency: str,
};
const feeAppliedTax = object({ svc_id: uuid, svc_fee_id: nullable(uuid), ...appliedTaxFields, created_at: ts });
const feeItem = object({
  type: oneOfValues("subscription", "charge", "fixed_charge", "add_on", "credit", "commitment"),
  code: str,
  name: str,
  description: nullable(str),
  invoice_display_name: str,
  svc_item_id: uuid,
  item_type: oneOfValues("BillableMetric", "AddOn", "WalletTransaction", "Subscription"),
  filters: nullable(anyObject),
  filter_invoice_display_name: nullable(str),
  grouped_by: anyObject,
});
const fee = object(
  {
    svc_id: uuid,
    amount_cents: int,
    taxes_amount_cents: int,
    total_amount_cents: int,
    amount_currency: str,
    total_amount_currency: str,
    taxes_rate: num,
    units: dec,
    total_aggregated_units: nullable(dec),
    precise_unit_amount: dec,
    precise_amount: dec,
    precise_total_amount: dec,
    taxes_precise_amount: dec,
    precise_coupons_amount_cents: dec,
    pay_in_advance: bool,
    invoiceable: bool,
    self_billed: bool,
    payment_status: oneOfValues("pending", "succeeded", "failed", "refunded"),
    item: feeItem,
    svc_charge_id: nullable(uuid),
    svc_charge_filter_id: nullable(uuid),
    svc_fixed_charge_id: nullable(uuid),
    svc_invoice_id: nullable(uuid),
    svc_true_up_fee_id: nullable(uuid),
    svc_true_up_parent_fee_id: nullable(uuid),
    svc_subscription_id: nullable(uuid),
    svc_customer_id: nullable(uuid),
    external_customer_id: nullable(str),
    external_subscription_id: nullable(str),
    events_count: nullable(int),
    from_date: ts,
    to_date: ts,
    created_at: ts,
    succeeded_at: nullable(ts),
    failed_at: nullable(ts),
    refunded_at: nullable(ts),
    event_transaction_id: str,
    description: nullable(str),
    amount_details: anyObject,
    applied_taxes: arrayOf(feeAppliedTax),
    pricing_unit_details: nullable(
      object({
        svc_pricing_unit_id: nullable(uuid),
        pricing_unit_code: str,
        short_name: str,
        amount_cents: int,
        precise_amount_cents: dec,
        unit_amount_cents: int,
        precise_unit_amount: dec,
        conversion_rate: dec,
      }),
    ),
    svc_original_fee_id: nullable(uuid),
    sub_total_excluding_taxes_amount_cents: int,
    sub_total_excluding_taxes_precise_amount_cents: dec,
    presentation_breakdowns: emptyArray,
  },
  ["from_date", "to_date", "event_transaction_id"],
);

// ---- §1 Invoice ---------------------------------------------------------------------------
// objects.md's five, and the reference's value for the periods of an `advance_charges` invoice
// (invoice.md §1.4, which objects.md does not name; docs/objects.md).
const invoicingReasons = oneOfValues(
  "subscription_starting",
  "subscription_periodic",
  "subscription_terminating",
  "in_advance_charge",
  "in_advance_charge_periodic",
  "progressive_billing",
);
const billingPeriod = object({
  svc_subscription_id: uuid,
  external_subscription_id: str,
  svc_plan_id: uuid,
  subscription_from_datetime: nullable(ts),
  subscription_to_datetime: nullable(ts),
  charges_from_datetime: nullable(ts),
  charges_to_datetime: nullable(ts),
  fixed_charges_from_datetime: nullable(ts),
  fixed_charges_to_datetime: nullable(ts),
  invoicing_reason: invoicingReasons,
});
const invoiceAppliedTax = object({ svc_id: uuid, svc_invoice_id: nullable(uuid), ...appliedTaxFields, fees_amount_cents: int, created_at: ts });
const invoice = object(
  {
    svc_id: uuid,
    billing_entity_code: str,
    number: str,
    sequential_id: nullable(int),
    version_number: constant(4),
    issuing_date: date,
    payment_due_date: date,
    invoice_type: oneOfValues("subscription", "add_on", "one_off", "credit", "advance_charges", "progressive_billing"),
    // `open`: a credit invoice awaiting its payment (invoice.md §1.1, §11.3); `closed`: a zero-amount
    // invoice the customer skips (§1.3), left out of `invoices` but answered by the step that closed it.
    status: oneOfValues("draft", "finalized", "voided", "open", "closed"),
    payment_status: oneOfValues("pending", "succeeded", "failed"),
    currency: str,
    fees_amount_cents: int,
    coupons_amount_cents: int,
    credit_notes_amount_cents: int,
    sub_total_excluding_taxes_amount_cents: int,
    taxes_amount_cents: int,
    sub_total_including_taxes_amount_cents: int,
    prepaid_credit_amount_cents: int,
    progressive_billing_credit_amount_cents: int,
    total_amount_cents: int,
    prepaid_granted_credit_amount_cents: nullable(int),
    prepaid_purchased_credit_amount_cents: nullable(int),
    net_payment_term: int,
    payment_overdue: bool,
    self_billed: bool,
    payment_dispute_lost_at: nullable(ts),
    created_at: ts,
    updated_at: ts,
    file_url: nullable(str),
    customer: customerEmbedded,
    billing_periods: arrayOf(billingPeriod),
    metadata: arrayOf(object({ svc_id: uuid, key: str, value: nullable(str), created_at: ts })),
    applied_taxes: arrayOf(invoiceAppliedTax),
    applied_invoice_custom_sections: emptyArray,
    applied_usage_thresholds: arrayOf(
      object({
        lifetime_usage_amount_cents: int,
        created_at: ts,
        usage_threshold: usageThreshold,
      }),
    ),
    credits: arrayOf(
      object({
        svc_id: uuid,
        amount_cents: int,
        amount_currency: str,
        before_taxes: bool,
        item: object({ svc_item_id: uuid, type: str, code: str, name: nullable(str), description: nullable(str) }),
        invoice: object({ svc_id: uuid, payment_status: oneOfValues("pending", "succeeded", "failed") }),
      }),
    ),
    fees: arrayOf(ref("fee")),
    subscriptions: arrayOf(ref("subscription")),
    error_details: emptyArray,
    purchase_order_number: nullable(str),
    total_due_amount_cents: int,
    total_paid_amount_cents: int,
    total_offsetted_credit_note_amount_cents: int,
    xml_url: nullable(str),
    web_url: nullable(str),
    voided_at: nullable(ts),
  },
  ["applied_usage_thresholds"],
);
/** The answer of `preview_invoice` (objects.md §1 "Preview answer"): not persisted. */
const invoicePreview = withFields(
  invoice,
  {
    svc_id: nullOnly,
    number: { type: "string", pattern: "-DRAFT$" },
    sequential_id: nullOnly,
    status: constant("draft"),
    billing_periods: emptyArray,
    fees: arrayOf(withFields(fee, { svc_id: nullable(uuid) }, ["svc_id"])),
  },
);

// ---- §3 Credit note -----------------------------------------------------------------------
const creditNoteAppliedTaxFields = {
  svc_tax_id: uuid,
  tax_name: str,
  tax_code: str,
  tax_rate: num,
  tax_description: nullable(str),
  base_amount_cents: int,
  amount_cents: int,
  amount_currency: str,
};
const creditNote = object(
  {
    svc_id: uuid,
    billing_entity_code: str,
    sequential_id: int,
    number: str,
    svc_invoice_id: uuid,
    invoice_number: str,
    issuing_date: date,
    reason: str,
    currency: str,
    total_amount_cents: int,
    taxes_amount_cents: int,
    sub_total_excluding_taxes_amount_cents: int,
    balance_amount_cents: int,
    credit_amount_cents: int,
    refund_amount_cents: int,
    offset_amount_cents: int,
    coupons_adjustment_amount_cents: int,
    taxes_rate: num,
    created_at: ts,
    updated_at: ts,
    credit_status: nullable(oneOfValues("available", "consumed", "voided")),
    refund_status: nullable(oneOfValues("pending", "succeeded", "failed")),
    description: nullable(str),
    file_url: nullable(str),
    self_billed: bool,
    items: arrayOf(
      object({
        svc_id: uuid,
        amount_cents: int,
        amount_currency: str,
        fee: without(fee, "applied_taxes"),
        precise_amount_cents: dec,
      }),
    ),
    applied_taxes: arrayOf(object({ svc_id: uuid, svc_credit_note_id: uuid, ...creditNoteAppliedTaxFields, created_at: ts })),
    customer: customerEmbedded,
    metadata: metadataMap,
    error_details: emptyArray,
    precise_total_amount_cents: dec,
    precise_taxes_amount_cents: dec,
    purchase_order_number: nullable(str),
    xml_url: nullable(str),
  },
  ["metadata"],
);
const estimatedCreditNote = object({
  svc_invoice_id: uuid,
  invoice_number: str,
  currency: str,
  taxes_amount_cents: int,
  precise_taxes_amount_cents: dec,
  sub_total_excluding_taxes_amount_cents: int,
  max_creditable_amount_cents: int,
  max_refundable_amount_cents: int,
  coupons_adjustment_amount_cents: int,
  precise_coupons_adjustment_amount_cents: dec,
  taxes_rate: num,
  items: arrayOf(object({ amount_cents: int, svc_fee_id: uuid })),
  applied_taxes: arrayOf(object(creditNoteAppliedTaxFields)),
});

// ---- §4–§6 Wallet, recurring transaction rule, wallet transaction --------------------------
const recurringTransactionRule = object({
  svc_id: uuid,
  trigger: oneOfValues("interval", "threshold"),
  method: oneOfValues("fixed", "target"),
  interval: nullable(intervals),
  status: oneOfValues("active", "terminated"),
  threshold_credits: nullable(dec),
  paid_credits: nullable(dec),
  granted_credits: nullable(dec),
  target_ongoing_balance: nullable(dec),
  started_at: nullable(ts),
  expiration_at: nullable(ts),
  created_at: ts,
  invoice_requires_successful_payment: bool,
  transaction_metadata: arrayOf(keyValue),
  transaction_name: nullable(str),
  ignore_paid_top_up_limits: bool,
  applied_invoice_custom_sections: emptyArray,
  payment_method: paymentMethod,
  grants_target_top_up: bool,
  purchase_order_number: nullable(str),
});
const wallet = object(
  {
    svc_id: uuid,
    svc_customer_id: uuid,
    external_customer_id: str,
    status: oneOfValues("active", "terminated"),
    currency: str,
    rate_amount: dec,
    credits_balance: dec,
    consumed_credits: dec,
    balance_cents: int,
    ongoing_balance_cents: int,
    ongoing_usage_balance_cents: int,
    credits_ongoing_balance: dec,
    credits_ongoing_usage_balance: dec,
    name: nullable(str),
    code: str,
    priority: { type: "integer", minimum: 1, maximum: 50 },
    invoice_requires_successful_payment: bool,
    expiration_at: nullable(ts),
    created_at: ts,
    terminated_at: nullable(ts),
    last_balance_sync_at: nullable(ts),
    last_consumed_credit_at: nullable(ts),
    applies_to: object({ fee_types: arrayOf(str), billable_metric_codes: arrayOf(str) }),
    paid_top_up_min_amount_cents: nullable(int),
    paid_top_up_max_amount_cents: nullable(int),
    applied_invoice_custom_sections: emptyArray,
    payment_method: paymentMethod,
    metadata: metadataMap,
    recurring_transaction_rules: arrayOf(ref("recurring_transaction_rule")),
    billing_entity_code: str,
    purchase_order_number: nullable(str),
  },
  ["metadata"],
);
const walletTransaction = object({
  svc_id: uuid,
  svc_wallet_id: uuid,
  status: oneOfValues("pending", "settled", "failed"),
  source: oneOfValues("manual", "interval", "threshold"),
  transaction_status: oneOfValues("purchased", "granted", "voided", "invoiced"),
  transaction_type: oneOfValues("inbound", "outbound"),
  amount: dec,
  credit_amount: dec,
  remaining_amount_cents: nullable(int),
  remaining_credit_amount: nullable(dec),
  name: nullable(str),
  svc_voided_invoice_id: nullable(uuid),
  invoice_requires_successful_payment: bool,
  metadata: arrayOf(keyValue),
  created_at: ts,
  settled_at: nullable(ts),
  failed_at: nullable(ts),
  applied_invoice_custom_sections: emptyArray,
  payment_method: paymentMethod,
  priority: { type: "integer", minimum: 1, maximum: 50 },
  svc_invoice_id: nullable(uuid),
  svc_credit_note_id: nullable(uuid),
  billing_entity_code: str,
  purchase_order_number: nullable(str),
});

// ---- §9–§10 Customer usage and projected usage ---------------------------------------------
const usagePricingUnit = nullable(object({ amount_cents: int, short_name: str, conversion_rate: dec }));
function usageSchema(projected: boolean): Schema {
  const projectedFields: Record<string, Schema> = projected ? { projected_units: dec, projected_amount_cents: int } : {};
  const filterUsage = object({
    units: dec,
    total_aggregated_units: dec,
    events_count: int,
    amount_cents: int,
    pricing_unit_details: usagePricingUnit,
    invoice_display_name: nullable(str),
    values: nullable(anyObject),
    presentation_breakdowns: emptyArray,
    ...projectedFields,
  });
  const groupedUsage = object({
    units: dec,
    total_aggregated_units: dec,
    events_count: int,
    amount_cents: int,
    pricing_unit_details: usagePricingUnit,
    grouped_by: anyObject,
    filters: arrayOf(filterUsage),
    presentation_breakdowns: emptyArray,
    ...projectedFields,
  });
  const chargeRef = object({
    svc_id: uuid,
    ...(projected ? {} : { code: str }),
    charge_model: chargeModels,
    invoice_display_name: nullable(str),
  });
  const chargeUsage = object({
    units: dec,
    total_aggregated_units: dec,
    events_count: int,
    amount_cents: int,
    amount_currency: str,
    pricing_unit_details: usagePricingUnit,
    charge: chargeRef,
    billable_metric: object({ svc_id: uuid, name: str, code: str, aggregation_type: str }),
    filters: arrayOf(filterUsage),
    grouped_usage: arrayOf(groupedUsage),
    presentation_breakdowns: emptyArray,
    ...projectedFields,
  });
  return object({
    from_datetime: ts,
    to_datetime: ts,
    issuing_date: date,
    currency: str,
    amount_cents: int,
    taxes_amount_cents: int,
    total_amount_cents: int,
    svc_invoice_id: nullOnly,
    charges_usage: arrayOf(chargeUsage),
    ...(projected ? { projected_amount_cents: int } : {}),
  });
}

// ---- §11–§15 Alert, triggered alert, payment, applied coupon, event -------------------------
// invoice.md §14.1 — the same list the engine validates alert types against.
const alertTypes = oneOfValues(...ALERT_TYPES);
const threshold = object({ code: nullable(str), value: dec, recurring: bool });
const alert = object({
  svc_id: uuid,
  svc_organization_id: uuid,
  external_subscription_id: nullable(str),
  external_customer_id: nullable(str),
  billable_metric: nullable(
    object({
      svc_id: uuid,
      name: str,
      code: str,
      description: nullable(str),
      aggregation_type: str,
      weighted_interval: nullable(str),
      recurring: bool,
      rounding_function: nullable(str),
      rounding_precision: nullable(int),
      created_at: ts,
      field_name: nullable(str),
      expression: nullable(str),
      filters: arrayOf(object({ key: str, values: arrayOf(str) })),
    }),
  ),
  alert_type: alertTypes,
  code: str,
  name: nullable(str),
  previous_value: dec,
  last_processed_at: nullable(ts),
  created_at: ts,
  thresholds: arrayOf(threshold),
  svc_wallet_id: nullable(uuid),
  wallet_code: nullable(str),
  direction: oneOfValues("increasing", "decreasing"),
  subscription_external_id: nullable(str),
});
const triggeredAlert = object({
  svc_id: uuid,
  svc_organization_id: uuid,
  svc_alert_id: uuid,
  svc_subscription_id: nullable(uuid),
  svc_wallet_id: nullable(uuid),
  external_subscription_id: nullable(str),
  external_customer_id: str,
  billable_metric_code: nullable(str),
  alert_name: nullable(str),
  alert_code: str,
  alert_type: alertTypes,
  current_value: dec,
  previous_value: dec,
  crossed_thresholds: arrayOf(threshold),
  triggered_at: ts,
  subscription_external_id: nullable(str),
  customer_external_id: nullable(str),
});
const payment = object({
  svc_id: uuid,
  svc_customer_id: uuid,
  external_customer_id: str,
  invoice_ids: arrayOf(uuid),
  invoice_numbers: arrayOf(str),
  svc_payable_id: uuid,
  payable_type: constant("Invoice"),
  amount_cents: int,
  amount_currency: str,
  status: constant("succeeded"),
  payment_status: constant("succeeded"),
  type: constant("manual"),
  reference: nullable(str),
  payment_provider_code: nullOnly,
  payment_provider_type: nullOnly,
  external_payment_id: nullOnly,
  provider_payment_id: nullOnly,
  provider_customer_id: nullOnly,
  next_action: nullOnly,
  created_at: ts,
  payment_method_id: nullable(uuid),
});
const appliedCoupon = object({
  svc_id: uuid,
  svc_coupon_id: uuid,
  svc_customer_id: uuid,
  coupon_code: str,
  coupon_name: str,
  coupon_description: nullable(str),
  coupon_status: oneOfValues("active", "terminated"),
  coupon_deleted_at: nullable(ts),
  external_customer_id: str,
  status: oneOfValues("active", "terminated"),
  amount_cents: nullable(int),
  amount_cents_remaining: nullable(int),
  amount_currency: nullable(str),
  percentage_rate: nullable(dec),
  frequency: oneOfValues("once", "recurring", "forever"),
  frequency_duration: nullable(int),
  frequency_duration_remaining: nullable(int),
  expiration_at: nullable(ts),
  created_at: ts,
  terminated_at: nullable(ts),
});
const event = object({
  svc_id: uuid,
  transaction_id: str,
  code: str,
  svc_customer_id: nullable(uuid),
  svc_subscription_id: nullable(uuid),
  // objects.md lists it as a text; an event sent with only `external_customer_id` (which the service
  // stores) has none, and its object says null, as the reference's does (docs/objects.md).
  external_subscription_id: nullable(str),
  timestamp: ts,
  properties: anyObject,
  precise_total_amount_cents: nullable(dec),
  created_at: ts,
});

// ---- Lifetime usage (the answer of `update_lifetime_usage`; invoice.md §12.2, §12.4) --------
const lifetimeUsage = object({
  svc_id: uuid,
  svc_subscription_id: uuid,
  external_subscription_id: str,
  external_historical_usage_amount_cents: int,
  invoiced_usage_amount_cents: int,
  current_usage_amount_cents: int,
  from_datetime: ts,
  to_datetime: ts,
  usage_thresholds: arrayOf(object({ amount_cents: int, completion_ratio: num })),
});

// ---- §0 Webhook envelope ------------------------------------------------------------------
const webhook = object({ type: str, at: ts, object: anyObject });

// ---- Catalog objects of the editing operations (interface-spec.md "Add-on", "Coupon", the billable metric) ----
const addOn = object({
  svc_id: uuid, name: str, invoice_display_name: nullable(str), code: str, amount_cents: int, amount_currency: str, description: nullable(str),
  created_at: ts, taxes: arrayOf(ref("tax")),
});
const coupon = object({
  svc_id: uuid, name: str, code: str, description: nullable(str), coupon_type: oneOfValues("fixed_amount", "percentage"),
  amount_cents: nullable(int), amount_currency: nullable(str), percentage_rate: nullable(dec), frequency: oneOfValues("once", "recurring", "forever"),
  frequency_duration: nullable(int), reusable: bool, limited_plans: bool, plan_codes: arrayOf(str), limited_billable_metrics: bool,
  billable_metric_codes: arrayOf(str), expiration: oneOfValues("no_expiration", "time_limit"), expiration_at: nullable(ts), created_at: ts,
  terminated_at: nullable(ts),
});
const billableMetric = object({
  svc_id: uuid, name: str, code: str, description: nullable(str), aggregation_type: str, weighted_interval: nullable(str), recurring: bool,
  rounding_function: nullable(str), rounding_precision: nullable(int), created_at: ts, field_name: nullable(str), expression: nullable(str),
  filters: arrayOf(object({ key: str, values: arrayOf(str) })),
});

/** Kind → schema (before the `$schema`/`$id`/`title` header). */
const OBJECTS: Record<string, { title: string; schema: Schema }> = {
  invoice: { title: "Invoice (objects.md §1)", schema: invoice },
  invoice_preview: { title: "Invoice preview, the answer of preview_invoice (objects.md §1)", schema: invoicePreview },
  fee: { title: "Fee (objects.md §2)", schema: fee },
  credit_note: { title: "Credit note (objects.md §3)", schema: creditNote },
  estimated_credit_note: { title: "Credit note estimate (objects.md §3)", schema: estimatedCreditNote },
  wallet: { title: "Wallet (objects.md §4)", schema: wallet },
  recurring_transaction_rule: { title: "Recurring transaction rule (objects.md §5)", schema: recurringTransactionRule },
  wallet_transaction: { title: "Wallet transaction (objects.md §6)", schema: walletTransaction },
  subscription: { title: "Subscription (objects.md §7)", schema: subscription },
  customer: { title: "Customer (objects.md §8)", schema: customer },
  customer_usage: { title: "Customer usage (objects.md §9)", schema: usageSchema(false) },
  customer_projected_usage: { title: "Customer projected usage (objects.md §10)", schema: usageSchema(true) },
  alert: { title: "Alert (objects.md §11)", schema: alert },
  triggered_alert: { title: "Triggered alert (objects.md §12)", schema: triggeredAlert },
  payment: { title: "Payment (objects.md §13)", schema: payment },
  applied_coupon: { title: "Applied coupon (objects.md §14)", schema: appliedCoupon },
  event: { title: "Event (objects.md §15)", schema: event },
  fixed_charge: { title: "Fixed charge (objects.md §16)", schema: fixedCharge },
  plan: { title: "Plan (objects.md §16)", schema: plan },
  tax: { title: "Tax (objects.md §16)", schema: tax },
  lifetime_usage: { title: "Lifetime usage, the answer of update_lifetime_usage (invoice.md §12.2)", schema: lifetimeUsage },
  add_on: { title: "Add-on, the answer of update_add_on and delete_add_on (interface-spec.md \"Add-on\")", schema: addOn },
  coupon: { title: "Coupon, the answer of update_coupon and delete_coupon (interface-spec.md \"Coupon\")", schema: coupon },
  billable_metric: { title: "Billable metric, the answer of update_billable_metric and delete_billable_metric (interface-spec.md \"Plan\")", schema: billableMetric },
  webhook: { title: "Webhook entry of simulate's result (objects.md §0)", schema: webhook },
};

export const OBJECT_KINDS = Object.keys(OBJECTS);

/** Kind → the schema as committed. */
export function objectSchemas(): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [kind, { title, schema }] of Object.entries(OBJECTS)) {
    out[kind] = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: `${BASE}${kind}.schema.json`, title, ...schema };
  }
  return out;
}

/** File name → file text, exactly as committed. */
export function renderObjectSchemaFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [kind, schema] of Object.entries(objectSchemas())) out[`${kind}.schema.json`] = `${JSON.stringify(schema, null, 2)}\n`;
  return out;
}

function main(check: boolean): number {
  const files = renderObjectSchemaFiles();
  const problems: string[] = [];
  if (!check) fs.mkdirSync(OBJECT_SCHEMAS_DIR, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(OBJECT_SCHEMAS_DIR, name);
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    if (current === text) continue;
    if (check) problems.push(`schemas/objects/${name} is out of date`);
    else fs.writeFileSync(file, text);
  }
  if (fs.existsSync(OBJECT_SCHEMAS_DIR)) {
    for (const f of fs.readdirSync(OBJECT_SCHEMAS_DIR)) if (!(f in files)) problems.push(`schemas/objects/${f} has no definition`);
  }
  for (const p of problems) console.error(p);
  return problems.length ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exit(main(process.argv.includes("--check")));
