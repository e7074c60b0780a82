/**
 * `ratecard/parallel`: rating on every core, with Node's worker threads (docs/scale.md, "Every
 * core"). The only entry point that starts threads; the engine itself stays pure.
 *
 * - `simulateMany(input)`: `simulate(input)` with the timeline's independent customers split
 *   across worker threads and the parts merged in the order one run emits — the same output,
 *   byte for byte, whatever the number of workers. Inputs that cannot be split exactly run in
 *   one piece, in this thread (`onReport` says why).
 * - `rateMany(fn, inputs)`: many independent calls of a JSON entry point (`aggregate`,
 *   `applyChargeModel`, `billingPeriod`, `simulate`, …) shared out among worker threads; the
 *   results in the inputs' order.
 */
import { availableParallelism } from "node:os";
import { simulate, type SimulateOutput } from "../json/simulate.js";
import { validateSimulation } from "../simulator/simulate.js";
import type { SimulateManyReport } from "./inline.js";
import { type Answer, errorOf, type Job, RATE_FUNCTIONS, type RateFunction } from "./jobs.js";
import { mergeParts } from "./merge.js";
import { planSplit, type SplitOptions } from "./plan.js";
import { runJobs } from "./pool.js";
import { assemble, type PartChunk, type PartResult } from "./trace/result.js";

export type { SimulateOutput } from "../json/simulate.js";
export type { SimulateManyReport } from "./inline.js";
export type { RateFunction } from "./jobs.js";

export interface SimulateManyOptions {
  /** Worker threads to use at most (default: `os.availableParallelism()`); 0 or 1 simulates in this thread. */
  readonly workers?: number;
  /** Told how the input ran: the workers used, the groups of customers found, why it ran in one piece. */
  readonly onReport?: (report: SimulateManyReport) => void;
}

export interface RateManyOptions {
  /** Worker threads to use at most (default: `os.availableParallelism()`); 0 or 1 computes in this thread. */
  readonly workers?: number;
}

function workerCount(n: number | undefined): number {
  const w = n ?? availableParallelism();
  if (!Number.isInteger(w) || w < 0) throw new RangeError(`workers must be a non-negative integer, got ${String(n)}`);
  return w;
}

/**
 * `simulate(input)` on worker threads: the timeline split into groups of connected customers
 * (docs/scale.md), the groups shared out among the workers, the parts merged. The result is
 * `simulate(input)`'s, byte for byte, for any number of workers. (What a run of the parts finds
 * — a `create_wallet` refused before another, the instants of the interval rules' walks — is
 * planned for in another run, at most three in all.)
 * @throws ValidationError (the promise rejects) as `simulate` does.
 */
export async function simulateMany(input: unknown, options: SimulateManyOptions = {}): Promise<SimulateOutput> {
  validateSimulation(input);
  const workers = workerCount(options.workers);
  const inOnePiece = (groups: number, reason: string): SimulateOutput => {
    options.onReport?.({ workers: 0, groups, reason });
    return simulate(input);
  };
  if (workers <= 1) return inOnePiece(0, "one worker");
  let again: SplitOptions = {};
  for (let pass = 1; ; pass++) {
    const split = planSplit(input, workers, again);
    if (!split.ok) return inOnePiece(0, split.reason);
    const { plan } = split;
    if (plan.tasks.length < 2) return inOnePiece(plan.groups, "one group of connected customers");
    let answers: Answer[];
    // The webhooks and responses parts send while they run are taken in meanwhile.
    const chunks: PartChunk[][] = plan.tasks.map(() => []);
    try {
      answers = await runJobs(plan.tasks.map((task): Job => ({ kind: "part", task })), (job, chunk) => chunks[job]!.push(chunk));
    } catch (e) {
      return inOnePiece(plan.groups, `a worker thread failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    const parts: PartResult[] = [];
    for (let p = 0; p < answers.length; p++) {
      const a = answers[p]!;
      if (!a.ok) return inOnePiece(plan.groups, `a part failed: ${a.error.message}`);
      if ("part" in a) parts.push(assemble(chunks[p]!, a.part));
    }
    const merged = mergeParts(plan, parts);
    if (merged.ok) {
      options.onReport?.({ workers: plan.tasks.length, groups: plan.groups });
      return merged.output;
    }
    // What the run found (a create_wallet refused before another, the interval rules' walks) planned for: at most three runs.
    if (merged.again !== undefined && pass < 3) {
      again = merged.again;
      continue;
    }
    return inOnePiece(plan.groups, merged.reason);
  }
}

type Output<F extends RateFunction> = ReturnType<(typeof RATE_FUNCTIONS)[F]>;

/**
 * `inputs.map(fn)` for a JSON entry point, the inputs shared out in contiguous chunks among
 * worker threads; the results in the inputs' order.
 * @throws (the promise rejects) the error of the first input, in the inputs' order, that throws — a ValidationError as the function throws it.
 */
export async function rateMany<F extends RateFunction>(fn: F, inputs: readonly unknown[], options: RateManyOptions = {}): Promise<Output<F>[]> {
  const f = RATE_FUNCTIONS[fn] as ((input: unknown) => Output<F>) | undefined;
  if (f === undefined) throw new TypeError(`rateMany: unknown function ${String(fn)} (one of ${Object.keys(RATE_FUNCTIONS).join(", ")})`);
  const n = Math.min(workerCount(options.workers), inputs.length);
  if (n <= 1) return inputs.map((x) => f(x));
  const size = Math.ceil(inputs.length / n);
  const chunks: Job[] = [];
  for (let from = 0; from < inputs.length; from += size) chunks.push({ kind: "rate", fn, inputs: inputs.slice(from, from + size) });
  const answers = await runJobs(chunks);
  const out: Output<F>[] = [];
  for (const a of answers) {
    // Chunks are in input order: the first chunk with an error has the first failing input.
    if (!a.ok) throw errorOf(a.error);
    if ("results" in a) out.push(...(a.results as Output<F>[]));
  }
  return out;
}
