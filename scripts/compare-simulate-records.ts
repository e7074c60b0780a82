/**
 * Compares two recordings of the suite's simulate calls (test/setup.ts,
 * RATECARD_RECORD_SIMULATE=DIR): for every input recorded in both, the outputs must hash the
 * same. Prints the differing inputs' keys and the counts. A refactoring aid, not a test.
 *
 *   npx tsx scripts/compare-simulate-records.ts BEFORE_DIR AFTER_DIR
 */
import fs from "node:fs";
import path from "node:path";

function load(dir: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of fs.readdirSync(dir)) {
    for (const line of fs.readFileSync(path.join(dir, f), "utf8").split("\n")) {
      if (!line) continue;
      const { key, out: o } = JSON.parse(line) as { key: string; out: string };
      const set = out.get(key) ?? new Set<string>();
      set.add(o);
      out.set(key, set);
    }
  }
  return out;
}

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error("usage: compare-simulate-records BEFORE_DIR AFTER_DIR");
  process.exit(2);
}
const a = load(before);
const b = load(after);
let same = 0;
const differ: string[] = [];
for (const [key, outs] of a) {
  const other = b.get(key);
  if (other === undefined) continue;
  if ([...outs].every((o) => other.has(o)) && outs.size === other.size) same++;
  else differ.push(`${key}\n  before: ${[...outs].join(" | ")}\n  after:  ${[...other].join(" | ")}`);
}
console.log(`${a.size} inputs before, ${b.size} after; ${same} identical, ${differ.length} differ`);
for (const d of differ.slice(0, 50)) console.log(d);
process.exit(differ.length === 0 ? 0 : 1);
