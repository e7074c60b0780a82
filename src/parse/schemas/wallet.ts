/**
 * Wallet: the body of `create_wallet` (prepaid credits for a customer), with its
 * recurring top-up rules.
 */
import { z } from "zod";
import {
  cents,
  currency,
  dateOrTimestamp,
  decimalString,
  INTERVALS,
  integer,
  keyValue,
  requiredText,
  stringList,
  timestamp,
} from "./_primitives.js";

export const recurringTransactionRuleSchema = z.looseObject({
  trigger: z.enum(["interval", "threshold"]),
  method: z.enum(["fixed", "target"]).nullish(),
  interval: z.enum(INTERVALS).nullish(),
  threshold_credits: decimalString.nullish(),
  paid_credits: decimalString.nullish(),
  granted_credits: decimalString.nullish(),
  target_ongoing_balance: decimalString.nullish(),
  started_at: timestamp.nullish(),
  expiration_at: dateOrTimestamp.nullish(),
  invoice_requires_successful_payment: z.boolean().nullish(),
  ignore_paid_top_up_limits: z.boolean().nullish(),
  /** A target rule grants the gap as free credits instead of paid ones. */
  grants_target_top_up: z.boolean().nullish(),
  transaction_name: z.string().nullish(),
  transaction_metadata: z.array(keyValue).nullish(),
});

export const walletSchema = z
  .looseObject({
    external_customer_id: requiredText,
    /** Money value of one credit. */
    rate_amount: decimalString,
    /** Absent: the customer's currency (the reference's wallet creation). */
    currency: currency.nullish(),
    name: z.string().nullish(),
    /** Unique within the customer; generated when absent. */
    code: z.string().nullish(),
    priority: integer.nullish(),
    /** The priority of the wallet's transactions (its initial top-up). */
    transaction_priority: integer.nullish(),
    /** Whether the wallet's consumption is traced per transaction (the reference's flag, shown as sent). */
    traceable: z.boolean().nullish(),
    paid_credits: decimalString.nullish(),
    granted_credits: decimalString.nullish(),
    expiration_at: dateOrTimestamp.nullish(),
    invoice_requires_successful_payment: z.boolean().nullish(),
    /** The initial purchase may ignore the paid top-up limits (invoice.md §11.3). */
    ignore_paid_top_up_limits_on_creation: z.boolean().nullish(),
    applies_to: z
      .looseObject({ fee_types: stringList.nullish(), billable_metric_codes: stringList.nullish() })
      .nullish(),
    paid_top_up_min_amount_cents: cents.nullish(),
    paid_top_up_max_amount_cents: cents.nullish(),
    transaction_name: z.string().nullish(),
    transaction_metadata: z.array(keyValue).nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    recurring_transaction_rules: z.array(recurringTransactionRuleSchema).nullish(),
    /** The organization's billing entity (the only one); another code, or an id, is `billing_entity_not_found`. */
    billing_entity_code: z.string().nullish(),
    billing_entity_id: z.string().nullish(),
  })
  .meta({ id: "Wallet", title: "Wallet", description: "The body of create_wallet." });
