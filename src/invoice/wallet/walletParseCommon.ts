/**
 * Field checks shared by `create_wallet`, `update_wallet` and `create_wallet_transaction`
 * (invoice.md §11.1, §11.6), with the reference service's error codes.
 */
import { type Decimal, ZERO, dec, parseDecimal } from "../../core/decimal.js";
import { stableId } from "../../core/ids.js";
import { type Instant, parseInstant } from "../../core/instant.js";
import type { Issue, IssueCode } from "../../core/issue.js";
import { issue } from "../../core/issue.js";
import { INTERVALS, type Interval } from "../../model/vocabulary.js";
import { creditsToMoney, floorCredits } from "./walletCredit.js";
import type { KeyValue, RecurringTransactionRule, Wallet } from "./walletTypes.js";

export const WALLET_FEE_TYPES: readonly string[] = ["subscription", "charge", "fixed_charge", "add_on", "credit", "commitment"];

type Body = Readonly<Record<string, unknown>>;

/** Credit amounts stay below 10^25 (the reference's bound). */
const MAX_CREDITS = dec("10000000000000000000000000");

/**
 * A credits amount in [0, 10^25) (string or exact number), or null when absent. A bad one
 * adds `<field>: [<specific code>, invalid_amount]` (e.g. `invalid_paid_credits`).
 */
export function creditsField(body: Body, field: string, specific: IssueCode, issues: Issue[]): Decimal | null {
  const raw = body[field];
  if (raw === undefined || raw === null) return null;
  const d = parseDecimal(raw);
  if (d !== undefined && d.gte(ZERO) && d.lt(MAX_CREDITS)) return d;
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
export function limitationsField(
  body: Body, metricCodes: ReadonlySet<string>, issues: Issue[], codes: "creation" | "update" = "creation",
): { fee_types: string[]; metric_codes: string[] } | null {
  const raw = body["applies_to"];
  if (raw === undefined || raw === null) return null;
  const obj = typeof raw === "object" && !Array.isArray(raw) ? (raw as Body) : undefined;
  const list = (v: unknown): string[] | undefined =>
    v === undefined || v === null ? [] : Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;
  const feeTypes = obj === undefined ? undefined : list(obj["fee_types"]);
  const metrics = obj === undefined ? undefined : list(obj["billable_metric_codes"]);
  const badTypes = feeTypes === undefined || !feeTypes.every((t) => WALLET_FEE_TYPES.includes(t));
  const badMetrics = metrics === undefined || !metrics.every((m) => metricCodes.has(m));
  if (badTypes || badMetrics) {
    // The reference's update names each list's fault; its creation names the whole object.
    if (codes === "creation" || obj === undefined) issues.push(issue("invalid_limitations", ["applies_to"]));
    else {
      if (badTypes) issues.push(issue("invalid_fee_types", ["allowed_fee_types"]));
      if (badMetrics) issues.push(issue("invalid_identifier", ["billable_metrics"]));
    }
    return null;
  }
  return { fee_types: [...new Set(feeTypes)], metric_codes: [...new Set(metrics)] };
}

/** An optional integer within `[lo, hi]` (`outside`, by default `value_is_out_of_range` / `invalid_value`). */
export function intField(body: Body, field: string, lo: number, hi: number, issues: Issue[], outside: IssueCode = "value_is_out_of_range"): number | null {
  const raw = body[field];
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "number" || !Number.isSafeInteger(raw)) issues.push(issue("invalid_value", [field]));
  else if (raw < lo || raw > hi) issues.push(issue(outside, [field]));
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

/** `[{key, value}]` metadata; anything else is `invalid_value`. A count or size fault is named `reportAs` (the field by default). */
export function keyValuesField(body: Body, field: string, issues: Issue[], maxKeys?: number, reportAs: string = field): KeyValue[] {
  const raw = body[field];
  if (raw === undefined || raw === null) return [];
  if (maxKeys !== undefined) {
    const code = metadataFault(raw, maxKeys);
    if (code !== undefined) {
      issues.push(issue(code, [reportAs]));
      return [];
    }
  }
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
 * The reference's checks of a list of `{key, value}` pairs, or undefined when it passes: a list
 * (`invalid_type`) of at most `maxKeys` pairs (`too_many_keys`), each exactly a non-blank `key`
 * and `value` (`invalid_key_value_pair`), the key at most 20 characters (`key_too_long`), the value
 * at most 100 (`value_too_long`) and not an object or list (`nested_structure_not_allowed`).
 * Several faults: the last one found, as the reference reports one code per field.
 */
function metadataFault(raw: unknown, maxKeys: number): IssueCode | undefined {
  if (!Array.isArray(raw)) return "invalid_type";
  let fault: IssueCode | undefined = raw.length > maxKeys ? "too_many_keys" : undefined;
  const blank = (v: unknown): boolean => v === undefined || v === null || v === false || (typeof v === "string" && v.trim() === "")
    || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && v !== null && Object.keys(v).length === 0);
  for (const item of raw) {
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      fault = "invalid_key_value_pair";
      continue;
    }
    const keys = Object.keys(item).sort();
    const { key, value } = item as Body;
    if (keys.length !== 2 || keys[0] !== "key" || keys[1] !== "value" || blank(key) || blank(value)) {
      fault = "invalid_key_value_pair";
      continue;
    }
    if (typeof key === "string" && key.length > 20) fault = "key_too_long";
    if (typeof value === "string" && value.length > 100) fault = "value_too_long";
    if (typeof value === "object") fault = "nested_structure_not_allowed";
  }
  return fault;
}

/**
 * `recurring_transaction_rules`: at most one (`invalid_number_of_recurring_rules`), each
 * well formed (`invalid_recurring_rule`): a known trigger; an interval for interval rules,
 * `threshold_credits` for threshold rules; non-negative credits; a target ≥ the threshold
 * for target rules.
 */
export function rulesField(
  body: Body, walletId: string, at: Instant, issues: Issue[], defaults: RuleDefaults, existing: readonly RecurringTransactionRule[] = [],
): RecurringTransactionRule[] | null {
  const raw = body["recurring_transaction_rules"];
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) return bad(issues, "invalid_recurring_rule");
  if (raw.length > 1) return bad(issues, "invalid_number_of_recurring_rules");
  const rules: RecurringTransactionRule[] = [];
  for (const [i, r] of raw.entries()) {
    // An entry naming an active rule by `svc_id` updates it in place with the fields it sends (the
    // reference's rule update); any other is a new rule, with an id no earlier rule had.
    const id = typeof r === "object" && r !== null && !Array.isArray(r) ? (r as Body)["svc_id"] : undefined;
    const old = typeof id === "string" ? existing.find((x) => x.svc_id === id && x.status === "active") : undefined;
    const fresh = stableId("recurring_transaction_rule", walletId, i);
    const rule = old !== undefined
      ? parseRule(Object.assign(ruleBody(old), r), old.svc_id, at, defaults, old.created_at)
      : parseRule(r, existing.some((x) => x.svc_id === fresh) ? stableId("recurring_transaction_rule", walletId, at, i) : fresh, at, defaults);
    if (rule === undefined) return bad(issues, "invalid_recurring_rule");
    rules.push(rule);
  }
  return rules;
}

/** A rule as the body that makes it (what an update in place starts from). */
function ruleBody(r: RecurringTransactionRule): Record<string, unknown> {
  const text = (d: Decimal | null): string | null => (d === null ? null : d.toFixed());
  const iso = (t: Instant | null): string | null => (t === null ? null : new Date(t).toISOString());
  return {
    trigger: r.trigger, method: r.method, interval: r.interval, threshold_credits: text(r.threshold_credits), paid_credits: text(r.paid_credits),
    granted_credits: text(r.granted_credits), target_ongoing_balance: text(r.target_ongoing_balance), grants_target_top_up: r.method === "target" ? r.grants_target_top_up : null,
    started_at: iso(r.started_at), expiration_at: iso(r.expiration_at), invoice_requires_successful_payment: r.invoice_requires_successful_payment,
    ignore_paid_top_up_limits: r.ignore_paid_top_up_limits, transaction_name: r.transaction_name, transaction_metadata: r.transaction_metadata.map((m) => ({ ...m })),
  };
}

function bad(issues: Issue[], code: IssueCode): null {
  issues.push(issue(code, ["recurring_transaction_rules"]));
  return null;
}

/**
 * What a rule takes from the call that creates it when it does not say (the reference's rule
 * creation): a fixed rule with neither credit amount, the call's `paid_credits` /
 * `granted_credits`; `invoice_requires_successful_payment`, the wallet's.
 */
export interface RuleDefaults {
  readonly paid_credits: Decimal | null;
  readonly granted_credits: Decimal | null;
  readonly invoice_requires_successful_payment: boolean;
}

/**
 * Every active fixed rule's purchase within the wallet's paid top-up limits (unless the rule
 * ignores them), as the reference checks a rule when a wallet is created or updated; else
 * `recurring_transaction_rules: invalid_recurring_rule`.
 */
export function rulesWithinLimits(wallet: Wallet, issues: Issue[]): void {
  const { paid_top_up_min_amount_cents: lo, paid_top_up_max_amount_cents: hi } = wallet;
  if (lo === null && hi === null) return;
  for (const r of wallet.recurring_transaction_rules) {
    if (r.status !== "active" || r.method !== "fixed" || r.ignore_paid_top_up_limits || r.paid_credits.eq(ZERO)) continue;
    const cents = creditsToMoney(r.paid_credits, wallet.rate_amount, wallet.currency, true).amount_cents;
    if ((lo !== null && cents < lo) || (hi !== null && cents > hi)) {
      bad(issues, "invalid_recurring_rule");
      return;
    }
  }
}

function parseRule(r: unknown, svcId: string, at: Instant, defaults: RuleDefaults, createdAt: Instant = at): RecurringTransactionRule | undefined {
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
  const sentPaid = credit("paid_credits");
  const sentGranted = credit("granted_credits");
  // A fixed rule that names neither amount buys and grants what the call does.
  const inherit = method === "fixed" && b["paid_credits"] == null && b["granted_credits"] == null;
  const paid = (inherit ? defaults.paid_credits : sentPaid) ?? ZERO;
  const granted = (inherit ? defaults.granted_credits : sentGranted) ?? ZERO;
  if (local.length > 0 || (trigger === "threshold" && threshold === null)) return undefined;
  // A target at least the threshold, for threshold rules (an interval rule has no threshold to compare).
  if (method === "target" && (target === null || (trigger === "threshold" && threshold !== null && target.lt(threshold)))) return undefined;
  // `grants_target_top_up` belongs to target rules.
  if (b["grants_target_top_up"] != null && method !== "target") return undefined;
  const startedAt = b["started_at"] == null ? null : parseInstant(b["started_at"]);
  const expiresAt = b["expiration_at"] == null ? null : parseInstant(b["expiration_at"]);
  // A rule's expiration must be in the future.
  if (startedAt === undefined || expiresAt === undefined || (expiresAt !== null && expiresAt <= at)) return undefined;
  const flag = (f: string): boolean => b[f] === true;
  const meta: Issue[] = [];
  // Its transactions' metadata as the reference checks it (at most 5 pairs…).
  const transaction_metadata = keyValuesField(b, "transaction_metadata", meta, 5);
  if (meta.length > 0) return undefined;
  return {
    svc_id: svcId,
    trigger,
    method,
    interval: trigger === "interval" ? (interval as Interval) : null,
    // 0 when none is sent (an interval rule), as the reference stores it.
    threshold_credits: threshold === null ? ZERO : floorCredits(threshold),
    paid_credits: floorCredits(paid),
    granted_credits: floorCredits(granted),
    target_ongoing_balance: target === null ? null : floorCredits(target),
    grants_target_top_up: flag("grants_target_top_up"),
    started_at: startedAt,
    created_at: createdAt,
    expiration_at: expiresAt,
    status: "active",
    invoice_requires_successful_payment: b["invoice_requires_successful_payment"] == null ? defaults.invoice_requires_successful_payment : flag("invoice_requires_successful_payment"),
    ignore_paid_top_up_limits: flag("ignore_paid_top_up_limits"),
    // A blank name is no name.
    transaction_name: typeof b["transaction_name"] === "string" && b["transaction_name"].trim() !== "" ? b["transaction_name"] : null,
    transaction_metadata,
  };
}
