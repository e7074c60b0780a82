/**
 * The metric `expression` language (§12.7), parsed and evaluated here: never `eval`.
 *
 *   expr    := term (("+" | "-") term)*
 *   term    := unary (("*" | "/") unary)*
 *   unary   := "-" unary | primary
 *   primary := number | string | "(" expr ")" | name "(" args ")" | event.code
 *            | event.timestamp | event.properties.NAME
 *
 * Functions: round(x[, precision]) (half-up), ceil(x), floor(x), concat(a, b, …).
 * Properties are read as text and parsed as decimals where a number is needed.
 */
import { type Decimal, ZERO, dec, div, parseDecimal, round, toDecimalString } from "../core/decimal.js";
import type { UsageEvent } from "./types.js";

const THOUSAND = dec(1000);

export type Expr =
  | { readonly k: "num"; readonly v: Decimal }
  | { readonly k: "str"; readonly v: string }
  | { readonly k: "code" | "timestamp" }
  | { readonly k: "prop"; readonly name: string }
  | { readonly k: "neg"; readonly a: Expr }
  | { readonly k: "bin"; readonly op: "+" | "-" | "*" | "/"; readonly a: Expr; readonly b: Expr }
  | { readonly k: "call"; readonly fn: "round" | "ceil" | "floor" | "concat"; readonly args: readonly Expr[] };

type Token = { readonly t: "num" | "str" | "id" | "op"; readonly v: string; readonly at: number };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|'([^']*)'|"([^"]*)"|([A-Za-z_][A-Za-z0-9_]*)|([-+*/(),.]))/y;
const ARITY = { round: [1, 2], ceil: [1, 1], floor: [1, 1], concat: [1, Infinity] } as const;

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.length) {
    if (/^\s*$/.test(src.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(src);
    if (!m) throw new SyntaxError(`unexpected character at ${at}`);
    if (m[1] !== undefined) out.push({ t: "num", v: m[1], at });
    else if (m[2] !== undefined || m[3] !== undefined) out.push({ t: "str", v: m[2] ?? m[3] ?? "", at });
    else if (m[4] !== undefined) out.push({ t: "id", v: m[4], at });
    else out.push({ t: "op", v: m[5] ?? "", at });
  }
  return out;
}

/** Parses an expression; throws SyntaxError with a position on bad input. */
export function parseExpression(src: string): Expr {
  const toks = tokenize(src);
  let i = 0;
  const peek = (v: string): boolean => toks[i]?.t === "op" && toks[i]?.v === v;
  const expect = (v: string): void => {
    if (!peek(v)) throw new SyntaxError(`expected "${v}" at ${toks[i]?.at ?? src.length}`);
    i++;
  };
  const ident = (): string => {
    const tok = toks[i++];
    if (tok?.t !== "id") throw new SyntaxError(`expected a name at ${tok?.at ?? src.length}`);
    return tok.v;
  };
  const primary = (): Expr => {
    const tok = toks[i];
    if (tok === undefined) throw new SyntaxError("unexpected end of expression");
    if (tok.t === "num") return i++, { k: "num", v: dec(tok.v) };
    if (tok.t === "str") return i++, { k: "str", v: tok.v };
    if (peek("(")) {
      i++;
      const e = expr();
      expect(")");
      return e;
    }
    const name = ident();
    if (name === "event") {
      expect(".");
      const field = ident();
      if (field === "code" || field === "timestamp") return { k: field };
      if (field !== "properties") throw new SyntaxError(`unknown event field "${field}" at ${tok.at}`);
      expect(".");
      return { k: "prop", name: ident() };
    }
    if (!(name in ARITY)) throw new SyntaxError(`unknown function "${name}" at ${tok.at}`);
    const fn = name as keyof typeof ARITY;
    expect("(");
    const args = [expr()];
    while (peek(",")) i++, args.push(expr());
    expect(")");
    const [lo, hi] = ARITY[fn];
    if (args.length < lo || args.length > hi) throw new SyntaxError(`wrong number of arguments to ${fn} at ${tok.at}`);
    return { k: "call", fn, args };
  };
  const unary = (): Expr => (peek("-") ? (i++, { k: "neg", a: unary() }) : primary());
  const binary = (next: () => Expr, ops: readonly string[]) => (): Expr => {
    let a = next();
    while (toks[i]?.t === "op" && ops.includes(toks[i]!.v)) {
      const op = toks[i++]!.v as "+" | "-" | "*" | "/";
      a = { k: "bin", op, a, b: next() };
    }
    return a;
  };
  const term = binary(unary, ["*", "/"]);
  const expr = binary(term, ["+", "-"]);
  const out = expr();
  if (i < toks.length) throw new SyntaxError(`unexpected "${toks[i]!.v}" at ${toks[i]!.at}`);
  return out;
}

type Value = Decimal | string;

function num(v: Value): Decimal {
  if (typeof v !== "string") return v;
  const d = parseDecimal(v);
  if (d === undefined) throw new RangeError(`not a number: ${JSON.stringify(v)}`);
  return d;
}
const text = (v: Value): string => (typeof v === "string" ? v : toDecimalString(v));

function evaluate(e: Expr, ev: UsageEvent): Value {
  switch (e.k) {
    case "num": case "str": return e.v;
    case "code": return ev.code;
    case "timestamp": return dec(ev.timestamp).div(THOUSAND);
    case "prop": {
      const v = ev.properties[e.name];
      if (typeof v === "string") return v;
      if (typeof v === "number") return num(String(v));
      throw new RangeError(`property ${e.name} is missing or not a value`);
    }
    case "neg": return num(evaluate(e.a, ev)).neg();
    case "bin": {
      const a = num(evaluate(e.a, ev)), b = num(evaluate(e.b, ev));
      if (e.op === "+") return a.plus(b);
      if (e.op === "-") return a.minus(b);
      if (e.op === "*") return a.times(b);
      if (b.eq(ZERO)) throw new RangeError("division by zero");
      return div(a, b);
    }
    case "call": {
      const args = e.args.map((a) => evaluate(a, ev));
      if (e.fn === "concat") return args.map(text).join("");
      const x = num(args[0]!);
      if (e.fn === "ceil") return round(x, 0, "ceil");
      if (e.fn === "floor") return round(x, 0, "floor");
      const p = args[1] === undefined ? 0 : Number(toDecimalString(num(args[1])));
      if (!Number.isSafeInteger(p)) throw new RangeError("round precision must be an integer");
      return round(x, p, "half_up");
    }
  }
}

/** The expression's value for an event, as text; throws RangeError when it cannot be computed. */
export function evaluateExpression(e: Expr, ev: UsageEvent): string {
  return text(evaluate(e, ev));
}

/** Each metric expression's parse, made once (the set of expressions is the catalog's). */
const parsed = new Map<string, Expr>();

function parsedOnce(expression: string): Expr {
  let e = parsed.get(expression);
  if (e === undefined) {
    e = parseExpression(expression);
    parsed.set(expression, e);
  }
  return e;
}

/** The value of `expression` for an event (charges.md §12.7), as its text; throws when it cannot be computed (see {@link expressionFailure}). */
export function expressionValue(expression: string, ev: UsageEvent): string {
  return evaluateExpression(parsedOnce(expression), ev);
}

/**
 * Why `expression` cannot be computed for an event (charges.md §12.7: such an event is
 * rejected at ingestion), or `undefined` when it can.
 */
export function expressionFailure(expression: string, ev: UsageEvent): string | undefined {
  try {
    evaluate(parsedOnce(expression), ev);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
