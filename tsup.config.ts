import fs from "node:fs";
import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts", "json/index": "src/json/index.ts", "testing/index": "src/testing/index.ts", cli: "src/cli.ts",
    // Push-down (docs/scale.md): the driver-free builder, and the runner for node-postgres.
    "sql/index": "src/sql/index.ts", "pg/index": "src/sql/pg.ts",
    // Rating on every core (docs/scale.md): the entry point and the worker thread it starts, side by side.
    "parallel/index": "src/parallel/index.ts", "parallel/worker": "src/parallel/worker.ts",
  },
  format: ["esm", "cjs"],
  // Shared chunks in both formats: one copy of the engine whatever the entry point (CommonJS
  // code splitting is tsup's opt-in).
  splitting: true,
  dts: {
    entry: {
      index: "src/index.ts", "json/index": "src/json/index.ts", "testing/index": "src/testing/index.ts",
      "sql/index": "src/sql/index.ts", "pg/index": "src/sql/pg.ts", "parallel/index": "src/parallel/index.ts",
    },
  },
  // `import.meta` does not exist in CommonJS: there `import.meta.url` is undefined, and code that
  // needs its own file reads `__filename` first (src/parallel/pool.ts).
  esbuildOptions(options, context) {
    if (context.format === "cjs") options.define = { ...options.define, "import.meta.url": "undefined" };
  },
  clean: true,
  sourcemap: false,
  target: "node20",
  // The CLI is an ESM program (the `bin`); its CommonJS twin would only add weight.
  onSuccess: async () => fs.rmSync("dist/cli.cjs", { force: true }),
});
