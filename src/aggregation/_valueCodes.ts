/**
 * Property values → small integer codes, for the per-event filter and group-by checks.
 *
 * A value's code depends only on its text (`propertyText`: what `properties->>key`
 * reads), and is given by `codeOf` the first time that text is seen. The text → code
 * map is a `Map`; in front of it, a small direct-mapped table keyed by a cheap hash of
 * the string (length, first and last character) answers the common case — a handful
 * of distinct strings repeated over millions of events — with one `===` and no `Map`
 * lookup. A slot keeps the first string that landed in it; a colliding string just goes
 * to the `Map`, so the table only ever speeds things up.
 */
const SLOTS = 128;

/** A cheap hash of a string for direct-mapped tables: length, first and last character. */
export function quickHash(v: string): number {
  const len = v.length;
  return len === 0 ? 0 : len * 31 + v.charCodeAt(0) * 7 + v.charCodeAt(len - 1);
}

/**
 * The text form of a property value, as `properties->>key` reads it; null when absent.
 * A key missing from a plain object can still read an inherited member (`constructor`,
 * `toString`, `__proto__`): no JSON value is a function or `Object.prototype`, so those
 * are absent too.
 */
export function propertyText(v: unknown): string | null {
  if (typeof v === "string") return v;
  if (v === undefined || v === null) return null;
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  if (typeof v !== "object" || v === Object.prototype) return null;
  return JSON.stringify(v);
}

/** Lookups served by the `Map` alone before the direct-mapped table is made (a short window's few events do not pay for it). */
const TABLE_AFTER = 32;

export class ValueCodes {
  private slotValues: (string | null)[] | null = null;
  private slotCodes: Int32Array | null = null;
  private lookups = 0;
  private readonly byText = new Map<string | null, number>();

  /**
   * `codeOf` must give the same code for the same text. At most `maxTexts` texts are kept
   * (filters: a key with millions of distinct values must not grow a map; codes are then
   * recomputed for the texts left out). Group ids keep every text (`Infinity`).
   */
  constructor(
    private readonly codeOf: (text: string | null) => number,
    private readonly maxTexts = Infinity,
  ) {}

  /** The code of a raw property value (undefined, null, string, number, …). */
  code(v: unknown): number {
    if (typeof v === "string") {
      const values = this.slotValues;
      if (values === null) {
        if (++this.lookups > TABLE_AFTER) {
          this.slotValues = new Array<string | null>(SLOTS).fill(null);
          this.slotCodes = new Int32Array(SLOTS);
        }
        return this.miss(v, -1);
      }
      const h = quickHash(v) & (SLOTS - 1);
      if (values[h] === v) return this.slotCodes![h]!;
      return this.miss(v, h);
    }
    return this.miss(v, -1);
  }

  private miss(v: unknown, slot: number): number {
    const text = propertyText(v);
    let c = this.byText.get(text);
    if (c === undefined) {
      c = this.codeOf(text);
      if (this.byText.size < this.maxTexts) this.byText.set(text, c);
    }
    if (slot >= 0 && this.slotValues![slot] === null) {
      this.slotValues![slot] = v as string;
      this.slotCodes![slot] = c;
    }
    return c;
  }
}
