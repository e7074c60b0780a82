/**
 * The HTML report of a simulation (issue 14, docs/report.md): one self-contained page — styles
 * and its one small script inline, charts as SVG written here, no network — that a person reads
 * at a glance: the invoices as a customer sees them, a timeline per subscription, each charge's
 * price curve, current usage, wallets and alerts.
 *
 * Pure: the simulation's input and result in, the page's text out. Every number shown is a text
 * of the result (or of `applyChargeModel` for the price curves), never recomputed in floats;
 * floats only place points on a chart. Large simulations stay usable: invoices come in pages of
 * {@link PAGE} (the other pages wait as text in a JSON script element until opened), each
 * invoice folded to its summary line past the first few.
 */
import { type Decimal, ONE, ZERO, parseDecimal, toDecimalString } from "../core/decimal.js";
import { applyChargeModel } from "../json/applyChargeModel.js";
import { formatMoney, plainText } from "./format.js";

type Obj = Record<string, unknown>;

const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const objs = (x: unknown): Obj[] => (Array.isArray(x) ? x.filter(isObj) : []);
const obj = (x: unknown): Obj => (isObj(x) ? x : {});
const str = (x: unknown): string => (typeof x === "string" ? x : x === undefined || x === null ? "" : String(x));

/** Invoices per page. */
export const PAGE = 50;
/** Invoices shown unfolded at the top of each page. */
const OPEN = 3;
/** Points of a price curve. */
const CURVE_POINTS = 41;

export interface ReportOptions {
  /** The page's title (default: "Simulation report"). */
  readonly title?: string;
}

/** `&`, `<`, `>`, `"` and `'` escaped: any text of the input is data, never markup. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&#39;"));
}
const h = (x: unknown): string => escapeHtml(plainText(x));

/** The report of `result`, what `simulate(input)` returned. */
export function simulationReport(input: unknown, result: unknown, options: ReportOptions = {}): string {
  const inp = obj(input);
  const res = obj(result);
  const invoices = objs(res["invoices"]);
  const title = options.title ?? "Simulation report";
  const sections = [
    invoicesSection(invoices),
    timelinesSection(inp, res),
    priceCurvesSection(inp, invoices),
    usageSection(inp, res),
    walletsSection(inp, res),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body>
<header><h1>${escapeHtml(title)}</h1>${summary(invoices, res)}
<nav><a href="#invoices">Invoices</a> · <a href="#timelines">Timelines</a> · <a href="#prices">Price curves</a> · <a href="#usage">Usage</a> · <a href="#wallets">Wallets and alerts</a></nav></header>
<main>${sections.join("\n")}</main>
<footer>Written by ratecard from the simulation's result: every amount is the result's own text.</footer>
<script>${SCRIPT}</script>
</body></html>
`;
}

function summary(invoices: readonly Obj[], res: Obj): string {
  const totals = new Map<string, bigint>();
  for (const inv of invoices) {
    const c = str(inv["currency"]);
    const t = inv["total_amount_cents"];
    const n = typeof t === "number" ? BigInt(t) : typeof t === "string" && /^-?\d+$/.test(t) ? BigInt(t) : 0n;
    totals.set(c, (totals.get(c) ?? 0n) + n);
  }
  const billed = [...totals].map(([c, t]) => formatMoney(t, c)).join(" + ") || "nothing";
  const subs = objs(res["subscriptions"]).length;
  return `<p class="summary" data-invoices="${invoices.length}">${invoices.length} invoice${invoices.length === 1 ? "" : "s"} · ${subs} subscription${subs === 1 ? "" : "s"} · billed <strong>${escapeHtml(billed)}</strong> · ${objs(res["credit_notes"]).length} credit notes · ${objs(res["webhooks"]).length} webhooks</p>`;
}

// ---------------------------------------------------------------------------------------------
// Invoices

function invoicesSection(invoices: readonly Obj[]): string {
  if (invoices.length === 0) return `<section id="invoices"><h2>Invoices</h2><p>No invoice was issued.</p></section>`;
  const pages: string[] = [];
  for (let start = 0; start < invoices.length; start += PAGE) {
    pages.push(invoices.slice(start, start + PAGE).map((inv, k) => invoiceArticle(inv, k < OPEN)).join("\n"));
  }
  const buttons = pages.length === 1 ? "" : `<p class="pages">Page ${pages.map((_, i) => `<button type="button" data-page="${i}"${i === 0 ? ' aria-current="true"' : ""}>${i + 1}</button>`).join(" ")}</p>`;
  // The first page in the document; the others' markup as text in a JSON script element, which
  // the browser reads as text (no element made) until a page is opened (script below).
  // In a script element only "</script" and "<!--" mean something: written "<\/" and "<\u0021--" (the same JSON text).
  const json = JSON.stringify(pages.slice(1)).replace(/<\//g, "<\\/").replace(/<!--/g, "<\\u0021--");
  const data = pages.length === 1 ? "" : `<script type="application/json" id="invoice-pages">${json}</script>`;
  return `<section id="invoices"><h2>Invoices</h2>${buttons}<div id="invoice-page" data-page="0">${pages[0]}</div>${data}</section>`;
}

function invoiceArticle(inv: Obj, open: boolean): string {
  const money = (x: unknown): string => escapeHtml(formatMoney(x, inv["currency"]));
  const customer = obj(inv["customer"]);
  const fees = objs(inv["fees"]);
  const rows = fees.map((f) => {
    const item = obj(f["item"]);
    const name = str(item["invoice_display_name"]) || str(item["name"]) || str(item["code"]);
    const filter = str(item["filter_invoice_display_name"]);
    const groups = Object.entries(obj(f["grouped_by"])).map(([k, v]) => `${k}: ${plainText(v)}`).join(", ");
    const label = [name, filter, groups].filter((x) => x !== "").join(" · ");
    const details = amountDetails(f["amount_details"]);
    return `<tr><td>${escapeHtml(label)}<span class="period">${h(f["from_date"])} → ${h(f["to_date"])}</span>${details}</td><td class="n">${h(f["units"])}</td><td class="n">${money(f["amount_cents"])}</td></tr>`;
  });
  const credits = objs(inv["credits"]).map((c) => {
    const item = obj(c["item"]);
    return `<tr class="credit"><td colspan="2">${h(item["type"])}: ${h(item["name"] ?? item["code"])}</td><td class="n">−${money(c["amount_cents"])}</td></tr>`;
  });
  const taxes = objs(inv["applied_taxes"]).map((t) => `<tr><td colspan="2">${h(t["tax_name"])} (${h(t["tax_rate"])} %)</td><td class="n">${money(t["amount_cents"])}</td></tr>`);
  const line = (label: string, key: string, cls = ""): string => `<tr class="${cls}"><td colspan="2">${label}</td><td class="n">${money(inv[key])}</td></tr>`;
  const prepaid = inv["prepaid_credit_amount_cents"];
  const notes = inv["credit_notes_amount_cents"];
  return `<details class="invoice" data-number="${h(inv["number"])}" data-total="${h(inv["total_amount_cents"])}"${open ? " open" : ""}>
<summary><span class="number">${h(inv["number"])}</span> <span class="who">${h(customer["name"] ?? customer["external_id"])}</span> <span class="date">${h(inv["issuing_date"])}</span> <span class="kind">${h(inv["invoice_type"])} · ${h(inv["status"])}</span> <span class="total">${money(inv["total_amount_cents"])}</span></summary>
<div class="doc"><div class="doc-head"><div><strong>Invoice ${h(inv["number"])}</strong><br>Issued ${h(inv["issuing_date"])} · due ${h(inv["payment_due_date"])}<br>Payment: ${h(inv["payment_status"])}</div>
<div>Billed to <strong>${h(customer["name"] ?? customer["external_id"])}</strong><br>${h(customer["external_id"])}${customer["email"] ? `<br>${h(customer["email"])}` : ""}</div></div>
<table><thead><tr><th>Item</th><th class="n">Units</th><th class="n">Amount</th></tr></thead><tbody>
${rows.join("\n")}
${line("Fees", "fees_amount_cents", "sum")}
${credits.join("\n")}
${line("Subtotal excluding taxes", "sub_total_excluding_taxes_amount_cents", "sum")}
${taxes.join("\n")}
${line("Subtotal including taxes", "sub_total_including_taxes_amount_cents", "sum")}
${minorIsZero(notes) ? "" : line("Credit notes", "credit_notes_amount_cents")}
${minorIsZero(prepaid) ? "" : line("Prepaid credits", "prepaid_credit_amount_cents")}
${line("<strong>Total</strong>", "total_amount_cents", "total")}
</tbody></table></div></details>`;
}

const minorIsZero = (x: unknown): boolean => x === undefined || x === null || x === 0 || x === "0";

/** A fee's `amount_details`, unfolded: one row per tier or one line per field. */
function amountDetails(d: unknown): string {
  if (!isObj(d) || Object.keys(d).length === 0) return "";
  const ranges = objs(d["graduated_ranges"] ?? d["graduated_percentage_ranges"]);
  if (ranges.length > 0) {
    const cols = Object.keys(ranges[0]!);
    return `<details class="amount-details"><summary>amount details</summary><table><thead><tr>${cols.map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr></thead><tbody>${ranges.map((r) => `<tr>${cols.map((c) => `<td class="n">${h(r[c])}</td>`).join("")}</tr>`).join("")}</tbody></table></details>`;
  }
  return `<details class="amount-details"><summary>amount details</summary><dl>${Object.entries(d).map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${h(v)}</dd>`).join("")}</dl></details>`;
}

// ---------------------------------------------------------------------------------------------
// Timelines

/** The events of the input's steps, per external subscription id: their instants and metric codes. */
function eventsBySubscription(inp: Obj): Map<string, { at: number; code: string; properties: Obj }[]> {
  const out = new Map<string, { at: number; code: string; properties: Obj }[]>();
  for (const step of objs(inp["steps"])) {
    const op = step["op"];
    const body = obj(step["body"]);
    const list = op === "create_event" ? [body] : op === "create_events" ? objs(body["events"]) : [];
    for (const e of list) {
      const sub = str(e["external_subscription_id"]);
      const ts = e["timestamp"];
      const at = typeof ts === "string" ? Date.parse(ts) : typeof ts === "number" ? ts * 1000 : Date.parse(str(step["at"]));
      if (sub === "" || !Number.isFinite(at)) continue;
      let l = out.get(sub);
      if (l === undefined) out.set(sub, (l = []));
      l.push({ at, code: str(e["code"]), properties: obj(e["properties"]) });
    }
  }
  return out;
}

function timelinesSection(inp: Obj, res: Obj): string {
  const subs = objs(res["subscriptions"]);
  const steps = objs(inp["steps"]);
  const first = Date.parse(str(steps[0]?.["at"]));
  const last = Date.parse(str(inp["until"] ?? steps.at(-1)?.["at"]));
  if (subs.length === 0 || !Number.isFinite(first) || !Number.isFinite(last) || last <= first) {
    return `<section id="timelines"><h2>Timelines</h2><p>No subscription.</p></section>`;
  }
  const events = eventsBySubscription(inp);
  const metrics = new Map(objs(inp["billable_metrics"]).map((m) => [str(m["code"]), m]));
  const invoices = objs(res["invoices"]);
  // A subscription's billing periods and invoices, from the invoices that bill it.
  // The invoices of each subscription (by its billing periods or its fees), in one pass.
  const shown = subs.slice(0, 200);
  const invoicesOf = new Map<string, Obj[]>(shown.map((s) => [str(s["external_id"]), []]));
  for (const inv of invoices) {
    const ids = new Set([...objs(inv["billing_periods"]), ...objs(inv["fees"])].map((x) => str(x["external_subscription_id"])));
    for (const id of ids) invoicesOf.get(id)?.push(inv);
  }
  const figures = shown.map((s) => {
    const id = str(s["external_id"]);
    const periods: { from: number; to: number; label: string }[] = [];
    const marks: { at: number; label: string }[] = [];
    for (const inv of invoicesOf.get(id) ?? []) {
      const mine = objs(inv["billing_periods"]).filter((p) => p["external_subscription_id"] === id);
      for (const p of mine) periods.push({ from: Date.parse(str(p["subscription_from_datetime"])), to: Date.parse(str(p["subscription_to_datetime"])), label: `${str(p["subscription_from_datetime"])} → ${str(p["subscription_to_datetime"])}` });
      marks.push({ at: Date.parse(str(inv["created_at"])), label: `${str(inv["number"])} · ${formatMoney(inv["total_amount_cents"], inv["currency"])}` });
    }
    return timelineFigure(s, first, last, periods, marks, events.get(id) ?? [], metrics);
  });
  const more = subs.length > 200 ? `<p>The first 200 of ${subs.length} subscriptions.</p>` : "";
  return `<section id="timelines"><h2>Timelines</h2>${more}${figures.join("\n")}</section>`;
}

const W = 720;
const X0 = 40;

function timelineFigure(
  s: Obj, first: number, last: number, periods: { from: number; to: number; label: string }[], marks: { at: number; label: string }[],
  events: { at: number; code: string; properties: Obj }[], metrics: ReadonlyMap<string, Obj>,
): string {
  const x = (t: number): number => X0 + ((Math.min(Math.max(t, first), last) - first) / (last - first)) * (W - X0 - 10);
  const codes = [...new Set(events.map((e) => e.code))].sort();
  const H = 90 + 40 * Math.max(1, codes.length);
  const parts: string[] = [];
  parts.push(`<line x1="${X0}" y1="30" x2="${W - 10}" y2="30" class="axis"/>`);
  for (const s2 of [s["started_at"], s["trial_ended_at"], s["terminated_at"]]) {
    if (typeof s2 !== "string") continue;
    const t = Date.parse(s2);
    parts.push(`<line x1="${x(t).toFixed(1)}" y1="14" x2="${x(t).toFixed(1)}" y2="${H - 20}" class="life"><title>${escapeHtml(s2)}</title></line>`);
  }
  periods.forEach((p, i) => parts.push(`<rect class="period p${i % 2}" x="${x(p.from).toFixed(1)}" y="22" width="${Math.max(1, x(p.to) - x(p.from)).toFixed(1)}" height="16"><title>${escapeHtml(p.label)}</title></rect>`));
  for (const m of marks) parts.push(`<circle class="invoice-mark" cx="${x(m.at).toFixed(1)}" cy="50" r="5"><title>${escapeHtml(m.label)}</title></circle>`);
  // Usage: per metric, its units received over time (a sum metric's values, else events), cumulative (a step line).
  codes.forEach((code, k) => {
    const mine = events.filter((e) => e.code === code).sort((a, b) => a.at - b.at);
    const series = cumulativeUnits(mine, metrics.get(code));
    const top = 70 + 40 * k, bottom = top + 32;
    const total = series.at(-1)?.text ?? "0";
    const scale = Math.max(1e-9, ...series.map((p) => Math.abs(Number(p.text))));
    const pts: string[] = [`${X0},${bottom}`];
    let prev = bottom;
    for (const p of series) {
      const px = x(p.at).toFixed(1), py = (bottom - (Number(p.text) / scale) * 32).toFixed(1);
      pts.push(`${px},${prev}`, `${px},${py}`);
      prev = Number(py);
    }
    parts.push(`<text x="4" y="${top + 12}" class="label">${escapeHtml(code)}</text><text x="${W - 10}" y="${top + 12}" class="label end">${escapeHtml(total)} ${escapeHtml(series.unit)}</text><polyline class="usage" points="${pts.join(" ")}" data-points="${mine.length}"><title>${escapeHtml(code)}: ${escapeHtml(total)} ${escapeHtml(series.unit)} from ${mine.length} events</title></polyline>`);
  });
  return `<figure class="timeline" data-subscription="${h(s["external_id"])}" data-periods="${periods.length}" data-invoices="${marks.length}">
<figcaption><strong>${h(s["external_id"])}</strong> · plan ${h(s["plan_code"])} · ${h(s["billing_time"])} · ${h(s["status"])} · periods (bars), invoices (dots), usage received per metric over time (lines; the total at the right)</figcaption>
<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">${parts.join("")}
<text x="${X0}" y="${H - 4}" class="label">${escapeHtml(new Date(first).toISOString().slice(0, 10))}</text><text x="${W - 10}" y="${H - 4}" class="label end">${escapeHtml(new Date(last).toISOString().slice(0, 10))}</text></svg></figure>`;
}

/**
 * A metric's units received so far after each event, exactly: a sum metric adds its field's
 * values (those that are decimals), any other counts events. Not the billed units (windows,
 * duplicates and filters are the invoices' business): what arrived.
 */
function cumulativeUnits(events: readonly { at: number; properties: Obj }[], metric: Obj | undefined): { at: number; text: string }[] & { unit: string } {
  const field = metric?.["aggregation_type"] === "sum_agg" && typeof metric["field_name"] === "string" ? metric["field_name"] : undefined;
  let acc: Decimal = ZERO;
  const out = events.map((e) => {
    const v = field === undefined ? ONE : parseDecimal(e.properties[field]) ?? ZERO;
    acc = acc.plus(v);
    return { at: e.at, text: toDecimalString(acc) };
  });
  return Object.assign(out, { unit: field === undefined ? "events" : field });
}

// ---------------------------------------------------------------------------------------------
// Price curves

function priceCurvesSection(inp: Obj, invoices: readonly Obj[]): string {
  // The units each (plan, metric) reached on invoices: its fees without filter or group.
  const planOf = new Map<string, string>();
  for (const step of objs(inp["steps"])) {
    const b = obj(step["body"]);
    if (step["op"] === "create_subscription" && typeof b["external_id"] === "string") planOf.set(b["external_id"], str(b["plan_code"]));
  }
  const reached = new Map<string, string[]>();
  for (const inv of invoices) {
    for (const f of objs(inv["fees"])) {
      const item = obj(f["item"]);
      if (item["type"] !== "charge" || item["filters"] !== null && item["filters"] !== undefined || Object.keys(obj(f["grouped_by"])).length > 0) continue;
      const key = `${planOf.get(str(f["external_subscription_id"])) ?? ""}/${str(item["code"])}`;
      let l = reached.get(key);
      if (l === undefined) reached.set(key, (l = []));
      l.push(str(f["units"]));
    }
  }
  const figures: string[] = [];
  for (const plan of objs(inp["plans"])) {
    for (const charge of objs(plan["charges"])) {
      figures.push(priceCurve(str(plan["code"]), str(plan["amount_currency"]), charge, reached.get(`${str(plan["code"])}/${str(charge["billable_metric_code"])}`) ?? []));
    }
  }
  return `<section id="prices"><h2>Price curves</h2><p>What each charge costs as its units grow (the amount of one billing period), the tier boundaries dashed, the units customers reached marked.</p>${figures.join("\n") || "<p>No charge.</p>"}</section>`;
}

/** A range's bounds as numbers, for the chart's scale (their texts are shown as given). */
function bounds(charge: Obj): string[] {
  const p = obj(charge["properties"]);
  const ranges = objs(p["graduated_ranges"] ?? p["volume_ranges"] ?? p["graduated_percentage_ranges"]);
  return ranges.flatMap((r) => [r["to_value"]]).filter((v) => v !== null && v !== undefined).map((v) => plainText(v));
}

function priceCurve(planCode: string, currency: string, charge: Obj, reachedUnits: readonly string[]): string {
  const metric = str(charge["billable_metric_code"]);
  const tiers = bounds(charge);
  const reachedMax = Math.max(0, ...reachedUnits.map(Number).filter(Number.isFinite));
  const tierMax = Math.max(0, ...tiers.map(Number).filter(Number.isFinite));
  // An integer top so that every sampled unit is an exact integer text.
  const top = Math.max(10, Math.ceil(Math.max(reachedMax * 1.25, tierMax * 1.5)));
  const step = Math.max(1, Math.ceil(top / (CURVE_POINTS - 1)));
  const points: { units: string; amount: string }[] = [];
  const base = { charge_model: charge["charge_model"], properties: charge["properties"] };
  const caption = `<figcaption><strong>${escapeHtml(planCode)}</strong> · ${escapeHtml(metric)} · ${h(charge["charge_model"])}</figcaption>`;
  try {
    for (let k = 0; k < CURVE_POINTS; k++) points.push(amountAt(base, String(k * step)));
  } catch {
    return `<figure class="price-curve" data-charge="${escapeHtml(`${planCode}/${metric}`)}" data-points="0">${caption}<p>This model needs more than units to be priced (events, a currency): no curve.</p></figure>`;
  }
  const reachedPoints: { units: string; amount: string }[] = [];
  for (const u of [...new Set(reachedUnits)].slice(0, 50)) {
    try {
      reachedPoints.push(amountAt(base, u));
    } catch {
      // units the model refuses (out of its ranges) are not marked
    }
  }
  const maxAmount = Math.max(1e-9, ...points.map((p) => Number(p.amount)), ...reachedPoints.map((p) => Number(p.amount)));
  const maxUnits = (CURVE_POINTS - 1) * step;
  const Hc = 200, left = 60, right = 10, topPad = 10, bottom = 30;
  const x = (u: string): number => left + (Math.min(Number(u), maxUnits) / maxUnits) * (W - left - right);
  const y = (a: string): number => topPad + (1 - Number(a) / maxAmount) * (Hc - topPad - bottom);
  const line = points.map((p) => `${x(p.units).toFixed(1)},${y(p.amount).toFixed(1)}`).join(" ");
  const tierLines = tiers.filter((t) => Number(t) <= maxUnits).map((t) => `<line class="tier" x1="${x(t).toFixed(1)}" y1="${topPad}" x2="${x(t).toFixed(1)}" y2="${Hc - bottom}"><title>tier boundary ${escapeHtml(t)}</title></line>`).join("");
  const dots = reachedPoints.map((p) => `<circle class="reached" cx="${x(p.units).toFixed(1)}" cy="${y(p.amount).toFixed(1)}" r="4"><title>${escapeHtml(p.units)} units → ${escapeHtml(p.amount)} ${escapeHtml(currency)}</title></circle>`).join("");
  const last = points.at(-1)!;
  return `<figure class="price-curve" data-charge="${escapeHtml(`${planCode}/${metric}`)}" data-points="${points.length}" data-reached="${reachedPoints.length}">${caption}
<svg viewBox="0 0 ${W} ${Hc}" width="${W}" height="${Hc}" role="img"><line class="axis" x1="${left}" y1="${Hc - bottom}" x2="${W - right}" y2="${Hc - bottom}"/><line class="axis" x1="${left}" y1="${topPad}" x2="${left}" y2="${Hc - bottom}"/>${tierLines}
<polyline class="curve" points="${line}"/>${dots}
<text x="${left}" y="${Hc - 12}" class="label">0</text><text x="${W - right}" y="${Hc - 12}" class="label end">${escapeHtml(last.units)} units</text><text x="${left - 4}" y="${topPad + 10}" class="label end">${escapeHtml(last.amount)}</text></svg>
<table class="points"><caption>Sampled points (exact)</caption><tr><th>units</th>${points.filter((_, i) => i % 10 === 0).map((p) => `<td>${escapeHtml(p.units)}</td>`).join("")}</tr><tr><th>amount (${escapeHtml(currency)})</th>${points.filter((_, i) => i % 10 === 0).map((p) => `<td>${escapeHtml(p.amount)}</td>`).join("")}</tr></table></figure>`;
}

function amountAt(charge: Obj, units: string): { units: string; amount: string } {
  return { units, amount: applyChargeModel({ charge, aggregation: { units } }).amount };
}

// ---------------------------------------------------------------------------------------------
// Usage, wallets, alerts

function usageSection(inp: Obj, res: Obj): string {
  const steps = objs(inp["steps"]);
  const responses = objs(res["responses"]);
  const tables: string[] = [];
  responses.forEach((r, i) => {
    const usage = r["customer_usage"] ?? r["customer_projected_usage"];
    if (!isObj(usage)) return;
    const step = steps[i] ?? {};
    const label = `${str(step["op"])} at ${str(step["at"])} (${str(obj(step["body"])["external_subscription_id"])})`;
    const money = (x: unknown): string => escapeHtml(formatMoney(x, usage["currency"]));
    const rows = objs(usage["charges_usage"]).map((c) => `<tr><td>${h(obj(c["billable_metric"])["name"] ?? obj(c["billable_metric"])["code"])}</td><td class="n">${h(c["units"])}</td><td class="n">${money(c["amount_cents"])}</td>${c["projected_units"] === undefined ? "" : `<td class="n">${h(c["projected_units"])}</td><td class="n">${money(c["projected_amount_cents"])}</td>`}</tr>`);
    const projected = objs(usage["charges_usage"]).some((c) => c["projected_units"] !== undefined);
    tables.push(`<div class="usage" data-step="${i}"><h3>${escapeHtml(label)}</h3><p>${h(usage["from_datetime"])} → ${h(usage["to_datetime"])} · total ${money(usage["total_amount_cents"])}</p><table><thead><tr><th>Metric</th><th class="n">Units</th><th class="n">Amount</th>${projected ? '<th class="n">Projected units</th><th class="n">Projected amount</th>' : ""}</tr></thead><tbody>${rows.join("")}</tbody></table></div>`);
  });
  return `<section id="usage"><h2>Current and projected usage</h2>${tables.join("\n") || "<p>No usage was fetched.</p>"}</section>`;
}

/** Each wallet's credits over time, from its settled transactions: inbound adds, outbound takes away (exact texts). */
function walletCharts(tx: readonly Obj[], first: number, last: number): string {
  const byWallet = new Map<string, Obj[]>();
  for (const t of tx) {
    if (t["status"] !== "settled") continue;
    const id = str(t["svc_wallet_id"]);
    let l = byWallet.get(id);
    if (l === undefined) byWallet.set(id, (l = []));
    l.push(t);
  }
  const span = Number.isFinite(first) && Number.isFinite(last) && last > first;
  return [...byWallet].map(([id, list]) => {
    const sorted = [...list].sort((a, b) => Date.parse(str(a["created_at"])) - Date.parse(str(b["created_at"])));
    let balance: Decimal = ZERO;
    const points = sorted.map((t) => {
      const credits = parseDecimal(t["credit_amount"]) ?? ZERO;
      balance = t["transaction_type"] === "outbound" ? balance.minus(credits) : balance.plus(credits);
      return { at: Date.parse(str(t["created_at"])), text: toDecimalString(balance) };
    });
    const lo = span ? first : Math.min(...points.map((p) => p.at)), hi = span ? last : Math.max(lo + 1, ...points.map((p) => p.at));
    const x = (t: number): number => X0 + ((Math.min(Math.max(t, lo), hi) - lo) / (hi - lo)) * (W - X0 - 10);
    const top = Math.max(1e-9, ...points.map((p) => Math.abs(Number(p.text))));
    const Hw = 90, base = 70;
    let prev = base;
    const pts: string[] = [`${X0},${base}`];
    for (const p of points) {
      const px = x(p.at).toFixed(1), py = (base - (Number(p.text) / top) * 55).toFixed(1);
      pts.push(`${px},${prev}`, `${px},${py}`);
      prev = Number(py);
    }
    const rows = points.map((p) => `<td class="n">${escapeHtml(p.text)}</td>`).join("");
    return `<figure class="wallet" data-wallet="${escapeHtml(id)}" data-points="${points.length}"><figcaption>Wallet ${escapeHtml(id)}: credits over time (settled transactions)</figcaption>
<svg viewBox="0 0 ${W} ${Hw}" width="${W}" height="${Hw}" role="img"><line class="axis" x1="${X0}" y1="${base}" x2="${W - 10}" y2="${base}"/><polyline class="balance" points="${pts.join(" ")}"/><text x="${W - 10}" y="12" class="label end">${escapeHtml(points.at(-1)?.text ?? "0")} credits</text></svg>
<table class="points"><tr><th>after</th>${points.map((p) => `<td>${escapeHtml(new Date(p.at).toISOString().slice(0, 10))}</td>`).join("")}</tr><tr><th>credits</th>${rows}</tr></table></figure>`;
  }).join("\n");
}

function walletsSection(inp: Obj, res: Obj): string {
  const tx = objs(res["wallet_transactions"]);
  const steps = objs(inp["steps"]);
  const charts = walletCharts(tx, Date.parse(str(steps[0]?.["at"])), Date.parse(str(inp["until"] ?? steps.at(-1)?.["at"])));
  const rows = tx.map((t) => `<tr><td>${h(t["created_at"])}</td><td>${h(t["svc_wallet_id"])}</td><td>${h(t["transaction_type"])}</td><td>${h(t["status"])}</td><td class="n">${h(t["credit_amount"])}</td><td class="n">${h(t["amount"])}</td></tr>`);
  const alerts = objs(res["webhooks"]).filter((w) => w["type"] === "alert.triggered").map((w) => {
    const o = obj(w["object"]);
    return `<li class="alert">${h(w["at"])} · <strong>${h(o["alert_code"])}</strong> (${h(o["alert_type"])}) on ${h(o["external_subscription_id"] ?? o["svc_wallet_id"])}: ${h(o["previous_value"])} → ${h(o["current_value"])}</li>`;
  });
  return `<section id="wallets"><h2>Wallets and alerts</h2>
${charts}
<h3>Wallet transactions</h3>${rows.length === 0 ? "<p>None.</p>" : `<table><thead><tr><th>At</th><th>Wallet</th><th>Type</th><th>Status</th><th class="n">Credits</th><th class="n">Amount</th></tr></thead><tbody>${rows.join("")}</tbody></table>`}
<h3>Alerts fired</h3>${alerts.length === 0 ? "<p>None.</p>" : `<ul>${alerts.join("")}</ul>`}</section>`;
}

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1d2433;background:#f6f7f9}
header,main,footer{max-width:980px;margin:0 auto;padding:12px 20px}
h1{margin:8px 0 4px;font-size:24px}h2{margin:28px 0 8px;border-bottom:1px solid #d5d9e0;padding-bottom:4px}
nav a{color:#2554c7}
.summary{color:#3b4558}
details.invoice{background:#fff;border:1px solid #d5d9e0;border-radius:6px;margin:8px 0}
details.invoice>summary{cursor:pointer;padding:8px 12px;display:flex;gap:12px;align-items:baseline}
summary .number{font-weight:600}summary .total{margin-left:auto;font-variant-numeric:tabular-nums;font-weight:600}
summary .kind,summary .date{color:#5a6478}
.doc{padding:4px 16px 16px}.doc-head{display:flex;justify-content:space-between;margin:8px 0 12px}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #eceef2;vertical-align:top}
.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr.sum td{font-weight:600}tr.total td{font-size:15px;border-top:2px solid #1d2433}tr.credit td{color:#a33}
.period{display:block;color:#6b7487;font-size:12px}
details.amount-details summary{color:#2554c7;font-size:12px;cursor:pointer}details.amount-details table{font-size:12px}
figure{background:#fff;border:1px solid #d5d9e0;border-radius:6px;margin:10px 0;padding:8px 12px}
svg{max-width:100%;height:auto}.axis{stroke:#8a93a6}.life{stroke:#8a93a6;stroke-dasharray:2 3}
.period.p0{fill:#cfe0ff}.period.p1{fill:#a9c6ff}.invoice-mark{fill:#1f8a4c}
.usage{fill:none;stroke:#7a4cc2;stroke-width:1.5}.curve{fill:none;stroke:#2554c7;stroke-width:2}
.tier{stroke:#c77a25;stroke-dasharray:4 3}.balance{fill:none;stroke:#1f8a4c;stroke-width:2}.reached{fill:#1f8a4c}
.label{font-size:11px;fill:#5a6478}.end{text-anchor:end}
table.points{font-size:12px;width:auto}table.points td{text-align:right}
.pages button{margin:0 2px}.pages button[aria-current=true]{font-weight:700}
footer{color:#6b7487;font-size:12px}
`;

/** Opens a page of invoices: its markup, from the JSON script element, replaces the shown page. */
const SCRIPT = `
document.querySelectorAll('.pages button').forEach(function(b){b.addEventListener('click',function(){
  var n=Number(b.getAttribute('data-page'));var shown=document.getElementById('invoice-page');
  var pages=document.__invoicePages||(document.__invoicePages=JSON.parse(document.getElementById('invoice-pages').textContent));
  if(!document.__firstPage)document.__firstPage=shown.innerHTML;
  shown.innerHTML=n===0?document.__firstPage:pages[n-1];shown.setAttribute('data-page',String(n));
  document.querySelectorAll('.pages button').forEach(function(o){o.removeAttribute('aria-current');});b.setAttribute('aria-current','true');
});});
`;
