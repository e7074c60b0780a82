/**
 * Customer: the body of `create_customer` (an upsert keyed by `external_id`).
 */
import { z } from "zod";
import { currency, keyValue, nonNegativeInteger, requiredText, stringList, timezone } from "./_primitives.js";

export const billingConfigurationSchema = z.looseObject({
  invoice_grace_period: nonNegativeInteger.nullish(),
  payment_provider: z.string().nullish(),
  payment_provider_code: z.string().nullish(),
  provider_customer_id: z.string().nullish(),
  sync: z.boolean().nullish(),
  sync_with_provider: z.boolean().nullish(),
  document_locale: z.string().nullish(),
  provider_payment_methods: stringList.nullish(),
  /** When a subscription's periodic invoice is issued (periods.md §10; create_customer checks the values). */
  subscription_invoice_issuing_date_anchor: z.string().nullish(),
  subscription_invoice_issuing_date_adjustment: z.string().nullish(),
});

const addressShape = {
  address_line1: z.string().nullish(),
  address_line2: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  zipcode: z.string().nullish(),
  /** Two-letter country code. */
  country: z.string().nullish(),
};

export const customerSchema = z
  .looseObject({
    external_id: requiredText,
    name: z.string().nullish(),
    currency: currency.nullish(),
    timezone: timezone.nullish(),
    ...addressShape,
    shipping_address: z.looseObject(addressShape).nullish(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
    url: z.string().nullish(),
    logo_url: z.string().nullish(),
    firstname: z.string().nullish(),
    lastname: z.string().nullish(),
    /** `company` or `individual` (objects.md §8; anything else is refused). */
    customer_type: z.enum(["company", "individual"]).nullish(),
    legal_name: z.string().nullish(),
    legal_number: z.string().nullish(),
    tax_identification_number: z.string().nullish(),
    billing_entity_code: z.string().nullish(),
    net_payment_term: nonNegativeInteger.nullish(),
    /** invoice.md §1.3: finalize an invoice whose fees are 0, close it (`skip`), or follow the organization. */
    finalize_zero_amount_invoice: z.enum(["finalize", "skip", "inherit"]).nullish(),
    billing_configuration: billingConfigurationSchema.nullish(),
    metadata: z.array(keyValue.extend({ display_in_invoice: z.boolean().nullish() })).nullish(),
    tax_codes: stringList.nullish(),
    integration_customers: z.array(z.looseObject({})).nullish(),
  })
  .meta({ id: "Customer", title: "Customer", description: "The body of create_customer." });
