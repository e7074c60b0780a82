#!/usr/bin/env node
/**
 * ratecard CLI (the only place in src/ with I/O).
 *
 *   ratecard run FILE      FILE is {"fn": "<entry point>", "input": {...}}: prints the result as JSON
 *   ratecard demo FILE     the same, printed for people
 */
import fs from "node:fs";
import * as api from "./index.js";

type EntryPoint = (input: unknown) => unknown;

function main(argv: readonly string[]): number {
  const [cmd, file] = argv;
  if ((cmd !== "run" && cmd !== "demo") || !file) {
    process.stderr.write("usage: ratecard run|demo FILE.json\n");
    return 2;
  }
  const doc = JSON.parse(fs.readFileSync(file, "utf8")) as { fn?: string; input?: unknown; title?: string };
  const fn = (api as unknown as Record<string, unknown>)[doc.fn ?? "simulate"];
  if (typeof fn !== "function") {
    process.stderr.write(`ratecard: no entry point named ${String(doc.fn)}\n`);
    return 2;
  }
  try {
    const out = (fn as EntryPoint)(doc.input);
    if (cmd === "demo" && doc.title) process.stdout.write(`# ${doc.title}\n`);
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof api.ValidationError) {
      process.stdout.write(`${JSON.stringify(err.toJSON(), null, 2)}\n`);
      return 1;
    }
    throw err;
  }
}

process.exitCode = main(process.argv.slice(2));
