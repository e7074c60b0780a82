/**
 * One ValidationError whatever the build: the ESM and CommonJS builds each carry a copy of the
 * class, and an error thrown by one must be recognised by the other (`instanceof` and
 * `isValidationError`). A second copy of the module stands in for the other build.
 */
import { describe, expect, it, vi } from "vitest";
import { ValidationError, isValidationError, issue } from "../../../src/core/issue.js";

async function otherCopy(): Promise<typeof import("../../../src/core/issue.js")> {
  vi.resetModules();
  const copy = "../../../src/core/issue.js?copy";
  return (await import(/* @vite-ignore */ copy)) as typeof import("../../../src/core/issue.js");
}

describe("ValidationError across copies of the library", () => {
  it("a second copy defines a distinct class", async () => {
    const other = await otherCopy();
    expect(other.ValidationError).not.toBe(ValidationError);
  });

  it("instanceof and isValidationError recognise an error of the other copy, both ways", async () => {
    const other = await otherCopy();
    const theirs = new other.ValidationError([other.issue("invalid_value", ["x"])]);
    const ours = new ValidationError([issue("invalid_value", ["y"])]);
    expect(theirs instanceof ValidationError).toBe(true);
    expect(isValidationError(theirs)).toBe(true);
    expect(ours instanceof other.ValidationError).toBe(true);
    expect(other.isValidationError(ours)).toBe(true);
    expect(theirs instanceof Error).toBe(true);
  });

  it("nothing else passes", () => {
    for (const x of [new Error("x"), new TypeError("x"), { code: "validation_errors", error_details: {} }, null, undefined, "ValidationError", 1]) {
      expect(isValidationError(x)).toBe(false);
      expect(x instanceof ValidationError).toBe(false);
    }
  });
});
