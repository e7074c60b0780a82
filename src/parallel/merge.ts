/**
 * The parts of a split simulation merged into what one `simulate` run returns (docs/scale.md,
 * "Every core"): each output list in the order of its items' keys (trace/part.ts), the responses
 * by step, a batch of events cut across parts answered as one; a wallet webhook a part's queue held
 * goes to the first flush of the queue after it, whichever part made that flush. The merge
 * checks what the split assumed and does not guess: outputs of two parts under one key,
 * customers created in another order than the plan numbered them, wallets numbered otherwise
 * than one run numbers them (a `create_wallet` refused before another), a part with a wallet
 * topping up to a target that missed another part's walk of the interval rules' job, a cut batch
 * refused by a part, a credit note naming a fee of another part — each makes it answer why
 * instead, and the caller runs the input in one piece; for the wallets' numbers and the walks it
 * also says what a new plan should know (`again`), and the caller runs the parts again.
 * Pure: no I/O.
 */
import type { SimulateOutput } from "../json/simulate.js";
import { firstAfter, withoutLast } from "./keys.js";
import type { SplitOptions, SplitPlan } from "./plan.js";
import { type KeyedStream, type PartResult, STREAMS } from "./trace/result.js";

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

export type Merged =
  | { readonly ok: true; readonly output: SimulateOutput }
  /** `again`: what the run found that a new plan can take into account (its options), when that may make the merge exact. */
  | { readonly ok: false; readonly reason: string; readonly again?: SplitOptions };

/** The parts' results (in the plan's task order) as one output, or why they cannot be merged exactly. */
export function mergeParts(plan: SplitPlan, results: readonly PartResult[]): Merged {
  const fail = (reason: string): Merged => ({ ok: false, reason });
  for (const r of results) if (r.unsupported !== undefined) return fail(r.unsupported);

  // Customers are numbered in the order they were created: the plan's guess must hold.
  const created = results.flatMap((r) => r.created).sort((a, b) => a[1] - b[1]);
  for (let i = 0; i < created.length; i++) {
    if (plan.sequentialIds.get(created[i]![0]) !== i + 1) return fail(`customer ${created[i]![0]} was not created at the first step that names it (the organization-wide numbering would differ)`);
  }

  // Wallets are numbered in the order they were created (their ids count them): the plan's numbers must hold.
  const wallets = results.flatMap((r) => r.wallets).sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < wallets.length; i++) {
    if (wallets[i]![1] === i) continue;
    const created = new Set(wallets.map(([k]) => k));
    const refused = plan.tasks.flatMap((t) => t.wallets.map(([k]) => k)).filter((k) => !created.has(k));
    const again = { ...plan.options, refusedWallets: new Set([...(plan.options.refusedWallets ?? []), ...refused]) };
    return { ok: false, reason: `the wallet of step ${wallets[i]![0]} is the organization's wallet ${i}, not ${wallets[i]![1]} (a create_wallet before it was refused)`, again };
  }

  // The interval rules' job refreshes every wallet with a target at each of its walks (at 00:55), whoever it is due for:
  // a part that did not walk when another did must have had no such wallet then. If one had, the parts can run again,
  // told the instants of every part's walks (a part with such a wallet then walks at each of them too).
  const walked = results.map((r) => new Set(r.walks));
  const known = new Set(plan.options.walks ?? []);
  const walks = [...new Set(results.flatMap((r) => r.walks.map(walkInstant)))].sort((a, b) => a - b);
  const again = walks.some((t) => !known.has(t)) ? { ...plan.options, walks: [...new Set([...known, ...walks])].sort((a, b) => a - b) } : undefined;
  for (let p = 0; p < results.length; p++) {
    if (results[p]!.targets.length === 0) continue;
    const spans = disjoint(results[p]!.targets);
    for (let q = 0; q < results.length; q++) {
      for (const w of q === p ? [] : results[q]!.walks) {
        const t = walkInstant(w);
        if (!walked[p]!.has(w) && within(spans, t)) {
          const reason = `the interval rules' job ran at ${new Date(t).toISOString()} for another part, and refreshes every wallet with a target balance`;
          return again === undefined ? fail(reason) : { ok: false, reason, again };
        }
      }
    }
  }

  // Responses, a cut batch's echoes put back in the batch's order.
  const responses: unknown[] = new Array(plan.steps);
  const cut = new Map<number, { events: unknown[]; parts: number }>();
  for (let p = 0; p < results.length; p++) {
    const task = plan.tasks[p]!, r = results[p]!;
    for (let i = 0; i < task.own.length; i++) {
      const own = task.own[i]!, response = r.responses[i];
      if (own.events === undefined) {
        responses[own.k] = response;
        continue;
      }
      if (!isObj(response) || !Array.isArray(response["events"])) return fail(`step ${own.k}: a batch of events cut across parts was refused`);
      let c = cut.get(own.k);
      if (c === undefined) cut.set(own.k, (c = { events: [], parts: 0 }));
      c.parts++;
      own.events.forEach((e, n) => (c.events[e] = (response["events"] as unknown[])[n]));
    }
  }
  for (const [k, c] of cut) responses[k] = { events: c.events };

  // A credit note's items name fees: one of another part would have been found by one run.
  const feeOwner = new Map<string, number>();
  results.forEach((r, p) => {
    for (const f of r.streams.fees.items) if (isObj(f) && typeof f["svc_id"] === "string") feeOwner.set(f["svc_id"], p);
  });
  for (let p = 0; p < plan.tasks.length; p++) {
    for (const id of plan.tasks[p]!.feeIds) {
      const owner = feeOwner.get(id);
      if (owner !== undefined && owner !== p) return fail(`a step names fee ${id} of another part`);
    }
  }

  const flushes = results.flatMap((r) => r.flushes).sort();
  const lists = {} as Record<(typeof STREAMS)[number], unknown[]>;
  for (const name of STREAMS) {
    const merged = mergeStream(results.map((r) => (name === "webhooks" ? toFirstFlush(r.streams[name], flushes) : r.streams[name])));
    if (!merged.ok) return fail(`${name}: ${merged.reason}`);
    lists[name] = merged.items;
  }
  const output: SimulateOutput = {
    invoices: lists.invoices as SimulateOutput["invoices"],
    credit_notes: lists.credit_notes as SimulateOutput["credit_notes"],
    wallet_transactions: lists.wallet_transactions as SimulateOutput["wallet_transactions"],
    webhooks: lists.webhooks as SimulateOutput["webhooks"],
    fees: lists.fees as SimulateOutput["fees"],
    responses: responses as SimulateOutput["responses"],
    subscriptions: lists.subscriptions as SimulateOutput["subscriptions"],
    warnings: [...(results[0]?.preamble ?? []), ...lists.warnings] as unknown as SimulateOutput["warnings"],
  };
  return { ok: true, output };
}

/** The instant of a walk of the interval rules' job (`instant:round`). */
function walkInstant(walk: string): number {
  return Number(walk.slice(0, walk.indexOf(":")));
}

/** Spans [from, until] as disjoint spans in order. */
function disjoint(spans: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [from, until] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], until);
    else out.push([from, until]);
  }
  return out;
}

/** Whether `t` is in one of the disjoint spans. */
function within(spans: readonly (readonly [number, number])[], t: number): boolean {
  let lo = 0, hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]![1] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo < spans.length && spans[lo]![0] <= t;
}

/**
 * The webhooks of a part, each one its wallets' queue held keyed at the first flush after it
 * was queued: its part's own, or an earlier one another part made (a paid top-up's invoice
 * flushes the whole queue, every customer's webhooks in it).
 */
function toFirstFlush(s: KeyedStream, flushes: readonly string[]): KeyedStream {
  const queued = s.queued;
  if (queued === undefined || flushes.length === 0 || !queued.some((q) => q !== "")) return s;
  const keys = s.keys.slice();
  for (let i = 0; i < keys.length; i++) {
    const q = queued[i]!;
    if (q === "") continue;
    const own = keys[i]!.slice(0, keys[i]!.length - q.length);
    // The first flush after q (flushes are sorted).
    const first = flushes[firstAfter(flushes, q)];
    if (first !== undefined && first < own) keys[i] = first + q;
  }
  return { items: s.items, keys, queued };
}

/**
 * One output list from the parts' keyed lists: each part's items in key order (a part's own
 * order differs from its keys' only where its run took units another way than one run — the
 * billing job's loops —, and items of one entry share a key: a stable sort), then the parts
 * merged by key, a part before a later one on equal keys.
 */
function mergeStream(parts: readonly { readonly items: readonly unknown[]; readonly keys: readonly string[] }[]): { ok: true; items: unknown[] } | { ok: false; reason: string } {
  const lists = parts.filter((s) => s.items.length > 0).map((s) => {
    if (isSorted(s.keys)) return { items: s.items, keys: s.keys };
    const order = s.keys.map((_, i) => i).sort((a, b) => (s.keys[a]! < s.keys[b]! ? -1 : s.keys[a]! > s.keys[b]! ? 1 : a - b));
    return { items: order.map((i) => s.items[i]), keys: order.map((i) => s.keys[i]!) };
  });
  if (lists.length === 0) return { ok: true, items: [] };
  if (lists.length === 1) return { ok: true, items: [...lists[0]!.items] };
  const out: unknown[] = [];
  const at = lists.map(() => 0);
  let previous: { key: string; part: number } | undefined;
  for (;;) {
    let best = -1;
    for (let p = 0; p < lists.length; p++) {
      if (at[p]! < lists[p]!.keys.length && (best < 0 || lists[p]!.keys[at[p]!]! < lists[best]!.keys[at[best]!]!)) best = p;
    }
    if (best < 0) break;
    const key = lists[best]!.keys[at[best]!]!;
    // Two parts' outputs under one key (but for the part's running number): one run's order is not known.
    if (previous !== undefined && previous.part !== best && withoutLast(previous.key) === withoutLast(key)) return { ok: false, reason: "two parts made outputs the split cannot order" };
    out.push(lists[best]!.items[at[best]!]);
    at[best]!++;
    previous = { key, part: best };
  }
  return { ok: true, items: out };
}

function isSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i]! < keys[i - 1]!) return false;
  return true;
}
