import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NAMESPACE_DNS, NAMESPACE_URL, RATECARD_NAMESPACE, isUuid, stableId, uuidV5 } from "../../../src/core/ids.js";
import { sha1, utf8 } from "../../../src/core/sha1.js";
import { ValidationError } from "../../../src/core/issue.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const details = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e.error_details;
    throw e;
  }
  throw new Error("no error");
};

describe("sha1", () => {
  it.each([
    ["", "da39a3ee5e6b4b0d3255bfef95601890afd80709"],
    ["abc", "a9993e364706816aba3e25717850c26c9cd0d89d"],
    ["abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"],
  ])("FIPS 180 vector %j", (text, digest) => {
    expect(hex(sha1(utf8(text)))).toBe(digest);
  });
  it("one million 'a' (two-word length field, many blocks)", () => {
    expect(hex(sha1(new Uint8Array(1_000_000).fill(97)))).toBe("34aa973cd4c4daa4f61eeb2bdbad27316534016f");
  });
  it("agrees with node:crypto on random bytes of every length around the block boundaries", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
      expect(hex(sha1(bytes))).toBe(createHash("sha1").update(bytes).digest("hex"));
    }));
  });
});

describe("utf8", () => {
  it("encodes like TextEncoder, lone surrogates included", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) }), (a, b) => {
      const s = a + b + a;
      expect(hex(utf8(s))).toBe(hex(new TextEncoder().encode(s)));
    }));
  });
});

describe("uuidV5", () => {
  it("RFC 4122 / known vectors", () => {
    expect(uuidV5("www.example.com", NAMESPACE_DNS)).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
    expect(uuidV5("python.org", NAMESPACE_DNS)).toBe("886313e1-3b8a-5372-9b90-0c9aee199e5d");
  });
  it("accepts an upper-case namespace and gives the same id", () => {
    expect(uuidV5("python.org", NAMESPACE_DNS.toUpperCase())).toBe("886313e1-3b8a-5372-9b90-0c9aee199e5d");
  });
  it("the project namespace is derived as documented, and is the default", () => {
    expect(uuidV5("urn:ratecard:ids", NAMESPACE_URL)).toBe(RATECARD_NAMESPACE);
    expect(uuidV5("x")).toBe(uuidV5("x", RATECARD_NAMESPACE));
  });
  it("always a lower-case version-5, variant-10 UUID", () => {
    fc.assert(fc.property(fc.string(), (name) => {
      const id = uuidV5(name);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(isUuid(id)).toBe(true);
    }));
  });
  it("refuses a namespace that is not a UUID", () => {
    expect(details(() => uuidV5("a", "not-a-uuid"))).toEqual({ namespace: ["invalid_value"] });
  });
});

describe("stableId", () => {
  it("same path → same id; any change of kind or part → another id", () => {
    const a = stableId("fee", "sub_1", "charge", "ch_1", null, { region: ["eu"] }, 1_709_251_200_000);
    expect(stableId("fee", "sub_1", "charge", "ch_1", null, { region: ["eu"] }, 1_709_251_200_000)).toBe(a);
    expect(new Set([
      a,
      stableId("fees", "sub_1", "charge", "ch_1", null, { region: ["eu"] }, 1_709_251_200_000),
      stableId("fee", "sub_2", "charge", "ch_1", null, { region: ["eu"] }, 1_709_251_200_000),
      stableId("fee", "sub_1", "charge", "ch_1", "null", { region: ["eu"] }, 1_709_251_200_000),
      stableId("fee", "sub_1", "charge", "ch_1", null, { region: ["us"] }, 1_709_251_200_000),
      stableId("fee", "sub_1", "charge", "ch_1", null, { region: ["eu"] }, 1_709_251_200_001),
      stableId("fee", "sub_1", "charge", "ch_1", null, { region: ["eu"] }, "1709251200000"),
    ]).size).toBe(7);
  });
  it("parts never run into each other", () => {
    expect(stableId("k", "a/b", "c")).not.toBe(stableId("k", "a", "b/c"));
    expect(stableId("k", "a,b")).not.toBe(stableId("k", "a", "b"));
    expect(stableId("k", ["a", "b"])).not.toBe(stableId("k", "a", "b"));
  });
  it("records are canonical: key order and undefined values do not matter", () => {
    expect(stableId("k", { b: "2", a: "1" })).toBe(stableId("k", { a: "1", b: "2", c: undefined }));
    expect(stableId("k", -0)).toBe(stableId("k", 0));
  });
  it("different paths give different ids (random paths)", () => {
    const part = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean());
    fc.assert(fc.property(fc.array(part, { maxLength: 4 }), fc.array(part, { maxLength: 4 }), (p, q) => {
      fc.pre(JSON.stringify(p) !== JSON.stringify(q));
      expect(stableId("k", ...p)).not.toBe(stableId("k", ...q));
    }));
  });
  it("names every bad part: an empty kind, NaN, Infinity, undefined inside a list", () => {
    const bad = [Number.NaN, "ok", { x: [1, Number.POSITIVE_INFINITY] }, [undefined]] as unknown as string[];
    expect(details(() => stableId("", ...bad))).toEqual({
      kind: ["value_is_mandatory"], "path.0": ["invalid_value"], "path.2.x.1": ["invalid_value"], "path.3.0": ["invalid_value"],
    });
  });
});

describe("uuidV5's allocation-free path", () => {
  const reference = (name: string, namespace: string): string => {
    const bytes = Buffer.concat([Buffer.from(namespace.replace(/-/g, ""), "hex"), Buffer.from(name, "utf8")]);
    const h = createHash("sha1").update(bytes).digest();
    h[6] = (h[6]! & 0x0f) | 0x50;
    h[8] = (h[8]! & 0x3f) | 0x80;
    const x = h.subarray(0, 16).toString("hex");
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
  };
  it("equals the digest of node:crypto for any text (surrogates included), any length, in turns of namespace", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.constantFrom(RATECARD_NAMESPACE, NAMESPACE_DNS, NAMESPACE_URL), (name, ns) => {
      // A lone surrogate is U+FFFD, as Buffer.from(…, "utf8") also writes it.
      expect(uuidV5(name, ns)).toBe(reference(name, ns));
    }));
  });
});

describe("stableId's one-pass path", () => {
  it("names text, finite numbers and null as the canonical JSON of [kind, ...parts] does", () => {
    const part = fc.oneof(fc.string({ unit: "binary" }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constant(null));
    fc.assert(fc.property(fc.string({ minLength: 1 }), fc.array(part, { maxLength: 6 }), (kind, parts) => {
      expect(stableId(kind, ...parts)).toBe(uuidV5(JSON.stringify([kind, ...parts])));
    }));
  });
  it("names a record of texts and nulls by its canonical JSON (keys sorted), as the general path does", () => {
    // Keys sorted by code unit (an object literal would put integer-like keys first).
    const canon = (r: Record<string, string | null>): string => `{${Object.keys(r).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(r[k])}`).join(",")}}`;
    fc.assert(fc.property(fc.dictionary(fc.oneof(fc.string({ unit: "binary", maxLength: 4 }), fc.nat(20).map(String)), fc.option(fc.string({ unit: "binary", maxLength: 4 }))), fc.string(), (record, text) => {
      fc.pre(!Object.keys(record).includes("__proto__"));
      expect(stableId("fee", text, record)).toBe(uuidV5(`["fee",${JSON.stringify(text)},${canon(record)}]`));
      expect(stableId("fee", text, record, { nested: [1] })).toBe(uuidV5(`["fee",${JSON.stringify(text)},${canon(record)},{"nested":[1]}]`));
    }));
  });
  it("gives the same id whether a path mixes in a record or not (the general path)", () => {
    expect(stableId("fee", "s", { b: 1, a: "x" })).toBe(uuidV5(JSON.stringify(["fee", "s", { a: "x", b: 1 }])));
  });
});
