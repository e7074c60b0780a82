/**
 * A refused step, as a value: what an operation returns instead of its response when the
 * service would refuse the call. An operation checks everything first and returns a
 * `Refusal` before it changes anything; nothing is thrown (docs/simulator.md, "How an
 * operation refuses").
 */
import { issue, type IssueCode, type Issues, type Path, toErrorDetails } from "../core/issue.js";

export class Refusal {
  /** The step's `error`: `{code, error_details?}`. */
  readonly error: Readonly<Record<string, unknown>>;
  constructor(code: string, details?: Readonly<Record<string, string[]>>) {
    this.error = details === undefined ? { code } : { code, error_details: details };
  }
}

/** A refusal with the service's code (`subscription_not_found`, …) and, if any, its details. */
export const refusal = (code: string, details?: Readonly<Record<string, string[]>>): Refusal => new Refusal(code, details);

/** `validation_errors` naming every bad field. */
export const invalid = (issues: Issues): Refusal => new Refusal("validation_errors", toErrorDetails(issues));

/** `validation_errors` naming one field. */
export const invalidField = (code: IssueCode, path: Path): Refusal => invalid([issue(code, path)]);

export const isRefusal = (x: unknown): x is Refusal => x instanceof Refusal;

/** What an operation answers: its response, or its refusal. */
export type Answer = Readonly<Record<string, unknown>> | Refusal;

/** An outcome code of the invoice rules (`"ok"` or the refusal's code; `invalid_value` names `field`). */
export function fromOutcome(outcome: string, field?: string): Refusal | undefined {
  if (outcome === "ok") return undefined;
  if (outcome === "invalid_value" && field !== undefined) return invalidField("invalid_value", [field]);
  return refusal(outcome);
}

/** A result of the invoice rules: its value, or its refusal. */
export function fromResult<T>(r: { ok: true; value: T } | { ok: false; code: string; issues?: Issues }): T | Refusal {
  if (r.ok) return r.value;
  if (r.code === "validation_errors" && r.issues !== undefined) return invalid(r.issues);
  return refusal(r.code);
}
