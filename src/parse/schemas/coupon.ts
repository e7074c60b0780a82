/**
 * Coupon: a fixed amount or a percentage off, once, for a number of periods, or forever.
 * `coupon_type` says which amount field is required.
 */
import { z } from "zod";
import { cents, currency, decimalString, nonNegativeInteger, requiredText, stringList, timestamp } from "./_primitives.js";

export const COUPON_FREQUENCIES = ["once", "recurring", "forever"] as const;
export const COUPON_EXPIRATIONS = ["no_expiration", "time_limit"] as const;

const commonShape = {
  code: requiredText,
  name: requiredText,
  description: z.string().nullish(),
  frequency: z.enum(COUPON_FREQUENCIES),
  /** Number of periods a `recurring` coupon applies. */
  frequency_duration: nonNegativeInteger.nullish(),
  expiration: z.enum(COUPON_EXPIRATIONS).nullish(),
  expiration_at: timestamp.nullish(),
  reusable: z.boolean().nullish(),
  limited_plans: z.boolean().nullish(),
  limited_billable_metrics: z.boolean().nullish(),
  plan_codes: stringList.nullish(),
  billable_metric_codes: stringList.nullish(),
  /** Scope restrictions, as the vectors write them. */
  applies_to: z
    .looseObject({ plan_codes: stringList.nullish(), billable_metric_codes: stringList.nullish() })
    .nullish(),
  svc_id: z.string().nullish(),
  created_at: timestamp.nullish(),
  terminated_at: timestamp.nullish(),
};

export const couponSchema = z
  .discriminatedUnion("coupon_type", [
    z.looseObject({
      ...commonShape,
      coupon_type: z.literal("fixed_amount"),
      amount_cents: cents,
      amount_currency: currency,
      percentage_rate: decimalString.nullish(),
    }),
    z.looseObject({
      ...commonShape,
      coupon_type: z.literal("percentage"),
      /** Percent off (`"10"` = 10 %). */
      percentage_rate: decimalString,
      amount_cents: cents.nullish(),
      amount_currency: currency.nullish(),
    }),
  ])
  .meta({ id: "Coupon", title: "Coupon", description: "A coupon of the catalog." });
