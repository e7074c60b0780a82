/**
 * Field checks shared by `create_wallet`, `update_wallet` and `create_wallet_transaction`
 * (invoice.md §11.1, §11.6), with the reference service's error codes.
 */
import { type Decimal, ZERO, parseDecimal } from "../../core/decimal.js";
import { stableId } from "../../core/ids.js";
import { type Instant, parseInstant } from "../../core/instant.js";
import type { Issue, IssueCode } from "../../core/issue.js";
import { issue } from "../../core/issue.js";
import { INTERVALS, type Interval } from "../../model/vocabulary.js";
import { floorCredits } from "./walletCredit.js";
import type { KeyValue, RecurringTransactionRule } from "./walletTypes.js";

export const WALLET_FEE_TYPES: readonly string[] = ["subscription", "charge", "fixed_charge", "add_on", "credit", "commitment"];

type Body = Readonly<Record<string, unknown>>;

/**
 * A non-negative credits amount (string or exact number), or null when absent. A bad one
 * adds `<field>: [<specific code>, invalid_amount]` (e.g. `invalid_paid_credits`).
 */
export function creditsField(body: Body, field: string, specific: IssueCode, issues: Issue[]): Decimal | null {
  const raw = body[field];
  if (raw === undefined || raw === null) return null;
  const d = parseDecimal(raw);
  if (d !== undefined && d.gte(ZERO)) return d;
  issues.push(issue(specific, [field]), issue("invalid_amount", [field]));
  return null;
}

/** An optional instant that must lie after `at` (`invalid_date` otherwise). */
export function expirationField(body: Body, at: Instant, issues: Issue[]): Instant | null {
  const raw = body["expiration_at"];
  if (raw === undefined || raw === null) return null;
  const t = parseInstant(raw);
  if (t === undefined || t <= at) {
    issues.push(issue("invalid_date", ["expiration_at"]));
    return null;
  }
  return t;
}

/** `applies_to` → fee types and metric codes; unknown ones give `applies_to: invalid_limitations`. */
export function limitationsField(body: Body, metricCodes: ReadonlySet<string>, issues: Issue[]): { fee_types: string[]; metric_codes: string[] } | null {
  const raw = body["applies_to"];
  if (raw === undefined || raw === null) return null;
  const obj = typeof raw === "object" && !Array.isArray(raw) ? (raw as Body) : undefined;
  const list = (v: unknown): string[] | undefined =>
    v === undefined || v === null ? [] : Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;
  const feeTypes = obj === undefined ? undefined : list(obj["fee_types"]);
  const metrics = obj === undefined ? undefined : list(obj["billable_metric_codes"]);
  if (feeTypes === undefined || metrics === undefined || !feeTypes.every((t) => WALLET_FEE_TYPES.includes(t)) || !metrics.every((m) => metricCodes.has(m))) {
    issues.push(issue("invalid_limitations", ["applies_to"]));
    return null;
  }
  return { fee_types: [...new Set(feeTypes)], metric_codes: [...new Set(metrics)] };
}

/** An optional integer within `[lo, hi]` (`value_is_out_of_range` / `invalid_value`). */
export function intField(body: Body, field: string, lo: number, hi: number, issues: Issue[]): number | null {
  const raw = body[field];
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "number" || !Number.isSafeInteger(raw)) issues.push(issue("invalid_value", [field]));
  else if (raw < lo || raw > hi) issues.push(issue("value_is_out_of_range", [field]));
  else return raw;
  return null;
}

export function boolField(body: Body, field: string, issues: Issue[]): boolean | null {
  const raw = body[field];
  if (raw === undefined || raw === null) return null;
  if (typeof raw === "boolean") return raw;
  issues.push(issue("invalid_value", [field]));
  return null;
}

export function textField(body: Body, field: string, issues: Issue[]): string | null {
  const raw = body[field];
  if (raw === undefined || raw === null) return null;
  if (typeof raw === "string") return raw;
  issues.push(issue("invalid_value", [field]));
  return null;
}

/** `[{key, value}]` metadata; anything else is `invalid_value`. */
export function keyValuesField(body: Body, field: string, issues: Issue[]): KeyValue[] {
  const raw = body[field];
  if (raw === undefined || raw === null) return [];
  const ok = (x: unknown): x is { key: string; value?: string | null } => {
    if (typeof x !== "object" || x === null) return false;
    const v = (x as Body)["value"];
    return typeof (x as Body)["key"] === "string" && (v === undefined || v === null || typeof v === "string");
  };
  if (Array.isArray(raw) && raw.every(ok)) return raw.map((x) => ({ key: x.key, value: typeof x.value === "string" ? x.value : null }));
  if (typeof raw === "object" && !Array.isArray(raw) && Object.keys(raw).length === 0) return [];
  issues.push(issue("invalid_value", [field]));
  return [];
}

/**
 * `recurring_transaction_rules`: at most one (`invalid_number_of_recurring_rules`), each
 * well formed (`invalid_recurring_rule`): a known trigger; an interval for interval rules,
 * `threshold_credits` for threshold rules; non-negative credits; a target ≥ the threshold
 * for target rules.
 */
export function rulesField(body: Body, walletId: string, at: Instant, issues: Issue[]): RecurringTransactionRule[] | null {
  const raw = body["recurring_transaction_rules"];
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) return bad(issues, "invalid_recurring_rule");
  if (raw.length > 1) return bad(issues, "invalid_number_of_recurring_rules");
  const rules: RecurringTransactionRule[] = [];
  for (const [i, r] of raw.entries()) {
    const rule = parseRule(r, stableId("recurring_transaction_rule", walletId, i), at);
    if (rule === undefined) return bad(issues, "invalid_recurring_rule");
    rules.push(rule);
  }
  return rules;
}

function bad(issues: Issue[], code: IssueCode): null {
  issues.push(issue(code, ["recurring_transaction_rules"]));
  return null;
}

function parseRule(r: unknown, svcId: string, at: Instant): RecurringTransactionRule | undefined {
  if (typeof r !== "object" || r === null || Array.isArray(r)) return undefined;
  const b = r as Body;
  const local: Issue[] = [];
  const trigger = b["trigger"];
  const method = b["method"] ?? "fixed";
  if ((trigger !== "interval" && trigger !== "threshold") || (method !== "fixed" && method !== "target")) return undefined;
  const interval = b["interval"] ?? null;
  if (trigger === "interval" && !INTERVALS.includes(interval as Interval)) return undefined;
  const credit = (f: string): Decimal | null => creditsField(b, f, "invalid_recurring_rule", local);
  const threshold = credit("threshold_credits");
  const target = credit("target_ongoing_balance");
  const paid = credit("paid_credits") ?? ZERO;
  const granted = credit("granted_credits") ?? ZERO;
  if (local.length > 0 || (trigger === "threshold" && threshold === null)) return undefined;
  if (method === "target" && (target === null || (threshold !== null && target.lt(threshold)))) return undefined;
  const startedAt = b["started_at"] == null ? null : parseInstant(b["started_at"]);
  const expiresAt = b["expiration_at"] == null ? null : parseInstant(b["expiration_at"]);
  if (startedAt === undefined || expiresAt === undefined) return undefined;
  const flag = (f: string): boolean => b[f] === true;
  const meta: Issue[] = [];
  return {
    svc_id: svcId,
    trigger,
    method,
    interval: trigger === "interval" ? (interval as Interval) : null,
    threshold_credits: threshold === null ? null : floorCredits(threshold),
    paid_credits: floorCredits(paid),
    granted_credits: floorCredits(granted),
    target_ongoing_balance: target === null ? null : floorCredits(target),
    grants_target_top_up: flag("grants_target_top_up"),
    started_at: startedAt,
    created_at: at,
    expiration_at: expiresAt,
    status: "active",
    invoice_requires_successful_payment: flag("invoice_requires_successful_payment"),
    ignore_paid_top_up_limits: flag("ignore_paid_top_up_limits"),
    transaction_name: typeof b["transaction_name"] === "string" ? b["transaction_name"] : null,
    transaction_metadata: keyValuesField(b, "transaction_metadata", meta),
  };
}
