/**
 * The simulator (contract §4): a catalog and a timeline of calls replayed with the service's
 * clock. `runSimulation` checks the input, then `Simulation` moves the clock step by step —
 * starting pending subscriptions, billing at every boundary, ending trials and drafts'
 * grace periods, terminating at `ending_at` (clock.ts) — and performs each step through
 * its operation (operations/, one file each, dispatched by stepDispatch.ts). What it cannot carry out yet answers `not_implemented` and
 * is listed in `warnings`. See docs/simulator.md.
 */
import { formatInstant, type Instant, parseInstant } from "../core/instant.js";
import { issue, IssueCollector, ValidationError } from "../core/issue.js";
import { nextBillingBoundary, scheduleOf } from "../period/index.js";
import type { Alert } from "../usage/index.js";
import { evaluateAlerts } from "./alerts.js";
import type { CatalogJsonContext } from "./catalogJson.js";
import type { Tax } from "../invoice/index.js";
import { type Catalog, parseCatalog } from "./catalog.js";
import { advanceClock, startSubscription } from "./clock.js";
import { creditNoteJson } from "./creditNotes.js";
import { Invoicing } from "./invoicing.js";
import type { RefSources } from "./refs.js";
import type { Customer, Subscription } from "./state.js";
import { type EventLog, EventStore } from "./eventStore.js";
import { Schedule } from "./schedule.js";
import type { Sim } from "./sim.js";
import { customerDue } from "./clock.js";
import { invariantChecks } from "./invariants.js";
import { isAbsentValue, isObj, type Obj, parseSteps, type Step } from "./steps.js";
import { runWalletJobs } from "./walletRules.js";
import { performStep } from "./stepDispatch.js";
import { sharedSubscriptionJson, type SubscriptionJson } from "./subscriptionRecord.js";
import { checkUsageThresholds } from "./usage.js";
import { Wallets } from "./wallets.js";
import { RunningUsage } from "./runningUsage.js";
import { ignoredCatalogKeys, ignoredCatalogThresholds } from "./ignoredKeys.js";
import { NO_THRESHOLDS } from "./planOverrides.js";

export interface SimulationWarning {
  /**
   * `ignored_field`: an input key or value the simulator does not apply; `job_refused`: time-driven
   * work the reference's job would refuse too (a credit note at `ending_at`, a recurring top-up);
   * `not_implemented`: kept for forward compatibility, not emitted.
   */
  readonly code: "not_implemented" | "ignored_field" | "job_refused";
  /** When it happened; null only for an input key of a timeline with no instant at all (no step, no `until`). */
  readonly at: string | null;
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
  const { sim, steps, until } = prepareSimulation(input);
  return sim.run(steps, until);
}

/**
 * Checks a simulation's input without running it: the catalog and every step's envelope (`at`,
 * `op`, `body` an object, time order). A step's body is checked when the step runs: a refused
 * step is a response, not an error. @throws ValidationError
 */
export function validateSimulation(input: unknown): void {
  prepareSimulation(input);
}

/**
 * The checked input as a simulation ready to run, its steps and `until` (the benchmark
 * measures the state between the replay and the result). @throws ValidationError
 */
export function prepareSimulation(input: unknown): { sim: Simulation; steps: readonly Step[]; until: Instant } {
  const c = new IssueCollector();
  if (!isObj(input)) throw new ValidationError([issue(isAbsentValue(input) ? "value_is_mandatory" : "invalid_type", [])]);
  const catalog = parseCatalog(input, c);
  const steps = parseSteps(input["steps"], c);
  const until = input["until"] === undefined || input["until"] === null ? steps.at(-1)?.at : parseInstant(input["until"]);
  if (until === undefined && input["until"] !== undefined && input["until"] !== null) c.add("invalid_timestamp", ["until"]);
  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  const sim = new Simulation({ ...catalog, created_at: (steps[0]?.at ?? 0) as Instant });
  // Keys the input may not mean what the caller thinks (a typo, a wrapper object) are named, never silently dropped.
  // Dated at the timeline's first instant (its first step, else `until`), or null when it has none.
  const first = steps[0]?.at ?? until;
  for (const key of Object.keys(input)) {
    if (!INPUT_KEYS.includes(key)) sim.warnings.push({ code: "ignored_field", at: first === undefined ? null : formatInstant(first), message: `input key ${JSON.stringify(key)} is not one the simulator reads; it was ignored` });
  }
  for (const path of ignoredCatalogKeys(input)) {
    sim.warnings.push({ code: "ignored_field", at: first === undefined ? null : formatInstant(first), message: `catalog key ${path} is not a field the simulator reads; it was ignored` });
  }
  for (const path of ignoredCatalogThresholds(input)) {
    sim.warnings.push({ code: "ignored_field", at: first === undefined ? null : formatInstant(first), message: `catalog ${NO_THRESHOLDS(path)}` });
  }
  return { sim, steps, until: until ?? (0 as Instant) };
}

const NO_SUBSCRIPTIONS: ReadonlySet<string> = new Set();

const isRefusal = (response: unknown): boolean => isObj(response) && response["error"] !== undefined;

/** The input's top-level keys (contract §4). */
const INPUT_KEYS: readonly string[] = ["organization", "billable_metrics", "plans", "add_ons", "coupons", "taxes", "pricing_units", "steps", "until"];

/**
 * Whether a step flags lifetime usage for the threshold check (invoice.md §12.3), as the
 * reference flags it: events, a subscription created or changed, usage thresholds changed.
 * A price change alone (update_plan without thresholds) waits for the next event.
 */
function flagsLifetimeUsage(step: Step): boolean {
  switch (step.op) {
    case "create_event": case "create_events": case "create_subscription": case "update_lifetime_usage": return true;
    case "update_plan": return step.body["usage_thresholds"] !== undefined || (isObj(step.body["plan"]) && step.body["plan"]["usage_thresholds"] !== undefined);
    case "update_subscription": {
      const inner = isObj(step.body["subscription"]) ? step.body["subscription"] : step.body;
      return isObj(inner["plan_overrides"]) && inner["plan_overrides"]["usage_thresholds"] !== undefined;
    }
    default: return false;
  }
}

export class Simulation implements Sim {
  /** Customers by external id (add them with {@link addCustomer}). */
  readonly customers = new Map<string, Customer>();
  /** Every subscription record, in creation order (add them with {@link addSubscription}). */
  readonly subscriptions: Subscription[] = [];
  private readonly customersById = new Map<string, Customer>();
  private readonly subscriptionsByCustomer = new Map<Customer, Subscription[]>();
  private readonly subscriptionsByExternalId = new Map<string, Subscription[]>();
  /** Each subscription's place in `subscriptions` (the order in which jobs handle them). */
  readonly subscriptionOrder = new Map<Subscription, number>();
  /** The usage events, per external subscription id (eventStore.ts). */
  readonly events = new EventStore();
  alerts: Alert[] = [];
  readonly responses: unknown[] = [];
  readonly warnings: SimulationWarning[] = [];
  clock = -Infinity as Instant;
  /** Time-driven work: each customer's next due instant (schedule.ts). */
  readonly schedule = new Schedule();
  /** Assert the schedule against a full scan at every clock move (tests turn it on: invariants.ts). */
  readonly checkInvariants = invariantChecks();
  readonly invoicing: Invoicing;
  readonly wallets: Wallets;
  private readonly boundaries = new WeakMap<Subscription, {
    readonly billed_until: Subscription["billed_until"]; readonly started_at: Subscription["started_at"]; readonly tz: string; readonly plan_code: string; readonly at: Instant;
  }>();
  readonly historicalUsage = new Map<string, bigint>();
  /** How many customers carry each tax code, and how many carry any (the Tax object's `customers_count`). */
  private readonly customersByTax = new Map<string, number>();
  private customersWithOwnTaxes = 0;
  readonly catalogJson: CatalogJsonContext;

  readonly refSources: RefSources = {
    invoices: () => this.invoicing.json(this.clock) as Obj[],
    fees: () => this.invoicing.feesJson() as Obj[],
    wallets: () => this.wallets.walletsJson(this.clock) as Obj[],
    creditNotes: () => this.invoicing.creditNotes.map((n) => creditNoteJson(n, { invoice: this.invoicing.invoiceById(n.svc_invoice_id), organization: this.catalog.organization })) as Obj[],
  };

  constructor(readonly catalog: Catalog) {
    // A tax of the organization also counts the customers without taxes of their own, which it
    // applies to (the reference's applicable customers).
    const byDefault = (code: string): number => (catalog.organization.taxes.some((t) => t.code === code) ? this.customers.size - this.customersWithOwnTaxes : 0);
    this.catalogJson = { catalog, customersWithTax: (code) => (this.customersByTax.get(code) ?? 0) + byDefault(code) };
    this.wallets = new Wallets({ billing_entity_code: catalog.organization.billing_entity_code });
    this.invoicing = new Invoicing({
      organization: catalog.organization,
      warn: (at, message) => this.warn(at, message),
      wallets: this.wallets,
      timezoneOf: (c) => this.timezoneOf(c),
      eventsOf: (s) => this.events.of(s.external_id),
      touch: (c) => this.schedule.touch(c),
    });
  }

  run(steps: readonly Step[], until: Instant): SimulationResult {
    this.replay(steps, until);
    return this.result();
  }

  /** Performs the steps in order, then moves the clock to `until`. */
  replay(steps: readonly Step[], until: Instant): void {
    steps.forEach((s, i) => this.step(s, i));
    this.closeInstant();
    this.advance(Math.max(until, this.clock) as Instant, true);
  }

  /** The instant whose end (threshold check, alerts) waits for a later step or clock move; whether a step at it flagged lifetime usage. */
  private open: { readonly at: Instant; readonly flagged: boolean } | undefined;

  /**
   * Performs one step of a timeline as {@link replay} does (a live caller, the server, calls it
   * one request at a time): the instant before it ends if the step is later, the clock moves to
   * its `at` (running what falls due), the step is performed, its response recorded and the
   * wallet jobs it queued run. Its own instant stays open — later steps may share it — until
   * the next step at a later instant, {@link moveClock} or {@link closeInstant}.
   */
  step(s: Step, index: number): unknown {
    if (this.open !== undefined && this.open.at !== s.at) this.closeInstant();
    this.advance(s.at);
    const response = this.perform(s, index);
    this.responses.push(response);
    // The wallet jobs the step queued (credit payments, threshold checks) run before the next step.
    runWalletJobs(this, s.at);
    // A refused step is no activity: it flags nothing (contract §4).
    const flagged = !isRefusal(response) && flagsLifetimeUsage(s);
    this.open = { at: s.at, flagged: (this.open?.flagged ?? false) || flagged };
    return response;
  }

  /** Ends the open instant, if any: the usage thresholds when a step flagged them, then {@link endOfInstant}. */
  closeInstant(): void {
    const open = this.open;
    if (open === undefined) return;
    this.open = undefined;
    if (open.flagged) checkUsageThresholds(this, open.at);
    this.endOfInstant(open.at);
  }

  /**
   * Moves the clock to `to` between steps, as the gap between two steps of a timeline does: the
   * open instant ends, what falls due up to `to` runs, and `to` stays open for steps at it (a
   * later step or move ends it; an instant with nothing in it ends with nothing to do).
   */
  moveClock(to: Instant): void {
    if (to <= this.clock) return;
    this.closeInstant();
    this.advance(to);
    this.open = { at: this.clock, flagged: false };
  }

  /** Subscriptions (external ids) that received events since the last end of an instant. */
  readonly activity = new Set<string>();

  /** Running aggregation states of usage reads (runningUsage.ts). */
  readonly runningUsage = new RunningUsage();

  /**
   * The work that follows an instant's steps or jobs (invoice.md §14.3): alerts of the
   * subscriptions that received events, and of the wallets whose balances moved or whose
   * customer's usage did. Reads and refused steps are no activity, so they change nothing here.
   */
  endOfInstant(at: Instant): void {
    let subscriptions: ReadonlySet<string> = this.activity;
    for (let guard = 0; guard < 10; guard++) {
      const walletCustomers = this.wallets.takeChanged();
      if (this.alerts.length > 0 && (subscriptions.size > 0 || walletCustomers.size > 0)) {
        evaluateAlerts(this, at, subscriptions, walletCustomers);
        this.wallets.takeChanged(); // the refresh of the evaluation itself
      }
      subscriptions = NO_SUBSCRIPTIONS;
      // The wallet jobs the instant queued (credit payments, threshold top-ups) run at it; their
      // webhooks are written now, whatever follows. A balance they move is evaluated in turn.
      runWalletJobs(this, at);
      if (!this.wallets.hasChanged()) break;
    }
    this.activity.clear();
  }

  /** The result (contract §4) of the steps replayed so far. */
  result(): SimulationResult {
    return {
      invoices: this.invoicing.json(this.clock),
      credit_notes: this.invoicing.creditNotes.map((n) => creditNoteJson(n, { invoice: this.invoicing.invoiceById(n.svc_invoice_id), organization: this.catalog.organization })),
      wallet_transactions: this.wallets.transactionsJson(),
      webhooks: this.invoicing.webhooks,
      fees: this.invoicing.feesJson(),
      responses: this.responses,
      subscriptions: this.subscriptions.map((s) => sharedSubscriptionJson(s, this.clock, this.catalog.organization)),
      warnings: this.warnings,
    };
  }

  /** The customer's earliest due instant (clock.ts). */
  customerDue(c: Customer): Instant | undefined {
    return customerDue(this, c);
  }

  /** The customers of the subscription records under an external id. */
  customersOfSubscription(externalId: string): readonly Customer[] {
    // Kept per external id while no record is added under it (a record's customer never changes).
    const records = this.subscriptionsNamed(externalId);
    const hit = this.customersByExternalId.get(externalId);
    if (hit !== undefined && hit.records === records.length) return hit.customers;
    const customers = [...new Set(records.map((s) => s.customer))];
    this.customersByExternalId.set(externalId, { records: records.length, customers });
    return customers;
  }

  private readonly customersByExternalId = new Map<string, { readonly records: number; readonly customers: readonly Customer[] }>();

  addCustomer(c: Customer): void {
    if (!this.customers.has(c.external_id)) {
      c.sequential_id = this.customers.size + 1;
      c.slug = `${this.catalog.organization.document_number_prefix}-${String(c.sequential_id).padStart(3, "0")}`;
    }
    this.customers.set(c.external_id, c);
    this.customersById.set(c.svc_id, c);
  }

  customerById(svcId: string): Customer | undefined {
    return this.customersById.get(svcId);
  }

  setCustomerTaxes(c: Customer, taxes: readonly Tax[]): void {
    for (const t of c.taxes ?? []) this.customersByTax.set(t.code, (this.customersByTax.get(t.code) ?? 1) - 1);
    for (const t of taxes) this.customersByTax.set(t.code, (this.customersByTax.get(t.code) ?? 0) + 1);
    this.customersWithOwnTaxes += (taxes.length > 0 ? 1 : 0) - ((c.taxes?.length ?? 0) > 0 ? 1 : 0);
    c.taxes = taxes;
  }

  addSubscription(s: Subscription): void {
    this.subscriptionOrder.set(s, this.subscriptions.length);
    this.subscriptions.push(s);
    push(this.subscriptionsByCustomer, s.customer, s);
    push(this.subscriptionsByExternalId, s.external_id, s);
  }

  /** The customer's subscription records, in creation order. */
  subscriptionsOf(c: Customer): readonly Subscription[] {
    return this.subscriptionsByCustomer.get(c) ?? [];
  }

  /** The records under an external id (a plan change adds one), in creation order. */
  subscriptionsNamed(externalId: string): readonly Subscription[] {
    return this.subscriptionsByExternalId.get(externalId) ?? [];
  }

  /** The active record under an external id, if any. */
  activeSubscription(externalId: string): Subscription | undefined {
    const list = this.subscriptionsByExternalId.get(externalId);
    if (list === undefined) return undefined;
    for (const s of list) if (s.status === "active") return s;
    return undefined;
  }

  warn(at: Instant, message: string, step?: number, code: SimulationWarning["code"] = "not_implemented"): void {
    this.warnings.push({ code, at: formatInstant(at), ...(step === undefined ? {} : { step }), message });
  }

  /**
   * Moves the clock to `to`, handling what falls due on the way (clock.ts). An instant's jobs
   * end it, except at `to` itself when steps follow there (`closing`: none do).
   */
  advance(to: Instant, closing = false): void {
    advanceClock(this, to, closing);
  }

  /** The events sent under an external subscription id (shared by plan changes). */
  eventsOf(externalId: string): EventLog {
    return this.events.of(externalId);
  }

  /** The next billing boundary of `s` after its last one; memoized on what it depends on (the clock asks at every step). */
  boundaryAfter(s: Subscription): Instant {
    const tz = this.timezoneOf(s.customer);
    const cached = this.boundaries.get(s);
    // Compared field by field (a key text formatted two instants per call).
    if (cached !== undefined && cached.billed_until === s.billed_until && cached.started_at === s.started_at && cached.tz === tz && cached.plan_code === s.plan.code
      && cached.at >= this.clock) return cached.at;
    const input = {
      schedule: scheduleOf(s.plan.interval, s.billing_time, s.subscription_at, tz),
      bills_monthly: s.plan.bill_charges_monthly || s.plan.bill_fixed_charges_monthly,
      timezone: tz,
      started_at: s.started_at,
    };
    let at = nextBillingBoundary(input, s.billed_until);
    // A boundary already past — the customer's zone changed since the last run, moving its billing
    // days — is not billed on its own: the reference's billing job finds the billing days that
    // come, so the next run is the first boundary from now on (never an invoice dated in the past).
    if (at < this.clock) at = nextBillingBoundary(input, (this.clock - 1) as Instant);
    this.boundaries.set(s, { billed_until: s.billed_until, started_at: s.started_at, tz, plan_code: s.plan.code, at });
    return at;
  }

  /** Activation at `at`: the clock reaching `subscription_at`, or the creation of one whose date has come (clock.ts). */
  start(s: Subscription, at: Instant): void {
    startSubscription(this, s, at);
  }

  /** The customer's time zone, else the organization's. */
  timezoneOf(customer: Customer): string {
    return customer.timezone ?? this.catalog.organization.timezone;
  }

  /** Performs one step (stepDispatch.ts): its response, or the error it answers. */
  perform(raw: Step, index: number): unknown {
    return performStep(this, raw, index);
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list === undefined) m.set(k, [v]);
  else list.push(v);
}
