#!/usr/bin/env node
/**
 * ratecard CLI (the only place in src/ with I/O).
 *
 *   ratecard run FILE      FILE is {"fn": "<entry point>", "input": {...}} (or an array of
 *                          them): prints each result as JSON
 *   ratecard demo FILE     the same, each result under its "title"
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
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Doc | Doc[];
  let status = 0;
  for (const doc of Array.isArray(parsed) ? parsed : [parsed]) status = Math.max(status, runDoc(doc, cmd === "demo"));
  return status;
}

interface Doc {
  readonly fn?: string;
  readonly input?: unknown;
  readonly title?: string;
}

function runDoc(doc: Doc, demo: boolean): number {
  const fn = (api as unknown as Record<string, unknown>)[doc.fn ?? "simulate"];
  if (typeof fn !== "function") {
    process.stderr.write(`ratecard: no entry point named ${String(doc.fn)}\n`);
    return 2;
  }
  if (demo) process.stdout.write(`\n# ${doc.title ?? doc.fn}  (${doc.fn})\n`);
  try {
    const out = (fn as EntryPoint)(doc.input);
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
