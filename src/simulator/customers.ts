/**
 * Customers: the record of a customer created implicitly (by a subscription or a preview),
 * the issuing-date settings of `create_customer` (operations/createCustomer.ts), and the
 * customer JSON.
 */
import { stableId } from "../core/ids.js";
import { entryIdentity, stripMetadataNuls, withoutNul } from "./metadataEntries.js";
import type { IssueCollector } from "../core/issue.js";
import type { Instant } from "../core/instant.js";
import type { Customer, CustomerAddress, CustomerDetails, CustomerMetadata } from "./state.js";
import type { Obj } from "./steps.js";

export const ANCHORS = ["next_period_start", "current_period_end"] as const;
export const ADJUSTMENTS = ["keep_anchor", "align_with_finalization_date"] as const;

/** An issuing-date setting of `billing_configuration` (periods.md §10): one of `allowed`, else `invalid_value`. */
export function setting<T extends string>(config: Readonly<Record<string, unknown>> | null | undefined, key: string, allowed: readonly T[], c: IssueCollector): T | undefined {
  const v = config?.[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string" && (allowed as readonly string[]).includes(v)) return v as T;
  c.add("invalid_value", ["billing_configuration", key]);
  return undefined;
}

/** A customer with only its external id: every setting inherited from the organization. */
export function newCustomer(externalId: string, at: Instant): Customer {
  return {
    svc_id: stableId("customer", externalId), external_id: externalId, sequential_id: 0, slug: "", created_at: at, updated_at: at, details: {}, name: null, currency: null, timezone: null, taxes: undefined,
    invoice_grace_period: null, net_payment_term: null, finalize_zero_amount_invoice: null, applied_coupons: [],
  };
}

/** Text fields of a customer's body kept as sent (objects.md §8). */
export const DETAIL_TEXTS = [
  "address_line1", "address_line2", "city", "state", "zipcode", "country", "email", "phone", "url", "logo_url", "legal_name",
  "legal_number", "tax_identification_number", "firstname", "lastname", "customer_type", "billing_entity_code",
] as const;

const ADDRESS = ["address_line1", "address_line2", "city", "state", "zipcode", "country"] as const;

/** The details after a `create_customer` body: the fields it gives replace the stored ones (an upsert). */
export function mergeDetails(before: CustomerDetails, body: Obj, customerId: string, at: Instant): CustomerDetails {
  const out: Record<string, unknown> = { ...before };
  for (const k of DETAIL_TEXTS) if (body[k] !== undefined) out[k] = typeof body[k] === "string" ? body[k] : null;
  const config = body["billing_configuration"];
  if (typeof config === "object" && config !== null && (config as Obj)["document_locale"] !== undefined) {
    const v = (config as Obj)["document_locale"];
    out["document_locale"] = typeof v === "string" ? v : null;
  }
  const shipping = body["shipping_address"];
  if (shipping !== undefined) {
    const src = typeof shipping === "object" && shipping !== null ? (shipping as Obj) : {};
    out["shipping_address"] = Object.fromEntries(ADDRESS.map((k) => [k, typeof src[k] === "string" ? src[k] : null])) as unknown as CustomerAddress;
  }
  const metadata = body["metadata"];
  if (Array.isArray(metadata)) {
    // The reference's metadata update (metadataEntries.ts): by id in place, others new, the rest deleted.
    const stored = before.metadata ?? [];
    out["metadata"] = metadata.map((m: Obj, i): CustomerMetadata => {
      const key = String(m["key"]);
      return Object.assign(entryIdentity(stored, "customer_metadata", customerId, key, m["id"], at, i), {
        key, value: typeof m["value"] === "string" ? m["value"] : null, display_in_invoice: m["display_in_invoice"] === true,
      });
    });
  }
  return out as CustomerDetails;
}

const IDENTITY_TEXTS = ["name", "firstname", "lastname", "legal_name", "legal_number", "phone", "url", "logo_url", "tax_identification_number"] as const;
const INVISIBLE = /[\u200B\u200C\u200D\u00A0\u200E\u200F\uFEFF]/g;
const DASH_LOOKALIKES = /[\u2012\u2013\u2014\u2015\u2043\u2212]/g;

/**
 * A customer body as the reference's customer record cleans it before checking it: NUL characters
 * stripped from the identity and address texts (a blank address field becomes null), and the email's
 * dash look-alikes made `-`, its invisible characters removed and its ends trimmed.
 */
export function sanitizedCustomerBody(body: Obj): Obj {
  const out: Obj = { ...body };
  const address = (o: Obj): void => {
    for (const k of ADDRESS) {
      if (typeof o[k] !== "string") continue;
      const v = withoutNul(o[k]) as string;
      o[k] = v.trim() === "" ? null : v;
    }
  };
  for (const k of IDENTITY_TEXTS) if (typeof out[k] === "string") out[k] = withoutNul(out[k]);
  address(out);
  const shipping = out["shipping_address"];
  if (typeof shipping === "object" && shipping !== null && !Array.isArray(shipping)) {
    const copy = { ...(shipping as Obj) };
    address(copy);
    out["shipping_address"] = copy;
  }
  if (typeof out["email"] === "string") out["email"] = out["email"].replace(DASH_LOOKALIKES, "-").replace(INVISIBLE, "").trim();
  if (Array.isArray(out["metadata"])) out["metadata"] = stripMetadataNuls(out["metadata"]);
  return out;
}

