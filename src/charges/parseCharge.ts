/**
 * Parses a raw charge (`charge_model`, `properties`, `prorated`, `pay_in_advance`) and validates
 * its properties with the model's own rules (semantics §19).
 */
import { IssueCollector, type Path, type Result, fail, ok } from "../core/issue.js";
import { isAbsent, isObject } from "./_parse.js";
import { chargeModels } from "./table.js";
import { CHARGE_MODELS, type Charge, type ChargeModelName } from "./types.js";

export function isChargeModelName(x: unknown): x is ChargeModelName {
  return typeof x === "string" && (CHARGE_MODELS as readonly string[]).includes(x);
}

export function parseCharge(raw: unknown, path: Path = ["charge"]): Result<Charge> {
  const c = new IssueCollector();
  if (!isObject(raw)) {
    c.add(isAbsent(raw) ? "value_is_mandatory" : "invalid_value", path);
    return fail(c.issues()!);
  }
  const model = raw["charge_model"];
  const flags: Record<string, boolean | undefined> = {};
  for (const key of ["prorated", "pay_in_advance"] as const) {
    const v = raw[key];
    if (isAbsent(v)) continue;
    if (typeof v === "boolean") flags[key] = v;
    else c.add("invalid_value", [...path, key]);
  }
  if (!isChargeModelName(model)) {
    // charges.md §19.4: a charge model that is not one of the models is `value_is_invalid`.
    c.add(isAbsent(model) ? "value_is_mandatory" : "value_is_invalid", [...path, "charge_model"], `one of ${CHARGE_MODELS.join(", ")}`);
    return fail(c.issues()!);
  }
  // Volume charges cannot be paid in advance (semantics §7, §15).
  if (model === "volume" && flags["pay_in_advance"] === true) c.add("invalid_aggregation_type_or_charge_model", [...path, "pay_in_advance"]);
  // Time proration: standard / graduated / volume in arrears, standard in advance (semantics §13).
  if (flags["prorated"] === true && !proratable(model, flags["pay_in_advance"] === true)) c.add("invalid_billable_metric_or_charge_model", [...path, "prorated"]);
  const props = chargeModels[model].parse(raw["properties"], [...path, "properties"]);
  if (!props.ok) c.addAll(props.issues);
  checkGroupKeys(raw["properties"], [...path, "properties"], c);
  const issues = c.issues();
  if (issues || !props.ok) return fail(issues!);
  return ok({
    charge_model: model,
    properties: props.value,
    prorated: flags["prorated"],
    pay_in_advance: flags["pay_in_advance"],
  } as Charge);
}

function proratable(model: ChargeModelName, payInAdvance: boolean): boolean {
  return model === "standard" || (!payInAdvance && (model === "graduated" || model === "volume"));
}

/**
 * The grouping keys beside a model's properties (the reference's checks): `pricing_group_keys`
 * (legacy `grouped_by`) null or a list of non-empty texts (`invalid_type`); at most two
 * `presentation_group_keys` (`too_many_keys`), none twice (`value_is_duplicated`). A plan's
 * charge has its keys cleaned first ({@link withCleanGroupKeys}).
 */
function checkGroupKeys(properties: unknown, path: Path, c: IssueCollector): void {
  if (!isObject(properties)) return;
  for (const key of ["pricing_group_keys", "grouped_by"] as const) {
    const v = properties[key];
    if (isAbsent(v)) continue;
    if (!Array.isArray(v) || !v.every((k) => typeof k === "string" && k !== "")) c.add("invalid_type", [...path, key]);
  }
  const presentation = properties["presentation_group_keys"];
  if (isAbsent(presentation)) return;
  if (!Array.isArray(presentation)) return c.add("invalid_type", [...path, "presentation_group_keys"]);
  if (presentation.length > 2) c.add("too_many_keys", [...path, "presentation_group_keys"]);
  const seen = presentation.map((k) => JSON.stringify(k));
  if (new Set(seen).size !== seen.length) c.add("value_is_duplicated", [...path, "presentation_group_keys"]);
}

/** The grouping keys chosen as the reference's property filter chooses them: `pricing_group_keys`, else a non-empty legacy `grouped_by`. */
function chosenGroupKeys(properties: Readonly<Record<string, unknown>>): unknown {
  const pgk = properties["pricing_group_keys"], gb = properties["grouped_by"];
  return Array.isArray(pgk) && pgk.length > 0 ? pgk : Array.isArray(gb) && gb.length > 0 ? gb : pgk;
}

/**
 * The pricing group keys a plan charge's properties give (as {@link withCleanGroupKeys} keeps
 * them): `pricing_group_keys`, or the legacy `grouped_by` when that is empty or absent, without
 * empty texts.
 */
export function pricingGroupKeys(properties: unknown): string[] {
  const keys = isObject(properties) ? chosenGroupKeys(properties) : undefined;
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === "string" && k !== "") : [];
}

/**
 * A plan charge's properties as the reference's property filter stores them before checking
 * them (charges.md §19.3): the grouping keys under `pricing_group_keys` only — the legacy
 * `grouped_by` when that is empty — without empty texts, so `["", ""]` groups nothing.
 * Anything else (keys that are not lists are left for the check to name as sent) is returned as it is.
 */
export function withCleanGroupKeys(properties: unknown): unknown {
  if (!isObject(properties)) return properties;
  const pgk = properties["pricing_group_keys"], gb = properties["grouped_by"];
  if ((isAbsent(pgk) && isAbsent(gb)) || (!isAbsent(pgk) && !Array.isArray(pgk)) || (!isAbsent(gb) && !Array.isArray(gb))) return properties;
  const { grouped_by: _legacy, ...rest } = properties;
  // Only empty texts go: anything else that is not a text stays for the check to refuse.
  return Object.assign(rest, { pricing_group_keys: ((chosenGroupKeys(properties) ?? []) as unknown[]).filter((k) => k !== "") });
}
