/**
 * Plan: the subscription fee, its interval, and the charges, fixed charges,
 * minimum commitment and progressive-billing thresholds that come with it.
 */
import { z } from "zod";
import { cents, currency, INTERVALS, itemMetadata, requiredText, stringList, timestamp } from "./_primitives.js";
import { chargeSchema } from "./charge.js";
import { fixedChargeSchema } from "./fixedCharge.js";
import { taxSchema } from "./tax.js";

export const minimumCommitmentSchema = z.looseObject({
  amount_cents: cents,
  invoice_display_name: z.string().nullish(),
  interval: z.enum(INTERVALS).nullish(),
  tax_codes: stringList.nullish(),
  taxes: z.array(taxSchema).nullish(),
});

export const usageThresholdSchema = z.looseObject({
  amount_cents: cents,
  threshold_display_name: z.string().nullish(),
  recurring: z.boolean().nullish(),
});

export const planSchema = z
  .looseObject({
    code: requiredText,
    name: requiredText,
    interval: z.enum(INTERVALS),
    amount_cents: cents,
    amount_currency: currency,
    description: z.string().nullish(),
    invoice_display_name: z.string().nullish(),
    /** Days of free trial; may be fractional (periods.md §6). */
    trial_period: z.number().min(0).nullish(),
    pay_in_advance: z.boolean().nullish(),
    bill_charges_monthly: z.boolean().nullish(),
    bill_fixed_charges_monthly: z.boolean().nullish(),
    charges: z.array(chargeSchema).nullish(),
    fixed_charges: z.array(fixedChargeSchema).nullish(),
    minimum_commitment: minimumCommitmentSchema.nullish(),
    usage_thresholds: z.array(usageThresholdSchema).nullish(),
    tax_codes: stringList.nullish(),
    taxes: z.array(taxSchema).nullish(),
    entitlements: z.array(z.looseObject({})).nullish(),
    metadata: itemMetadata.nullish(),
    svc_id: z.string().nullish(),
    created_at: timestamp.nullish(),
  })
  .meta({ id: "Plan", title: "Plan", description: "A plan of the catalog with its charges." });
