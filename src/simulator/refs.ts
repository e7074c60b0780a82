/**
 * `$ref` values in step bodies (contract §4 "References to generated ids"): a field of the
 * I-th invoice issued so far, of a fee of it (or of any fee) matching a subset, of the I-th
 * wallet created, or of the I-th credit note created. Resolved when the step runs.
 */
import { type Decimal, parseDecimal } from "../core/decimal.js";
import type { Path } from "../core/issue.js";
import { invalidField, isRefusal, type Refusal } from "./refusal.js";

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

export interface RefSources {
  /** Invoices issued so far, as JSON, in issue order. */
  readonly invoices: () => readonly Obj[];
  /** Every fee created so far, as JSON, in creation order. */
  readonly fees: () => readonly Obj[];
  /** Wallets created so far, as JSON, in creation order. */
  readonly wallets: () => readonly Obj[];
  /** Credit notes created so far, as JSON, in creation order. */
  readonly creditNotes: () => readonly Obj[];
}

/** The body with every `{"$ref": …}` replaced by the value it names, or the refusal naming the first unresolvable reference. */
export function resolveRefs(x: unknown, src: RefSources, path: Path = []): unknown {
  return hasRef(x) ? resolveIn(x, src, path) : x;
}

/** Whether a `$ref` occurs anywhere in `x` (a scan that allocates nothing: most bodies have none). */
function hasRef(x: unknown): boolean {
  if (typeof x !== "object" || x === null) return false;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      if (typeof v === "object" && v !== null && hasRef(v)) return true;
    }
    return false;
  }
  for (const k in x) {
    if (k === "$ref") return true;
    const v = (x as Obj)[k];
    if (typeof v === "object" && v !== null && hasRef(v)) return true;
  }
  return false;
}

function resolveIn(x: unknown, src: RefSources, path: Path): unknown {
  if (Array.isArray(x)) {
    const out: unknown[] = [];
    for (let i = 0; i < x.length; i++) {
      const v = resolveIn(x[i], src, [...path, i]);
      if (isRefusal(v)) return v;
      out.push(v);
    }
    return out;
  }
  if (!isObj(x)) return x;
  const keys = Object.keys(x);
  if (keys.length === 1 && keys[0] === "$ref") return resolve(x["$ref"], src, path);
  const entries: [string, unknown][] = [];
  for (const k of keys) {
    const v = resolveIn(x[k], src, [...path, k]);
    if (isRefusal(v)) return v;
    entries.push([k, v]);
  }
  return Object.fromEntries(entries);
}

function resolve(ref: unknown, src: RefSources, path: Path): unknown {
  const bad = (): Refusal => invalidField("invalid_value", path);
  if (!isObj(ref) || typeof ref["field"] !== "string") return bad();
  const field = ref["field"];
  const at = <T>(list: readonly T[], i: unknown): T | undefined =>
    typeof i === "number" && Number.isInteger(i) ? list[i < 0 ? list.length + i : i] : undefined;
  let target: Obj | undefined;
  if (ref["invoice"] !== undefined) {
    const inv = at(src.invoices(), ref["invoice"]);
    if (inv === undefined) return bad();
    target = ref["fee"] === undefined ? inv : (inv["fees"] as Obj[]).find((f) => matches(ref["fee"], f));
  } else if (ref["fee"] !== undefined) target = src.fees().find((f) => matches(ref["fee"], f));
  else if (ref["wallet"] !== undefined) target = at(src.wallets(), ref["wallet"]);
  else if (ref["credit_note"] !== undefined) target = at(src.creditNotes(), ref["credit_note"]);
  if (target === undefined || !(field in target)) return bad();
  return target[field];
}

const num = (x: unknown): Decimal | undefined => (typeof x === "number" || typeof x === "string" ? parseDecimal(x) : undefined);

/** The vectors' subset match: objects by subset, arrays element-wise, numbers and numeric strings by value. */
export function matches(exp: unknown, act: unknown): boolean {
  if (exp === null || exp === undefined) return act === null || act === undefined;
  const e = num(exp);
  if (e !== undefined) {
    const a = num(act);
    return a !== undefined && a.eq(e);
  }
  if (Array.isArray(exp)) return Array.isArray(act) && act.length === exp.length && exp.every((v, i) => matches(v, act[i]));
  if (isObj(exp)) return isObj(act) && Object.entries(exp).every(([k, v]) => matches(v, act[k]));
  return exp === act;
}
