/**
 * Plain JSON data compared and copied: the caches of charges passed again (a price list priced
 * many times) keep a copy of the input they were computed from and reuse their work only while
 * the caller's object still equals it.
 */

/** A deep copy of plain JSON data, or `undefined` when `x` holds anything else (then it is not cached). */
export function jsonCopy(x: unknown, depth = 0): unknown {
  if (depth > 32) return undefined;
  if (x === null || typeof x === "string" || typeof x === "boolean" || (typeof x === "number" && Number.isFinite(x))) return x;
  if (Array.isArray(x)) {
    const out: unknown[] = [];
    for (const v of x) {
      const c = jsonCopy(v, depth + 1);
      if (c === undefined) return undefined;
      out.push(c);
    }
    return out;
  }
  if (typeof x === "object" && Object.getPrototypeOf(x) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x)) {
      if (k === "__proto__") return undefined; // would set the copy's prototype
      const v = (x as Record<string, unknown>)[k];
      if (v === undefined) continue;
      const c = jsonCopy(v, depth + 1);
      if (c === undefined) return undefined;
      out[k] = c;
    }
    return out;
  }
  return undefined;
}

/**
 * Whether `a` (the caller's value) still equals `b`, a copy made by {@link jsonCopy} (keys whose
 * value is `undefined` do not count). Walks with `for…in` rather than `Object.keys` (no array per
 * object: it runs on every call of a cached charge). `for…in` also visits enumerable keys
 * inherited from `Object.prototype`; while it has none (checked per call), every key it visits is
 * the object's own.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  for (const _ in PROBE) return false; // Object.prototype has an enumerable key: compare nothing, cache nothing
  return same(a, b);
}

const PROBE: Record<string, never> = {};

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(b)) {
    if (!Array.isArray(a) || a.length !== b.length) return false;
    for (let i = 0; i < b.length; i++) {
      const v = a[i], w = b[i];
      if (v !== w && !(typeof v === "object" && same(v, w))) return false;
    }
    return true;
  }
  if (Array.isArray(a) || Object.getPrototypeOf(a) !== Object.prototype) return false;
  const ra = a as Record<string, unknown>, rb = b as Record<string, unknown>;
  let na = 0;
  for (const k in ra) {
    const v = ra[k];
    if (v === undefined) continue;
    // A key missing from the copy reads as undefined there, which equals no defined value.
    const w = rb[k];
    if (v !== w && !(typeof v === "object" && same(v, w))) return false;
    na++;
  }
  let nb = 0;
  for (const _ in rb) nb++;
  return na === nb;
}

/**
 * `o[key] = value` as an own data property whatever the key: assigning the key `__proto__`
 * would set the object's prototype instead (and drop the value), where a caller's JSON (a
 * property or filter named `__proto__`) means a property.
 */
export function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else o[key] = value;
}
