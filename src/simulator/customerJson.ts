/**
 * The Customer object (objects.md §8): answered by `create_customer`, embedded in invoices and
 * credit notes (then without `taxes` and `error_details`). A leaf module: it reads records only.
 */
import { formatInstant } from "../core/instant.js";
import type { Organization } from "./catalogTypes.js";
import { type CatalogJsonContext, taxJson } from "./catalogJson.js";
import type { Customer, CustomerAddress } from "./state.js";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const NO_ADDRESS: CustomerAddress = { address_line1: null, address_line2: null, city: null, state: null, zipcode: null, country: null };

/** The customer's object; `embedded` (in an invoice or a credit note) leaves out `taxes` and `error_details`. */
export function customerObject(c: Customer, org: Organization, embedded: boolean, catalog?: CatalogJsonContext): { [key: string]: Json } {
  const d = c.details;
  const text = (k: string): string | null => {
    const v = d[k];
    return typeof v === "string" ? v : null;
  };
  const shipping = d.shipping_address ?? NO_ADDRESS;
  const out: { [key: string]: Json } = {
    svc_id: c.svc_id,
    sequential_id: c.sequential_id,
    slug: c.slug,
    external_id: c.external_id,
    applicable_timezone: c.timezone ?? org.timezone,
    timezone: c.timezone,
    created_at: formatInstant(c.created_at),
    updated_at: formatInstant(c.updated_at),
    billing_entity_code: text("billing_entity_code") ?? org.billing_entity_code,
    address_line1: text("address_line1"), address_line2: text("address_line2"), city: text("city"), state: text("state"),
    zipcode: text("zipcode"), country: text("country"), email: text("email"), phone: text("phone"), url: text("url"),
    logo_url: text("logo_url"), name: c.name, legal_name: text("legal_name"), legal_number: text("legal_number"),
    tax_identification_number: text("tax_identification_number"),
    currency: c.currency,
    firstname: text("firstname"), lastname: text("lastname"),
    account_type: "customer",
    net_payment_term: c.net_payment_term,
    finalize_zero_amount_invoice: c.finalize_zero_amount_invoice ?? "inherit",
    skip_invoice_custom_sections: false,
    billing_configuration: {
      invoice_grace_period: c.invoice_grace_period,
      payment_provider: null,
      payment_provider_code: null,
      document_locale: text("document_locale") ?? "en",
      subscription_invoice_issuing_date_anchor: c.issuing_date_anchor ?? "next_period_start",
      // Unset: the defaults the issuing date applies (periods.md §10).
      subscription_invoice_issuing_date_adjustment: c.issuing_date_adjustment ?? "align_with_finalization_date",
    },
    shipping_address: { ...shipping },
    metadata: (d.metadata ?? []).map((m) => ({ svc_id: m.svc_id, key: m.key, value: m.value, display_in_invoice: m.display_in_invoice, created_at: formatInstant(m.created_at) })),
    integration_customers: [],
    applicable_invoice_custom_sections: [],
    customer_type: text("customer_type"),
    external_salesforce_id: null,
  };
  if (embedded) return out;
  out["taxes"] = (c.taxes ?? []).map((t) => (catalog === undefined ? { svc_id: t.svc_id, code: t.code, name: t.name, rate: Number(t.rate.toFixed()) } : taxJson(t, catalog)));
  out["error_details"] = [];
  return out;
}
