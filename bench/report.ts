/**
 * The HTML report of a large simulation, opened in a headless browser: `npx tsx bench/report.ts`
 * (sizes: RATECARD_BENCH_SIZES=1000 subscriptions by default; Chromium at /usr/bin/chromium or
 * RATECARD_CHROMIUM). A year of monthly billing, 20 events per subscription and month; prints the
 * report's size, the time to write it and the time the browser takes to load it (navigation to
 * the `load` event, best of 3).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { simulate } from "../src/index.js";
import { simulationReport } from "../src/report/html.js";

function year(subscriptions: number): Record<string, unknown> {
  const steps: unknown[] = [];
  for (let c = 0; c < subscriptions; c++) {
    steps.push({ at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: `c${c}`, name: `Customer ${c}`, currency: "EUR" } });
    steps.push({ at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: `c${c}`, external_id: `s${c}`, plan_code: c % 2 === 0 ? "basic" : "pro" } });
  }
  for (let m = 0; m < 12; m++) {
    const events = [];
    for (let c = 0; c < subscriptions; c++) for (let k = 0; k < 20; k++) events.push({ transaction_id: `t${m}-${c}-${k}`, external_subscription_id: `s${c}`, code: k % 2 === 0 ? "calls" : "storage", properties: { gb: String((k * 7 + c) % 13) } });
    steps.push({ at: `2024-${String(m + 1).padStart(2, "0")}-15T00:00:00Z`, op: "create_events", body: { events } });
  }
  const graduated = { graduated_ranges: [{ from_value: 0, to_value: 50, per_unit_amount: "0.5", flat_amount: "0" }, { from_value: 50, to_value: null, per_unit_amount: "0.25", flat_amount: "2" }] };
  return {
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }, { code: "storage", name: "Storage", aggregation_type: "sum_agg", field_name: "gb" }],
    plans: ["basic", "pro"].map((code, i) => ({ code, name: code, interval: "monthly", amount_cents: 1000 + 2000 * i, amount_currency: "EUR", charges: [
      { billable_metric_code: "calls", charge_model: "standard", properties: { amount: "0.1" } },
      { billable_metric_code: "storage", charge_model: "graduated", properties: graduated }] })),
    steps,
    until: "2025-01-01T01:00:00Z",
  };
}

const browser = await chromium.launch({ executablePath: process.env.RATECARD_CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
for (const n of (process.env.RATECARD_BENCH_SIZES ?? "1000").split(",").map(Number)) {
  const input = year(n);
  const result = simulate(input);
  let t0 = performance.now();
  const html = simulationReport(input, result);
  const writeMs = performance.now() - t0;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ratecard-report-")), "report.html");
  fs.writeFileSync(file, html);
  const times: number[] = [];
  for (let k = 0; k < 3; k++) {
    const page = await browser.newPage();
    t0 = performance.now();
    await page.goto(`file://${file}`, { waitUntil: "load" });
    times.push(performance.now() - t0);
    await page.close();
  }
  console.log(`${n} subscriptions, ${result.invoices.length} invoices: report ${(html.length / 2 ** 20).toFixed(1)} MB written in ${(writeMs / 1000).toFixed(2)} s; opened in ${(Math.min(...times) / 1000).toFixed(2)} s (best of 3)`);
}
await browser.close();
