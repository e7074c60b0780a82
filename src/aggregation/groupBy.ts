/**
 * grouped_by (§12.5): one state per distinct tuple of the listed properties, a missing or
 * empty property being null. States live in nested maps, one level per key; events find
 * theirs through a dense group id: per key a small code for the value ({@link ValueCodes}),
 * then nested arrays of codes (one and two keys) or a map of the joined codes.
 */
import { ValueCodes, propertyText, quickHash } from "./_valueCodes.js";

const PAIRS = 256;

type Props = Readonly<Record<string, unknown>>;
type GroupValue = string | null;

export interface Grouper<S> {
  readonly keys: readonly string[];
  /** The state of the event's group, created by `init` on first use. */
  resolve(props: Props): S;
  /** A dense id (0, 1, …) for the event's group, creating the group on first use. */
  idOf(props: Props): number;
  /** The state of a group id given by `idOf`. */
  stateOf(id: number): S;
  /** The state of a group given its values (one per key). */
  at(values: readonly GroupValue[]): S;
  /** Every group, ordered by values (null first, then ascending, key by key). */
  entries(): { values: GroupValue[]; state: S }[];
}

/** The group value of a property: its text, or null when absent or empty. */
export function groupValue(v: unknown): GroupValue {
  const t = propertyText(v);
  return t === "" ? null : t;
}

export function compareGroupValues(a: readonly GroupValue[], b: readonly GroupValue[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? null, y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return -1;
    if (y === null) return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

export function createGrouper<S>(keys: readonly string[], init: () => S): Grouper<S> {
  const root = new Map<GroupValue, unknown>();
  const last = keys.length - 1;
  const at = (values: readonly GroupValue[]): S => {
    let node = root;
    for (let i = 0; i < last; i++) {
      const v = values[i] ?? null;
      let next = node.get(v) as Map<GroupValue, unknown> | undefined;
      if (next === undefined) node.set(v, (next = new Map()));
      node = next;
    }
    const v = values[last] ?? null;
    let s = node.get(v) as S | undefined;
    if (s === undefined) node.set(v, (s = init()));
    return s;
  };
  const ids = groupIds(keys, at);
  const resolve = (props: Props): S => ids.states[ids.idOf(props)]!;
  const entries = (): { values: GroupValue[]; state: S }[] => {
    const out: { values: GroupValue[]; state: S }[] = [];
    const walk = (node: Map<GroupValue, unknown>, prefix: GroupValue[]): void => {
      for (const [v, child] of node) {
        if (prefix.length === last) out.push({ values: [...prefix, v], state: child as S });
        else walk(child as Map<GroupValue, unknown>, [...prefix, v]);
      }
    };
    walk(root, []);
    return out.sort((a, b) => compareGroupValues(a.values, b.values));
  };
  return { keys, resolve, idOf: ids.idOf, stateOf: (id) => ids.states[id]!, at, entries };
}

/** Dense group ids over per-key value codes; a new id gets its state from `at`. */
function groupIds<S>(keys: readonly string[], at: (values: readonly GroupValue[]) => S) {
  const states: S[] = [];
  interface Col { readonly key: string; readonly values: GroupValue[]; readonly codes: ValueCodes }
  const cols = keys.map((key): Col => {
    const values: GroupValue[] = [];
    const index = new Map<GroupValue, number>();
    const codes = new ValueCodes((t) => {
      const v = t === "" ? null : t;
      let c = index.get(v);
      if (c === undefined) {
        index.set(v, (c = values.length));
        values.push(v);
      }
      return c;
    });
    return { key, values, codes };
  });
  const create = (codes: readonly number[]): number => {
    states.push(at(codes.map((c, i) => cols[i]!.values[c]!)));
    return states.length - 1;
  };
  // One small function per arity, so that the hot loops can inline the one they use.
  const [c0, c1] = cols as [Col, Col | undefined];
  const one: number[] = [];
  const two: number[][] = [];
  const many = new Map<string, number>();
  const idOf1 = (props: Props): number => {
    const a = c0.codes.code(props[c0.key]);
    return one[a] ?? (one[a] = create([a]));
  };
  const slow2 = (x: unknown, y: unknown): number => {
    const a = c0.codes.code(x), b = c1!.codes.code(y);
    const row = two[a] ?? (two[a] = []);
    return row[b] ?? (row[b] = create([a, b]));
  };
  // Two string values: first a direct-mapped table on the pair (one slot, two `===`), made
  // once the pairs are many enough to pay for it.
  let pairX: (string | null)[] | null = null;
  let pairY: (string | null)[] = [];
  let pairId = new Int32Array(0);
  let lookups = 0;
  const idOf2 = (props: Props): number => {
    const x = props[c0.key], y = props[c1!.key];
    if (typeof x !== "string" || typeof y !== "string") return slow2(x, y);
    if (pairX === null) {
      if (++lookups <= 32) return slow2(x, y);
      pairX = new Array<string | null>(PAIRS).fill(null);
      pairY = new Array<string | null>(PAIRS).fill(null);
      pairId = new Int32Array(PAIRS);
    }
    const h = (quickHash(x) * 17 + quickHash(y)) & (PAIRS - 1);
    if (pairX[h] === x && pairY[h] === y) return pairId[h]!;
    const id = slow2(x, y);
    if (pairX[h] === null) {
      pairX[h] = x;
      pairY[h] = y;
      pairId[h] = id;
    }
    return id;
  };
  const idOfMany = (props: Props): number => {
    const codes = cols.map((c) => c.codes.code(props[c.key]));
    const k = codes.join(",");
    let id = many.get(k);
    if (id === undefined) many.set(k, (id = create(codes)));
    return id;
  };
  const idOf = cols.length === 1 ? idOf1 : cols.length === 2 ? idOf2 : idOfMany;
  return { states, idOf };
}
