/**
 * What a worker thread of `ratecard/parallel` is asked to do, and how it answers: one part of
 * a split simulation (trace/part.ts), or a chunk of independent calls of a JSON entry point. The
 * answer carries an error as data (its name, message and issues): an error does not cross a
 * thread as an instance. Pure: the worker (worker.ts) and the pool (pool.ts) do the I/O.
 */
import { isValidationError, type Issues, ValidationError } from "../core/issue.js";
import { aggregate } from "../json/aggregate.js";
import { aggregateColumns } from "../json/aggregateColumns.js";
import { applyChargeModel } from "../json/applyChargeModel.js";
import { billingPeriod } from "../json/billingPeriod.js";
import { simulate } from "../json/simulate.js";
import type { PartTask } from "./plan.js";
import { runPart } from "./trace/part.js";
import type { PartChunk, PartResult } from "./trace/result.js";

/** The JSON entry points `rateMany` calls. */
export const RATE_FUNCTIONS = { aggregate, aggregateColumns, applyChargeModel, billingPeriod, simulate } as const;
export type RateFunction = keyof typeof RATE_FUNCTIONS;

export type Job =
  | { readonly kind: "part"; readonly task: PartTask }
  | { readonly kind: "rate"; readonly fn: RateFunction; readonly inputs: readonly unknown[] };

/** An error as data: a ValidationError keeps its issues. */
export interface ErrorData {
  readonly name: string;
  readonly message: string;
  readonly issues?: Issues;
}

/** What a part sends while it runs (trace/result.ts `PartChunk`), before its answer. */
export interface ChunkMessage {
  readonly chunk: PartChunk;
}

export type Answer =
  | { readonly ok: true; readonly part: PartResult }
  | { readonly ok: true; readonly results: readonly unknown[] }
  /** `index`: the first input of a rate chunk that threw. */
  | { readonly ok: false; readonly error: ErrorData; readonly index?: number };

export function errorData(e: unknown): ErrorData {
  if (isValidationError(e)) return { name: "ValidationError", message: e.message, issues: e.issues };
  if (e instanceof Error) return { name: e.name, message: e.message };
  return { name: "Error", message: String(e) };
}

/** The error again, in the receiving thread: a ValidationError from its issues. */
export function errorOf(d: ErrorData): Error {
  if (d.issues !== undefined) return new ValidationError(d.issues);
  const e = new Error(d.message);
  e.name = d.name;
  return e;
}

/** Does a job (in a worker thread, or here); a part sends its chunks through `send` as it runs. */
export function perform(job: Job, send?: (message: ChunkMessage) => void): Answer {
  if (job.kind === "part") {
    try {
      return { ok: true, part: runPart(job.task, send === undefined ? undefined : (chunk) => send({ chunk })) };
    } catch (e) {
      return { ok: false, error: errorData(e) };
    }
  }
  const f = RATE_FUNCTIONS[job.fn] as (input: unknown) => unknown;
  const results: unknown[] = new Array(job.inputs.length);
  for (let i = 0; i < job.inputs.length; i++) {
    try {
      results[i] = f(job.inputs[i]);
    } catch (e) {
      return { ok: false, error: errorData(e), index: i };
    }
  }
  return { ok: true, results };
}
