/**
 * Every catalog object the conformance vectors send, labelled with its schema kind
 * and where it comes from. Hidden vectors (RATECARD_CONFORMANCE_DIR) are included.
 */
import type { CatalogKind } from "../../../src/parse/schemas/index.js";
import { loadVectors } from "../../conformance/vectors.js";

export interface Sample {
  readonly kind: CatalogKind;
  readonly where: string;
  readonly value: unknown;
}

type Json = Record<string, unknown>;
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

const CATALOG_KEYS: readonly (readonly [string, CatalogKind])[] = [
  ["billable_metrics", "billable_metric"],
  ["plans", "plan"],
  ["add_ons", "add_on"],
  ["coupons", "coupon"],
  ["taxes", "tax"],
  ["pricing_units", "pricing_unit"],
];

const STEP_KINDS: Readonly<Record<string, CatalogKind>> = {
  create_customer: "customer",
  create_subscription: "subscription",
  create_event: "event",
  create_wallet: "wallet",
};

/** Whether the vector expects step `s` to be refused (its response an error): its body may be invalid on purpose. */
function refusedStep(expect: Json, s: number): boolean {
  const byIndex = expect["responses__by_index"];
  const r = byIndex !== null && typeof byIndex === "object" ? (byIndex as Json)[String(s)] : undefined;
  return r !== null && typeof r === "object" && (r as Json)["error"] !== undefined;
}

function fromScenario(id: string, input: Json, expect: Json = {}): Sample[] {
  const out: Sample[] = [{ kind: "catalog", where: id, value: input }];
  if (input["organization"] !== undefined) out.push({ kind: "organization", where: `${id} organization`, value: input["organization"] });
  for (const [key, kind] of CATALOG_KEYS) {
    list(input[key]).forEach((value, i) => out.push({ kind, where: `${id} ${key}[${i}]`, value }));
  }
  list(input["plans"]).forEach((plan, p) => {
    const charges = list((plan as Json)["charges"]);
    charges.forEach((value, i) => out.push({ kind: "charge", where: `${id} plans[${p}].charges[${i}]`, value }));
    const fixed = list((plan as Json)["fixed_charges"]);
    fixed.forEach((value, i) => out.push({ kind: "fixed_charge", where: `${id} plans[${p}].fixed_charges[${i}]`, value }));
  });
  list(input["steps"]).forEach((raw, s) => {
    const step = raw as Json;
    const op = String(step["op"]);
    const kind = STEP_KINDS[op];
    if (refusedStep(expect, s)) return;
    if (kind) out.push({ kind, where: `${id} steps[${s}] ${op}`, value: step["body"] });
    if (op === "create_events") {
      list((step["body"] as Json)["events"]).forEach((value, i) => out.push({ kind: "event", where: `${id} steps[${s}].events[${i}]`, value }));
    }
  });
  return out;
}

/** A charge of an `applyChargeModel` vector, as a plan would carry it. */
function fromChargeVector(id: string, input: Json): Sample[] {
  return [{ kind: "charge", where: id, value: { billable_metric_code: "m", ...(input["charge"] as Json) } }];
}

function fromAggregateVector(id: string, input: Json): Sample[] {
  return list(input["events"]).map((value, i) => ({ kind: "event" as const, where: `${id} events[${i}]`, value }));
}

/** Samples of vectors that expect a result (not a validation error). */
export function catalogSamples(): Sample[] {
  return loadVectors()
    .filter((v) => v.expect["error"] !== true)
    .flatMap((v) => {
      const input = v.input as Json;
      if (v.fn === "simulate") return fromScenario(v.id, input, v.expect as Json);
      if (v.fn === "applyChargeModel") return fromChargeVector(v.id, input);
      if (v.fn === "aggregate") return fromAggregateVector(v.id, input);
      return [];
    });
}

/** The `billable_metric` inputs of the `aggregate` vectors. */
export function aggregateMetrics(): { where: string; value: unknown }[] {
  return loadVectors()
    .filter((v) => v.fn === "aggregate" && v.expect["error"] !== true)
    .map((v) => ({ where: v.id, value: (v.input as Json)["billable_metric"] }));
}
