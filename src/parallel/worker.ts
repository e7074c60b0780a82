/**
 * The worker thread of `ratecard/parallel` (built as dist/parallel/worker.js and .cjs, next to
 * the entry point that starts it): it takes jobs (jobs.ts) from its parent, one message each,
 * and answers each with one message, after the chunks a part sends as it runs.
 */
import { parentPort } from "node:worker_threads";
import { type Job, perform } from "./jobs.js";

parentPort?.on("message", (job: Job) => {
  const port = parentPort!;
  port.postMessage(perform(job, (chunk) => port.postMessage(chunk)));
});
