/**
 * Builds the pricing playground (docs/report.md): the engine bundled for the browser with
 * esbuild, inlined with the demo's timeline into one page, `dist/playground.html`
 * (`npm run build` runs it; `ratecard playground` copies it where you want it).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { playgroundPage } from "../src/report/playground.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The page's text. */
export async function buildPlayground(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(ROOT, "src/report/browserEntry.ts")],
    bundle: true, write: false, platform: "browser", format: "iife", minify: true, target: "es2022", legalComments: "none",
  });
  const example = fs.readFileSync(path.join(ROOT, "examples/simulation.json"), "utf8");
  return playgroundPage(out.outputFiles[0]!.text, example);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.join(ROOT, "dist/playground.html");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await buildPlayground());
  console.log(`playground: ${path.relative(ROOT, file)}`);
}
