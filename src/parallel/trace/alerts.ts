/**
 * The end of an instant traced (part.ts), in a clock move or as the open instant closes: its
 * rounds [g, …] under the key of the end (clock.ts `endKey`), each the usage alerts ([g, 0,
 * alert]: every alert under the key of the step that created it, in the organization's order),
 * then the wallet jobs ([g, 1, wallet jobs…], wallets.ts); a wallet balance the wallet jobs move
 * starts another round.
 * Pure: no I/O.
 */
import type { Instant } from "../../core/instant.js";
import type { Simulation } from "../../simulator/simulate.js";
import type { Alert } from "../../usage/index.js";
import { key, keyPart } from "../keys.js";
import type { ClockTracer } from "./clock.js";
import type { Tracer } from "./tracer.js";
import type { WalletTracer } from "./wallets.js";

export class AlertTracer {
  /** The end of an instant being traced: its key and round. */
  end: { readonly base: string; g: number } | null = null;
  /** The key of each alert, aligned with `sim.alerts` (the key of the step that created it, and its place in the step). */
  alertKeys: string[] = [];
  private hooked: Alert[] | null = null;

  constructor(readonly tr: Tracer, readonly wallets: WalletTracer, readonly clock: ClockTracer) {}

  /** A round of the end of an instant begins: its alerts, then its wallet jobs. */
  beginEndRound(): void {
    const e = this.end!;
    const base = e.base + keyPart(e.g);
    this.wallets.beginWalletJobs(base + keyPart(1));
    this.tr.set(base + keyPart(0), true);
    this.hookAlerts(base + keyPart(0));
  }

  /** The alerts are evaluated (simulator/alerts.ts maps `sim.alerts`): each under its key. */
  private hookAlerts(prefix: string): void {
    this.unhookAlerts();
    const list = this.tr.sim.alerts, tr = this.tr, alerts = this;
    Object.defineProperty(list, "map", {
      configurable: true, writable: true, enumerable: false,
      value: function <U>(this: Alert[], f: (a: Alert, i: number, all: Alert[]) => U): U[] {
        if (alerts.alertKeys.length !== this.length) tr.fail("the alerts' keys are out of step");
        const out: U[] = new Array<U>(this.length);
        for (let i = 0; i < this.length; i++) {
          tr.set(prefix + (alerts.alertKeys[i] ?? ""));
          out[i] = f(this[i]!, i, this);
        }
        tr.set(prefix, true);
        return out;
      },
    });
    this.hooked = list;
  }

  unhookAlerts(): void {
    if (this.hooked !== null) delete (this.hooked as { map?: unknown }).map;
    this.hooked = null;
  }

  /**
   * The alerts' keys after own step k, from the list before it and its length then: alerts are
   * pushed onto the list, or it is replaced by a copy with some removed (filter) or one replaced
   * in place (map) — the list before is then left as it was.
   */
  alertsAfter(before: readonly Alert[], length: number, k: number): void {
    const after = this.tr.sim.alerts, keys = this.alertKeys;
    if (after.length === length) return;
    if (after.length > length) {
      if (after !== before) this.tr.fail("alerts were reordered");
      for (let i = length; i < after.length; i++) keys.push(keyPart(k) + keyPart(i - length));
      return;
    }
    const out: string[] = [];
    let j = 0;
    for (const a of after) {
      while (j < length && before[j] !== a) j++;
      if (j === length) {
        this.tr.fail("alerts were reordered");
        break;
      }
      out.push(keys[j++]!);
    }
    this.alertKeys = out;
  }
}

/** Wraps the end of an instant and the wallets' check that starts another of its rounds. */
export function observeEnds(alerts: AlertTracer): void {
  const tr = alerts.tr;
  const sim = tr.sim;
  // The end of an instant, in a clock move or when the open instant closes: rounds of alerts, then wallet jobs.
  const endOfInstant = sim.endOfInstant;
  sim.endOfInstant = function (this: Simulation, at: Instant): void {
    if (tr.mode !== "advance" && tr.mode !== "close") return endOfInstant.call(this, at);
    alerts.end = { base: alerts.clock.endKey(at), g: 0 };
    alerts.beginEndRound();
    try {
      endOfInstant.call(this, at);
    } finally {
      alerts.unhookAlerts();
      alerts.end = null;
    }
    alerts.wallets.endWalletJobs();
    tr.set(key(tr.k, tr.mode === "close" ? 0 : 1), true);
  };
  // A round of the end of an instant ends; another follows when a wallet balance moved.
  const wallets = sim.wallets;
  const hasChanged = wallets.hasChanged;
  wallets.hasChanged = function (this: typeof wallets): boolean {
    const r = hasChanged.call(this);
    if (r && alerts.end !== null) {
      alerts.end.g++;
      alerts.beginEndRound();
    }
    return r;
  };
}
