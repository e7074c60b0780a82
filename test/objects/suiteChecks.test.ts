/**
 * The suite-wide checks of test/setup.ts are in force in every file, whatever the order the
 * files run in (the workers share one module graph: vitest.config.ts `isolate: false`): every
 * `simulate` the tests call validates its result against schemas/objects/.
 */
import { describe, expect, it } from "vitest";
import { simulate as fromIndex } from "../../src/index.js";
import { simulate as fromJson } from "../../src/json/index.js";

describe("suite-wide checks", () => {
  it("simulate, however imported, is the validating wrapper of test/setup.ts", () => {
    for (const simulate of [fromIndex, fromJson]) {
      expect(simulate.toString()).toContain("validateSimulateResult");
    }
  });
});
