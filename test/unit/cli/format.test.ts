/** The CLI's readable printout of `simulate` results, and the demo the README quotes. */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatInvoice, formatMoney, formatSimulation } from "../../../src/cli.js";
import { CURRENCIES, currencyExponent, simulate } from "../../../src/index.js";

const ROOT = path.resolve(__dirname, "../../..");
const example = JSON.parse(fs.readFileSync(path.join(ROOT, "examples/simulation.json"), "utf8")) as { fn: string; input: { steps: unknown[] } };

describe("formatMoney", () => {
  it("writes minor units as currency units with the code", () => {
    expect(formatMoney(123456, "USD")).toBe("1,234.56 USD");
    expect(formatMoney(-2000, "USD")).toBe("-20.00 USD");
    expect(formatMoney(5, "EUR")).toBe("0.05 EUR");
    expect(formatMoney(0, "EUR")).toBe("0.00 EUR");
    expect(formatMoney(500, "JPY")).toBe("500 JPY");
    expect(formatMoney(12345, "CLF")).toBe("1.2345 CLF");
    expect(formatMoney(-7n, "USD")).toBe("-0.07 USD");
  });

  it("stays exact past the float range (digit strings, bigints)", () => {
    expect(formatMoney("123456789012345678901", "USD")).toBe("1,234,567,890,123,456,789.01 USD");
    expect(formatMoney(2n ** 64n, "EUR")).toBe("184,467,440,737,095,516.16 EUR");
  });

  it("says so instead of guessing on what is not an integer amount or a currency", () => {
    expect(formatMoney(12.5, "USD")).toBe("12.5 (minor units) USD");
    expect(formatMoney("1e3", "USD")).toBe("1e3 (minor units) USD");
    expect(formatMoney(100, "XXX")).toBe("100 (minor units) XXX");
    expect(formatMoney(5n, "XXX")).toBe("5 (minor units) XXX");
    expect(formatMoney(null, undefined)).toBe("- (minor units) -");
  });

  it("reads back as the same number of minor units, in every currency", () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.constantFrom(...CURRENCIES), (n, cur) => {
      const out = formatMoney(n, cur);
      expect(out.endsWith(` ${cur}`)).toBe(true);
      const amount = out.slice(0, -cur.length - 1);
      const e = currencyExponent(cur);
      expect(amount).toMatch(e === 0 ? /^-?\d{1,3}(,\d{3})*$/ : new RegExp(`^-?\\d{1,3}(,\\d{3})*\\.\\d{${e}}$`));
      expect(BigInt(amount.replace(/[,.]/g, ""))).toBe(n);
    }));
  });
});

describe("formatInvoice", () => {
  const invoice = {
    number: "C-001", issuing_date: "2024-02-01", status: "finalized", payment_status: "pending", payment_due_date: "2024-02-01", currency: "EUR",
    billing_periods: [{ external_subscription_id: "s1", invoicing_reason: "subscription_periodic", subscription_from_datetime: "2024-01-01T00:00:00Z", subscription_to_datetime: "2024-01-31T23:59:59Z" }],
    fees: [
      { item: { type: "subscription", code: "m", name: "Monthly" }, units: "1", amount_cents: 1000, pay_in_advance: false, grouped_by: {} },
      { item: { type: "charge", code: "calls", name: "Calls" }, units: "1234.5", amount_cents: 123450, pay_in_advance: false, grouped_by: { region: "eu" } },
    ],
    credits: [
      { amount_cents: 500, before_taxes: true, item: { type: "coupon", code: "c10", name: "Ten off" } },
      { amount_cents: 100, before_taxes: false, item: { type: "credit_note", code: "CN-1", name: "Refund" } },
    ],
    applied_taxes: [{ tax_code: "vat", tax_name: "VAT", tax_rate: 20, fees_amount_cents: 123950, amount_cents: 24790 }],
    fees_amount_cents: 124450, sub_total_excluding_taxes_amount_cents: 123950, sub_total_including_taxes_amount_cents: 148740,
    prepaid_credit_amount_cents: 40, total_amount_cents: 148600, total_due_amount_cents: 148600,
  };
  const lines = formatInvoice(invoice);

  it("prints the header, the period, one row per fee, credits, taxes and totals in order", () => {
    expect(lines[0]).toBe("Invoice C-001 · issued 2024-02-01 · finalized · payment pending (due 2024-02-01)");
    expect(lines[1]).toBe("  s1 · subscription_periodic · 2024-01-01T00:00:00Z → 2024-01-31T23:59:59Z");
    expect(lines[2]).toMatch(/^ {2}type +code +item +units +amount$/);
    expect(lines[3]).toMatch(/^ {2}subscription +m +Monthly +1 +10\.00 EUR$/);
    expect(lines[4]).toMatch(/^ {2}charge +calls +Calls \[region=eu\] +1234\.5 +1,234\.50 EUR$/);
    const labels = lines.slice(5).map((l) => l.trim().replace(/ {2,}\S+ EUR$/, ""));
    expect(labels).toEqual([
      "fees", "coupon Ten off (c10)", "sub total excl. taxes", "tax VAT (vat) 20% on 1,239.50 EUR", "sub total incl. taxes",
      "credit_note Refund (CN-1)", "prepaid credits", "total", "total due",
    ]);
    expect(lines.slice(5).map((l) => l.trim().split(/ {2,}/).at(-1))).toEqual([
      "1,244.50 EUR", "-5.00 EUR", "1,239.50 EUR", "247.90 EUR", "1,487.40 EUR", "-1.00 EUR", "-0.40 EUR", "1,486.00 EUR", "1,486.00 EUR",
    ]);
  });

  it("lines every amount up on the same right edge", () => {
    const money = lines.slice(3);
    expect(new Set(money.map((l) => l.length)).size).toBe(1);
  });

  it("leaves the prepaid line out when there is none", () => {
    expect(formatInvoice({ ...invoice, prepaid_credit_amount_cents: 0 }).some((l) => l.includes("prepaid"))).toBe(false);
  });
});

describe("the demo (examples/simulation.json)", () => {
  const result = simulate(example.input);
  const printout = formatSimulation(result, example.input);

  it("runs the simulator and prints every invoice it issued, with no warning", () => {
    expect(example.fn).toBe("simulate");
    expect(result.invoices.length).toBe(6);
    expect(result.warnings).toEqual([]);
    expect(printout.match(/^Invoice /gm)).toHaveLength(6);
    expect(printout).toContain("Current usage (step ");
    expect(printout.trimEnd().split("\n").at(-1)).toBe("6 invoice(s), 201.75 USD invoiced in total; 0 warning(s)");
  });

  it("prints the invoice the README quotes, exactly", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    const quoted = /```text\n(Invoice [\s\S]*?)```/.exec(readme)?.[1];
    expect(quoted).toBeDefined();
    expect(printout).toContain(quoted!);
  });

  it("labels a refused step with its operation and time", () => {
    const out = formatSimulation({ invoices: [], responses: [{ error: { code: "customer_not_found" } }], warnings: [] }, { steps: [{ at: "2024-01-01T00:00:00Z", op: "apply_coupon" }] });
    expect(out).toContain('Refused (step 0, apply_coupon at 2024-01-01T00:00:00Z): {"code":"customer_not_found"}');
    expect(out).toContain("0 invoice(s), nothing invoiced in total; 0 warning(s)");
  });
});
