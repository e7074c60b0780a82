/**
 * One-off invoices (invoice.md §1.2): add-on fees priced now, taxed, finalized at once —
 * no coupons, credit notes or prepaid credits.
 */
import type { CurrencyCode } from "../core/currency.js";
import { ZERO, dec, parseDecimal, round } from "../core/decimal.js";
import { decimalToFloat, roundHalfAwayToBigInt } from "../core/float.js";
import { stableId } from "../core/ids.js";
import { type Instant, parseInstant } from "../core/instant.js";
import { IssueCollector } from "../core/issue.js";
import { subunitToUnit } from "../core/money.js";
import type { Fee } from "../fees/index.js";
import { type InvoiceFee, type Tax, feeTaxAmounts, feeTaxes } from "../invoice/index.js";
import type { Catalog } from "./catalog.js";
import { taxesOf } from "./catalog.js";
import type { InvoiceLine } from "./invoices.js";
import { invalid, invalidField, type Refusal, refusal } from "./refusal.js";
import type { Customer } from "./state.js";

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * The lines of a `create_one_off_invoice` body: per fee, `unit_amount_cents` (default the
 * add-on's) × `units` (default 1): `amount_cents = rha(unit × double(units))`, precise exact;
 * its period `from_datetime`–`to_datetime` when given (`boundaries: values_are_invalid`, the
 * reference's field, unless both are ISO 8601 instants in order), else the call's instant; its description, else
 * the add-on's. Refused naming each bad fee field, or `add_on_not_found`.
 */
export function oneOffLines(body: Obj, customer: Customer, catalog: Catalog, currency: CurrencyCode, at: Instant, seq: number): InvoiceLine[] | Refusal {
  const c = new IssueCollector();
  const fees = body["fees"];
  if (!Array.isArray(fees) || fees.length === 0) return invalidField("value_is_mandatory", ["fees"]);
  const lines: InvoiceLine[] = [];
  for (const [i, raw] of fees.entries()) {
    if (!isObj(raw)) {
      c.add("invalid_value", ["fees", i]);
      continue;
    }
    const addOn = typeof raw["add_on_code"] === "string" ? catalog.add_ons.get(raw["add_on_code"]) : undefined;
    if (addOn === undefined) return refusal("add_on_not_found");
    const units = raw["units"] === undefined || raw["units"] === null ? dec(1) : parseDecimal(raw["units"]);
    const unit = raw["unit_amount_cents"] === undefined || raw["unit_amount_cents"] === null ? dec(addOn.amount_cents) : parseDecimal(raw["unit_amount_cents"]);
    if (units === undefined || units.lt(ZERO)) c.add("invalid_value", ["fees", i, "units"]);
    if (unit === undefined || unit.lt(ZERO)) c.add("invalid_value", ["fees", i, "unit_amount_cents"]);
    const explicit: readonly Tax[] | undefined = taxesOf(raw["tax_codes"], catalog.taxes, ["fees", i, "tax_codes"], c);
    if (units === undefined || unit === undefined || units.lt(ZERO) || unit.lt(ZERO)) continue;
    // The fee's own period: both `from_datetime` and `to_datetime` (ISO 8601, from ≤ to), or
    // neither (the call's instant), as the reference's one-off fee checks them.
    const from = raw["from_datetime"], to = raw["to_datetime"];
    const fromAt = from == null ? at : parseInstant(from);
    const toAt = to == null ? at : parseInstant(to);
    if ((from == null) !== (to == null) || fromAt === undefined || toAt === undefined || fromAt > toAt) {
      c.add("values_are_invalid", ["boundaries"]);
      continue;
    }
    const amount = roundHalfAwayToBigInt(decimalToFloat(unit) * decimalToFloat(units));
    const svc_id = stableId("fee", "one_off", customer.external_id, seq, i);
    const name = typeof raw["name"] === "string" ? raw["name"] : addOn.name;
    const fee: Fee = {
      svc_id,
      amount_currency: currency,
      units,
      amount_cents: amount,
      precise_amount_cents: unit.times(units),
      unit_amount_cents: BigInt(round(unit, 0, "down").toFixed()),
      precise_unit_amount: unit.div(subunitToUnit(currency)),
      events_count: 0,
      total_aggregated_units: units,
      amount_details: {},
      item: {
        type: "add_on", code: addOn.code, name, invoice_display_name: typeof raw["invoice_display_name"] === "string" ? raw["invoice_display_name"] : addOn.invoice_display_name,
        // The fee's description, else the add-on's (the reference's one-off fee).
        description: addOn.description, svc_item_id: addOn.svc_id, fee_description: typeof raw["description"] === "string" ? raw["description"] : addOn.description ?? null,
      },
      from_date: fromAt,
      to_date: toAt,
      pay_in_advance: false,
    };
    const invoiceFee: InvoiceFee = {
      svc_id, fee_type: "add_on", svc_subscription_id: null, plan_code: null, metric_code: null, svc_charge_id: null,
      amount_cents: amount, precise_amount_cents: fee.precise_amount_cents, units, precise_coupons_amount_cents: ZERO, precise_credit_notes_amount_cents: ZERO,
      taxes: feeTaxes({ explicit, add_on: addOn.taxes, customer: customer.taxes, organization: catalog.organization.taxes }),
      from_date: fromAt, to_date: toAt, pay_in_advance: false,
    };
    lines.push({ billed: { fee, charge: null, taxes: invoiceFee.taxes }, fee: invoiceFee, taxes: feeTaxAmounts(invoiceFee), run: null, customer });
  }
  const issues = c.issues();
  return issues ? invalid(issues) : lines;
}
