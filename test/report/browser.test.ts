/**
 * The HTML report in a real browser: Debian's Chromium driven headless by playwright-core, the
 * page loaded from disk. Without Chromium the test is skipped with a message, except under CI
 * (`CI=1`), where it fails: .ci/run installs the package when it is absent.
 * A screenshot is kept in test-artifacts/report.png.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { simulate } from "../../src/index.js";
import { PAGE, simulationReport } from "../../src/report/html.js";
import { formatMoney } from "../../src/report/format.js";
import { buildPlayground } from "../../scripts/playground.js";
import { scratchDir } from "../support/scratch.js";

const CHROMIUM = process.env.RATECARD_CHROMIUM ?? "/usr/bin/chromium";
const present = fs.existsSync(CHROMIUM);
if (!present && process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}: .ci/run installs it (apt-get install chromium)`);
if (!present) console.warn(`[report] skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set RATECARD_CHROMIUM)`);

const example = JSON.parse(fs.readFileSync(new URL("../../examples/simulation.json", import.meta.url), "utf8")) as { title: string; input: Record<string, unknown> };

/** `n` customers on a monthly plan, an event each month, for three months. */
function manyInvoices(n: number): Record<string, unknown> {
  const steps: unknown[] = [];
  for (let c = 0; c < n; c++) {
    steps.push({ at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: `c${c}`, currency: "EUR" } });
    steps.push({ at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: `c${c}`, external_id: `s${c}`, plan_code: "p" } });
  }
  for (let m = 0; m < 3; m++) for (let c = 0; c < n; c++) steps.push({ at: `2024-0${m + 1}-10T00:00:00Z`, op: "create_event", body: { transaction_id: `t${m}-${c}`, external_subscription_id: `s${c}`, code: "calls" } });
  return {
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "2.5" } }] }],
    steps,
    until: "2024-04-01T00:00:00Z",
  };
}

describe.skipIf(!present)("the report in Chromium", () => {
  let browser: Browser;
  let page: Page;
  const dir = scratchDir("ratecard-report");
  const open = async (input: Record<string, unknown>, name: string, title?: string): Promise<ReturnType<typeof simulate>> => {
    const result = simulate(input);
    const file = path.join(dir, name);
    fs.writeFileSync(file, simulationReport(input, result, title === undefined ? {} : { title }));
    await page.goto(`file://${file}`);
    return result;
  };

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("shows every invoice with its total, and every chart with its points", async () => {
    const result = await open(example.input, "example.html", example.title);
    const invoices = await page.$$eval("details.invoice", (els) => els.map((e) => ({ number: e.getAttribute("data-number"), total: e.querySelector("summary .total")?.textContent })));
    expect(invoices).toEqual(result.invoices.map((i) => ({ number: i.number, total: formatMoney(i.total_amount_cents, i.currency) })));
    // Price curves: a polyline with as many points as the figure says.
    const curves = await page.$$eval("figure.price-curve", (els) => els.map((e) => ({ said: Number(e.getAttribute("data-points")), drawn: (e.querySelector("polyline.curve")?.getAttribute("points") ?? "").trim().split(/\s+/).filter((x: string) => x !== "").length })));
    expect(curves.length).toBeGreaterThan(0);
    for (const c of curves) expect(c.drawn).toBe(c.said);
    // Timelines: one per subscription, one dot per invoice of it, one usage line per metric with events.
    const timelines = await page.$$eval("figure.timeline", (els) => els.map((e) => ({ invoices: Number(e.getAttribute("data-invoices")), dots: e.querySelectorAll("circle.invoice-mark").length, lines: e.querySelectorAll("polyline.usage").length })));
    expect(timelines).toHaveLength(result.subscriptions.length);
    for (const t of timelines) expect(t.dots).toBe(t.invoices);
    expect(timelines[0]!.lines).toBeGreaterThan(0);
    // The first invoices unfolded: their lines are visible.
    expect(await page.isVisible("details.invoice[open] table")).toBe(true);
    fs.mkdirSync("test-artifacts", { recursive: true });
    await page.screenshot({ path: "test-artifacts/report.png", fullPage: true });
  }, 60_000);

  it("the playground runs the engine in the page and follows the editor", async () => {
    const file = path.join(dir, "playground.html");
    fs.writeFileSync(file, await buildPlayground());
    await page.goto(`file://${file}`);
    // The demo's timeline, run on load: its six invoices in the report frame.
    await page.waitForSelector('#status[data-invoices="6"]');
    const frame = page.frameLocator("#report");
    await expect.poll(() => frame.locator("details.invoice").count()).toBe(6);
    // Bad JSON is said under the editor; a refused input names its field.
    await page.fill("#input", "{");
    await page.click("#run");
    expect(await page.textContent("#status")).toMatch(/^JSON: /);
    await page.fill("#input", JSON.stringify({ steps: "soon" }));
    await page.click("#run");
    expect(await page.textContent("#status")).toMatch(/^Refused: .*steps/);
    // Another timeline: three monthly invoices.
    await page.fill("#input", JSON.stringify(manyInvoices(1)));
    await page.click("#run");
    await page.waitForSelector("#status[data-invoices]");
    const expected = simulate(manyInvoices(1)).invoices;
    expect(await page.getAttribute("#status", "data-invoices")).toBe(String(expected.length));
    await expect.poll(() => frame.locator("details.invoice").count()).toBe(expected.length);
    expect(await frame.locator("details.invoice summary .total").first().textContent()).toBe(formatMoney(expected[0]!.total_amount_cents, expected[0]!.currency));
  }, 60_000);

  it("opens the other pages of invoices", async () => {
    const result = await open(manyInvoices(30), "many.html");
    const pages = Math.ceil(result.invoices.length / PAGE);
    expect(pages).toBeGreaterThan(1);
    expect(await page.$$eval("#invoice-page details.invoice", (els) => els.length)).toBe(PAGE);
    await page.click(`.pages button[data-page="${pages - 1}"]`);
    const shown = await page.$$eval("#invoice-page details.invoice", (els) => els.map((e) => e.getAttribute("data-number")));
    expect(shown).toEqual(result.invoices.slice((pages - 1) * PAGE).map((i) => i.number));
    await page.click('.pages button[data-page="0"]');
    expect(await page.$$eval("#invoice-page details.invoice", (els) => els[0]?.getAttribute("data-number"))).toBe(result.invoices[0]!.number);
  }, 60_000);
});
