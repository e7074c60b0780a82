/**
 * The HTML report (src/report/html.ts): every invoice with its total, the result's own texts,
 * the input's texts escaped, no network, pages for many invoices.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";
import { PAGE, escapeHtml, simulationReport } from "../../../src/report/html.js";
import { formatMoney } from "../../../src/report/format.js";
import { dec } from "../../../src/core/decimal.js";

const example = JSON.parse(fs.readFileSync(new URL("../../../examples/simulation.json", import.meta.url), "utf8")) as { title: string; input: Record<string, unknown> };

/** `n` customers on a monthly plan with a graduated charge, an event each month, through a year. */
function manyInvoices(n: number): Record<string, unknown> {
  const steps: unknown[] = [];
  for (let c = 0; c < n; c++) {
    steps.push({ at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: `c${c}`, name: c === 0 ? "<script>alert(1)</script> & Co" : `Customer ${c}`, currency: "EUR" } });
    steps.push({ at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: `c${c}`, external_id: `s${c}`, plan_code: "p" } });
  }
  for (let m = 0; m < 3; m++) for (let c = 0; c < n; c++) steps.push({ at: `2024-0${m + 1}-10T00:00:00Z`, op: "create_event", body: { transaction_id: `t${m}-${c}`, external_subscription_id: `s${c}`, code: "calls" } });
  return {
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [{ billable_metric_code: "calls", charge_model: "graduated", properties: { graduated_ranges: [{ from_value: 0, to_value: 1, per_unit_amount: "0", flat_amount: "0" }, { from_value: 1, to_value: null, per_unit_amount: "2.5", flat_amount: "1" }] } }] }],
    steps,
    until: "2024-04-01T00:00:00Z",
  };
}

describe("simulationReport", () => {
  it("shows every invoice with its total as the result's text", () => {
    const result = simulate(example.input);
    const html = simulationReport(example.input, result, { title: example.title });
    const totals = [...html.matchAll(/<details class="invoice" data-number="([^"]*)" data-total="([^"]*)"/g)].map((m) => [m[1], m[2]]);
    expect(totals).toEqual(result.invoices.map((i) => [i.number, String(i.total_amount_cents)]));
    for (const inv of result.invoices) expect(html).toContain(escapeHtml(formatMoney(inv.total_amount_cents, inv.currency)));
    expect(html).toContain(escapeHtml(example.title));
  });

  it("draws a timeline per subscription and a price curve per charge", () => {
    const result = simulate(example.input);
    const html = simulationReport(example.input, result);
    expect([...html.matchAll(/<figure class="timeline" data-subscription="([^"]*)"/g)].map((m) => m[1])).toEqual(result.subscriptions.map((s) => s.external_id));
    const plans = example.input["plans"] as { charges: unknown[] }[];
    expect([...html.matchAll(/<figure class="price-curve"/g)]).toHaveLength(plans.reduce((a, p) => a + p.charges.length, 0));
    // A graduated curve: its sampled amounts are applyChargeModel's texts.
    expect(html).toMatch(/data-charge="growth\/workflow_runs" data-points="41"/);
  });

  it("is self-contained and escapes what the input says", () => {
    const input = manyInvoices(2);
    const html = simulationReport(input, simulate(input));
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link\b|https?:\/\//);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co");
  });

  it("pages many invoices: the first page shown, the others as text in a JSON script element", () => {
    const input = manyInvoices(40);
    const result = simulate(input);
    expect(result.invoices.length).toBeGreaterThan(PAGE);
    const html = simulationReport(input, result);
    const pages = Math.ceil(result.invoices.length / PAGE);
    expect([...html.matchAll(/<button type="button" data-page="/g)]).toHaveLength(pages);
    // The first page in the document; the others as text in the JSON script element (which holds no "</").
    const data = /<script type="application\/json" id="invoice-pages">(.*?)<\/script>/s.exec(html)!;
    expect(data[1]).not.toContain("</");
    const all = html.slice(0, data.index) + (JSON.parse(data[1]!) as string[]).join("");
    expect([...all.matchAll(/<details class="invoice" data-number="([^"]*)"/g)].map((m) => m[1])).toEqual(result.invoices.map((i) => i.number));
  });
});

describe("playgroundPage", () => {
  it("inlines the bundle so that nothing in it ends its script element or changes how it is read", async () => {
    const { playgroundPage } = await import("../../../src/report/playground.js");
    const page = playgroundPage('var a="</script><!--<script>";/<\\/script>/.test(a);', '{"title": "<b>x</b>"}');
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).not.toMatch(/<\/script|<!--/i);
    // The same program: the escapes mean the same characters.
    expect(new Function(`${scripts[0]}; return a;`)()).toBe("</script><!--<script>");
    expect(page).toContain("{&quot;title&quot;: &quot;&lt;b&gt;x&lt;/b&gt;&quot;}");
  });
});

describe("wallets and usage in the report", () => {
  it("draws a wallet's credits over time from its settled transactions, with exact texts", () => {
    const input = {
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [{ code: "gb", name: "GB", aggregation_type: "sum_agg", field_name: "size" }],
      plans: [{ code: "p", name: "p", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [{ billable_metric_code: "gb", charge_model: "standard", properties: { amount: "1" } }] }],
      steps: [
        { at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: "c0", currency: "EUR" } },
        { at: "2024-01-01T00:00:00Z", op: "create_wallet", body: { external_customer_id: "c0", currency: "EUR", rate_amount: "1", granted_credits: "30", code: "w" } },
        { at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c0", external_id: "s0", plan_code: "p" } },
        { at: "2024-01-05T00:00:00Z", op: "create_event", body: { transaction_id: "e1", external_subscription_id: "s0", code: "gb", properties: { size: "0.1" } } },
        { at: "2024-01-06T00:00:00Z", op: "create_event", body: { transaction_id: "e2", external_subscription_id: "s0", code: "gb", properties: { size: "0.2" } } },
      ],
      until: "2024-03-02T00:00:00Z",
    };
    const result = simulate(input);
    const html = simulationReport(input, result);
    const settled = result.wallet_transactions.filter((t) => t.status === "settled");
    expect(html).toMatch(new RegExp(`<figure class="wallet" data-wallet="[^"]+" data-points="${settled.length}"`));
    // 30 granted, then what the invoices took: the last balance is the wallet's own figure.
    const last = /<text [^>]*class="label end">([^<]*) credits<\/text>/.exec(html)![1];
    const expected = settled.reduce((b, t) => (t.transaction_type === "outbound" ? b.minus(dec(t.credit_amount)) : b.plus(dec(t.credit_amount))), dec(0));
    expect(settled.some((t) => t.transaction_type === "outbound")).toBe(true);
    expect(last).toBe(expected.toFixed());
    // Usage in units, exactly: 0.1 + 0.2 is 0.3 (not 0.30000000000000004).
    expect(html).toContain(">0.3 size</text>");
  });
});
