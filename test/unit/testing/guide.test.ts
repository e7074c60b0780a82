/** docs/testing-your-pricing.md: its example runs (and fails when the price list breaks a rule). */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkStoragePrices } from "../../../examples/pricing-properties.js";

const ROOT = path.resolve(__dirname, "../../..");

describe("the testing guide", () => {
  it("its example property-tests the sample price list and passes", () => {
    expect(() => checkStoragePrices()).not.toThrow();
  });

  it("quotes the example file as it is", () => {
    const guide = fs.readFileSync(path.join(ROOT, "docs/testing-your-pricing.md"), "utf8");
    const example = fs.readFileSync(path.join(ROOT, "examples/pricing-properties.ts"), "utf8");
    expect(guide).toContain(example.trim());
  });
});
