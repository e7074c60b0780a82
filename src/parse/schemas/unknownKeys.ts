/**
 * The keys of a value that its schema does not name: where a caller's object carries a key no
 * object of that kind has (a typo, a field of another API version), so that a reader that
 * accepts unknown keys (the catalog's loose objects) can still say which it left unread.
 * Walks the schema with the value: objects (their shape), optional, nullable and default
 * wrappers, arrays, unions (a discriminated one by its discriminator; otherwise a key is
 * unknown when no object option names it), pipes (their input). Records' keys are free, and so
 * are an object's that names none (`looseObject({})`: a free-form object).
 */
import type { z } from "zod";
import type { Path } from "../../core/issue.js";
import { CATALOG_SCHEMAS, type CatalogKind } from "./catalogSchemas.js";

type Def = { readonly type: string } & Record<string, unknown>;
type Schema = z.core.$ZodType;

const defOf = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** The paths (under `at`) of the keys of `value` that `schema` does not name, in the value's order. */
export function unknownKeys(schema: Schema, value: unknown, at: Path = []): Path[] {
  const out: Path[] = [];
  walk(schema, value, at, out);
  return out;
}

/** {@link unknownKeys} for a catalog object of one kind (`plan`, `customer`, …). */
export function unknownCatalogKeys(kind: CatalogKind, value: unknown, at: Path = []): Path[] {
  return unknownKeys(CATALOG_SCHEMAS[kind], value, at);
}

/** The keys an object of a catalog kind may have (its schema's shape; none for a union). */
export function catalogKeys(kind: CatalogKind): string[] {
  const def = defOf(CATALOG_SCHEMAS[kind]);
  return def.type === "object" ? Object.keys(def["shape"] as object) : [];
}

function walk(schema: Schema, value: unknown, at: Path, out: Path[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case "optional": case "nullable": case "default": case "prefault": case "nonoptional": case "readonly": case "catch":
      return walk(def["innerType"] as Schema, value, at, out);
    case "pipe":
      return walk(def["in"] as Schema, value, at, out);
    case "lazy":
      return walk((def["getter"] as () => Schema)(), value, at, out);
    case "array":
      if (Array.isArray(value)) value.forEach((v, i) => walk(def["element"] as Schema, v, [...at, i], out));
      return;
    case "object": {
      if (!isRecord(value)) return;
      const shape = def["shape"] as Record<string, Schema>;
      // An object with no named key (`looseObject({})`) is free-form: whatever it holds is passed on.
      if (Object.keys(shape).length === 0) return;
      for (const key of Object.keys(value)) {
        // Own keys only: a key such as `valueOf` must not find the shape's inherited members.
        const s = Object.hasOwn(shape, key) ? shape[key] : undefined;
        if (s === undefined) out.push([...at, key]);
        else walk(s, value[key], [...at, key], out);
      }
      return;
    }
    case "union":
      return walkUnion(def, value, at, out);
    default:
      return; // scalars, records, literals, enums, tuples: no keys of their own to check
  }
}

/**
 * A discriminated union takes the option its discriminator names (none: nothing is checked,
 * the value's own check refuses it); a plain union of objects knows a key when one option does.
 */
function walkUnion(def: Def, value: unknown, at: Path, out: Path[]): void {
  const options = def["options"] as Schema[];
  const key = def["discriminator"];
  if (typeof key === "string") {
    if (!isRecord(value)) return;
    const chosen = options.find((o) => accepts(o, key, value[key]));
    if (chosen !== undefined) walk(chosen, value, at, out);
    return;
  }
  const objects = options.map(objectShape).filter((s): s is Record<string, Schema> => s !== undefined);
  if (!isRecord(value) || objects.length === 0) {
    // Arrays and scalars: the first option that is an array walks it.
    const arr = options.find((o) => defOf(unwrap(o)).type === "array");
    if (arr !== undefined && Array.isArray(value)) walk(arr, value, at, out);
    return;
  }
  for (const k of Object.keys(value)) {
    const named = objects.filter((shape) => Object.hasOwn(shape, k));
    if (named.length === 0) out.push([...at, k]);
    else if (named.length === 1) walk(named[0]![k]!, value[k], [...at, k], out);
  }
}

function unwrap(s: Schema): Schema {
  let d = defOf(s);
  while (d.type === "optional" || d.type === "nullable" || d.type === "default" || d.type === "pipe") {
    s = (d.type === "pipe" ? d["in"] : d["innerType"]) as Schema;
    d = defOf(s);
  }
  return s;
}

function objectShape(s: Schema): Record<string, Schema> | undefined {
  const d = defOf(unwrap(s));
  return d.type === "object" ? (d["shape"] as Record<string, Schema>) : undefined;
}

/** Whether option `o`'s discriminator `key` is the literal `v`. */
function accepts(o: Schema, key: string, v: unknown): boolean {
  const shape = objectShape(o);
  if (shape === undefined || !Object.hasOwn(shape, key)) return false;
  const lit = shape[key]!;
  const d = defOf(unwrap(lit));
  return d.type === "literal" && (d["values"] as unknown[]).includes(v);
}
