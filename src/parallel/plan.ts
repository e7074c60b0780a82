/**
 * Splitting one `simulate` input into parts that can run apart (docs/scale.md, "Every core").
 *
 * Customers are independent in the simulator unless a step links them: the steps are grouped
 * by the customers, subscriptions, invoices and orphan events they name (a union-find), so a
 * group holds everything one customer's state can reach. Groups are then merged when the
 * steps that create their subscription records interleave, so that every group's records are
 * contiguous in the organization-wide creation order the clock's jobs follow (a job at an
 * instant then takes each group's entities as one block). A `create_events` batch naming
 * several groups is cut into one batch per part. Wallets and usage alerts belong to their
 * customer and subscription: a wallet id (`stableId("wallet", n)`, the organization's n-th
 * wallet) is resolved to the customer of the n-th `create_wallet` the plan expects to succeed,
 * and each part gets the organization-wide number of its wallets (checked after the run; a run
 * that found some refused makes the next plan skip them, `SplitOptions`). What
 * cannot be split this way — an operation whose reach is the organization (plans, coupons,
 * add-ons), `$ref`s (they count invoices, fees and wallets organization-wide), customer taxes
 * (the Tax object counts customers), progressive billing with thresholds (checked over every
 * subscription whenever any step flags it) — is reported, and the caller runs the input in one
 * piece.
 *
 * Pure: no I/O. The input must have been validated (`validateSimulation`).
 */
import { stableId } from "../core/ids.js";
import { parseInstant } from "../core/instant.js";

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const text = (x: unknown): string | undefined => (typeof x === "string" ? x : undefined);

/** One part's share of the timeline: what a worker replays. */
export interface PartTask {
  /** The input's keys but `steps` and `until` (the catalog, the organization, any unknown key). */
  readonly catalog: Readonly<Obj>;
  /** The `until` the whole timeline ends at (its own, else its last step's `at`). */
  readonly until: unknown;
  /** The instant of every step of the whole timeline, by step index. */
  readonly ats: Float64Array;
  /** The timeline's first step when the part does not own it (it dates the catalog; it is not performed). */
  readonly first: unknown;
  /** The steps the part performs, in order: their index in the timeline, the step (a batch cut to the part's events), the batch's event indexes. */
  readonly own: readonly OwnStep[];
  /** The part's customers: external id, organization-wide sequential id (0: not created by the timeline's order), the rank of its group. */
  readonly customers: readonly (readonly [string, number, number])[];
  /** Fee ids its steps name (a credit note's items): checked after the run to belong to no other part. */
  readonly feeIds: readonly string[];
  /** Its `create_wallet` steps and the organization-wide number each wallet gets (the plan's guess, checked after the run). */
  readonly wallets: readonly (readonly [number, number])[];
  /** The instants at which the interval rules' job walks the wallets in one run, as far as known (sorted). */
  readonly walks: readonly number[];
}

export interface OwnStep {
  readonly k: number;
  readonly step: unknown;
  /** For a `create_events` batch cut across parts: the indexes, in the whole batch, of the events this part got. */
  readonly events?: readonly number[];
}

export interface SplitPlan {
  readonly tasks: readonly PartTask[];
  /** Groups of connected customers found. */
  readonly groups: number;
  /** Steps of the whole timeline. */
  readonly steps: number;
  /** The organization-wide sequential id each customer gets when it is created where expected. */
  readonly sequentialIds: ReadonlyMap<string, number>;
  /** The options it was made with. */
  readonly options: SplitOptions;
}

export type Split = { readonly ok: true; readonly plan: SplitPlan } | { readonly ok: false; readonly reason: string };

/** What a first run of the parts found, for the next plan (merge.ts). */
export interface SplitOptions {
  /** `create_wallet` steps known to be refused: they number no wallet. */
  readonly refusedWallets?: ReadonlySet<number>;
  /** The instants at which the interval rules' job walks the wallets in one run (it refreshes every wallet with a target then). */
  readonly walks?: readonly number[];
}

/** Operations that concern one customer (and what names it); any other makes the input one piece. */
const SUBSCRIPTION_BY_EXTERNAL_ID = new Set(["terminate_subscription", "fetch_subscription"]);
const BY_SUBSCRIPTION_ID = new Set(["update_subscription_fixed_charge", "update_lifetime_usage", "fetch_lifetime_usage"]);
const BY_CUSTOMER_ID = new Set(["apply_coupon", "create_one_off_invoice"]);
const BY_INVOICE_ID = new Set(["finalize_invoice", "refresh_invoice", "update_invoice", "void_invoice", "create_payment", "create_credit_note", "estimate_credit_note"]);
const USAGE_READS = new Set(["fetch_current_usage", "fetch_projected_usage"]);
/** Wallet operations naming the wallet by its id. */
const BY_WALLET_ID = new Set(["update_wallet", "terminate_wallet", "create_wallet_transaction"]);
/** Alert operations: a subscription's alerts (`external_subscription_id`) or a wallet's (`external_customer_id` + `wallet_code`). */
const ALERT_OPS = new Set(["create_alert", "create_alerts", "fetch_alert", "update_alert", "delete_alert", "delete_alerts"]);

/** Hashes spent looking for the customers of the invoice ids steps name. */
const INVOICE_SEARCH_BUDGET = 1_000_000;

class UnionFind {
  private readonly parent = new Map<string, string>();
  find(x: string): string {
    let p = this.parent.get(x);
    if (p === undefined) {
      this.parent.set(x, x);
      return x;
    }
    if (p === x) return x;
    let root = p;
    for (let q = this.parent.get(root)!; q !== root; q = this.parent.get(root)!) root = q;
    // Path compression.
    for (let y = x; y !== root;) {
      p = this.parent.get(y)!;
      this.parent.set(y, root);
      y = p;
    }
    return root;
  }
  union(a: string, b: string): void {
    const ra = this.find(a), rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
  }
}

/** Whether a `$ref` occurs anywhere in `x`. */
function hasRef(x: unknown): boolean {
  if (typeof x !== "object" || x === null) return false;
  if (Array.isArray(x)) return x.some(hasRef);
  for (const k in x) if (k === "$ref" || hasRef((x as Obj)[k])) return true;
  return false;
}

/** Every string value of a `fee_id` key in `x`. */
function feeIdsIn(x: unknown, out: string[]): void {
  if (typeof x !== "object" || x === null) return;
  if (Array.isArray(x)) {
    for (const v of x) feeIdsIn(v, out);
    return;
  }
  for (const [k, v] of Object.entries(x)) {
    if (k === "fee_id" && typeof v === "string") out.push(v);
    else feeIdsIn(v, out);
  }
}

/** The nodes an event names: its subscription, its customer, and — without a subscription — its transaction id (orphans are deduplicated organization-wide). */
function eventNodes(e: unknown): string[] {
  if (!isObj(e)) return [];
  const out: string[] = [];
  const s = text(e["external_subscription_id"]), c = text(e["external_customer_id"]), t = text(e["transaction_id"]);
  if (s !== undefined) out.push(`s:${s}`);
  if (c !== undefined) out.push(`c:${c}`);
  if (s === undefined && t !== undefined) out.push(`t:${t}`);
  return out;
}

/**
 * The nodes a step names, or why it cannot be split. `invoices` collects the invoice ids to
 * resolve; `wallets` gives the customer of each wallet id the plan expects.
 */
function stepNodes(op: string, body: Obj, invoices: Set<string>, wallets: ReadonlyMap<string, string>): string[] | string {
  const out: string[] = [];
  const add = (prefix: string, v: unknown): void => {
    if (typeof v === "string") out.push(prefix + v);
  };
  // A wallet id the plan does not expect names no wallet (checked after the run): the step is refused in any part.
  const wallet = (id: unknown): void => add("c:", typeof id === "string" ? wallets.get(id) : undefined);
  switch (op) {
    case "create_wallet": add("c:", body["external_customer_id"]); break;
    case "fetch_wallet":
      if (body["svc_id"] !== undefined) wallet(body["svc_id"]);
      else add("c:", body["external_customer_id"]);
      break;
    case "create_customer": add("c:", body["external_id"]); break;
    case "create_subscription": add("c:", body["external_customer_id"]); add("s:", body["external_id"]); break;
    case "update_subscription": add("s:", body["external_id"] ?? (isObj(body["subscription"]) ? body["subscription"]["external_id"] : undefined)); break;
    case "create_event": out.push(...eventNodes(body)); break;
    case "preview_invoice": {
      add("c:", isObj(body["customer"]) ? body["customer"]["external_id"] : undefined);
      const subs = body["subscriptions"];
      if (isObj(subs) && Array.isArray(subs["external_ids"])) for (const id of subs["external_ids"]) add("s:", id);
      break;
    }
    default:
      if (SUBSCRIPTION_BY_EXTERNAL_ID.has(op)) add("s:", body["external_id"]);
      else if (BY_WALLET_ID.has(op)) wallet(body["wallet_id"] ?? body["svc_id"]);
      else if (ALERT_OPS.has(op)) {
        // A list's alerts may name their alertable themselves (the list's keys, when given, win).
        for (const b of [body, ...(Array.isArray(body["alerts"]) ? body["alerts"] : [])]) {
          if (!isObj(b)) continue;
          add("c:", b["external_customer_id"]);
          add("s:", b["external_subscription_id"]);
        }
      }
      else if (BY_SUBSCRIPTION_ID.has(op)) add("s:", body["external_subscription_id"] ?? body["external_id"]);
      else if (BY_CUSTOMER_ID.has(op)) add("c:", body["external_customer_id"]);
      else if (USAGE_READS.has(op)) {
        add("c:", body["external_customer_id"]);
        add("s:", body["external_subscription_id"]);
      } else if (BY_INVOICE_ID.has(op)) {
        const id = body["invoice_id"];
        if (typeof id === "string") {
          invoices.add(id);
          out.push(`i:${id}`);
        }
      } else return `operation ${op} reaches beyond one customer (or is not split yet)`;
  }
  return out;
}

/**
 * The wallets the timeline is expected to create: each `create_wallet` naming a customer an
 * earlier step created gets the organization's next number, and its id (`stableId("wallet", n)`)
 * names that customer. A refused one shifts the numbers of the later ones: the merge finds it
 * (the numbers the parts' wallets got must be 0, 1, 2… in step order) and says which were
 * refused; planned again without them (whether a wallet is refused does not depend on its
 * number), the numbers hold.
 */
function expectedWallets(steps: readonly Obj[], refused: ReadonlySet<number>): { walletIds: Map<string, string>; walletSteps: Map<number, number> } {
  const walletIds = new Map<string, string>();
  const walletSteps = new Map<number, number>();
  const customers = new Set<string>();
  steps.forEach((s, k) => {
    const body = isObj(s["body"]) ? s["body"] : {};
    const op = s["op"];
    const created = op === "create_customer" ? text(body["external_id"]) : op === "create_subscription" ? text(body["external_customer_id"]) : undefined;
    if (created !== undefined) customers.add(created);
    const c = op === "create_wallet" ? text(body["external_customer_id"]) : undefined;
    if (c === undefined || !customers.has(c) || refused.has(k)) return;
    walletSteps.set(k, walletSteps.size);
    walletIds.set(stableId("wallet", walletSteps.size - 1), c);
  });
  return { walletIds, walletSteps };
}

/**
 * The split of `input` (validated) into at most `parts` parts, or why it cannot be split.
 * Parts are balanced by steps and events; a group is never cut.
 */
export function planSplit(input: unknown, parts: number, options: SplitOptions = {}): Split {
  if (!isObj(input)) return { ok: false, reason: "the input is not an object" };
  const steps = Array.isArray(input["steps"]) ? (input["steps"] as Obj[]) : [];
  const S = steps.length;
  if (S === 0) return { ok: false, reason: "no steps" };
  const org = isObj(input["organization"]) ? input["organization"] : {};
  const premium = Array.isArray(org["premium_integrations"]) ? org["premium_integrations"] : [];
  if (premium.includes("progressive_billing")) {
    const plans = Array.isArray(input["plans"]) ? input["plans"] : [];
    const thresholds = plans.some((p) => isObj(p) && Array.isArray(p["usage_thresholds"]) && p["usage_thresholds"].length > 0)
      || steps.some((s) => JSON.stringify(s["body"] ?? null).includes("usage_thresholds"));
    if (thresholds) return { ok: false, reason: "progressive billing with usage thresholds (checked over every subscription when any step flags the instant)" };
  }

  const ats = new Float64Array(S);
  const uf = new UnionFind();
  const invoices = new Set<string>();
  /** Per step: its node (all its nodes are united), or per event of a batch. */
  const stepNode: (string | null)[] = new Array(S).fill(null);
  const eventNode = new Map<number, string[]>();
  const feeIds: string[][] = new Array(S);
  const customersSeen = new Set<string>();
  const sequentialIds = new Map<string, number>();
  const { walletIds, walletSteps } = expectedWallets(steps, options.refusedWallets ?? new Set());
  for (let k = 0; k < S; k++) {
    const s = steps[k]!;
    ats[k] = parseInstant(s["at"])!;
    const op = s["op"] as string;
    const body = isObj(s["body"]) ? s["body"] : {};
    if (hasRef(body)) return { ok: false, reason: `step ${k} uses $ref (references count invoices, fees and wallets organization-wide)` };
    if (op === "create_customer" && Array.isArray(body["tax_codes"]) && body["tax_codes"].length > 0) {
      return { ok: false, reason: `step ${k} gives a customer taxes (the Tax object counts the customers that carry it)` };
    }
    const f: string[] = [];
    feeIdsIn(body, f);
    feeIds[k] = f;
    // The order customers are created in (checked after the run).
    const created = op === "create_customer" ? text(body["external_id"]) : op === "create_subscription" ? text(body["external_customer_id"]) : undefined;
    if (created !== undefined && !sequentialIds.has(created)) sequentialIds.set(created, sequentialIds.size + 1);
    if (op === "create_events") {
      const events = Array.isArray(body["events"]) ? body["events"] : [];
      const nodes = events.map((e) => {
        const n = eventNodes(e);
        for (const x of n) if (x.startsWith("c:")) customersSeen.add(x.slice(2));
        for (let i = 1; i < n.length; i++) uf.union(n[0]!, n[i]!);
        // An event that names nothing is refused: it goes with the batch's first part.
        return n.length === 0 ? `step:${k}` : n[0]!;
      });
      if (nodes.length === 0) stepNode[k] = `step:${k}`;
      else eventNode.set(k, nodes);
      continue;
    }
    const nodes = stepNodes(op, body, invoices, walletIds);
    if (typeof nodes === "string") return { ok: false, reason: `step ${k}: ${nodes}` };
    for (const x of nodes) if (x.startsWith("c:")) customersSeen.add(x.slice(2));
    for (let i = 1; i < nodes.length; i++) uf.union(nodes[0]!, nodes[i]!);
    stepNode[k] = nodes[0] ?? `step:${k}`;
  }

  // Invoice ids are name-based (the customer's n-th invoice): found by hashing each customer's first ones.
  if (invoices.size > 0) {
    const customers = [...customersSeen];
    if (customers.length === 0) return { ok: false, reason: `invoice id ${[...invoices][0]} names no customer of the timeline` };
    const left = new Set(invoices);
    let spent = 0;
    for (let n = 1; left.size > 0; n++) {
      if (spent + customers.length > INVOICE_SEARCH_BUDGET) {
        return { ok: false, reason: `invoice id ${[...left][0]} is none of the first ${n - 1} invoices of the timeline's customers` };
      }
      spent += customers.length;
      for (const c of customers) {
        const id = stableId("invoice", c, n);
        if (left.has(id)) {
          uf.union(`c:${c}`, `i:${id}`);
          left.delete(id);
        }
      }
    }
  }

  // Groups whose subscription records are created by interleaving steps are merged: each group's
  // records are then contiguous in the creation order the clock's jobs follow.
  const spans = new Map<string, [number, number]>();
  for (let k = 0; k < S; k++) {
    if (steps[k]!["op"] !== "create_subscription") continue;
    const root = uf.find(stepNode[k]!);
    const span = spans.get(root);
    if (span === undefined) spans.set(root, [k, k]);
    else span[1] = k;
  }
  const sorted = [...spans.entries()].sort((a, b) => a[1][0] - b[1][0]);
  let open: { root: string; end: number } | undefined;
  for (const [root, [from, to]] of sorted) {
    if (open !== undefined && from < open.end) {
      uf.union(open.root, root);
      open.end = Math.max(open.end, to);
    } else open = { root, end: to };
  }

  // Each group: its rank (where its records start in the creation order), its weight, its steps.
  const groupOf = (node: string): string => uf.find(node);
  const rank = new Map<string, number>();
  const weight = new Map<string, number>();
  const bump = (g: string, w: number): void => void weight.set(g, (weight.get(g) ?? 0) + w);
  for (const [root, [from]] of sorted) {
    const g = groupOf(root);
    rank.set(g, Math.min(rank.get(g) ?? Infinity, from));
  }
  for (let k = 0; k < S; k++) {
    const nodes = eventNode.get(k);
    if (nodes === undefined) {
      const g = groupOf(stepNode[k]!);
      if (!rank.has(g)) rank.set(g, S + k);
      bump(g, 1);
    } else {
      for (const n of nodes) {
        const g = groupOf(n);
        if (!rank.has(g)) rank.set(g, S + k);
        bump(g, 1);
      }
    }
  }
  const groups = [...weight.keys()];

  // Balanced parts: the heaviest group first, into the lightest part (ties: the lower rank, the lower part).
  const n = Math.max(1, Math.min(parts, groups.length));
  const load = new Array<number>(n).fill(0);
  const partOf = new Map<string, number>();
  for (const g of [...groups].sort((a, b) => weight.get(b)! - weight.get(a)! || rank.get(a)! - rank.get(b)!)) {
    let best = 0;
    for (let p = 1; p < n; p++) if (load[p]! < load[best]!) best = p;
    partOf.set(g, best);
    load[best]! += weight.get(g)!;
  }

  const own: OwnStep[][] = Array.from({ length: n }, () => []);
  const fees: string[][] = Array.from({ length: n }, () => []);
  const wallets: [number, number][][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < S; k++) {
    const s = steps[k]!;
    const nodes = eventNode.get(k);
    if (nodes === undefined) {
      const p = partOf.get(groupOf(stepNode[k]!))!;
      own[p]!.push({ k, step: s });
      fees[p]!.push(...feeIds[k]!);
      const w = walletSteps.get(k);
      if (w !== undefined) wallets[p]!.push([k, w]);
      continue;
    }
    const byPart = new Map<number, number[]>();
    nodes.forEach((node, i) => {
      const p = partOf.get(groupOf(node))!;
      const list = byPart.get(p);
      if (list === undefined) byPart.set(p, [i]);
      else list.push(i);
    });
    if (byPart.size === 1) {
      const p = byPart.keys().next().value!;
      own[p]!.push({ k, step: s });
      fees[p]!.push(...feeIds[k]!);
      continue;
    }
    const body = s["body"] as Obj;
    const events = body["events"] as unknown[];
    for (const [p, idx] of [...byPart.entries()].sort((a, b) => a[0] - b[0])) {
      own[p]!.push({ k, step: Object.assign({}, s, { body: Object.assign({}, body, { events: idx.map((i) => events[i]) }) }), events: idx });
    }
  }

  const customers: (readonly [string, number, number])[][] = Array.from({ length: n }, () => []);
  for (const c of customersSeen) {
    const g = groupOf(`c:${c}`);
    const p = partOf.get(g);
    // A customer only events name, through a group that has no step of its own, is looked up by no job.
    if (p === undefined) continue;
    customers[p]!.push([c, sequentialIds.get(c) ?? 0, rank.get(g)!]);
  }

  const catalog: Obj = {};
  for (const [k, v] of Object.entries(input)) if (k !== "steps" && k !== "until") catalog[k] = v;
  const until = input["until"] ?? steps[S - 1]!["at"];
  const tasks: PartTask[] = [];
  for (let p = 0; p < n; p++) {
    if (own[p]!.length === 0) continue;
    tasks.push({ catalog, until, ats, first: own[p]![0]!.k === 0 ? null : steps[0], own: own[p]!, customers: customers[p]!, feeIds: fees[p]!, wallets: wallets[p]!, walks: options.walks ?? [] });
  }
  return { ok: true, plan: { tasks, groups: groups.length, steps: S, sequentialIds, options } };
}
