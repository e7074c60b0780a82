/**
 * The simulation's state as the operations and jobs see it: plain records with the indexes
 * the operations need, and the few services they call (`advance`, `start`, `warn`). The
 * `Simulation` class (simulate.ts) implements it; every other module depends on this
 * interface, not on the class, so that the class can depend on them without a cycle.
 */
import type { Instant } from "../core/instant.js";
import type { CatalogJsonContext } from "./catalogJson.js";
import type { Tax } from "../invoice/index.js";
import type { RunningUsage } from "./runningUsage.js";
import type { Alert } from "../usage/index.js";
import type { Catalog } from "./catalog.js";
import type { EventLog, EventStore } from "./eventStore.js";
import type { Invoicing } from "./invoicing.js";
import type { RefSources } from "./refs.js";
import type { Schedule } from "./schedule.js";
import type { Customer, Subscription } from "./state.js";
import type { Wallets } from "./wallets.js";

export interface Sim {
  readonly catalog: Catalog;
  /** Customers by external id. */
  readonly customers: ReadonlyMap<string, Customer>;
  /** Every subscription record, in creation order. */
  readonly subscriptions: readonly Subscription[];
  /** Each subscription's place in `subscriptions` (the order in which jobs handle them). */
  readonly subscriptionOrder: ReadonlyMap<Subscription, number>;
  readonly events: EventStore;
  readonly invoicing: Invoicing;
  readonly wallets: Wallets;
  readonly schedule: Schedule;
  alerts: Alert[];
  /** Subscriptions (external ids) that received events since the last end of an instant. */
  readonly activity: Set<string>;
  /** Running aggregation states of usage reads (runningUsage.ts). */
  readonly runningUsage: RunningUsage;
  clock: Instant;
  readonly checkInvariants: boolean;
  readonly refSources: RefSources;

  addCustomer(c: Customer): void;
  customerById(svcId: string): Customer | undefined;
  /** Sets the customer's own taxes (and the count of customers per tax). */
  setCustomerTaxes(c: Customer, taxes: readonly Tax[]): void;
  /** `external_historical_usage_amount_cents` per subscription external id (`update_lifetime_usage`, invoice.md §12.2). */
  readonly historicalUsage: Map<string, bigint>;
  /** What catalog objects read to render (catalogJson.ts). */
  readonly catalogJson: CatalogJsonContext;
  addSubscription(s: Subscription): void;
  /** The customer's subscription records, in creation order. */
  subscriptionsOf(c: Customer): readonly Subscription[];
  /** The records under an external id (a plan change adds one), in creation order. */
  subscriptionsNamed(externalId: string): readonly Subscription[];
  activeSubscription(externalId: string): Subscription | undefined;
  customersOfSubscription(externalId: string): readonly Customer[];
  /** The customer's earliest due instant. */
  customerDue(c: Customer): Instant | undefined;
  /** The events sent under an external subscription id. */
  eventsOf(externalId: string): EventLog;
  /** The next billing boundary of an active subscription. */
  boundaryAfter(s: Subscription): Instant;
  /** The customer's time zone, else the organization's. */
  timezoneOf(customer: Customer): string;
  /** Moves the clock to `to`, handling what falls due on the way. */
  advance(to: Instant, closing?: boolean): void;
  /** Activates a subscription at `at`. */
  start(s: Subscription, at: Instant): void;
  /** The work that follows an instant (alerts, wallet jobs). */
  endOfInstant(at: Instant): void;
  /** Records a `not_implemented` warning. */
  warn(at: Instant, message: string, step?: number, code?: "not_implemented" | "ignored_field" | "job_refused"): void;
}
