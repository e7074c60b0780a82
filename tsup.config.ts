import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", "json/index": "src/json/index.ts", "testing/index": "src/testing/index.ts", cli: "src/cli.ts" },
  format: ["esm", "cjs"],
  dts: { entry: { index: "src/index.ts", "json/index": "src/json/index.ts", "testing/index": "src/testing/index.ts" } },
  clean: true,
  sourcemap: false,
  target: "node20",
});
