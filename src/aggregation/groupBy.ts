/**
 * grouped_by (§12.5): one state per distinct tuple of the listed properties, a missing or
 * empty property being null. Nested maps, one level per key: no key string is built per event.
 */
import { propertyText } from "./filter.js";

type Props = Readonly<Record<string, unknown>>;
type GroupValue = string | null;

export interface Grouper<S> {
  readonly keys: readonly string[];
  /** The state of the event's group, created by `init` on first use. */
  resolve(props: Props): S;
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
  const resolve = (props: Props): S => {
    let node = root;
    for (let i = 0; i < last; i++) {
      const v = groupValue(props[keys[i]!]);
      let next = node.get(v) as Map<GroupValue, unknown> | undefined;
      if (next === undefined) node.set(v, (next = new Map()));
      node = next;
    }
    const v = groupValue(props[keys[last]!]);
    let s = node.get(v) as S | undefined;
    if (s === undefined) node.set(v, (s = init()));
    return s;
  };
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
  return { keys, resolve, at, entries };
}
