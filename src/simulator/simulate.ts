/**
 * The simulator (contract §4), first slice: customers, subscriptions, events, the
 * service's clock and current usage. Steps it cannot carry out yet answer
 * `{"error": {"code": "not_implemented"}}`, and every billing run the clock passes is
 * listed in `warnings` (no invoice is issued yet) — nothing is left out silently.
 * See docs/simulator.md.
 */
import type { CurrencyCode } from "../core/currency.js";
import { type Decimal, ZERO, parseDecimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import { type Instant, formatInstant, parseInstant, parseTimestamp } from "../core/instant.js";
import { IssueCollector, type Issues, type Path, ValidationError, issue, toErrorDetails } from "../core/issue.js";
import { dateOf, isValidTimeZone } from "../core/zone.js";
import {
  type AppliedCoupon, type OngoingFee, type Tax, type Wallet, type WalletAccount, amountCentsRemaining, feeTaxAmounts, feeTaxes, parseApplyCoupon,
  usageThresholdsPassed,
  walletJson, walletTransactionJson,
} from "../invoice/index.js";
import { Wallets } from "./wallets.js";
import { oneOffLines } from "./oneOff.js";
import { isCurrencyCode } from "../core/currency.js";
import { parseCatalogObject } from "../parse/schemas/index.js";
import { type BillingTime, computeBillingPeriod, nextBillingBoundary, scheduleOf } from "../period/index.js";
import {
  type Alert, type CurrentUsageInput, type CurrentUsageOptions, alertValue, currentUsage, fetchAlert, parseCreateAlert, processAlert, projectedUsage,
} from "../usage/index.js";
import { type Fee, classifyPlanChange, trialEnd } from "../fees/index.js";
import { type Catalog, type Plan, parseCatalog, taxesOf } from "./catalog.js";
import type { SubscriptionRun } from "./billing.js";
import { billsEventsInAdvance, payInAdvanceFee } from "./payInAdvance.js";
import { type InvoiceRecord, invoiceJson } from "./invoices.js";
import { type RefSources, resolveRefs } from "./refs.js";
import { creditNoteJson, estimatedNoteJson, terminationNote } from "./creditNotes.js";
import { Invoicing } from "./invoicing.js";
import type { Customer, StoredEvent, Subscription, SubscriptionStatus as Status } from "./state.js";

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

/** Operations of the contract; those not in {@link HANDLERS} answer `not_implemented`. */
export const OPERATIONS = [
  "create_customer", "create_subscription", "update_subscription", "terminate_subscription", "create_event", "create_events",
  "apply_coupon", "create_wallet", "update_wallet", "create_wallet_transaction", "terminate_wallet", "create_credit_note",
  "create_alert", "update_invoice", "finalize_invoice", "void_invoice", "create_one_off_invoice", "update_plan",
  "fetch_current_usage", "fetch_projected_usage", "preview_invoice", "fetch_wallet", "create_payment", "estimate_credit_note",
  "fetch_subscription", "update_fee", "fetch_alert", "update_subscription_fixed_charge", "refresh_invoice",
] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface SimulationWarning {
  readonly code: "not_implemented";
  readonly at: string;
  /** The step concerned, when one is. */
  readonly step?: number;
  readonly message: string;
}

export interface SimulationResult {
  readonly invoices: readonly unknown[];
  readonly credit_notes: readonly unknown[];
  readonly wallet_transactions: readonly unknown[];
  readonly webhooks: readonly unknown[];
  readonly fees: readonly unknown[];
  readonly responses: readonly unknown[];
  readonly subscriptions: readonly SubscriptionJson[];
  readonly warnings: readonly SimulationWarning[];
}

export interface SubscriptionJson {
  readonly svc_id: string;
  readonly external_id: string;
  readonly external_customer_id: string;
  readonly svc_customer_id: string;
  readonly plan_code: string;
  readonly previous_plan_code: string | null;
  readonly next_plan_code: string | null;
  readonly name: string | null;
  readonly status: Status;
  readonly billing_time: BillingTime;
  readonly subscription_at: string;
  readonly started_at: string | null;
  readonly terminated_at: string | null;
  readonly canceled_at: string | null;
  readonly created_at: string;
}

class StepError extends Error {
  constructor(readonly body: Obj) {
    super(String(body["code"]));
  }
}
const refuse = (code: string, details?: Record<string, string[]>): never => {
  throw new StepError(details === undefined ? { code } : { code, error_details: details });
};

interface Step {
  readonly at: Instant;
  readonly op: string;
  readonly body: Obj;
}

/** Runs a timeline. @throws ValidationError naming every bad field of the catalog or the steps. */
export function runSimulation(input: unknown): SimulationResult {
  const c = new IssueCollector();
  if (!isObj(input)) throw new ValidationError([issue(isAbsentValue(input) ? "value_is_mandatory" : "invalid_type", [])]);
  const catalog = parseCatalog(input, c);
  const steps = parseSteps(input["steps"], c);
  const until = input["until"] === undefined || input["until"] === null ? steps.at(-1)?.at : parseInstant(input["until"]);
  if (until === undefined && input["until"] !== undefined && input["until"] !== null) c.add("invalid_timestamp", ["until"]);
  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  return new Simulation(catalog).run(steps, until ?? (0 as Instant));
}

const isAbsentValue = (x: unknown): boolean => x === undefined || x === null;

function parseSteps(raw: unknown, c: IssueCollector): Step[] {
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
    if (at !== undefined && typeof op === "string" && isObj(body)) out.push({ at, op, body });
  });
  return out;
}

class Simulation {
  private readonly customers = new Map<string, Customer>();
  private readonly subscriptions: Subscription[] = [];
  private readonly events: StoredEvent[] = [];
  private readonly eventKeys = new Set<string>();
  private alerts: Alert[] = [];
  private readonly responses: unknown[] = [];
  private readonly warnings: SimulationWarning[] = [];
  private clock = -Infinity as Instant;
  private readonly invoicing: Invoicing;
  private readonly wallets = new Wallets();

  private readonly refSources: RefSources = {
    invoices: () => this.invoicing.json() as Obj[],
    fees: () => this.invoicing.feesJson() as Obj[],
    wallets: () => this.wallets.walletsJson() as Obj[],
  };

  constructor(private readonly catalog: Catalog) {
    this.invoicing = new Invoicing({
      organization: catalog.organization,
      wallets: this.wallets,
      timezoneOf: (c) => this.timezoneOf(c),
      eventsOf: (s) => this.events.filter((e) => e.external_subscription_id === s.external_id),
    });
  }

  run(steps: readonly Step[], until: Instant): SimulationResult {
    steps.forEach((s, i) => {
      this.advance(s.at);
      this.responses.push(this.perform(s, i));
      if (steps[i + 1]?.at !== s.at) {
        this.checkUsageThresholds(s.at);
        if (this.alerts.length > 0) this.evaluateAlerts(s.at);
      }
    });
    this.advance(Math.max(until, this.clock) as Instant);
    return {
      invoices: this.invoicing.json(),
      credit_notes: this.invoicing.creditNotes.map(creditNoteJson),
      wallet_transactions: this.wallets.transactionsJson(),
      webhooks: this.invoicing.webhooks,
      fees: this.invoicing.feesJson(),
      responses: this.responses,
      subscriptions: this.subscriptions.map(subscriptionJson),
      warnings: this.warnings,
    };
  }

  private warn(at: Instant, message: string, step?: number): void {
    this.warnings.push({ code: "not_implemented", at: formatInstant(at), ...(step === undefined ? {} : { step }), message });
  }

  /**
   * Moves the clock to `to`, handling in time order what falls due on the way: pending
   * subscriptions start, billing runs (one invoice per customer and instant), drafts whose
   * grace period ends.
   */
  private advance(to: Instant): void {
    for (let guard = 0; guard < 100_000; guard++) {
      const next = this.nextDue();
      if (next === undefined || next > to) break;
      this.clock = next;
      for (const s of this.subscriptions) if (s.status === "pending" && s.previous === null && s.subscription_at <= next) this.start(s, s.subscription_at);
      for (const s of this.subscriptions) {
        if (s.status !== "active" || s.trial_billing_at === null || s.trial_billing_at > next) continue;
        s.trial_billing_at = null;
        this.invoicing.issue(s.customer, [{ subscription: s, at: next, reason: "starting" }], next);
      }
      const runs = new Map<Customer, SubscriptionRun[]>();
      for (const s of this.subscriptions) {
        if (s.status !== "active" || this.boundaryAfter(s) !== next) continue;
        s.billed_until = next;
        if (s.change === "downgrade" && s.next !== null) {
          // The downgrade's switch: the old one ends at this run, the new one starts (§8.2).
          s.status = "terminated";
          s.terminated_at = next;
          this.switchTo(s.next, s, next, next);
          continue;
        }
        runs.set(s.customer, [...(runs.get(s.customer) ?? []), { subscription: s, at: next, reason: "periodic" }]);
      }
      for (const [customer, list] of runs) this.invoicing.issue(customer, list, next);
      // Subscriptions whose ending_at has come end then, as a termination would.
      for (const s of this.subscriptions) {
        if ((s.status === "active" || s.status === "pending") && s.ending_at !== null && s.ending_at <= next) this.terminate(s, s.ending_at, "generate", "credit");
      }
      this.invoicing.finalizeDue(next);
    }
    if (to > this.clock) this.clock = to;
  }

  /** The earliest instant after the clock at which something falls due. */
  private nextDue(): Instant | undefined {
    let next = this.invoicing.nextFinalization();
    const take = (t: Instant): void => {
      if (next === undefined || t < next) next = t;
    };
    for (const s of this.subscriptions) {
      if (s.status === "pending" && s.previous === null) take(s.subscription_at);
      if (s.status === "active") take(this.boundaryAfter(s));
      if (s.status === "active" && s.trial_billing_at !== null) take(s.trial_billing_at);
      if ((s.status === "active" || s.status === "pending") && s.ending_at !== null) take(s.ending_at);
    }
    return next;
  }

  private boundaryAfter(s: Subscription): Instant {
    const tz = this.timezoneOf(s.customer);
    return nextBillingBoundary({
      schedule: scheduleOf(s.plan.interval, s.billing_time, s.subscription_at, tz),
      bills_monthly: s.plan.bill_charges_monthly,
      timezone: tz,
      started_at: s.started_at,
    }, s.billed_until);
  }

  /** Activation at `at`: the clock reaching `subscription_at`, or the creation of one whose date has come (its anchor stays). */
  private start(s: Subscription, at: Instant): void {
    s.status = "active";
    s.started_at = at;
    s.billed_until = at;
    const earlier = this.subscriptions.filter((x) => x.external_id === s.external_id && x.started_at !== null).map((x) => x.started_at!);
    s.initial_started_at = Math.min(...earlier) as Instant;
    // A plan paid in advance bills its first period when it starts, or when its trial ends.
    if (!s.plan.pay_in_advance) return;
    const trial = trialEnd(s.initial_started_at, s.plan.trial_period);
    if (trial !== null && trial.trial_end > at) s.trial_billing_at = trial.trial_end;
    else this.invoicing.issue(s.customer, [{ subscription: s, at, reason: "starting" }], at);
  }

  private timezoneOf(customer: Customer): string {
    return customer.timezone ?? this.catalog.organization.timezone;
  }

  private perform(raw: Step, index: number): unknown {
    try {
      const step = { ...raw, body: resolveRefs(raw.body, this.refSources) as Obj };
      switch (step.op as Operation) {
        case "create_customer": return this.createCustomer(step);
        case "create_subscription": return this.createSubscription(step, index);
        case "terminate_subscription": return this.terminateSubscription(step, index);
        case "create_event": return { event: this.createEvent(step.body, step, index) };
        case "create_events": return this.createEvents(step, index);
        case "fetch_current_usage": return this.fetchCurrentUsage(step);
        case "fetch_projected_usage": return this.fetchProjectedUsage(step);
        case "create_alert": return this.createAlert(step);
        case "fetch_alert": return this.fetchAlertStep(step);
        case "fetch_subscription": return this.fetchSubscription(step);
        case "apply_coupon": return this.applyCoupon(step);
        case "finalize_invoice": return this.invoiceOp(step, (inv) => this.invoicing.finalize(inv, step.at));
        case "refresh_invoice": return this.invoiceOp(step, (inv) => this.invoicing.refresh(inv, step.at));
        case "update_invoice": return this.invoiceOp(step, (inv) => this.check(this.invoicing.setPaymentStatus(inv, step.body["payment_status"]), "payment_status"));
        case "void_invoice": return this.invoiceOp(step, (inv) => this.outcome(this.invoicing.void(inv, step.at, step.body)));
        case "create_credit_note": return this.createCreditNote(step);
        case "create_wallet": return this.createWallet(step);
        case "create_one_off_invoice": return this.createOneOff(step);
        case "update_wallet": return this.walletOp(step, (a, c) => this.wallets.updateWallet(a, step.body, c, step.at, this.metricCodes()));
        case "terminate_wallet": return this.walletOp(step, (a) => this.wallets.terminate(a, step.at));
        case "create_wallet_transaction": return this.walletTransaction(step);
        case "fetch_wallet": return this.fetchWallet(step);
        case "estimate_credit_note": return this.estimateCreditNote(step);
        case "create_payment": return this.createPayment(step);
        default:
          this.warn(step.at, `operation ${step.op} is not implemented yet; the step changed nothing`, index);
          return refuse("not_implemented");
      }
    } catch (err) {
      if (err instanceof StepError) return { error: err.body };
      if (err instanceof ValidationError) return { error: { code: "validation_errors", error_details: err.error_details } };
      throw err;
    }
  }

  private createCustomer(step: Step): unknown {
    const r = parseCatalogObject("customer", step.body);
    if (!r.ok) throw new ValidationError(r.issues);
    const b = r.value;
    const c = new IssueCollector();
    const taxes = taxesOf(b.tax_codes, this.catalog.taxes, ["tax_codes"], c);
    if (b.timezone != null && !isValidTimeZone(b.timezone)) c.add("invalid_timezone", ["timezone"]);
    const issues = c.issues();
    if (issues) throw new ValidationError(issues);
    const existing = this.customers.get(b.external_id);
    // An upsert keyed by external_id: given fields replace the stored ones.
    const customer: Customer = existing ?? newCustomer(b.external_id);
    if (b.name != null) customer.name = b.name;
    if (b.net_payment_term != null) customer.net_payment_term = b.net_payment_term;
    if (b.finalize_zero_amount_invoice != null) customer.finalize_zero_amount_invoice = b.finalize_zero_amount_invoice;
    if (b.billing_configuration?.invoice_grace_period != null) customer.invoice_grace_period = b.billing_configuration.invoice_grace_period;
    if (b.currency != null) customer.currency = b.currency as CurrencyCode;
    if (b.timezone != null) customer.timezone = b.timezone;
    if (taxes !== undefined) customer.taxes = taxes;
    this.customers.set(customer.external_id, customer);
    return { customer: this.customerJson(customer) };
  }

  private customerJson(c: Customer): Obj {
    return {
      svc_id: c.svc_id, external_id: c.external_id, name: c.name, currency: c.currency, timezone: c.timezone,
      applicable_timezone: this.timezoneOf(c), taxes: (c.taxes ?? []).map((t) => ({ svc_id: t.svc_id, code: t.code, name: t.name, rate: t.rate.toFixed() })),
    };
  }

  private createSubscription(step: Step, index: number): unknown {
    const r = parseCatalogObject("subscription", step.body);
    if (!r.ok) throw new ValidationError(r.issues);
    const b = r.value;
    const plan = this.catalog.plans.get(b.plan_code) ?? refuse("plan_not_found");
    const live = this.subscriptions.find((s) => s.external_id === b.external_id && (s.status === "active" || s.status === "pending"));
    if (b.plan_overrides != null) {
      this.warn(step.at, `subscription ${b.external_id}: plan_overrides are not implemented yet; the step changed nothing`, index);
      return refuse("not_implemented");
    }
    if (plan.fixed_charges_count > 0) this.warn(step.at, `plan ${plan.code}: fixed charges are not billed yet (no invoices)`, index);
    let customer = this.customers.get(b.external_customer_id);
    if (customer === undefined) {
      // The service creates the customer a subscription names when it does not exist yet.
      customer = newCustomer(b.external_customer_id);
      this.customers.set(customer.external_id, customer);
    }
    if (live !== undefined) return this.changePlan(live, plan, step);
    const subscriptionAt = (b.subscription_at == null ? step.at : parseTimestamp(b.subscription_at) ?? step.at) as Instant;
    const s: Subscription = {
      svc_id: stableId("subscription", b.external_id, this.subscriptions.filter((x) => x.external_id === b.external_id).length),
      external_id: b.external_id,
      customer,
      plan,
      name: b.name ?? null,
      billing_time: b.billing_time ?? "calendar",
      subscription_at: subscriptionAt,
      created_at: step.at,
      status: "pending",
      started_at: null,
      terminated_at: null,
      canceled_at: null,
      on_termination_invoice: "generate",
      billed_until: subscriptionAt,
      initial_started_at: null,
      trial_billing_at: null,
      previous: null,
      next: null,
      change: null,
      ending_at: b.ending_at == null ? null : parseTimestamp(b.ending_at) ?? null,
    };
    customer.currency ??= plan.currency;
    this.subscriptions.push(s);
    if (subscriptionAt <= step.at) this.start(s, step.at);
    if (s.status === "active") this.advance(step.at);
    return { subscription: subscriptionJson(s) };
  }

  /**
   * A subscription on another plan under a live external id (periods.md §8): a pending one
   * just gets the plan; an upgrade ends the old one now and bills both at now + 1 s; a
   * downgrade waits, pending, for the old one's next billing run.
   */
  private changePlan(live: Subscription, plan: Plan, step: Step): unknown {
    if (live.plan === plan) return { subscription: subscriptionJson(live) };
    if (live.status === "pending" && live.previous === null) {
      live.plan = plan;
      return { subscription: subscriptionJson(live) };
    }
    this.cancelNext(live, step.at);
    const kind = classifyPlanChange(live.plan, plan);
    const s: Subscription = {
      ...live,
      svc_id: stableId("subscription", live.external_id, this.subscriptions.filter((x) => x.external_id === live.external_id).length),
      plan,
      name: typeof step.body["name"] === "string" ? step.body["name"] : live.name,
      created_at: step.at,
      status: "pending",
      started_at: null,
      terminated_at: null,
      canceled_at: null,
      on_termination_invoice: "generate",
      billed_until: step.at,
      trial_billing_at: null,
      previous: live,
      next: null,
      change: null,
    };
    this.subscriptions.push(s);
    live.next = s;
    live.change = kind === "downgrade" ? "downgrade" : "upgrade";
    if (live.change === "downgrade") return { subscription: subscriptionJson(s) };
    // Upgrade: the old one ends now; an old plan paid in advance gets its credit note (upgrade day included).
    const paid = this.invoicing.lastSubscriptionFee(live);
    live.status = "terminated";
    live.terminated_at = step.at;
    const note = terminationNote(live, step.at, this.timezoneOf(live.customer), "credit", paid, this.invoicing.creditNotes, true);
    if (note !== undefined) this.invoicing.addNote(this.outcome(note), step.at);
    this.switchTo(s, live, step.at, (step.at + 1000) as Instant);
    return { subscription: subscriptionJson(s) };
  }

  /** The new subscription of a plan change starts at `start`; one invoice at `invoiceAt` bills the old one's end and the new one's start. */
  private switchTo(s: Subscription, old: Subscription, start: Instant, invoiceAt: Instant): void {
    s.status = "active";
    s.started_at = start;
    s.billed_until = start;
    s.initial_started_at = old.initial_started_at ?? old.started_at;
    const runs: SubscriptionRun[] = [{ subscription: old, at: invoiceAt, reason: "terminating" }];
    const trial = trialEnd(s.initial_started_at ?? start, s.plan.trial_period);
    if (s.plan.pay_in_advance && (old.change === "downgrade" || trial === null || trial.trial_end <= start)) runs.push({ subscription: s, at: invoiceAt, reason: "starting" });
    this.invoicing.issue(s.customer, runs, invoiceAt);
  }

  /** A pending downgrade is cancelled by any later change or by a termination. */
  private cancelNext(s: Subscription, at: Instant): void {
    if (s.next === null || s.next.status !== "pending") return;
    s.next.status = "canceled";
    s.next.canceled_at = at;
    s.next = null;
    s.change = null;
  }

  private terminateSubscription(step: Step, index: number): unknown {
    const id = step.body["external_id"];
    if (typeof id !== "string" || id === "") throw new ValidationError([issue("value_is_mandatory", ["external_id"])]);
    // periods.md §9: the termination options.
    const bad = (["on_termination_invoice", "on_termination_credit_note"] as const).filter((k) => {
      const v = step.body[k];
      return v !== undefined && v !== null && !(TERMINATION_OPTIONS[k] as readonly unknown[]).includes(v);
    });
    const [first, ...rest] = bad.map((k) => issue("invalid_value", [k]));
    if (first !== undefined) throw new ValidationError([first, ...rest]);
    const s = this.subscriptions.find((x) => x.external_id === id && (x.status === "active" || x.status === "pending")) ?? refuse("subscription_not_found");
    const option = step.body["on_termination_credit_note"];
    this.terminate(s, step.at, step.body["on_termination_invoice"] === "skip" ? "skip" : "generate",
      option === "refund" || option === "offset" || option === "skip" ? option : "credit");
    return { subscription: subscriptionJson(s) };
  }

  /** Ends a subscription at `at` (a step, or its `ending_at`): pending → canceled; active → terminated, its credit note, then its final invoice. */
  private terminate(s: Subscription, at: Instant, invoice: "generate" | "skip", creditNote: "credit" | "refund" | "offset" | "skip"): void {
    this.cancelNext(s, at);
    if (s.status === "pending") {
      s.status = "canceled";
      s.canceled_at = at;
      return;
    }
    s.status = "terminated";
    s.terminated_at = at;
    s.on_termination_invoice = invoice;
    // The credit note of a plan paid in advance comes first: the final invoice can use it.
    const note = terminationNote(s, at, this.timezoneOf(s.customer), creditNote, this.invoicing.lastSubscriptionFee(s), this.invoicing.creditNotes);
    if (note !== undefined) this.invoicing.addNote(this.outcome(note), at);
    if (invoice === "generate") this.invoicing.issue(s.customer, [{ subscription: s, at, reason: "terminating" }], at);
  }

  private createEvent(body: Obj, step: Step, index: number, path: Path = []): Obj {
    const r = parseCatalogObject("event", body, path);
    if (!r.ok) throw new ValidationError(r.issues);
    const e = r.value;
    const subId = e.external_subscription_id ?? this.soleSubscriptionOf(e.external_customer_id);
    if (subId == null) throw new ValidationError([issue("value_is_mandatory", [...path, "external_subscription_id"])]);
    const key = JSON.stringify([subId, e.transaction_id]);
    if (this.eventKeys.has(key)) throw new ValidationError([issue("value_already_exist", [...path, "transaction_id"])]);
    const timestamp = (e.timestamp == null ? step.at : parseTimestamp(e.timestamp) ?? step.at) as Instant;
    const precise = e.precise_total_amount_cents == null ? undefined : parseDecimal(e.precise_total_amount_cents);
    this.eventKeys.add(key);
    const event = {
      transaction_id: e.transaction_id,
      code: e.code,
      timestamp,
      properties: (e.properties ?? {}) as Obj,
      seq: this.events.length,
      external_subscription_id: subId,
      ...(precise === undefined ? {} : { precise_total_amount_cents: precise.toFixed() }),
    };
    this.events.push(event);
    const sub = this.subscriptions.find((s) => s.external_id === subId && s.status === "active");
    for (const ch of sub?.plan.charges ?? []) {
      if (ch.metric.code !== e.code || ch.charge.pay_in_advance !== true) continue;
      if (!billsEventsInAdvance(ch)) {
        this.warn(step.at, `event ${e.transaction_id}: pay-in-advance fees of charges with filters or of ${ch.metric.aggregation_type} are not implemented yet, none was created`, index);
        continue;
      }
      const billed = payInAdvanceFee(sub!, ch, event, this.events.filter((x) => x.external_subscription_id === subId), this.timezoneOf(sub!.customer));
      if (billed === undefined) continue;
      const run = { subscription: sub!, at: step.at, reason: "in_advance_charge" as const };
      if (ch.invoiceable) this.invoicing.issueAdvanceCharge(billed, run);
      else this.invoicing.addStandaloneFee(billed, run);
    }
    return {
      svc_id: stableId("event", subId, e.transaction_id),
      transaction_id: e.transaction_id, code: e.code, external_subscription_id: subId,
      timestamp: formatInstant(timestamp), properties: event.properties,
    };
  }

  private soleSubscriptionOf(customerId: string | null | undefined): string | undefined {
    if (customerId == null) return undefined;
    const live = this.subscriptions.filter((s) => s.customer.external_id === customerId && s.status === "active");
    return live.length === 1 ? live[0]!.external_id : undefined;
  }

  private createEvents(step: Step, index: number): unknown {
    const list = step.body["events"];
    if (!Array.isArray(list)) throw new ValidationError([issue(isAbsentValue(list) ? "value_is_mandatory" : "invalid_type", ["events"])]);
    // Checked as a whole first: a batch with one bad event stores none.
    const seen = new Set<string>();
    list.forEach((raw: unknown, i) => {
      const r = parseCatalogObject("event", raw, ["events", i]);
      if (!r.ok) throw new ValidationError(r.issues);
      const key = JSON.stringify([r.value.external_subscription_id ?? "", r.value.transaction_id]);
      if (seen.has(key)) throw new ValidationError([issue("value_already_exist", ["events", i, "transaction_id"])]);
      seen.add(key);
    });
    return { events: list.map((raw: unknown, i) => this.createEvent(raw as Obj, step, index, ["events", i])) };
  }

  private applyCoupon(step: Step): unknown {
    const id = step.body["external_customer_id"];
    const customer = (typeof id === "string" ? this.customers.get(id) : undefined) ?? refuse("customer_not_found");
    const code = step.body["coupon_code"];
    const planMetrics = new Map([...this.catalog.plans.values()].map((p) => [p.code, p.charges.map((ch) => ch.metric.code)] as const));
    const r = parseApplyCoupon(step.body, typeof code === "string" ? this.catalog.coupons.get(code) : undefined, {
      at: step.at,
      customer_id: customer.svc_id,
      applied_coupons: customer.applied_coupons,
      customer_currency: customer.currency,
      plan_metric_codes: planMetrics,
    });
    if (!r.ok) return refuse(r.refusal.code, r.refusal.error_details);
    customer.applied_coupons = [...customer.applied_coupons, r.value.applied_coupon];
    customer.currency = r.value.customer_currency;
    return { applied_coupon: appliedCouponJson(r.value.applied_coupon, customer) };
  }

  /** An invoice operation: the invoice (`invoice_id`) must exist; answers `{invoice}`. */
  private invoiceOp(step: Step, f: (inv: InvoiceRecord) => void): unknown {
    const inv = this.invoicing.find(step.body["invoice_id"]) ?? refuse("invoice_not_found");
    f(inv);
    return { invoice: invoiceJson(inv) };
  }

  /** Turns an operation's outcome into a refusal (a field's `invalid_value`, or the code itself). */
  private check(outcome: string, field?: string): void {
    if (outcome === "ok") return;
    if (outcome === "invalid_value" && field !== undefined) throw new ValidationError([issue("invalid_value", [field])]);
    refuse(outcome);
  }

  /** A refused outcome of an invoice rule becomes the step's error. */
  private outcome<T>(r: { ok: true; value: T } | { ok: false; code: string; issues?: Issues }): T {
    if (r.ok) return r.value;
    if (r.code === "validation_errors" && r.issues !== undefined) throw new ValidationError(r.issues);
    return refuse(r.code);
  }

  private createCreditNote(step: Step): unknown {
    const inv = this.invoicing.find(step.body["invoice_id"]) ?? refuse("invoice_not_found");
    return { credit_note: creditNoteJson(this.outcome(this.invoicing.createNote(inv, step.body, step.at))) };
  }

  private estimateCreditNote(step: Step): unknown {
    const inv = this.invoicing.find(step.body["invoice_id"]) ?? refuse("invoice_not_found");
    return { estimated_credit_note: estimatedNoteJson(this.outcome(this.invoicing.estimateNote(inv, step.body))) };
  }

  private createOneOff(step: Step): unknown {
    const id = step.body["external_customer_id"];
    const customer = (typeof id === "string" ? this.customers.get(id) : undefined) ?? refuse("customer_not_found");
    const currency = (typeof step.body["currency"] === "string" ? step.body["currency"] : customer.currency ?? this.catalog.organization.default_currency) as CurrencyCode | undefined;
    if (currency === undefined || !isCurrencyCode(currency)) throw new ValidationError([issue("invalid_currency", ["currency"])]);
    const seq = this.invoicing.invoices.filter((i) => i.customer === customer).length + 1;
    const lines = oneOffLines(step.body, customer, this.catalog, currency, step.at, seq);
    if (lines === "add_on_not_found") return refuse("add_on_not_found");
    customer.currency ??= currency;
    return { invoice: invoiceJson(this.invoicing.issue(customer, [], step.at, lines, { currency })) };
  }

  private metricCodes(): ReadonlySet<string> {
    return new Set(this.catalog.metrics.keys());
  }

  private createWallet(step: Step): unknown {
    const id = step.body["external_customer_id"];
    const customer = typeof id === "string" ? this.customers.get(id) : undefined;
    const r = this.wallets.create(step.body, customer, step.at, this.metricCodes());
    if (customer !== undefined) customer.currency ??= r.account.wallet.currency;
    this.creditInvoices(step, r.credit_invoices.length);
    return { wallet: walletJson(r.account.wallet) };
  }

  private walletOp(step: Step, f: (a: WalletAccount, c: Customer) => Wallet): unknown {
    const a = this.wallets.find(step.body["wallet_id"] ?? step.body["svc_id"]) ?? refuse("wallet_not_found");
    const c = [...this.customers.values()].find((x) => x.svc_id === a.wallet.svc_customer_id)!;
    return { wallet: walletJson(f(a, c)) };
  }

  private walletTransaction(step: Step): unknown {
    const r = this.wallets.transact(step.body, step.at);
    this.creditInvoices(step, r.credit_invoices.length);
    return { wallet_transactions: r.transactions.map((t) => walletTransactionJson(t, r.account.wallet)) };
  }

  /** Purchased credits are paid through a `credit` invoice, which is not built yet: said, not dropped. */
  private creditInvoices(step: Step, count: number): void {
    if (count > 0) this.warn(step.at, "the credit invoice of purchased wallet credits is not implemented yet; the purchase stays pending");
  }

  /** `fetch_wallet`: the balances as of the clock, ongoing ones refreshed from the customer's usage (§11.5). */
  private fetchWallet(step: Step): unknown {
    const b = step.body;
    const byCustomer = typeof b["external_customer_id"] === "string" ? this.customers.get(b["external_customer_id"]) : undefined;
    const account = b["svc_id"] !== undefined ? this.wallets.find(b["svc_id"])
      : byCustomer === undefined ? undefined : this.wallets.of(byCustomer).find((a) => a.wallet.status === "active") ?? this.wallets.of(byCustomer)[0];
    if (account === undefined) return refuse("wallet_not_found");
    const customer = [...this.customers.values()].find((x) => x.svc_id === account.wallet.svc_customer_id)!;
    this.refreshWallets(customer, step.at);
    return { wallet: walletJson(this.wallets.find(account.wallet.svc_id)!.wallet) };
  }

  /** The ongoing balances of the customer's wallets: current usage of its active subscriptions and its draft invoices. */
  private refreshWallets(customer: Customer, at: Instant): void {
    if (this.wallets.of(customer).length === 0) return;
    const current: OngoingFee[] = [];
    const advance: OngoingFee[] = [];
    for (const s of this.subscriptions) {
      if (s.customer !== customer || s.status !== "active") continue;
      const r = currentUsage(this.usageInput(s, at, {}));
      if (!r.ok) continue;
      for (const c of r.charges_fees) {
        const taxes = feeTaxes({ charge: c.charge.taxes, plan: s.plan.taxes, customer: customer.taxes, organization: this.catalog.organization.taxes });
        for (const f of c.fees) {
          const o = ongoingFee(f, c.charge.metric.code, taxes);
          current.push(o);
          if (f.pay_in_advance) advance.push(o);
        }
      }
    }
    const drafts = this.invoicing.invoices.filter((i) => i.customer === customer && i.status === "draft" && i.totals.total_amount_cents !== 0n)
      .flatMap((i) => i.lines.map((l) => ({ fee_type: l.fee.fee_type, metric_code: l.fee.metric_code, currency: i.currency, amount_cents: l.fee.amount_cents, taxes_amount_cents: l.taxes.taxes_amount_cents })));
    for (const id of this.wallets.refreshOngoing(customer, { current, drafts, advance }, at)) {
      this.invoicing.webhooks.push({ type: "wallet.depleted_ongoing_balance", at: formatInstant(at), object: { svc_wallet_id: id } });
    }
  }

  private createPayment(step: Step): unknown {
    const inv = this.invoicing.find(step.body["invoice_id"]) ?? refuse("invoice_not_found");
    const amount = step.body["amount_cents"];
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) throw new ValidationError([issue("invalid_value", ["amount_cents"])]);
    this.check(this.invoicing.pay(inv, BigInt(amount)));
    return { payment: { svc_invoice_id: inv.svc_id, amount_cents: amount, amount_currency: inv.currency, reference: step.body["reference"] ?? null, created_at: formatInstant(step.at) } };
  }

  private fetchSubscription(step: Step): unknown {
    const id = step.body["external_id"];
    const all = this.subscriptions.filter((s) => s.external_id === id);
    const s = all.find((x) => x.status === "active") ?? all.at(-1) ?? refuse("subscription_not_found");
    return { subscription: subscriptionJson(s) };
  }

  /** The subscription a usage call names (§13.1.1 checks 1–2). */
  private usageSubscription(b: Obj): Subscription {
    const customer = (typeof b["external_customer_id"] === "string" ? this.customers.get(b["external_customer_id"]) : undefined) ?? refuse("customer_not_found");
    return this.subscriptions.find((x) => x.customer === customer && x.external_id === b["external_subscription_id"] && x.status === "active")
      ?? refuse("no_active_subscription");
  }

  /** The current-usage input of an active subscription at `at` (`full_usage` checked, §13.1.7). */
  private usageInput(s: Subscription, at: Instant, options: CurrentUsageOptions & { readonly full_usage?: boolean }): CurrentUsageInput {
    const tz = this.timezoneOf(s.customer);
    const plan = s.plan;
    const period = computeBillingPeriod({
      plan: { interval: plan.interval, pay_in_advance: plan.pay_in_advance, bill_charges_monthly: plan.bill_charges_monthly, bill_fixed_charges_monthly: plan.bill_fixed_charges_monthly },
      subscription: { billing_time: s.billing_time, subscription_at: s.subscription_at, started_at: s.started_at, terminated_at: s.terminated_at, status: s.status },
      timezone: tz,
      billing_at: at,
      current_usage: true,
    });
    const window = period.charges_period ?? refuse("no_active_subscription");
    if (options.full_usage === true) {
      const selecting = options.charge_id !== undefined || options.charge_code !== undefined || options.metric_code !== undefined;
      const allowed = this.catalog.organization.premium_integrations.includes("granular_lifetime_usage") && (selecting || options.group !== undefined)
        && !plan.charges.some((ch) => (!selecting || selects(options, ch)) && ch.charge.prorated === true);
      if (!allowed) refuse("full_usage_not_allowed");
    }
    const start = options.full_usage === true && s.started_at !== null ? s.started_at : window.start;
    const orgTaxes = this.catalog.organization.taxes;
    return {
      charges: plan.charges.map((ch) => ({
        svc_id: ch.svc_id, code: ch.code, invoice_display_name: ch.invoice_display_name, usage: ch.usage, metric: ch.metric,
        taxes: feeTaxes({ charge: ch.taxes, plan: plan.taxes, customer: s.customer.taxes, organization: orgTaxes }),
      })),
      events: this.events.filter((e) => e.external_subscription_id === s.external_id),
      window: { start, end: window.end },
      charges_duration_in_days: period.charges_duration_in_days,
      timezone: tz,
      currency: plan.currency,
      issuing_date: isoDate(dateOf((period.next_end_of_period - 1) as Instant, tz)),
      ids: { subscription_id: s.svc_id },
      options,
    };
  }

  private fetchCurrentUsage(step: Step): unknown {
    const s = this.usageSubscription(step.body);
    const r = currentUsage(this.usageInput(s, step.at, usageOptions(step.body)));
    if (!r.ok) return refuse(r.code);
    return { customer_usage: r.customer_usage };
  }

  private fetchProjectedUsage(step: Step): unknown {
    if (!this.catalog.organization.premium_integrations.includes("projected_usage")) refuse("projected_usage_not_enabled");
    const s = this.usageSubscription(step.body);
    const r = projectedUsage({ ...this.usageInput(s, step.at, usageOptions(step.body)), now: step.at });
    return { customer_projected_usage: r.customer_projected_usage };
  }

  private createAlert(step: Step): unknown {
    const b = step.body;
    if (typeof b["wallet_code"] === "string") return this.createWalletAlert(step);
    const id = b["external_subscription_id"];
    const s = this.subscriptions.find((x) => x.external_id === id && (x.status === "active" || x.status === "pending")) ?? refuse("subscription_not_found");
    const r = parseCreateAlert(b, {
      alertable: { kind: "subscription", external_id: s.external_id, external_customer_id: s.customer.external_id },
      metric: (code) => this.catalog.metrics.get(code),
      existing: this.alerts.filter((a) => a.external_subscription_id === s.external_id),
      premium_integrations: this.catalog.organization.premium_integrations,
      at: step.at,
    });
    if (!r.ok) return r.code === "validation_errors" ? refuse("validation_errors", toErrorDetails(r.issues)) : refuse(r.code);
    this.alerts.push(r.alert);
    return { alert: fetchAlert(r.alert) };
  }

  /** The customer's wallet named by `wallet_code` (active first). */
  private walletOf(b: Obj): { account: WalletAccount; customer: Customer } {
    const customer = (typeof b["external_customer_id"] === "string" ? this.customers.get(b["external_customer_id"]) : undefined) ?? refuse("customer_not_found");
    const mine = this.wallets.of(customer).filter((a) => a.wallet.code === b["wallet_code"]);
    const account = mine.find((a) => a.wallet.status === "active") ?? mine[0] ?? refuse("wallet_not_found");
    return { account, customer };
  }

  private createWalletAlert(step: Step): unknown {
    const { account, customer } = this.walletOf(step.body);
    this.refreshWallets(customer, step.at);
    const w = this.wallets.find(account.wallet.svc_id)!.wallet;
    const r = parseCreateAlert(step.body, {
      alertable: { kind: "wallet", wallet: { svc_id: w.svc_id, code: w.code }, external_customer_id: customer.external_id, balances: w },
      metric: (code) => this.catalog.metrics.get(code),
      existing: this.alerts.filter((a) => a.wallet?.svc_id === w.svc_id),
      premium_integrations: this.catalog.organization.premium_integrations,
      at: step.at,
    });
    if (!r.ok) return r.code === "validation_errors" ? refuse("validation_errors", toErrorDetails(r.issues)) : refuse(r.code);
    this.alerts.push(r.alert);
    return { alert: fetchAlert(r.alert) };
  }

  private fetchAlertStep(step: Step): unknown {
    const b = step.body;
    const wallet = typeof b["wallet_code"] === "string" ? this.walletOf(b).account.wallet.svc_id : undefined;
    const a = this.alerts.find((x) => x.code === b["code"] && (wallet === undefined ? x.external_subscription_id === b["external_subscription_id"] : x.wallet?.svc_id === wallet))
      ?? refuse("alert_not_found");
    return { alert: fetchAlert(a) };
  }

  /** Usage alerts, once per clock instant after the steps sharing it (contract §4): current usage without taxes. */
  private evaluateAlerts(at: Instant): void {
    const refreshed = new Set<Customer>();
    this.alerts = this.alerts.map((alert) => {
      if (alert.wallet !== null) {
        const account = this.wallets.find(alert.wallet.svc_id);
        const customer = account === undefined ? undefined : [...this.customers.values()].find((c) => c.svc_id === account.wallet.svc_customer_id);
        if (account === undefined || customer === undefined || account.wallet.status !== "active") return alert;
        if (!refreshed.has(customer)) {
          this.refreshWallets(customer, at);
          refreshed.add(customer);
        }
        return this.evaluate(alert, alertValue(alert, { wallet: this.wallets.find(alert.wallet.svc_id)!.wallet }), at);
      }
      const s = this.subscriptions.find((x) => x.external_id === alert.external_subscription_id && x.status === "active");
      if (s === undefined) return alert;
      const r = currentUsage(this.usageInput(s, at, { apply_taxes: false }));
      if (!r.ok) return alert;
      const measures = { current_usage: { amount_cents: r.fees.reduce((x, f) => x + f.amount_cents, 0n), fees: r.fees } };
      return this.evaluate(alert, alertValue(alert, measures), at);
    });
  }

  /**
   * Progressive billing (invoice.md §12, integration `progressive_billing`), once per clock
   * instant: a subscription whose lifetime usage passes a usage threshold gets a
   * progressive-billing invoice now.
   */
  private checkUsageThresholds(at: Instant): void {
    if (!this.catalog.organization.premium_integrations.includes("progressive_billing")) return;
    for (const s of this.subscriptions) {
      if (s.status !== "active" || s.plan.usage_thresholds.length === 0) continue;
      const input = this.usageInput(s, at, { apply_taxes: false });
      const r = currentUsage(input);
      if (!r.ok) continue;
      const passed = usageThresholdsPassed({
        thresholds: s.plan.usage_thresholds,
        historical_usage_amount_cents: 0n,
        invoiced_usage_amount_cents: this.invoicing.invoicedUsage(s),
        current_usage_amount_cents: r.fees.reduce((a, f) => a + f.amount_cents, 0n),
        progressive_billed_amount_cents: this.invoicing.progressiveBilled(s, input.window.start),
      });
      if (passed.length > 0) this.invoicing.issue(s.customer, [{ subscription: s, at, reason: "progressive_billing" }], at);
    }
  }

  private evaluate(alert: Alert, value: Decimal | null, at: Instant): Alert {
    const e = processAlert(alert, value, at);
    if (e.triggered !== undefined) this.invoicing.webhooks.push({ type: "alert.triggered", at: formatInstant(at), object: e.triggered.webhook });
    return e.alert;
  }

  private notImplemented(step: Step, what: string): never {
    this.warn(step.at, `${what} are not implemented yet; the step changed nothing`);
    return refuse("not_implemented");
  }
}

function selects(o: CurrentUsageOptions, ch: Plan["charges"][number]): boolean {
  if (o.charge_id !== undefined) return ch.svc_id === o.charge_id;
  if (o.charge_code !== undefined) return ch.code === o.charge_code;
  return ch.metric.code === o.metric_code;
}

const isoDate = (d: { year: number; month: number; day: number }): string =>
  `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

const TERMINATION_OPTIONS = {
  on_termination_invoice: ["generate", "skip"],
  on_termination_credit_note: ["credit", "refund", "offset", "skip"],
} as const;

const FALSE_TEXTS = new Set(["false", "0", "f", "off"]);

/** The query options of `fetch_current_usage` (invoice.md §13.1.7), aliases included. */
function usageOptions(b: Obj): CurrentUsageOptions & { readonly full_usage?: boolean } {
  const text = (...keys: string[]): string | undefined => {
    for (const k of keys) if (typeof b[k] === "string") return b[k] as string;
    return undefined;
  };
  const flag = (k: string): boolean | undefined => {
    const v = b[k];
    if (v === undefined || v === null) return undefined;
    if (typeof v === "boolean") return v;
    return !FALSE_TEXTS.has(String(v).toLowerCase());
  };
  let group = b["filter_by_group"] ?? b["group"];
  if (typeof group === "string") {
    try {
      group = JSON.parse(group) as unknown;
    } catch {
      throw new ValidationError([issue("invalid_value", ["filter_by_group"])]);
    }
  }
  if (group !== undefined && group !== null && !isObj(group)) throw new ValidationError([issue("invalid_value", ["filter_by_group"])]);
  const groups = isObj(group)
    ? Object.fromEntries(Object.entries(group).map(([k, v]) => [k, (Array.isArray(v) ? v : [v]).map(String)]))
    : undefined;
  const chargeId = text("filter_by_charge_id", "charge_id");
  const chargeCode = text("filter_by_charge_code", "charge_code");
  const metricCode = text("filter_by_metric_code", "billable_metric_code");
  const applyTaxes = flag("apply_taxes");
  const skip = flag("skip_grouping");
  const full = flag("full_usage");
  return {
    ...(applyTaxes === undefined ? {} : { apply_taxes: applyTaxes }),
    ...(chargeId === undefined ? {} : { charge_id: chargeId }),
    ...(chargeCode === undefined ? {} : { charge_code: chargeCode }),
    ...(metricCode === undefined ? {} : { metric_code: metricCode }),
    ...(groups === undefined ? {} : { group: groups }),
    ...(skip === undefined ? {} : { skip_grouping: skip }),
    ...(full === undefined ? {} : { full_usage: full }),
  };
}

/** A current-usage fee as the ongoing balance reads it (its own taxes, §2). */
function ongoingFee(f: Fee, metricCode: string, taxes: readonly Tax[]): OngoingFee {
  const t = feeTaxAmounts({
    svc_id: f.svc_id, fee_type: "charge", svc_subscription_id: null, plan_code: null, metric_code: metricCode, svc_charge_id: null,
    amount_cents: f.amount_cents, precise_amount_cents: f.precise_amount_cents, units: f.units, precise_coupons_amount_cents: ZERO,
    precise_credit_notes_amount_cents: ZERO, taxes, from_date: f.from_date, to_date: f.to_date, pay_in_advance: f.pay_in_advance,
  });
  return { fee_type: "charge", metric_code: metricCode, currency: f.amount_currency, amount_cents: f.amount_cents, taxes_amount_cents: t.taxes_amount_cents };
}

function appliedCouponJson(a: AppliedCoupon, customer: Customer): Record<string, unknown> {
  const remaining = amountCentsRemaining(a);
  return {
    svc_id: a.svc_id, svc_coupon_id: a.coupon.svc_id, coupon_code: a.coupon.code, coupon_name: a.coupon.name,
    svc_customer_id: customer.svc_id, external_customer_id: customer.external_id, status: a.status,
    amount_cents: a.amount_cents === null ? null : Number(a.amount_cents), amount_cents_remaining: remaining === null ? null : Number(remaining),
    amount_currency: a.amount_currency, percentage_rate: a.percentage_rate === null ? null : a.percentage_rate.toFixed(),
    frequency: a.frequency, frequency_duration: a.frequency_duration, frequency_duration_remaining: a.frequency_duration_remaining,
    created_at: formatInstant(a.created_at), terminated_at: a.terminated_at === null ? null : formatInstant(a.terminated_at),
  };
}

function newCustomer(externalId: string): Customer {
  return {
    svc_id: stableId("customer", externalId), external_id: externalId, name: null, currency: null, timezone: null, taxes: undefined,
    invoice_grace_period: null, net_payment_term: null, finalize_zero_amount_invoice: null, applied_coupons: [],
  };
}

function subscriptionJson(s: Subscription): SubscriptionJson {
  const t = (x: Instant | null): string | null => (x === null ? null : formatInstant(x));
  return {
    svc_id: s.svc_id,
    external_id: s.external_id,
    external_customer_id: s.customer.external_id,
    svc_customer_id: s.customer.svc_id,
    plan_code: s.plan.code,
    previous_plan_code: s.previous?.plan.code ?? null,
    next_plan_code: s.next?.plan.code ?? null,
    name: s.name,
    status: s.status,
    billing_time: s.billing_time,
    subscription_at: formatInstant(s.subscription_at),
    started_at: t(s.started_at),
    terminated_at: t(s.terminated_at),
    canceled_at: t(s.canceled_at),
    created_at: formatInstant(s.created_at),
  };
}
