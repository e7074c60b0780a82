/**
 * The simulator (contract §4): a catalog and a timeline of calls replayed with the service's
 * clock. `runSimulation` checks the input, then `Simulation` moves the clock step by step —
 * starting pending subscriptions, billing at every boundary, ending trials and drafts'
 * grace periods, terminating at `ending_at` — and performs each step through the
 * operation modules (`*Ops.ts`). What it cannot carry out yet answers `not_implemented` and
 * is listed in `warnings`. See docs/simulator.md.
 */
import { formatInstant, type Instant, parseInstant } from "../core/instant.js";
import { issue, IssueCollector, ValidationError } from "../core/issue.js";
import { trialEnd } from "../fees/index.js";
import { walletExpiryInstant } from "../invoice/index.js";
import { nextBillingBoundary, scheduleOf } from "../period/index.js";
import type { Alert } from "../usage/index.js";
import { createAlert, evaluateAlerts, fetchAlertStep } from "./alertOps.js";
import type { SubscriptionRun } from "./billing.js";
import { type Catalog, parseCatalog } from "./catalog.js";
import { creditNoteJson } from "./creditNotes.js";
import { createEvent, createEvents } from "./eventOps.js";
import { applyCoupon, createCreditNote, createOneOff, createPayment, estimateCreditNote, invoiceOp } from "./invoiceOps.js";
import { Invoicing } from "./invoicing.js";
import { previewInvoice } from "./previewOps.js";
import { type RefSources, resolveRefs } from "./refs.js";
import type { Customer, StoredEvent, Subscription } from "./state.js";
import { check, isAbsentValue, isObj, type Obj, type Operation, outcome, parseSteps, refuse, type Step, StepError } from "./steps.js";
import {
  createCustomer, createSubscription, fetchSubscription, startFixedCharges, subscriptionJson, type SubscriptionJson, switchTo, terminate, terminateSubscription,
  updateSubscriptionFixedCharge,
} from "./subscriptionOps.js";
import { checkUsageThresholds, fetchCurrentUsage, fetchProjectedUsage } from "./usageOps.js";
import { createWallet, fetchWallet, metricCodes, walletOp, walletTransaction } from "./walletOps.js";
import { Wallets } from "./wallets.js";

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

export class Simulation {
  readonly customers = new Map<string, Customer>();
  readonly subscriptions: Subscription[] = [];
  readonly events: StoredEvent[] = [];
  /** The events of each external subscription id, in arrival order (billing runs read them often). */
  private readonly eventsBy = new Map<string, StoredEvent[]>();
  readonly eventKeys = new Set<string>();
  alerts: Alert[] = [];
  readonly responses: unknown[] = [];
  readonly warnings: SimulationWarning[] = [];
  clock = -Infinity as Instant;
  readonly invoicing: Invoicing;
  readonly wallets = new Wallets();
  private readonly boundaries = new WeakMap<Subscription, { readonly key: string; readonly at: Instant }>();

  readonly refSources: RefSources = {
    invoices: () => this.invoicing.json() as Obj[],
    fees: () => this.invoicing.feesJson() as Obj[],
    wallets: () => this.wallets.walletsJson() as Obj[],
  };

  constructor(readonly catalog: Catalog) {
    this.invoicing = new Invoicing({
      organization: catalog.organization,
      warn: (at, message) => this.warn(at, message),
      wallets: this.wallets,
      timezoneOf: (c) => this.timezoneOf(c),
      eventsOf: (s) => this.eventsOf(s.external_id),
    });
  }

  run(steps: readonly Step[], until: Instant): SimulationResult {
    steps.forEach((s, i) => {
      this.advance(s.at);
      this.responses.push(this.perform(s, i));
      if (steps[i + 1]?.at !== s.at) {
        checkUsageThresholds(this, s.at);
        if (this.alerts.length > 0) evaluateAlerts(this, s.at);
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

  warn(at: Instant, message: string, step?: number): void {
    this.warnings.push({ code: "not_implemented", at: formatInstant(at), ...(step === undefined ? {} : { step }), message });
  }

  /**
   * Moves the clock to `to`, handling in time order what falls due on the way: pending
   * subscriptions start, billing runs (one invoice per customer and instant), drafts whose
   * grace period ends.
   */
  advance(to: Instant): void {
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
          switchTo(this, s.next, s, next, next);
          continue;
        }
        runs.set(s.customer, [...(runs.get(s.customer) ?? []), { subscription: s, at: next, reason: "periodic" }]);
      }
      for (const [customer, list] of runs) this.invoicing.issue(customer, list, next);
      // Wallets whose expiration has come are terminated (the reference's expiry job, §11).
      for (const a of this.wallets.accounts) {
        const expiry = a.wallet.status === "active" ? walletExpiryInstant(a.wallet) : null;
        if (expiry !== null && expiry <= next) this.wallets.terminate(a, expiry);
      }
      // Subscriptions whose ending_at has come end then, as a termination would.
      for (const s of this.subscriptions) {
        if ((s.status === "active" || s.status === "pending") && s.ending_at !== null && s.ending_at <= next) terminate(this, s, s.ending_at, "generate", "credit");
      }
      this.invoicing.finalizeDue(next);
    }
    if (to > this.clock) this.clock = to;
  }

  /** The earliest instant after the clock at which something falls due. */
  nextDue(): Instant | undefined {
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
    for (const a of this.wallets.accounts) {
      const expiry = a.wallet.status === "active" ? walletExpiryInstant(a.wallet) : null;
      if (expiry !== null) take(expiry);
    }
    return next;
  }

  /** Stores an event (arrival order is its `seq`). */
  storeEvent(e: StoredEvent): void {
    this.events.push(e);
    const list = this.eventsBy.get(e.external_subscription_id);
    if (list === undefined) this.eventsBy.set(e.external_subscription_id, [e]);
    else list.push(e);
  }

  /** The events sent under an external subscription id (shared by plan changes), in arrival order. */
  eventsOf(externalId: string): readonly StoredEvent[] {
    return this.eventsBy.get(externalId) ?? [];
  }

  /** The next billing boundary of `s` after its last one; memoized on what it depends on (the clock asks at every step). */
  boundaryAfter(s: Subscription): Instant {
    const tz = this.timezoneOf(s.customer);
    const key = `${s.billed_until}|${s.started_at}|${tz}|${s.plan.code}`;
    const cached = this.boundaries.get(s);
    if (cached !== undefined && cached.key === key) return cached.at;
    const at = nextBillingBoundary({
      schedule: scheduleOf(s.plan.interval, s.billing_time, s.subscription_at, tz),
      bills_monthly: s.plan.bill_charges_monthly || s.plan.bill_fixed_charges_monthly,
      timezone: tz,
      started_at: s.started_at,
    }, s.billed_until);
    this.boundaries.set(s, { key, at });
    return at;
  }

  /** Activation at `at`: the clock reaching `subscription_at`, or the creation of one whose date has come (its anchor stays). */
  start(s: Subscription, at: Instant): void {
    s.status = "active";
    s.started_at = at;
    s.billed_until = at;
    const earlier = this.subscriptions.filter((x) => x.external_id === s.external_id && x.started_at !== null).map((x) => x.started_at!);
    s.initial_started_at = Math.min(...earlier) as Instant;
    // Pay-in-advance fixed charges the starting invoice does not carry get their own (arrears plan, or in trial).
    startFixedCharges(this, s, at);
    // A plan paid in advance bills its first period when it starts, or when its trial ends.
    if (!s.plan.pay_in_advance) return;
    const trial = trialEnd(s.initial_started_at, s.plan.trial_period);
    if (trial !== null && trial.trial_end > at) s.trial_billing_at = trial.trial_end;
    else this.invoicing.issue(s.customer, [{ subscription: s, at, reason: "starting" }], at);
  }

  timezoneOf(customer: Customer): string {
    return customer.timezone ?? this.catalog.organization.timezone;
  }

  perform(raw: Step, index: number): unknown {
    try {
      const step = { ...raw, body: resolveRefs(raw.body, this.refSources) as Obj };
      switch (step.op as Operation) {
        case "create_customer": return createCustomer(this, step);
        case "create_subscription": return createSubscription(this, step, index);
        case "terminate_subscription": return terminateSubscription(this, step, index);
        case "create_event": return { event: createEvent(this, step.body, step, index) };
        case "create_events": return createEvents(this, step, index);
        case "fetch_current_usage": return fetchCurrentUsage(this, step);
        case "fetch_projected_usage": return fetchProjectedUsage(this, step);
        case "create_alert": return createAlert(this, step);
        case "fetch_alert": return fetchAlertStep(this, step);
        case "fetch_subscription": return fetchSubscription(this, step);
        case "update_subscription_fixed_charge": return updateSubscriptionFixedCharge(this, step);
        case "apply_coupon": return applyCoupon(this, step);
        case "finalize_invoice": return invoiceOp(this, step, (inv) => this.invoicing.finalize(inv, step.at));
        case "refresh_invoice": return invoiceOp(this, step, (inv) => this.invoicing.refresh(inv, step.at));
        case "update_invoice": return invoiceOp(this, step, (inv) => check(this.invoicing.setPaymentStatus(inv, step.body["payment_status"]), "payment_status"));
        case "void_invoice": return invoiceOp(this, step, (inv) => outcome(this.invoicing.void(inv, step.at, step.body)));
        case "create_credit_note": return createCreditNote(this, step);
        case "create_wallet": return createWallet(this, step);
        case "create_one_off_invoice": return createOneOff(this, step);
        case "preview_invoice": return previewInvoice(this, step);
        case "update_wallet": return walletOp(this, step, (a, c) => this.wallets.updateWallet(a, step.body, c, step.at, metricCodes(this)));
        case "terminate_wallet": return walletOp(this, step, (a) => this.wallets.terminate(a, step.at));
        case "create_wallet_transaction": return walletTransaction(this, step);
        case "fetch_wallet": return fetchWallet(this, step);
        case "estimate_credit_note": return estimateCreditNote(this, step);
        case "create_payment": return createPayment(this, step);
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







































}
