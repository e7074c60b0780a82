/**
 * A plan's fixed charges in the catalog (periods.md §7): each on an add-on, with its
 * charge model (standard, graduated or volume), units and taxes.
 */
import { ZERO, parseDecimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import type { IssueCollector, Path } from "../core/issue.js";
import { parseCharge } from "../charges/index.js";
import type { FixedCharge } from "../fees/index.js";
import type { Tax } from "../invoice/index.js";
import { taxesOf } from "./catalogTaxes.js";
import type { AddOn, PlanFixedCharge } from "./catalogTypes.js";

type Obj = Record<string, unknown>;

/** A plan's `fixed_charges` (their shape already checked by the catalog schema): add-on, model, units, taxes. */
export function parsePlanFixedCharges(
  planCode: string, raws: readonly Obj[], path: Path, addOns: ReadonlyMap<string, AddOn>, taxes: ReadonlyMap<string, Tax>, c: IssueCollector,
): PlanFixedCharge[] {
  const out: PlanFixedCharge[] = [];
  raws.forEach((raw, j) => {
    const at = [...path, j];
    const addOnCode = raw["add_on_code"];
    const addOn = typeof addOnCode === "string" ? addOns.get(addOnCode) : undefined;
    if (addOn === undefined) c.add("invalid_value", [...at, "add_on_code"], `unknown add-on ${JSON.stringify(addOnCode)}`);
    const parsed = parseCharge(raw, at);
    if (!parsed.ok) c.addAll(parsed.issues);
    const units = raw["units"] === undefined || raw["units"] === null ? ZERO : parseDecimal(raw["units"]);
    if (units === undefined || units.lt(ZERO)) c.add("invalid_value", [...at, "units"]);
    const ownTaxes = taxesOf(raw["tax_codes"], taxes, [...at, "tax_codes"], c);
    const code = typeof raw["code"] === "string" && raw["code"] !== "" ? raw["code"] : addOn?.code;
    if (code !== undefined && out.some((f) => f.code === code)) c.add("invalid_value", [...at, "code"], "duplicate fixed charge code");
    if (addOn === undefined || !parsed.ok || units === undefined || code === undefined) return;
    const model = parsed.value;
    if (model.charge_model !== "standard" && model.charge_model !== "graduated" && model.charge_model !== "volume") {
      return c.add("invalid_charge_model", [...at, "charge_model"]);
    }
    const svc_id = stableId("fixed_charge", planCode, j);
    const display = typeof raw["invoice_display_name"] === "string" ? raw["invoice_display_name"] : null;
    const fixed_charge = {
      ...model, id: svc_id, code, name: addOn.name, invoice_display_name: display,
      pay_in_advance: model.pay_in_advance === true, prorated: model.prorated === true,
    } as FixedCharge;
    out.push({ svc_id, code, add_on: addOn, fixed_charge, units, taxes: ownTaxes });
  });
  return out;
}
