import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OBJECT_KINDS, OBJECT_SCHEMAS_DIR, renderObjectSchemaFiles } from "../../../scripts/objectSchemas.js";
import { simulate } from "../../../src/index.js";
import { loadVectors } from "../../conformance/vectors.js";
import { objectsOf, validateObject, validateSimulateResult } from "../../objects/objectSchemaCheck.js";

/** Every scenario input the suite ships: the conformance vectors, ours, the examples. */
function scenarioInputs(): { name: string; input: unknown }[] {
  const out = loadVectors().filter((v) => v.fn === "simulate" && v.expect["error"] !== true).map((v) => ({ name: v.id, input: v.input }));
  for (const f of ["simulation.json", "demo.json"]) {
    const j = JSON.parse(fs.readFileSync(path.resolve("examples", f), "utf8")) as { input?: unknown };
    out.push({ name: `examples/${f}`, input: j.input ?? j });
  }
  return out;
}

describe("object schemas (schemas/objects/, objects.md)", () => {
  it("the committed files are what scripts/objectSchemas.ts writes (run it after changing a schema)", () => {
    const files = renderObjectSchemaFiles();
    for (const [name, text] of Object.entries(files)) expect(fs.readFileSync(path.join(OBJECT_SCHEMAS_DIR, name), "utf8"), name).toBe(text);
    expect(fs.readdirSync(OBJECT_SCHEMAS_DIR).sort()).toEqual(Object.keys(files).sort());
  });

  it("every object of every scenario vector and example validates, and the vectors reach most kinds", () => {
    const seen = new Set<string>();
    const problems: string[] = [];
    let runs = 0;
    for (const { name, input } of scenarioInputs()) {
      let out: unknown;
      try {
        out = simulate(input);
      } catch {
        continue; // an input the engine refuses as a whole returns no objects
      }
      runs += 1;
      for (const o of objectsOf(input, JSON.parse(JSON.stringify(out)))) seen.add(o.kind);
      problems.push(...validateSimulateResult(input, out).map((p) => `${name}: ${p}`));
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(runs).toBeGreaterThan(90);
    for (const kind of ["invoice", "invoice_preview", "fee", "credit_note", "estimated_credit_note", "wallet", "wallet_transaction", "subscription",
      "customer", "customer_usage", "alert", "triggered_alert", "payment", "applied_coupon", "event", "webhook"]) {
      expect(seen, kind).toContain(kind);
    }
  });

  it("every kind has a schema, and the result's lists, answers and webhooks are classified", () => {
    for (const kind of OBJECT_KINDS) expect(validateObject(kind, {})[0] ?? "", kind).not.toMatch(/no schema/);
    const problems: string[] = [];
    objectsOf({ steps: [{ op: "x" }] }, { responses: [{ mystery: {} }], webhooks: [{ type: "quote.created", at: "2024-01-01T00:00:00Z", object: {} }] }, problems);
    expect(problems).toEqual([
      'responses[0] (x): no schema for the answer key "mystery"',
      'webhooks[0]: no schema for the webhook type "quote.created"',
    ]);
  });
});

describe("what a schema refuses", () => {
  const payment = {
    svc_id: "0b6c2a39-3c54-5a4e-9f3e-8a2f5d7c1e01", svc_customer_id: "0b6c2a39-3c54-5a4e-9f3e-8a2f5d7c1e02", external_customer_id: "c1",
    invoice_ids: ["0b6c2a39-3c54-5a4e-9f3e-8a2f5d7c1e03"], invoice_numbers: ["ORG-001-001"], svc_payable_id: "0b6c2a39-3c54-5a4e-9f3e-8a2f5d7c1e03",
    payable_type: "Invoice", amount_cents: 1000, amount_currency: "EUR", status: "succeeded", payment_status: "succeeded", type: "manual",
    reference: null, payment_provider_code: null, payment_provider_type: null, external_payment_id: null, provider_payment_id: null,
    provider_customer_id: null, next_action: null, created_at: "2024-03-01T00:00:00Z", payment_method_id: null,
  };

  it("accepts a complete object", () => {
    expect(validateObject("payment", payment)).toEqual([]);
  });

  it("names a missing field, a wrong type, a value outside the enum, a null where none is allowed, a malformed id or instant", () => {
    const { reference: _r, ...missing } = payment;
    expect(validateObject("payment", missing)).toEqual(["payment: must have required property 'reference' reference"]);
    expect(validateObject("payment", { ...payment, amount_cents: 10.5 })).toEqual(["payment/amount_cents: must be integer,string"]);
    // An integer is text only beyond 2^53, where a JSON number would lose digits.
    expect(validateObject("payment", { ...payment, amount_cents: "1000" })[0]).toMatch(/^payment\/amount_cents: must match pattern/);
    expect(validateObject("payment", { ...payment, amount_cents: "90071992547409930" })).toEqual([]);
    expect(validateObject("payment", { ...payment, type: "card" })).toEqual([`payment/type: must be equal to constant (got "card")`]);
    expect(validateObject("payment", { ...payment, external_customer_id: null })).toEqual(["payment/external_customer_id: must be string"]);
    expect(validateObject("payment", { ...payment, svc_id: "pay_1" })[0]).toMatch(/^payment\/svc_id: must match pattern/);
    expect(validateObject("payment", { ...payment, created_at: "2024-03-01 00:00" })[0]).toMatch(/^payment\/created_at: must match pattern/);
  });

  it("a decimal is a string of digits: no number, no exponent", () => {
    const rule = {
      svc_id: "0b6c2a39-3c54-5a4e-9f3e-8a2f5d7c1e01", trigger: "interval", method: "fixed", interval: "monthly", status: "active",
      threshold_credits: null, paid_credits: "10.5", granted_credits: "0", target_ongoing_balance: null, started_at: null, expiration_at: null,
      created_at: "2024-03-01T00:00:00Z", invoice_requires_successful_payment: false, transaction_metadata: [], transaction_name: null,
      ignore_paid_top_up_limits: false, applied_invoice_custom_sections: [], payment_method: { payment_method_type: "provider", payment_method_id: null },
      grants_target_top_up: false, purchase_order_number: null,
    };
    expect(validateObject("recurring_transaction_rule", rule)).toEqual([]);
    expect(validateObject("recurring_transaction_rule", { ...rule, paid_credits: 10.5 })).toEqual(["recurring_transaction_rule/paid_credits: must be string,null"]);
    expect(validateObject("recurring_transaction_rule", { ...rule, paid_credits: "1e-7" })[0]).toMatch(/paid_credits: must match pattern/);
  });

  it("reaches nested objects through references (an invoice's fees)", () => {
    const out = simulate(JSON.parse(fs.readFileSync(path.resolve("examples/simulation.json"), "utf8")).input) as unknown as { invoices: Record<string, unknown>[] };
    const invoice = JSON.parse(JSON.stringify(out.invoices[0])) as { fees: Record<string, unknown>[] };
    expect(validateObject("invoice", invoice)).toEqual([]);
    delete invoice.fees[0]!["svc_charge_filter_id"];
    expect(validateObject("invoice", invoice)).toEqual(["invoice/fees/0: must have required property 'svc_charge_filter_id' svc_charge_filter_id"]);
  });
});
