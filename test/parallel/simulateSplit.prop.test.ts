/**
 * The split simulation equals one run (docs/scale.md, "Every core"): random timelines of
 * several customers (multiTimeline.ts), split into 1, 2 and 3 parts, replayed and merged in this
 * thread (`simulateSplit`, what each worker thread runs), give `simulate`'s output — deep-equal
 * and the same JSON text, byte for byte. Inputs the split declines (organization-wide steps,
 * thresholds, outputs of a cut batch's events in two parts) run in one piece; most timelines are
 * split, many with wallets (transactions, interval and threshold top-ups, expiry, credit invoices)
 * and triggered alerts — the test counts them (`RATECARD_FUZZ_REPORT=1` prints the counts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../../src/json/simulate.js";
import { simulateSplit } from "../../src/parallel/inline.js";
import { multiArb, multiTimelineInput } from "./multiTimeline.js";

describe("simulateSplit: the split simulation is simulate", () => {
  it("gives simulate's output, byte for byte, in 1, 2 and 3 parts", () => {
    let runs = 0, split = 0;
    const splitWith = { transactions: 0, interval: 0, threshold: 0, expired: 0, alerts: 0, credits: 0, walletAlerts: 0 };
    const reasons = new Map<string, number>();
    // The simulator's own invariant checks are on (test/setup.ts): a timeline that trips them fails here.
    fc.assert(fc.property(multiArb, (m) => compare(multiTimelineInput(m))), { numRuns: Number(process.env["RATECARD_FUZZ_RUNS"] ?? 30) });

    function compare(input: object): void {
      const expected = simulate(input);
      const text = JSON.stringify(expected);
      runs++;
      let wasSplit = false;
      const out = expected as unknown as { wallet_transactions: { source: string }[]; webhooks: { type: string }[]; invoices: { invoice_type: string }[] };
      const has = {
        transactions: out.wallet_transactions.length > 0,
        interval: out.wallet_transactions.some((t) => t.source === "interval"),
        threshold: out.wallet_transactions.some((t) => t.source === "threshold"),
        expired: out.webhooks.some((w) => w.type === "wallet.terminated"),
        alerts: out.webhooks.some((w) => w.type === "alert.triggered"),
        credits: out.invoices.some((i) => i.invoice_type === "credit"),
        walletAlerts: out.webhooks.some((w) => w.type === "alert.triggered" && JSON.stringify(w).includes("\"alert_type\":\"wallet_")),
      };
      for (const parts of [1, 2, 3]) {
        // Parts send their webhooks and responses as they run (as workers do), in chunks of 1 and 5.
        const { output, report } = simulateSplit(input, parts, parts === 1 ? undefined : parts === 2 ? 1 : 5);
        if (JSON.stringify(output) !== text) expect.fail(`${parts} parts (${JSON.stringify(report)}): ${firstDifference(expected, output)}`);
        expect(output).toEqual(expected);
        if (report.reason === undefined && report.groups >= 2) wasSplit = true;
        else if (parts > 1 && report.reason !== undefined) reasons.set(report.reason.replace(/\d+/g, "n"), (reasons.get(report.reason.replace(/\d+/g, "n")) ?? 0) + 1);
      }
      if (wasSplit) {
        split++;
        for (const k of Object.keys(has) as (keyof typeof has)[]) if (has[k]) splitWith[k]++;
      }
    }
    if (process.env["RATECARD_FUZZ_REPORT"] !== undefined) console.log({ runs, split, splitWith, reasons });
    // The property is about split runs: most of the random timelines must be split, with wallets and alerts.
    expect(split).toBeGreaterThanOrEqual(runs / 4);
    expect(splitWith.transactions).toBeGreaterThanOrEqual(runs / 5);
    for (const k of ["interval", "threshold", "expired", "alerts", "credits"] as const) expect(splitWith[k], k).toBeGreaterThanOrEqual(1);
  });
});

/** Where two outputs first differ: the list, the index, the beginning of both items. */
function firstDifference(a: object, b: object): string {
  const x = a as Record<string, unknown[]>, y = b as Record<string, unknown[]>;
  for (const k of Object.keys(x)) {
    const p = x[k]!, q = y[k] ?? [];
    for (let i = 0; i < Math.max(p.length, q.length); i++) {
      const s = JSON.stringify(p[i]), t = JSON.stringify(q[i]);
      if (s !== t) return `${k}[${i}] (${p.length} vs ${q.length}):\n  expected ${s?.slice(0, 240)}\n  got      ${t?.slice(0, 240)}`;
    }
  }
  return "the key order";
}
