/**
 * Metadata records as the reference's models check them (customers' and invoices' key/value
 * entries; credit notes' and plans' maps): lengths, uniqueness, presence, value types.
 */
import { describe, expect, it } from "vitest";
import { metadataRecordIssues, stripMetadataNuls, validItemMetadata } from "../../../src/simulator/metadataEntries.js";

const codes = (entries: { key: string; value?: string | null }[], max: number): string[] =>
  (metadataRecordIssues(entries, max) ?? []).map((i) => `${i.path.join(".")}:${i.code}`);

describe("key/value metadata records", () => {
  it("takes keys of up to 20 characters once each and present values up to the maximum", () => {
    expect(codes([{ key: "k".repeat(20), value: "v".repeat(100) }, { key: "other", value: "x" }], 100)).toEqual([]);
  });

  it("refuses a longer key, a repeated key, a blank or missing value and a longer value", () => {
    expect(codes([{ key: "k".repeat(21), value: "v" }], 100)).toEqual(["key:value_is_too_long"]);
    expect(codes([{ key: "a", value: "1" }, { key: "a", value: "2" }], 100)).toEqual(["key:value_already_exist"]);
    expect(codes([{ key: "a", value: " " }], 100)).toEqual(["value:value_is_mandatory"]);
    expect(codes([{ key: "a", value: null }], 100)).toEqual(["value:value_is_mandatory"]);
    expect(codes([{ key: "a", value: "v".repeat(141) }], 140)).toEqual(["value:value_is_too_long"]);
    expect(codes([{ key: "a", value: "v".repeat(140) }], 140)).toEqual([]);
  });

  it("counts characters, not UTF-16 units, and strips NUL characters from keys and values", () => {
    expect(codes([{ key: "😀".repeat(20), value: "x" }], 100)).toEqual([]);
    expect(stripMetadataNuls([{ key: "he\u0000llo", value: "wo\u0000rld" }, "other"])).toEqual([{ key: "hello", value: "world" }, "other"]);
  });
});

describe("item metadata maps", () => {
  it("takes none, an empty map, or up to 50 keys of up to 100 characters with null or short text values", () => {
    expect(validItemMetadata(undefined)).toBe(true);
    expect(validItemMetadata({})).toBe(true);
    expect(validItemMetadata(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i % 2 === 0 ? null : "v".repeat(255)])))).toBe(true);
  });

  it("refuses more keys, a longer key, a longer or non-text value, or a non-object", () => {
    expect(validItemMetadata(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])))).toBe(false);
    expect(validItemMetadata({ ["k".repeat(101)]: "v" })).toBe(false);
    expect(validItemMetadata({ k: "v".repeat(256) })).toBe(false);
    expect(validItemMetadata({ k: false })).toBe(false);
    expect(validItemMetadata({ k: 123 })).toBe(false);
    expect(validItemMetadata(["k"])).toBe(false);
  });
});
