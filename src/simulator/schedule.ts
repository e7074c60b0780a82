/**
 * The schedule of time-driven work: for each customer, the earliest instant at which
 * something of theirs falls due (clock.ts `customerDue`), in a min-heap. A step or a job
 * marks the customers it concerned (`touch`, or by key when the customer may not exist yet);
 * only those are recomputed before the clock moves, so no step scans every subscription.
 * Entries are never removed in place: one whose instant is no longer the customer's due
 * instant is stale and skipped.
 */
import type { Instant } from "../core/instant.js";
import { invariant } from "../core/issue.js";
import type { Customer } from "./state.js";

/** What the schedule asks of the simulation. */
export interface Schedulable {
  /** The customer's earliest due instant, if any. */
  customerDue(c: Customer): Instant | undefined;
  /** Customers by external id. */
  readonly customers: ReadonlyMap<string, Customer>;
  /** The customers of the subscriptions under an external id. */
  customersOfSubscription(externalId: string): readonly Customer[];
}

interface Entry {
  readonly at: Instant;
  readonly customer: Customer;
}

export class Schedule {
  private readonly heap: Entry[] = [];
  /** The due instant each customer is scheduled at (absent: nothing due). */
  private readonly due = new Map<Customer, Instant>();
  private readonly touched = new Set<Customer>();
  private readonly touchedCustomerIds = new Set<string>();
  private readonly touchedSubscriptionIds = new Set<string>();
  private everything = false;

  touch(c: Customer): void {
    this.touched.add(c);
  }

  /** The customer of this external id, looked up when the schedule is next brought up to date (it may be created meanwhile). */
  touchCustomerId(externalId: string): void {
    this.touchedCustomerIds.add(externalId);
  }

  /** The customers of the subscriptions under this external id, looked up likewise. */
  touchSubscriptionId(externalId: string): void {
    this.touchedSubscriptionIds.add(externalId);
  }

  /** Every customer (an operation whose reach is wide, such as a plan update). */
  touchEverything(): void {
    this.everything = true;
  }

  /** Recomputes the due instant of every customer touched since the last call. */
  flush(sim: Schedulable): void {
    if (this.everything) for (const c of sim.customers.values()) this.touched.add(c);
    for (const id of this.touchedCustomerIds) {
      const c = sim.customers.get(id);
      if (c !== undefined) this.touched.add(c);
    }
    for (const id of this.touchedSubscriptionIds) for (const c of sim.customersOfSubscription(id)) this.touched.add(c);
    this.everything = false;
    this.touchedCustomerIds.clear();
    this.touchedSubscriptionIds.clear();
    for (const c of this.touched) {
      const at = sim.customerDue(c);
      if (at === this.due.get(c)) continue;
      if (at === undefined) this.due.delete(c);
      else {
        this.due.set(c, at);
        this.push({ at, customer: c });
      }
    }
    this.touched.clear();
  }

  /** The earliest due instant (after {@link flush}), if any. */
  peek(): Instant | undefined {
    this.dropStale();
    return this.heap[0]?.at;
  }

  /** Takes every customer due at `at` (the earliest instant), in no particular order, each once. */
  takeDue(at: Instant): Customer[] {
    const out = new Set<Customer>();
    for (;;) {
      this.dropStale();
      const top = this.heap[0];
      if (top === undefined || top.at !== at) break;
      this.pop();
      out.add(top.customer);
      this.due.delete(top.customer);
    }
    return [...out];
  }

  /**
   * Asserts that the schedule agrees with a scan of everything (`byScan`): a customer left
   * out of `touch` after a change would be billed late or never.
   */
  check(byScan: Instant | undefined): void {
    const mine = this.peek();
    if (mine !== byScan) invariant(false, `the schedule's next due instant ${String(mine)} differs from a full scan's ${String(byScan)}`);
  }

  private dropStale(): void {
    for (;;) {
      const top = this.heap[0];
      if (top === undefined || this.due.get(top.customer) === top.at) return;
      this.pop();
    }
  }

  private push(e: Entry): void {
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p]!.at <= e.at) break;
      h[i] = h[p]!;
      i = p;
    }
    h[i] = e;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (h.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const r = l + 1;
      const c = r < h.length && h[r]!.at < h[l]!.at ? r : l;
      if (h[c]!.at >= last.at) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = last;
  }
}
