/**
 * Subscription invoices of the simulation: the record, its build from billing runs
 * (invoice.md §1.1) and its JSON (the specification's Invoice and Fee resources).
 */
import { type CurrencyCode, currencyExponent } from "../core/currency.js";
import { type Decimal, ZERO, dec, round, shift, toDecimalString } from "../core/decimal.js";
import { stableId, stableTextId } from "../core/ids.js";
import { type Instant, formatInstant } from "../core/instant.js";
import { dateOf, epochDay } from "../core/zone.js";
import { ALL_FILTER_VALUES, feeRecordJson, filtersJson, integerOrText } from "../fees/index.js";
import { subunitToUnit } from "../core/money.js";
import {
  type FeeTaxAmounts, type InvoiceCredit, type InvoiceFee, type InvoiceStatus, type InvoiceTaxAmounts, type InvoiceTotals, type PaymentStatus,
  feeTaxAmounts, feeTaxes,
} from "../invoice/index.js";
import { type BilledFee, type RunReason, type SubscriptionRun, usageThresholdJson } from "./runs.js";
import type { Organization } from "./catalog.js";
import { customerObject } from "./customerJson.js";
import { sharedSubscriptionJson } from "./subscriptionRecord.js";
import type { Customer } from "./state.js";

export interface InvoiceLine {
  readonly billed: BilledFee;
  readonly fee: InvoiceFee;
  readonly taxes: FeeTaxAmounts;
  /** The billing run of the subscription it bills; null for a one-off invoice's add-on fee. */
  readonly run: SubscriptionRun | null;
  readonly customer: Customer;
  /** A fee created outside any invoice (non-invoiceable pay-in-advance): when; others take their invoice's computation instant. */
  readonly created_at?: Instant;
}

export interface BillingPeriodJson {
  readonly svc_subscription_id: string;
  readonly external_subscription_id: string;
  readonly svc_plan_id: string;
  readonly subscription_from_datetime: string | null;
  readonly subscription_to_datetime: string | null;
  readonly charges_from_datetime: string | null;
  readonly charges_to_datetime: string | null;
  readonly fixed_charges_from_datetime: string | null;
  readonly fixed_charges_to_datetime: string | null;
  readonly invoicing_reason: string;
}

export interface InvoiceRecord {
  readonly svc_id: string;
  /** `<prefix>-DRAFT` until the invoice is finalized, then its number (Invoicing.numberFinal). */
  number: string;
  /** null until the invoice is finalized: invoices are numbered in finalization order. */
  sequential_id: number | null;
  readonly customer: Customer;
  readonly currency: CurrencyCode;
  readonly invoice_type: "subscription" | "progressive_billing" | "one_off" | "credit" | "advance_charges";
  readonly runs: readonly SubscriptionRun[];
  /** Lines given once (a pay-in-advance charge invoice), instead of billed from `runs`. */
  readonly fixed_lines: readonly InvoiceLine[] | null;
  readonly created_at: Instant;
  /** An `open` credit invoice gets the day of its payment when it is finalized. */
  issuing_date: string;
  payment_due_date: string;
  /** Changes on a draft when the customer's term does (InvoiceBook.reterm). */
  net_payment_term: number;
  /** A draft is finalized then (the start of its expected finalization day). */
  finalize_at: Instant | null;
  /** `open`: a credit invoice waiting for its payment (invoice.md §11.3). */
  status: InvoiceStatus | "open";
  payment_status: PaymentStatus;
  lines: readonly InvoiceLine[];
  totals: InvoiceTotals;
  taxes: InvoiceTaxAmounts;
  credits: readonly InvoiceCredit[];
  billing_periods: readonly BillingPeriodJson[];
  total_paid_amount_cents: bigint;
  /** Traceable wallets only: the granted and purchased parts of the prepaid credits (null otherwise). */
  prepaid: { granted: bigint | null; purchased: bigint | null };
  /** When its fees and taxes were last computed (creation, each draft refresh, finalization): their `created_at`. */
  computed_at: Instant;
  /** Its last change: a computation, finalization, payment or void. */
  updated_at: Instant;
  /** When `payment_status` last became each value (only the current one's is kept, as for a fee without invoice). */
  paid_at: { succeeded_at: Instant | null; failed_at: Instant | null; refunded_at: Instant | null };
  /** `invoice.payment_overdue` was sent (notices.ts). */
  overdue_notified?: boolean;
  voided_at: Instant | null;
  /** When its payment dispute was lost (`lose_dispute`); absent: never. */
  payment_dispute_lost_at?: Instant;
  /** Key/value pairs set by `update_invoice {metadata}`. */
  metadata: readonly InvoiceMetadata[];
}

/** One `metadata` entry of an invoice. */
export interface InvoiceMetadata {
  readonly svc_id: string;
  readonly key: string;
  readonly value: string | null;
  readonly created_at: Instant;
}

/** Turns billed fees into invoice lines: their taxes by §5.1, no credit yet. */
export function invoiceLines(billed: readonly { billed: BilledFee; run: SubscriptionRun }[], organization: Organization): InvoiceLine[] {
  return billed.map(({ billed: b, run }) => {
    const s = run.subscription;
    const fee: InvoiceFee = {
      svc_id: b.fee.svc_id,
      fee_type: b.fee.item.type,
      svc_subscription_id: s.svc_id,
      plan_code: s.plan.code,
      metric_code: b.charge?.metric.code ?? null,
      svc_charge_id: b.charge?.svc_id ?? null,
      amount_cents: b.fee.amount_cents,
      precise_amount_cents: b.fee.precise_amount_cents,
      units: b.fee.units,
      precise_coupons_amount_cents: ZERO,
      precise_credit_notes_amount_cents: ZERO,
      taxes: b.taxes ?? feeTaxes({ charge: b.charge?.taxes, plan: s.plan.taxes, customer: s.customer.taxes, organization: organization.taxes }),
      from_date: b.fee.from_date,
      to_date: b.fee.to_date,
      pay_in_advance: b.fee.pay_in_advance,
    };
    return { billed: b, fee, taxes: feeTaxAmounts(fee), run, customer: s.customer };
  });
}

export const invoicingReason = (r: RunReason): string =>
  r === "starting" ? "subscription_starting" : r === "terminating" ? "subscription_terminating" : r === "in_advance_charge" ? "in_advance_charge"
    : r === "progressive_billing" ? "progressive_billing" : "subscription_periodic";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

function int(x: bigint): number | string {
  return x <= MAX_SAFE && x >= MIN_SAFE ? Number(x) : x.toString();
}
const str = (d: Decimal): string => toDecimalString(d);

/**
 * The JSON of each line, per payment status: a line never changes once made (a rebuilt
 * invoice has new lines), so an invoice's fees are rendered once however many times the
 * invoice is (webhooks, the result's `invoices` and `fees`). The objects are shared.
 */
const feeJsonCache = new WeakMap<InvoiceLine, { readonly invoice: string | null; readonly status: string; readonly json: Json }>();

/** A fee of an invoice, or one that belongs to no invoice (`inv` null: a non-invoiceable pay-in-advance fee). */
export function feeJson(inv: InvoiceRecord | null, l: InvoiceLine): Json {
  const invoiceId = inv === null ? null : inv.svc_id;
  const status = inv === null ? "pending" : inv.payment_status;
  const hit = feeJsonCache.get(l);
  if (hit !== undefined && hit.invoice === invoiceId && hit.status === status) return hit.json;
  const json = renderFee(inv, l);
  feeJsonCache.set(l, { invoice: invoiceId, status, json });
  return json;
}

function renderFee(inv: InvoiceRecord | null, l: InvoiceLine): Json {
  const f = l.fee;
  const fee = l.billed.fee;
  const s = l.run?.subscription;
  const currency = fee.amount_currency;
  const E = currencyExponent(currency);
  // Without coupons (the usual fee) the subtotal is the amount itself.
  const noCoupons = f.precise_coupons_amount_cents.eq(ZERO);
  // One literal with every key, read from the fee itself (the Fee resource's fields as toFeeJson
  // writes them): adding sixteen keys to another object turned it into a dictionary of 1.3 KB per fee.
  const paid = feePaidAt(inv);
  const createdAt = feeCreatedAt(inv, l);
  const dates = feeDates(l);
  // objects.md §2: `events_count` only on charge fees (0 on a true-up), `total_aggregated_units` on
  // charge and fixed-charge fees; null on the others (subscription, commitment, add-on, credit).
  const type = fee.item.type;
  return {
    svc_id: fee.svc_id, item: itemJson(l, fee.item.filters == null ? null : filtersJson(fee.item.filters)), pay_in_advance: fee.pay_in_advance,
    amount_cents: integerOrText(fee.amount_cents), amount_currency: currency,
    precise_amount: str(fee.precise_amount_cents.div(subunitToUnit(currency))), precise_unit_amount: str(fee.precise_unit_amount), units: str(fee.units),
    total_aggregated_units: type === "charge" || type === "fixed_charge" ? str(fee.total_aggregated_units) : null,
    events_count: type === "charge" ? fee.events_count : null, from_date: dates.from_date, to_date: dates.to_date,
    amount_details: feeRecordJson(fee.amount_details, ["amount_details"]),
    // Every link is present, null when the fee has none (objects.md §2).
    svc_subscription_id: fee.svc_subscription_id ?? null, svc_charge_id: fee.svc_charge_id ?? null, svc_charge_filter_id: fee.svc_charge_filter_id ?? null,
    svc_fixed_charge_id: fee.svc_fixed_charge_id ?? null, svc_true_up_fee_id: fee.svc_true_up_fee_id ?? null, svc_true_up_parent_fee_id: fee.svc_true_up_parent_fee_id ?? null,
    pricing_unit_details: fee.pricing_unit_details === undefined ? null : feeRecordJson({ ...fee.pricing_unit_details }, ["pricing_unit_details"]),
    svc_invoice_id: inv === null ? null : inv.svc_id,
    svc_customer_id: l.customer.svc_id,
    grouped_by: { ...(fee.item.grouped_by ?? {}) },
    external_customer_id: l.customer.external_id,
    external_subscription_id: s?.external_id ?? null,
    invoiceable: l.billed.charge === null ? true : l.billed.charge.invoiceable,
    payment_status: inv === null ? "pending" : inv.payment_status,
    taxes_amount_cents: int(l.taxes.taxes_amount_cents),
    taxes_precise_amount: str(shift(l.taxes.taxes_precise_amount_cents, -E)),
    taxes_rate: Number(str(l.taxes.taxes_rate)),
    total_amount_cents: int(f.amount_cents + l.taxes.taxes_amount_cents),
    total_amount_currency: currency,
    precise_total_amount: str(shift(f.precise_amount_cents.plus(l.taxes.taxes_precise_amount_cents), -E)),
    precise_coupons_amount_cents: str(f.precise_coupons_amount_cents),
    precise_credit_notes_amount_cents: str(f.precise_credit_notes_amount_cents),
    sub_total_excluding_taxes_amount_cents: noCoupons ? int(f.amount_cents) : int(BigInt(round(dec(f.amount_cents).minus(f.precise_coupons_amount_cents), 0, "half_up").toFixed())),
    sub_total_excluding_taxes_precise_amount_cents: str(noCoupons ? f.precise_amount_cents : f.precise_amount_cents.minus(f.precise_coupons_amount_cents)),
    self_billed: false,
    created_at: createdAt,
    succeeded_at: paid.succeeded_at,
    failed_at: paid.failed_at,
    refunded_at: paid.refunded_at,
    event_transaction_id: l.billed.event_transaction_id,
    description: fee.item.fee_description ?? null,
    svc_original_fee_id: null,
    presentation_breakdowns: [],
    applied_taxes: l.taxes.applied_taxes.map((t) => ({
      svc_id: stableTextId("fee_applied_tax", f.svc_id, t.tax.svc_id),
      svc_tax_id: t.tax.svc_id, tax_name: t.tax.name, tax_code: t.tax.code, tax_rate: Number(str(t.tax.rate)),
      tax_description: t.tax.description ?? null, amount_cents: int(t.amount_cents), amount_currency: currency, svc_fee_id: f.svc_id,
      created_at: createdAt,
    })),
  } as Json;
}

/**
 * The fee's `from_date` / `to_date` (invoice.md §2 "Fee dates"): its window, except for the fees
 * of a pay-in-advance charge that are billed whole days — one created at event time outside any
 * invoice (`invoiceable: false`), and the period fee an invoice carries for such a charge — whose
 * bounds are the UTC dates of the window, from 00:00:00 to 23:59:59.
 */
function feeDates(l: InvoiceLine): { from_date: string; to_date: string } {
  const fee = l.billed.fee;
  const charge = l.billed.charge;
  const wholeDays = fee.item.type === "charge" && charge !== null && charge.charge.pay_in_advance === true && (!fee.pay_in_advance || !charge.invoiceable);
  if (!wholeDays) return { from_date: formatInstant(fee.from_date), to_date: formatInstant(fee.to_date) };
  const day = (t: Instant): string => formatInstant(t).slice(0, 10);
  return { from_date: `${day(fee.from_date)}T00:00:00Z`, to_date: `${day(fee.to_date)}T23:59:59Z` };
}

/** When the fee was created: a fee without invoice when its event (or run) made it; others with their invoice's computation. */
function feeCreatedAt(inv: InvoiceRecord | null, l: InvoiceLine): string {
  return formatInstant(l.created_at ?? inv?.computed_at ?? l.run?.at ?? (0 as Instant));
}

/** When the fee's payment status last became each value: its invoice's (a fee without invoice: standaloneFees.ts). */
function feePaidAt(inv: InvoiceRecord | null): { succeeded_at: string | null; failed_at: string | null; refunded_at: string | null } {
  const p = inv?.paid_at;
  const iso = (t: Instant | null | undefined): string | null => (t == null ? null : formatInstant(t));
  return { succeeded_at: iso(p?.succeeded_at), failed_at: iso(p?.failed_at), refunded_at: iso(p?.refunded_at) };
}

/** The fee's `item` (objects.md §2): what it bills, by id and kind, its names and description. */
function itemJson(l: InvoiceLine, filters: Json): Json {
  const item = l.billed.fee.item;
  const s = l.run?.subscription;
  let id: string;
  let kind: string;
  let description: string | null;
  // objects.md §2: the fee's display name, else its item's (a fixed charge's add-on's display name;
  // a commitment's "Minimum commitment", invoice.md §6), else the item's name.
  // A blank name is none (the reference reads each with `presence`).
  const present = (x: string | null | undefined): string | null => (x == null || x.trim() === "" ? null : x);
  let displayName = present(item.invoice_display_name);
  switch (item.type) {
    case "charge": {
      const metric = l.billed.charge?.metric;
      id = metric?.svc_id ?? stableId("billable_metric", item.code);
      kind = "BillableMetric";
      description = metric?.description ?? null;
      break;
    }
    case "subscription":
    case "commitment":
      id = s?.svc_id ?? "";
      kind = "Subscription";
      description = s?.plan.description ?? null;
      if (item.type === "commitment") displayName ??= "Minimum commitment";
      else displayName ??= present(s?.plan.invoice_display_name) ?? null;
      break;
    case "fixed_charge": {
      const fixed = s?.plan.fixed_charges.find((x) => x.svc_id === l.billed.fee.svc_fixed_charge_id);
      id = fixed?.add_on.svc_id ?? stableId("add_on", item.code);
      kind = "AddOn";
      description = fixed?.add_on.description ?? null;
      displayName ??= present(fixed?.add_on.invoice_display_name);
      break;
    }
    case "credit":
      id = item.svc_item_id ?? "";
      kind = "WalletTransaction";
      description = item.description ?? "credit";
      break;
    default:
      id = item.svc_item_id ?? stableId("add_on", item.code);
      kind = "AddOn";
      description = item.description ?? null;
  }
  return {
    type: item.type, code: item.code, name: item.name, description,
    invoice_display_name: displayName ?? item.name,
    // The filter's display name, else its values joined (a key for "all values"), as the reference's filter names itself.
    filter_invoice_display_name: present(item.filter_invoice_display_name) ?? (item.filters == null ? null : filterDisplayName(item.filters)),
    filters,
    grouped_by: { ...(item.grouped_by ?? {}) },
    svc_item_id: id, item_type: kind,
  };
}

/** A charge filter's name from its values: each key's values, or the key for "all values", joined by ", ". */
function filterDisplayName(filters: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(filters).flatMap(([key, values]) => (values.length === 1 && values[0] === ALL_FILTER_VALUES ? [key] : values)).join(", ");
}

/**
 * What an invoice's JSON reads beside the record: the moment it is taken (`now`), the
 * customer's zone, and Σ `offset_amount_cents` of the credit notes on it (§1.1).
 */
export interface InvoiceView {
  readonly now: Instant;
  readonly timezone: string;
  readonly offset_amount_cents: bigint;
  /** {@link paymentOverdue} at `now`, when the caller computed it already. */
  readonly payment_overdue?: boolean;
}

/**
 * §1.1 Payments: overdue once the due date (in the customer's zone) is over while the
 * invoice is finalized and not succeeded (nor its payment dispute lost, as the reference's job).
 */
export function paymentOverdue(inv: InvoiceRecord, view: InvoiceView): boolean {
  if (inv.status !== "finalized" || inv.payment_status === "succeeded" || inv.payment_dispute_lost_at !== undefined) return false;
  const [y, m, d] = inv.payment_due_date.split("-").map(Number) as [number, number, number];
  return epochDay(dateOf(view.now, view.timezone)) > epochDay({ year: y, month: m, day: d });
}

/**
 * The customer as an invoice embeds it, one object shared by its invoices while nothing it reads
 * changed (the details object is replaced, never changed, by an update).
 */
function embeddedCustomer(c: Customer, org: Organization): Json {
  const deps = [
    org, c.svc_id, c.sequential_id, c.slug, c.external_id, c.timezone, c.created_at, c.updated_at, c.details, c.name, c.currency,
    c.net_payment_term, c.finalize_zero_amount_invoice, c.invoice_grace_period, c.issuing_date_anchor, c.issuing_date_adjustment,
  ];
  const hit = embeddedCustomers.get(c);
  if (hit !== undefined && hit.deps.every((d, i) => d === deps[i])) return hit.json;
  const json = customerObject(c, org, true);
  embeddedCustomers.set(c, { deps, json });
  return json;
}

const embeddedCustomers = new WeakMap<Customer, { readonly deps: readonly unknown[]; readonly json: Json }>();

/** The invoice JSON; without a `view` (a preview, a webhook of a voided one) no offset and not overdue. */
export function invoiceJson(inv: InvoiceRecord, org: Organization, view?: InvoiceView): Json {
  const t = inv.totals;
  const draft = inv.status === "draft";
  const offset = view?.offset_amount_cents ?? 0n;
  const iso = (t: Instant | null): string | null => (t === null ? null : formatInstant(t));
  const entity = inv.customer.details["billing_entity_code"];
  const json: { [key: string]: Json } = {
    svc_id: inv.svc_id,
    billing_entity_code: typeof entity === "string" ? entity : org.billing_entity_code,
    number: inv.number,
    sequential_id: inv.sequential_id,
    version_number: 4,
    invoice_type: inv.invoice_type,
    status: inv.status,
    payment_status: inv.payment_status,
    currency: inv.currency,
    issuing_date: inv.issuing_date,
    payment_due_date: inv.payment_due_date,
    net_payment_term: inv.net_payment_term,
    payment_overdue: view === undefined ? false : view.payment_overdue ?? paymentOverdue(inv, view),
    created_at: formatInstant(inv.created_at),
    updated_at: formatInstant(inv.updated_at),
    voided_at: iso(inv.voided_at),
    self_billed: false,
    payment_dispute_lost_at: inv.payment_dispute_lost_at === undefined ? null : formatInstant(inv.payment_dispute_lost_at),
    file_url: null,
    xml_url: null,
    web_url: null,
    purchase_order_number: null,
    fees_amount_cents: int(t.fees_amount_cents),
    progressive_billing_credit_amount_cents: int(t.progressive_billing_credit_amount_cents),
    coupons_amount_cents: int(t.coupons_amount_cents),
    sub_total_excluding_taxes_amount_cents: int(t.sub_total_excluding_taxes_amount_cents),
    taxes_amount_cents: int(t.taxes_amount_cents),
    taxes_rate: Number(str(inv.taxes.taxes_rate)),
    sub_total_including_taxes_amount_cents: int(t.sub_total_including_taxes_amount_cents),
    credit_notes_amount_cents: int(t.credit_notes_amount_cents),
    prepaid_credit_amount_cents: int(t.prepaid_credit_amount_cents),
    prepaid_granted_credit_amount_cents: draft || inv.prepaid.granted === null ? null : int(inv.prepaid.granted),
    prepaid_purchased_credit_amount_cents: draft || inv.prepaid.purchased === null ? null : int(inv.prepaid.purchased),
    total_amount_cents: int(t.total_amount_cents),
    total_paid_amount_cents: int(inv.total_paid_amount_cents),
    total_due_amount_cents: int(inv.status === "voided" ? 0n : t.total_amount_cents - inv.total_paid_amount_cents - offset),
    total_offsetted_credit_note_amount_cents: int(offset),
    customer: embeddedCustomer(inv.customer, org),
    billing_periods: inv.billing_periods as unknown as Json,
    metadata: inv.metadata.map((m) => ({ svc_id: m.svc_id, key: m.key, value: m.value, created_at: formatInstant(m.created_at) })),
    applied_invoice_custom_sections: [],
    error_details: [],
    applied_taxes: inv.taxes.applied_taxes.map((a) => ({
      svc_id: stableTextId("invoice_applied_tax", inv.svc_id, a.tax.svc_id), created_at: formatInstant(inv.computed_at),
      svc_tax_id: a.tax.svc_id, tax_name: a.tax.name, tax_code: a.tax.code, tax_rate: Number(str(a.tax.rate)), tax_description: a.tax.description ?? null,
      amount_cents: int(a.amount_cents), amount_currency: inv.currency, fees_amount_cents: int(a.fees_amount_cents), svc_invoice_id: inv.svc_id,
    })),
    credits: inv.credits.map((c) => ({
      svc_id: c.svc_id, amount_cents: int(c.amount_cents), amount_currency: c.amount_currency, before_taxes: c.before_taxes,
      item: { ...c.item }, invoice: { svc_id: inv.svc_id, payment_status: inv.payment_status },
    })),
    fees: inv.lines.map((l) => feeJson(inv, l)),
    subscriptions: embeddedSubscriptions(inv, org, view),
  };
  // objects.md §1: progressive-billing invoices only (absent otherwise).
  if (inv.invoice_type === "progressive_billing") {
    json["applied_usage_thresholds"] = inv.runs.flatMap((r) => r.thresholds ?? []).map((t) => ({
      lifetime_usage_amount_cents: int(t.lifetime_usage_amount_cents), created_at: formatInstant(inv.created_at), usage_threshold: usageThresholdJson(t),
    }));
  }
  return json;
}

/** The subscriptions as they are when the invoice is shown (objects.md §1: Subscription, §7). */
function embeddedSubscriptions(inv: InvoiceRecord, org: Organization, view: InvoiceView | undefined): Json {
  return [...new Set(inv.runs.map((r) => r.subscription))].map((s) => sharedSubscriptionJson(s, view?.now ?? inv.updated_at, org) as unknown as Json);
}

/**
 * The invoice JSON `json` (rendered from the same record) shown at another moment: only what the
 * moment changes is made again — `payment_overdue` and the embedded subscriptions. The copy keeps
 * the rendered object's shape (a spread alone, then existing keys set).
 */
export function invoiceJsonAt(json: Json, inv: InvoiceRecord, org: Organization, view: InvoiceView): Json {
  const copy = { ...(json as { [key: string]: Json }) };
  copy["payment_overdue"] = view.payment_overdue ?? paymentOverdue(inv, view);
  copy["subscriptions"] = embeddedSubscriptions(inv, org, view);
  return copy;
}
