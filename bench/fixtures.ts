/** Shared bench helpers: benches must be reproducible, so every generator is seeded. */

/** mulberry32: a small seeded generator of floats in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/**
 * Best of `runs` calls of `f`, after a full GC (when run with --expose-gc) and a pause:
 * V8 sweeps a large heap on background threads after a GC.
 */
export async function bestOf<T>(f: () => T, runs: number, settleMs = 300): Promise<{ ms: number; value: T }> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  let best = Infinity;
  let value!: T;
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    value = f();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, value };
}
