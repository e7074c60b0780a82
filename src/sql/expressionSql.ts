/**
 * A metric's `expression` (§12.7, src/aggregation/_expression.ts) as PostgreSQL: one
 * LATERAL subquery per node, each giving its value's text `v`, whether it is a number `n`,
 * and the error `e` the in-memory evaluator would throw first (its message, word for word),
 * so that the statement selects, values and warns exactly as `aggregate` does.
 *
 * Numbers are exact `numeric`s, written as `toDecimalString` writes them (`trim_scale`);
 * a division keeps 40 decimals, half away from zero, as `div` does; `round` is half away
 * from zero as big.js's half-up. Literals, property names and messages are parameters.
 * No cast or division can fail at run (or planning) time: a text is cast only once it is
 * known to be a plain decimal (else the cast reads '0'), a divisor is NULLIF'd.
 */
import { toDecimalString } from "../core/decimal.js";
import type { Expr } from "../aggregation/_expression.js";

/** Binds a value, returning its placeholder. */
export type Bind = (value: unknown, type: string) => string;

const RE = "'^-?[0-9]+([.][0-9]+)?$'";
const TEN_40 = "1" + "0".repeat(40);
/** 10^-40, exact: a numeric product is exact, a quotient is not (PostgreSQL keeps some 16 digits). */
const TENTH_40 = "0." + "0".repeat(39) + "1";

/** The node's number (valid only where its error and `numError` are null). */
const num = (a: string): string => `(CASE WHEN ${a}.n OR ${a}.v ~ ${RE} THEN ${a}.v ELSE '0' END)::numeric`;
/** `num()`'s error in the evaluator: "not a number: <JSON of the text>". */
const numError = (a: string): string => `CASE WHEN ${a}.n OR ${a}.v ~ ${RE} THEN NULL ELSE 'not a number: ' || to_json(${a}.v)::text END`;
const canon = (x: string): string => `trim_scale(${x})::text`;

/**
 * The expression's value and error for the current row of a FROM item exposing `p`
 * (properties, jsonb) and `t` (timestamptz): `{ from, v, e }`, `from` being the text of a
 * subquery to join LATERAL, whose columns `v` and `e` are the value's text and the error.
 */
export function expressionSql(expr: Expr, bind: Bind, code: string): string {
  const nodes: string[] = [];
  const node = (v: string, n: string, e: string): string => {
    const alias = `x${nodes.length}`;
    nodes.push(`(SELECT ${v} AS v, ${n} AS n, ${e} AS e) AS ${alias}`);
    return alias;
  };
  /** A node computed only when `err` is null: `value` may then assume valid operands. */
  const guarded = (err: string, value: string, isNumber: boolean): string => {
    const alias = `x${nodes.length}`;
    nodes.push(`(SELECT CASE WHEN z.e IS NULL THEN ${value} END AS v, ${isNumber ? "TRUE" : "FALSE"} AS n, z.e FROM (SELECT ${err} AS e) AS z) AS ${alias}`);
    return alias;
  };
  const walk = (e: Expr): string => {
    switch (e.k) {
      case "num": return node(`${bind(toDecimalString(e.v), "text")}::text`, "TRUE", "NULL::text");
      case "str": return node(`${bind(e.v, "text")}::text`, "FALSE", "NULL::text");
      case "code": return node(`${code}::text`, "FALSE", "NULL::text");
      case "timestamp": return node(canon("EXTRACT(EPOCH FROM t)"), "TRUE", "NULL::text");
      case "prop": {
        const key = `${bind(e.name, "text")}::text`;
        const type = `jsonb_typeof(p -> ${key})`;
        return node(
          `CASE ${type} WHEN 'string' THEN p ->> ${key} WHEN 'number' THEN ${canon(`(p ->> ${key})::numeric`)} END`,
          `COALESCE(${type} = 'number', FALSE)`,
          `CASE WHEN ${type} IN ('string', 'number') THEN NULL ELSE ${bind(`property ${e.name} is missing or not a value`, "text")}::text END`,
        );
      }
      case "neg": {
        const a = walk(e.a);
        return guarded(`COALESCE(${a}.e, ${numError(a)})`, canon(`-${num(a)}`), true);
      }
      case "bin": {
        const a = walk(e.a), b = walk(e.b);
        const errs = [`${a}.e`, numError(a), `${b}.e`, numError(b)];
        if (e.op === "/") errs.push(`CASE WHEN ${num(b)} = 0 THEN 'division by zero' END`);
        const x = num(a), y = num(b);
        const value = e.op === "/"
          // round(|x|·10^40 / |y|) half up, as one exact integer division, then the signs.
          ? canon(`sign(${x}) * sign(${y}) * div(2 * abs(${x}) * ${TEN_40} + abs(${y}), NULLIF(2 * abs(${y}), 0)) * ${TENTH_40}`)
          : canon(`${x} ${e.op} ${y}`);
        return guarded(`COALESCE(${errs.join(", ")})`, value, true);
      }
      case "call": {
        const args = e.args.map(walk);
        const argErrors = args.map((a) => `${a}.e`);
        if (e.fn === "concat") return guarded(`COALESCE(${argErrors.join(", ")})`, args.map((a) => `${a}.v`).join(" || "), false);
        const x = num(args[0]!);
        if (e.fn === "ceil" || e.fn === "floor") return guarded(`COALESCE(${[...argErrors, numError(args[0]!)].join(", ")})`, canon(`${e.fn}(${x})`), true);
        const errs = [...argErrors, numError(args[0]!)];
        let precision = "0";
        if (args[1] !== undefined) {
          const p = num(args[1]);
          errs.push(numError(args[1]), `CASE WHEN ${p} <> trunc(${p}) OR abs(${p}) > 9007199254740991 THEN 'round precision must be an integer' WHEN abs(${p}) > 1000 THEN 'round precision out of range' END`);
          precision = `(CASE WHEN abs(${p}) <= 1000 THEN ${p} ELSE 0 END)::integer`;
        }
        return guarded(`COALESCE(${errs.join(", ")})`, canon(`round(${x}, ${precision})`), true);
      }
    }
  };
  const root = walk(expr);
  return `(SELECT ${root}.v, ${root}.e FROM ${nodes.join(", LATERAL ")})`;
}
