/**
 * Steps of a simulation: their shape and the checks of the timeline before it runs (a step's
 * refusal is refusal.ts).
 */
import { type Instant, parseInstant } from "../core/instant.js";
import { IssueCollector, type Path } from "../core/issue.js";

export type Obj = Record<string, unknown>;

export const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

export const isAbsentValue = (x: unknown): boolean => x === undefined || x === null;

/** Operations of the contract; those the simulator cannot carry out yet answer `not_implemented`. */
export const OPERATIONS = [
  "create_customer", "create_subscription", "update_subscription", "terminate_subscription", "create_event", "create_events",
  "apply_coupon", "create_wallet", "update_wallet", "create_wallet_transaction", "terminate_wallet", "create_credit_note",
  "create_alert", "update_alert", "delete_alert", "update_invoice", "finalize_invoice", "void_invoice", "void_credit_note", "create_one_off_invoice", "update_plan",
  "fetch_current_usage", "fetch_projected_usage", "preview_invoice", "fetch_wallet", "create_payment", "estimate_credit_note",
  "fetch_subscription", "update_fee", "fetch_alert", "update_subscription_fixed_charge", "refresh_invoice", "update_lifetime_usage",
  // ratecard's extensions beyond the contract's list (docs/simulator.md, "Operations"): what `ratecard serve` serves.
  "fetch_lifetime_usage", "delete_plan", "update_add_on", "delete_add_on", "update_coupon", "delete_coupon",
  "create_alerts", "delete_alerts", "update_credit_note", "lose_dispute", "delete_fee",
  "update_tax", "delete_tax", "update_billable_metric", "delete_billable_metric", "terminate_applied_coupon",
] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface Step {
  /** Its position in the timeline (warnings name it). */
  readonly index: number;
  readonly at: Instant;
  readonly op: string;
  readonly body: Obj;
}

export function parseSteps(raw: unknown, c: IssueCollector): Step[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return c.add("invalid_type", ["steps"]), [];
  const out: Step[] = [];
  let last = -Infinity;
  raw.forEach((s: unknown, i) => {
    const path: Path = ["steps", i];
    if (!isObj(s)) return c.add("invalid_type", path);
    const at = parseInstant(s["at"]);
    if (at === undefined) c.add(isAbsentValue(s["at"]) ? "value_is_mandatory" : "invalid_timestamp", [...path, "at"]);
    else if (at < last) c.add("invalid_value", [...path, "at"], "steps must be in time order");
    else last = at;
    const op = s["op"];
    if (typeof op !== "string" || !(OPERATIONS as readonly string[]).includes(op)) c.add(isAbsentValue(op) ? "value_is_mandatory" : "invalid_value", [...path, "op"]);
    const body = s["body"] ?? {};
    if (!isObj(body)) c.add("invalid_type", [...path, "body"]);
    if (at !== undefined && typeof op === "string" && isObj(body)) out.push({ index: i, at, op, body });
  });
  return out;
}
