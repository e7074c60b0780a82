/**
 * The catalog schemas as JSON Schema (draft 2020-12), for editors and gateways.
 */
import { z } from "zod";
import { CATALOG_SCHEMAS, type CatalogKind } from "./catalogSchemas.js";

export type CatalogJsonSchema = z.core.JSONSchema.BaseSchema;

/**
 * zod writes a root that carries an `id` as `{ $ref: "#/$defs/<id>", $defs }`; put the
 * definition itself at the root (references to it then point at `#`).
 */
function inlineRoot(schema: CatalogJsonSchema): CatalogJsonSchema {
  const { $schema, $ref, $defs, ...rest } = schema;
  const id = typeof $ref === "string" && $ref.startsWith("#/$defs/") ? $ref.slice("#/$defs/".length) : undefined;
  const root = id === undefined ? undefined : $defs?.[id];
  if (id === undefined || root === undefined || typeof root !== "object") return schema;
  const { [id]: _self, ...defs } = $defs ?? {};
  const out: CatalogJsonSchema = { ...($schema === undefined ? {} : { $schema }), ...rest, ...root };
  if (Object.keys(defs).length > 0) out.$defs = defs;
  const text = JSON.stringify(out).replaceAll(JSON.stringify(`#/$defs/${id}`), JSON.stringify("#"));
  return JSON.parse(text) as CatalogJsonSchema;
}

/**
 * `{ plan: {...}, charge: {...}, … }`: what a client may send, as JSON Schema.
 * Extra keys are allowed everywhere. Checks that JSON Schema cannot express (a known
 * time zone, a real calendar date, a timestamp the engine can read) run only in
 * {@link parseCatalogObject}.
 */
export function catalogJsonSchemas(): Record<CatalogKind, CatalogJsonSchema> {
  const out: Partial<Record<CatalogKind, CatalogJsonSchema>> = {};
  for (const [kind, schema] of Object.entries(CATALOG_SCHEMAS) as [CatalogKind, z.ZodType][]) {
    out[kind] = inlineRoot(z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "throw" }));
  }
  return out as Record<CatalogKind, CatalogJsonSchema>;
}
