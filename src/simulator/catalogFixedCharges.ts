/**
 * A plan's fixed charges in the catalog (periods.md §7): each on an add-on, with its
 * charge model (standard, graduated or volume), units and taxes.
 */
import { ZERO, parseDecimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import type { IssueCollector, Path } from "../core/issue.js";
import { parseCharge, withDefaultProperties } from "../charges/index.js";
import type { FixedCharge } from "../fees/index.js";
import type { Tax } from "../invoice/index.js";
import { taxesOf } from "./catalogTaxes.js";
import type { AddOn, PlanFixedCharge } from "./catalogTypes.js";

type Obj = Record<string, unknown>;

/**
 * The code of a fixed charge created without one (periods.md §7 "Code"): its add-on's code `c` when
 * no fixed charge of the plan has it, else `c_<n>` with n one more than the largest n of the plan's
 * codes of the form `c_<integer>` (1 when none).
 */
export function generatedFixedChargeCode(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  let largest = 1;
  for (const code of taken) {
    if (!code.startsWith(`${base}_`)) continue;
    const tail = code.slice(base.length + 1);
    if (/^[0-9]+$/.test(tail)) largest = Math.max(largest, Number(tail));
  }
  return `${base}_${largest + 1}`;
}

/**
 * A plan's `fixed_charges` (their shape already checked by the catalog schema): add-on, model, units,
 * taxes. `existing`: the codes the plan's fixed charges already have (a fixed charge added later).
 */
export function parsePlanFixedCharges(
  planCode: string, raws: readonly Obj[], path: Path, addOns: ReadonlyMap<string, AddOn>, taxes: ReadonlyMap<string, Tax>, c: IssueCollector,
  existing: readonly string[] = [],
): PlanFixedCharge[] {
  const out: PlanFixedCharge[] = [];
  raws.forEach((raw, j) => {
    const at = [...path, j];
    const addOnCode = raw["add_on_code"];
    const addOn = typeof addOnCode === "string" ? addOns.get(addOnCode) : undefined;
    if (addOn === undefined) c.add("invalid_value", [...at, "add_on_code"], `unknown add-on ${JSON.stringify(addOnCode)}`);
    // A fixed charge made without properties gets its model's defaults, as a charge does (charges.md §19.3).
    const parsed = parseCharge(withDefaultProperties(raw), at);
    if (!parsed.ok) c.addAll(parsed.issues);
    const units = raw["units"] === undefined || raw["units"] === null ? ZERO : parseDecimal(raw["units"]);
    if (units === undefined) c.add("invalid_value", [...at, "units"]);
    // Negative units: out of range (the reference's greater-than-or-equal-to-zero check).
    else if (units.lt(ZERO)) c.add("value_is_out_of_range", [...at, "units"]);
    const ownTaxes = taxesOf(raw["tax_codes"], taxes, [...at, "tax_codes"], c);
    const given = typeof raw["code"] === "string" && raw["code"] !== "" ? raw["code"] : undefined;
    const taken = [...existing, ...out.map((f) => f.code)];
    const code = given ?? (addOn === undefined ? undefined : generatedFixedChargeCode(addOn.code, taken));
    if (given !== undefined && taken.includes(given)) c.add("invalid_value", [...at, "code"], "duplicate fixed charge code");
    if (addOn === undefined || !parsed.ok || units === undefined || code === undefined) return;
    const model = parsed.value;
    if (model.charge_model !== "standard" && model.charge_model !== "graduated" && model.charge_model !== "volume") {
      return c.add("value_is_invalid", [...at, "charge_model"], "one of standard, graduated, volume");
    }
    const svc_id = stableId("fixed_charge", planCode, j);
    const display = typeof raw["invoice_display_name"] === "string" ? raw["invoice_display_name"] : null;
    const fixed_charge = {
      ...model, id: svc_id, code, add_on_code: addOn.code, name: addOn.name, invoice_display_name: display,
      pay_in_advance: model.pay_in_advance === true, prorated: model.prorated === true,
    } as FixedCharge;
    out.push({ svc_id, code, add_on: addOn, fixed_charge, units, taxes: ownTaxes });
  });
  return out;
}
