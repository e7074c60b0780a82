/**
 * Organization: the settings the simulator's catalog starts from.
 */
import { z } from "zod";
import { PREMIUM_INTEGRATIONS, currency, documentLocale, nonNegativeInteger, stringList, timezone } from "./_primitives.js";

export const organizationSchema = z
  .looseObject({
    timezone: timezone.nullish(),
    invoice_grace_period: nonNegativeInteger.nullish(),
    default_currency: currency.nullish(),
    /** Codes of taxes applied to every customer that has none of its own. */
    tax_codes: stringList.nullish(),
    document_locale: documentLocale.nullish(),
    net_payment_term: nonNegativeInteger.nullish(),
    /** Optional behaviours of the reference service (`progressive_billing`, …). */
    premium_integrations: stringList
      .refine((l) => l.every((x) => PREMIUM_INTEGRATIONS.includes(x)), { params: { code: "value_is_invalid" }, message: "an integration the reference does not have" })
      .nullish(),
    /** The organization's name (default `Organization`): the default document prefix starts with it. */
    name: z.string().min(1).nullish(),
    /** The prefix of customer slugs and invoice numbers, 1 to 10 characters, kept in upper case (default: the name's first 3 characters, upper case, `-`, the last 4 characters of the organization's id). */
    document_number_prefix: z.string().min(1).max(10).nullish(),
    /** The code of the billing entity every object belongs to (default `default`). */
    billing_entity_code: z.string().min(1).nullish(),
  })
  .meta({ id: "Organization", title: "Organization", description: "Organization settings of a simulation catalog." });
