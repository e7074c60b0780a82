/**
 * Worker threads for `ratecard/parallel`: one thread per job, started for the call and ended
 * after its answer. The thread runs dist/parallel/worker.js (worker.cjs from the CommonJS
 * build), the file next to this entry point's own.
 */
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Answer, ChunkMessage, Job } from "./jobs.js";
import type { PartChunk } from "./trace/result.js";

/** The worker script next to this module (the CommonJS build gets `import.meta.url` from tsup's shim). */
export function workerUrl(): URL {
  const here = typeof __filename === "string" ? pathToFileURL(__filename).href : import.meta.url;
  return new URL(here.endsWith(".cjs") ? "./worker.cjs" : "./worker.js", here);
}

/**
 * Each job in its own worker thread, all at once; the answers in the jobs' order. Chunks a part
 * sends before its answer go to `onChunk` with the job's index, as they arrive.
 */
export async function runJobs(jobs: readonly Job[], onChunk: (job: number, chunk: PartChunk) => void = () => {}, url: URL = workerUrl()): Promise<Answer[]> {
  const workers: Worker[] = [];
  try {
    return await Promise.all(jobs.map((job, index) => new Promise<Answer>((resolve, reject) => {
      const w = new Worker(url);
      workers.push(w);
      w.on("message", (m: Answer | ChunkMessage) => {
        if ("chunk" in m) onChunk(index, m.chunk);
        else resolve(m);
      });
      w.once("error", reject);
      w.once("exit", (code) => reject(new Error(`a worker thread exited (code ${code}) before it answered`)));
      w.postMessage(job);
    })));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
