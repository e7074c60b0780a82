/**
 * Subscription: the body of `create_subscription` (a customer on a plan).
 */
import { z } from "zod";
import { parseInstant } from "../../core/instant.js";
import { cents, decimalLike, requiredText, stringList, timestamp } from "./_primitives.js";

import { BILLING_TIMES, SUBSCRIPTION_STATUSES } from "../../model/vocabulary.js";

export { BILLING_TIMES, SUBSCRIPTION_STATUSES };

/**
 * A subscription's start or end: an ISO 8601 timestamp with `T` between date and time (the
 * reference reads these with a strict ISO 8601 parser, which refuses a space), refused as
 * `invalid_date`.
 */
const subscriptionDate = z
  .string()
  .refine((s) => s.charAt(10) !== " " && parseInstant(s) !== undefined, { params: { code: "invalid_date" }, message: "expected an ISO 8601 timestamp" })
  .meta({ id: "SubscriptionAt", format: "date-time" });

/** Per-subscription changes to the plan; charge properties are checked by the charge models. */
export const planOverridesSchema = z.looseObject({
  name: z.string().nullish(),
  description: z.string().nullish(),
  invoice_display_name: z.string().nullish(),
  amount_cents: cents.nullish(),
  trial_period: z.number().min(0).nullish(),
  tax_codes: stringList.nullish(),
  charges: z.array(z.looseObject({ properties: z.looseObject({}).nullish() })).nullish(),
  fixed_charges: z
    .array(
      z.looseObject({
        code: z.string().nullish(),
        units: decimalLike.nullish(),
        apply_units_immediately: z.boolean().nullish(),
        properties: z.looseObject({}).nullish(),
      }),
    )
    .nullish(),
});

export const subscriptionSchema = z
  .looseObject({
    external_id: requiredText,
    external_customer_id: requiredText,
    plan_code: requiredText,
    name: z.string().nullish(),
    billing_time: z.enum(BILLING_TIMES).nullish(),
    /** An unreadable date is `invalid_date`, as the reference's subscription validation names it. */
    subscription_at: subscriptionDate.nullish(),
    ending_at: subscriptionDate.nullish(),
    started_at: timestamp.nullish(),
    terminated_at: timestamp.nullish(),
    status: z.enum(SUBSCRIPTION_STATUSES).nullish(),
    plan_overrides: planOverridesSchema.nullish(),
    on_termination_invoice: z.enum(["generate", "skip"]).nullish(),
    on_termination_credit_note: z.enum(["credit", "refund", "offset", "skip"]).nullish(),
    /** invoice.md §12.1: no usage threshold applies to the subscription. */
    progressive_billing_disabled: z.boolean().nullish(),
    /** invoice.md §12.1: the subscription's own thresholds (a non-empty set wins over the plan's). */
    usage_thresholds: z.array(z.looseObject({})).nullish(),
  })
  .meta({ id: "Subscription", title: "Subscription", description: "The body of create_subscription." });
