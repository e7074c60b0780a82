/**
 * The contract's matching rules (../shared/docs/contract.md, "Test vectors"):
 * subset match for objects, element-wise arrays of equal length, numeric strings equal
 * by decimal value, timestamps equal by instant, operator keys on arrays, `round`.
 */
const NUM = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const TS = /^\d{4}-\d{2}-\d{2}T/;

function canonicalNumber(x: unknown): string | undefined {
  if (typeof x !== "number" && typeof x !== "string") return undefined;
  let s = String(x).trim();
  if (!NUM.test(s)) return undefined;
  if (/[eE]/.test(s)) s = Number(s).toFixed(20);
  let neg = s.startsWith("-");
  if (neg) s = s.slice(1);
  const [i0 = "0", f0 = ""] = s.split(".");
  const i = i0.replace(/^0+(?=\d)/, "");
  const f = f0.replace(/0+$/, "");
  if (i === "0" && f === "") neg = false;
  return (neg ? "-" : "") + i + (f ? `.${f}` : "");
}

const show = (x: unknown): string => (JSON.stringify(x) ?? "undefined").slice(0, 100);

export function match(exp: unknown, act: unknown, path: string, errs: string[]): void {
  if (errs.length > 8) return;
  if (exp === null || exp === undefined) {
    if (act !== null && act !== undefined) errs.push(`${path}: expected null, got ${show(act)}`);
    return;
  }
  if (typeof exp === "number" || (typeof exp === "string" && NUM.test(exp.trim()))) {
    const a = canonicalNumber(act);
    if (a !== undefined && a === canonicalNumber(exp)) return;
    if (exp === act) return;
    errs.push(`${path}: expected ${show(exp)}, got ${show(act)}`);
    return;
  }
  if (typeof exp === "string" && typeof act === "string" && TS.test(exp) && TS.test(act)) {
    if (Date.parse(exp) === Date.parse(act)) return;
  }
  if (typeof exp !== "object") {
    if (exp !== act) errs.push(`${path}: expected ${show(exp)}, got ${show(act)}`);
    return;
  }
  if (Array.isArray(exp)) {
    if (!Array.isArray(act)) return void errs.push(`${path}: expected an array, got ${show(act)}`);
    if (exp.length !== act.length) return void errs.push(`${path}: expected ${exp.length} items, got ${act.length}`);
    exp.forEach((e, i) => match(e, act[i], `${path}[${i}]`, errs));
    return;
  }
  if (act === null || typeof act !== "object" || Array.isArray(act)) {
    return void errs.push(`${path}: expected an object, got ${show(act)}`);
  }
  const obj = act as Record<string, unknown>;
  for (const [k, v] of Object.entries(exp as Record<string, unknown>)) {
    const m = /^(.*)__(by_index|last|count|contains|count_where)$/.exec(k);
    if (!m) {
      match(v, obj[k], `${path}.${k}`, errs);
      continue;
    }
    const base = m[1]!;
    const op = m[2]!;
    const arr = obj[base];
    const q = `${path}.${base}`;
    if (!Array.isArray(arr)) {
      errs.push(`${q}: expected an array`);
      continue;
    }
    const matches = (sub: unknown, a: unknown): boolean => {
      const e: string[] = [];
      match(sub, a, q, e);
      return e.length === 0;
    };
    if (op === "by_index") {
      for (const [idx, sub] of Object.entries(v as Record<string, unknown>)) {
        const i = Number(idx) < 0 ? arr.length + Number(idx) : Number(idx);
        match(sub, arr[i], `${q}[${idx}]`, errs);
      }
    } else if (op === "last") {
      match(v, arr[arr.length - 1], `${q}[last]`, errs);
    } else if (op === "count") {
      if (arr.length !== Number(v)) errs.push(`${q}: expected ${String(v)} items, got ${arr.length}`);
    } else if (op === "contains") {
      const subs = v as unknown[];
      const okm = subs.map((sub) => arr.map((a) => matches(sub, a)));
      const owner = new Array<number>(arr.length).fill(-1);
      const assign = (i: number, seen: boolean[]): boolean => {
        for (let j = 0; j < arr.length; j++) {
          if (!okm[i]![j] || seen[j]) continue;
          seen[j] = true;
          if (owner[j]! < 0 || assign(owner[j]!, seen)) {
            owner[j] = i;
            return true;
          }
        }
        return false;
      };
      subs.forEach((sub, i) => {
        if (!assign(i, [])) errs.push(`${q}: no distinct element matches ${show(sub)}`);
      });
    } else {
      for (const { match: sub, count } of v as { match: unknown; count: number }[]) {
        const n = arr.filter((a) => matches(sub, a)).length;
        if (n !== Number(count)) errs.push(`${q}: expected ${count} items matching ${show(sub)}, got ${n}`);
      }
    }
  }
}

/** Rounds half-up to `dp` decimals the numeric value at a dotted path (arrays are mapped). */
export function roundAt(obj: unknown, keys: readonly string[], dp: number): void {
  if (obj === null || typeof obj !== "object") return;
  if (Array.isArray(obj)) {
    for (const o of obj) roundAt(o, keys, dp);
    return;
  }
  const rec = obj as Record<string, unknown>;
  const [k, ...rest] = keys;
  if (k === undefined || !(k in rec)) return;
  if (rest.length === 0) rec[k] = roundHalfUp(rec[k], dp);
  else roundAt(rec[k], rest, dp);
}

function roundHalfUp(x: unknown, dp: number): unknown {
  if (typeof x !== "string" && typeof x !== "number") return x;
  const s = String(x).trim();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return x;
  const neg = s.startsWith("-");
  const [i = "0", f = ""] = (neg ? s.slice(1) : s).split(".");
  if (f.length <= dp) return x;
  let digits = BigInt(i + f.slice(0, dp));
  if (Number(f[dp]) >= 5) digits += 1n;
  const t = digits.toString().padStart(dp + 1, "0");
  const out = dp ? `${t.slice(0, -dp)}.${t.slice(-dp)}` : t;
  return (neg && digits !== 0n ? "-" : "") + out;
}
