/**
 * Keys the simulator does not read, named in `ignored_field` warnings rather than dropped
 * silently (docs/simulator.md): keys of catalog objects and of the bodies of the steps that
 * create a customer, a subscription, an event or a wallet that no object of their kind has (a
 * typo such as `propertie`, a field of another API version). The catalog's are dated at the
 * timeline's first instant; a step's at its own, and only when the step was performed (a
 * refused step's output is its response alone).
 */
import { toDotPath, type Path } from "../core/issue.js";
import { type CatalogKind, catalogKeys, unknownCatalogKeys } from "../parse/schemas/index.js";
import type { Sim } from "./sim.js";
import { isObj, type Obj, type Step } from "./steps.js";

/** The catalog keys of `input` (below its top level, which simulate.ts checks) that no catalog object has. */
export function ignoredCatalogKeys(input: Obj): string[] {
  return unknownCatalogKeys("catalog", input).filter((p) => p.length > 1).map(toDotPath);
}

/**
 * The catalog plans' `usage_thresholds` paths that are not applied: without the organization's
 * `progressive_billing` integration the reference creates no usage thresholds (invoice.md §12).
 */
export function ignoredCatalogThresholds(input: Obj): string[] {
  const org = isObj(input["organization"]) ? input["organization"] : {};
  const integrations = org["premium_integrations"];
  if (Array.isArray(integrations) && integrations.includes("progressive_billing")) return [];
  const plans = Array.isArray(input["plans"]) ? input["plans"] : [];
  return plans.flatMap((p: unknown, i) => (isObj(p) && Array.isArray(p["usage_thresholds"]) && p["usage_thresholds"].length > 0 ? [`plans.${i}.usage_thresholds`] : []));
}

const EVENT_KEYS: ReadonlySet<string> = new Set(catalogKeys("event"));

const BODY_KINDS: Readonly<Record<string, CatalogKind>> = {
  create_customer: "customer",
  create_subscription: "subscription",
  create_event: "event",
  create_wallet: "wallet",
};

/** Warns about the keys of a performed step's body that its kind of object does not have. */
export function warnIgnoredKeys(sim: Sim, step: Step): void {
  const paths = ignoredBodyKeys(step);
  for (const p of paths) sim.warn(step.at, `${step.op}: ${toDotPath(p)} is not a field the simulator reads; it was ignored`, step.index, "ignored_field");
}

function ignoredBodyKeys(step: Step): Path[] {
  const body = step.body;
  if (step.op === "create_events") {
    const events = body["events"];
    const out = Object.keys(body).filter((k) => k !== "events").map((k): Path => [k]);
    if (!Array.isArray(events)) return out;
    // Events are the bulk of a timeline: each one's keys looked up in a set (an event has no nested object to check).
    for (let i = 0; i < events.length; i++) {
      const e = events[i] as Obj;
      for (const k in e) if (!EVENT_KEYS.has(k)) out.push(["events", i, k]);
    }
    return out;
  }
  const kind = Object.hasOwn(BODY_KINDS, step.op) ? BODY_KINDS[step.op] : undefined;
  if (kind === undefined) return [];
  // plan_overrides names its own unread keys (plans.ts readOverrides): not walked here.
  const value = kind === "subscription" && isObj(body["plan_overrides"]) ? Object.assign({}, body, { plan_overrides: null }) : body;
  return unknownCatalogKeys(kind, value);
}
