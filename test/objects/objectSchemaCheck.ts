/**
 * Validates what `simulate` returns against the committed object schemas
 * (schemas/objects/, written from ../shared/docs/semantics/objects.md).
 *
 * `objectsOf` finds every object of a result and names its kind: the result's lists, each
 * response by its wrapper key (an unknown wrapper key is itself a problem, so that no answer
 * escapes validation), each webhook by its type. Objects nested in those (fees in invoices,
 * customers, taxes, plans…) are validated by their parent's schema.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../schemas/objects");

let validators: Map<string, ValidateFunction> | undefined;
function compiled(): Map<string, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  const kinds: string[] = [];
  for (const f of fs.readdirSync(DIR).sort()) {
    if (!f.endsWith(".schema.json")) continue;
    ajv.addSchema(JSON.parse(fs.readFileSync(path.join(DIR, f), "utf8")) as object);
    kinds.push(f.slice(0, -".schema.json".length));
  }
  validators = new Map(kinds.map((k) => [k, ajv.getSchema(`https://ratecard.dev/schemas/objects/${k}.schema.json`)!]));
  return validators;
}

export interface FoundObject {
  readonly kind: string;
  readonly where: string;
  readonly value: unknown;
}

/** Response wrapper key → object kind (a list for the plural keys). */
const RESPONSE_KINDS: Record<string, string> = {
  customer: "customer",
  subscription: "subscription",
  invoice: "invoice",
  credit_note: "credit_note",
  estimated_credit_note: "estimated_credit_note",
  wallet: "wallet",
  wallet_transactions: "wallet_transaction",
  alert: "alert",
  alerts: "alert",
  fixed_charge: "fixed_charge",
  plan: "plan",
  event: "event",
  events: "event",
  applied_coupon: "applied_coupon",
  payment: "payment",
  customer_usage: "customer_usage",
  customer_projected_usage: "customer_projected_usage",
  fee: "fee",
  lifetime_usage: "lifetime_usage",
  add_on: "add_on",
  coupon: "coupon",
  billable_metric: "billable_metric",
  tax: "tax",
};
const RESULT_KINDS: Record<string, string> = {
  invoices: "invoice",
  credit_notes: "credit_note",
  wallet_transactions: "wallet_transaction",
  fees: "fee",
  subscriptions: "subscription",
};
/** Webhook type → kind of its object (objects.md §0 `object_type`). */
function webhookKind(type: string): string | undefined {
  if (type === "alert.triggered") return "triggered_alert";
  const prefix = type.split(".")[0] ?? "";
  return ["invoice", "fee", "credit_note", "customer", "subscription", "wallet", "wallet_transaction", "plan", "billable_metric"].includes(prefix)
    ? prefix
    : undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every top-level object of a simulate result, with its kind; `problems` gets what cannot be classified. */
export function objectsOf(input: unknown, output: unknown, problems: string[] = []): FoundObject[] {
  const out: FoundObject[] = [];
  if (!isRecord(output)) return out;
  for (const [key, kind] of Object.entries(RESULT_KINDS)) {
    const list = output[key];
    if (!Array.isArray(list)) continue;
    list.forEach((value, i) => out.push({ kind, where: `${key}[${i}]`, value }));
  }
  const steps = isRecord(input) && Array.isArray(input["steps"]) ? (input["steps"] as unknown[]) : [];
  const responses = Array.isArray(output["responses"]) ? output["responses"] : [];
  responses.forEach((response, i) => {
    if (!isRecord(response)) return;
    const step = steps[i];
    const op = isRecord(step) ? step["op"] : undefined;
    for (const [key, value] of Object.entries(response)) {
      if (key === "error") continue;
      let kind = RESPONSE_KINDS[key];
      if (kind === "invoice" && op === "preview_invoice") kind = "invoice_preview";
      if (!kind) {
        problems.push(`responses[${i}] (${String(op)}): no schema for the answer key "${key}"`);
        continue;
      }
      const where = `responses[${i}].${key}`;
      if (Array.isArray(value)) value.forEach((v, j) => out.push({ kind, where: `${where}[${j}]`, value: v }));
      else out.push({ kind, where, value });
    }
  });
  const webhooks = Array.isArray(output["webhooks"]) ? output["webhooks"] : [];
  webhooks.forEach((w, i) => {
    out.push({ kind: "webhook", where: `webhooks[${i}]`, value: w });
    const type = isRecord(w) ? String(w["type"]) : "";
    const kind = webhookKind(type);
    if (!kind) problems.push(`webhooks[${i}]: no schema for the webhook type "${type}"`);
    else if (isRecord(w)) out.push({ kind, where: `webhooks[${i}] (${type}).object`, value: w["object"] });
  });
  return out;
}

/** One line per schema violation of one object (empty = valid). */
export function validateObject(kind: string, value: unknown, where = kind): string[] {
  const validate = compiled().get(kind);
  if (!validate) return [`${where}: no schema for the kind "${kind}"`];
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => {
    const extra = e.keyword === "required" ? ` ${String((e.params as { missingProperty?: string }).missingProperty)}`
      : e.keyword === "enum" || e.keyword === "const" ? ` (got ${JSON.stringify(valueAt(value, e.instancePath))})` : "";
    return `${where}${e.instancePath}: ${e.message ?? e.keyword}${extra}`;
  });
}

/** Every violation in one simulate result (JSON round-tripped first, as a client reads it). */
export function validateSimulateResult(input: unknown, output: unknown): string[] {
  const problems: string[] = [];
  const json = JSON.parse(JSON.stringify(output)) as unknown;
  for (const o of objectsOf(input, json, problems)) problems.push(...validateObject(o.kind, o.value, o.where));
  return problems;
}

function valueAt(root: unknown, pointer: string): unknown {
  let v: unknown = root;
  for (const part of pointer.split("/").slice(1)) v = isRecord(v) || Array.isArray(v) ? (v as Record<string, unknown>)[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  return v;
}
