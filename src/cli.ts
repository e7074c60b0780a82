#!/usr/bin/env node
/**
 * ratecard CLI (the only place in src/ with I/O).
 *
 *   ratecard run FILE      FILE is {"fn": "<entry point>", "input": {...}} (or an array of
 *                          them): prints each result as JSON
 *   ratecard demo FILE     the same, each result under its "title"; a `simulate` result is
 *                          printed readably (formatSimulation), the others as JSON
 */
import fs from "node:fs";
import path from "node:path";
import * as api from "./index.js";

type EntryPoint = (input: unknown) => unknown;
type Obj = Record<string, unknown>;

function main(argv: readonly string[]): number {
  const [cmd, file] = argv;
  if ((cmd !== "run" && cmd !== "demo") || !file) {
    process.stderr.write("usage: ratecard run|demo FILE.json\n");
    return 2;
  }
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Doc | Doc[];
  let status = 0;
  for (const doc of Array.isArray(parsed) ? parsed : [parsed]) status = Math.max(status, runDoc(doc, cmd === "demo"));
  return status;
}

interface Doc {
  readonly fn?: string;
  readonly input?: unknown;
  readonly title?: string;
}

function runDoc(doc: Doc, demo: boolean): number {
  const name = doc.fn ?? "simulate";
  const fn = (api as unknown as Record<string, unknown>)[name];
  if (typeof fn !== "function") {
    process.stderr.write(`ratecard: no entry point named ${name}\n`);
    return 2;
  }
  if (demo) process.stdout.write(`\n# ${doc.title ?? name}  (${name})\n`);
  try {
    const out = (fn as EntryPoint)(doc.input);
    process.stdout.write(demo && name === "simulate" ? `\n${formatSimulation(out, doc.input)}` : `${JSON.stringify(out, null, 2)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof api.ValidationError) {
      process.stdout.write(`${JSON.stringify(err.toJSON(), null, 2)}\n`);
      return 1;
    }
    throw err;
  }
}

const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const objs = (x: unknown): Obj[] => (Array.isArray(x) ? x.filter(isObj) : []);
const obj = (x: unknown): Obj => (isObj(x) ? x : {});
const text = (x: unknown): string =>
  x === undefined || x === null ? "-" : typeof x === "string" ? x : typeof x === "bigint" ? x.toString() : JSON.stringify(x);
/** An integer amount of minor units (JSON number or digit string), exactly. */
const cents = (x: unknown): bigint | undefined =>
  typeof x === "bigint" ? x : typeof x === "number" && Number.isSafeInteger(x) ? BigInt(x) : typeof x === "string" && /^-?\d+$/.test(x) ? BigInt(x) : undefined;

/**
 * Minor units as currency units with the code, from the integer (no float arithmetic):
 * 123456 USD → "1,234.56 USD", -2000 → "-20.00 USD", 500 JPY → "500 JPY".
 */
export function formatMoney(amountCents: unknown, currency: unknown): string {
  const n = cents(amountCents);
  if (n === undefined || typeof currency !== "string" || !api.isCurrencyCode(currency)) return `${text(amountCents)} (minor units) ${text(currency)}`;
  const e = api.currencyExponent(currency);
  const digits = (n < 0n ? -n : n).toString().padStart(e + 1, "0");
  const units = digits.slice(0, digits.length - e).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${n < 0n ? "-" : ""}${units}${e > 0 ? `.${digits.slice(digits.length - e)}` : ""} ${currency}`;
}

/** Column widths: the widest cell of each column. */
const widthsOf = (rows: readonly (readonly string[])[]): number[] => rows.reduce<number[]>((w, r) => r.map((c, i) => Math.max(w[i] ?? 0, c.length)), []);

/** Rows of cells padded to `widths`; columns in `right` are right-aligned. */
function table(rows: readonly (readonly string[])[], right: ReadonlySet<number>, widths = widthsOf(rows)): string[] {
  return rows.map((r) => `  ${r.map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ")}`.trimEnd());
}

/** Fee rows (type, code, item, units, amount), then [label, amount] rows whose amounts line up with the fees'. */
function feeTable(fees: readonly (readonly string[])[], totals: readonly (readonly [string, string])[]): string[] {
  const w = widthsOf(fees);
  w[4] = Math.max(w[4] ?? 0, ...totals.map(([, a]) => a.length));
  const lead = (): number => w.slice(0, 4).reduce((a, b) => a + b + 2, 0);
  const label = Math.max(0, ...totals.map(([l]) => l.length + 2));
  if (label > lead()) w[2] = (w[2] ?? 0) + label - lead();
  return [...table(fees, new Set([3, 4]), w), ...totals.map(([l, a]) => `  ${l.padEnd(lead())}${a.padStart(w[4]!)}`)];
}

/** One invoice: header, billing periods, one row per fee, then credits, taxes and totals. */
export function formatInvoice(inv: Obj): string[] {
  const money = (x: unknown): string => formatMoney(x, inv["currency"]);
  const out = [`Invoice ${text(inv["number"])} · issued ${text(inv["issuing_date"])} · ${text(inv["status"])} · payment ${text(inv["payment_status"])} (due ${text(inv["payment_due_date"])})`];
  for (const p of objs(inv["billing_periods"])) {
    const from = p["subscription_from_datetime"] ?? p["charges_from_datetime"];
    const to = p["subscription_to_datetime"] ?? p["charges_to_datetime"];
    out.push(`  ${text(p["external_subscription_id"])} · ${text(p["invoicing_reason"])} · ${text(from)} → ${text(to)}`);
  }
  const fees: string[][] = [["type", "code", "item", "units", "amount"]];
  for (const f of objs(inv["fees"])) {
    const item = obj(f["item"]);
    const name = text(item["filter_invoice_display_name"] ?? item["invoice_display_name"] ?? item["name"]);
    const groups = Object.entries(obj(f["grouped_by"])).map(([k, v]) => `${k}=${text(v)}`).join(", ");
    fees.push([`${text(item["type"])}${f["pay_in_advance"] === true ? " (in advance)" : ""}`, text(item["code"]), groups ? `${name} [${groups}]` : name, text(f["units"]), money(f["amount_cents"])]);
  }
  const credits = objs(inv["credits"]);
  const credit = (c: Obj): [string, string] => {
    const item = obj(c["item"]);
    return [`${text(item["type"])} ${text(item["name"])} (${text(item["code"])})`, money(-(cents(c["amount_cents"]) ?? 0n))];
  };
  const total = (label: string, key: string): [string, string] => [label, money(inv[key])];
  const totals = [total("fees", "fees_amount_cents"), ...credits.filter((c) => c["before_taxes"] === true).map(credit), total("sub total excl. taxes", "sub_total_excluding_taxes_amount_cents")];
  for (const t of objs(inv["applied_taxes"])) {
    totals.push([`tax ${text(t["tax_name"])} (${text(t["tax_code"])}) ${text(t["tax_rate"])}% on ${money(t["fees_amount_cents"])}`, money(t["amount_cents"])]);
  }
  totals.push(total("sub total incl. taxes", "sub_total_including_taxes_amount_cents"), ...credits.filter((c) => c["before_taxes"] !== true).map(credit));
  const prepaid = cents(inv["prepaid_credit_amount_cents"]) ?? 0n;
  if (prepaid !== 0n) totals.push(["prepaid credits", money(-prepaid)]);
  totals.push(total("total", "total_amount_cents"), total("total due", "total_due_amount_cents"));
  return [...out, ...feeTable(fees, totals)];
}

/** A `fetch_current_usage` answer: the period, each charge (and its filters), amount, taxes and total. */
function formatUsage(usage: Obj, label: string): string[] {
  const money = (x: unknown): string => formatMoney(x, usage["currency"]);
  const rows: string[][] = [];
  for (const ch of objs(usage["charges_usage"])) {
    rows.push([text(obj(ch["charge"])["code"]), text(obj(ch["billable_metric"])["name"]), text(ch["units"]), money(ch["amount_cents"])]);
    for (const f of objs(ch["filters"]).filter((x) => x["values"] !== null || x["events_count"] !== 0)) {
      rows.push(["", `  ${text(f["invoice_display_name"] ?? f["values"])}`, text(f["units"]), money(f["amount_cents"])]);
    }
  }
  rows.push(["amount", "", "", money(usage["amount_cents"])], ["taxes", "", "", money(usage["taxes_amount_cents"])], ["total", "", "", money(usage["total_amount_cents"])]);
  return [`Current usage ${label} · ${text(usage["from_datetime"])} → ${text(usage["to_datetime"])}`, ...table(rows, new Set([2, 3]))];
}

/** A `simulate` result as text: every invoice, current-usage answers, refusals, credit notes, warnings. */
export function formatSimulation(result: unknown, input?: unknown): string {
  const r = obj(result);
  const steps = objs(obj(input)["steps"]);
  const invoices = objs(r["invoices"]);
  const blocks: string[][] = invoices.map(formatInvoice);
  objs(r["responses"]).forEach((resp, i) => {
    const step = steps[i];
    const label = `(step ${i}${step ? `, ${text(step["op"])} at ${text(step["at"])}` : ""})`;
    if (isObj(resp["customer_usage"])) blocks.push(formatUsage(resp["customer_usage"], label));
    if (isObj(resp["error"])) blocks.push([`Refused ${label}: ${JSON.stringify(resp["error"])}`]);
  });
  for (const n of objs(r["credit_notes"])) {
    blocks.push([`Credit note ${text(n["number"])} on ${text(n["invoice_number"])} · ${text(n["reason"])} · total ${formatMoney(n["total_amount_cents"], n["currency"])}`]);
  }
  const totals = new Map<string, bigint>();
  for (const inv of invoices) totals.set(text(inv["currency"]), (totals.get(text(inv["currency"])) ?? 0n) + (cents(inv["total_amount_cents"]) ?? 0n));
  const billed = [...totals].map(([c, t]) => formatMoney(t, c)).join(" + ") || "nothing";
  blocks.push([`${invoices.length} invoice(s), ${billed} invoiced in total; ${objs(r["warnings"]).length} warning(s)`,
    ...objs(r["warnings"]).map((w) => `  warning at ${text(w["at"])}: ${text(w["message"])}`)]);
  return `${blocks.map((b) => b.join("\n")).join("\n\n")}\n`;
}

/**
 * Whether this module is the program being run (`node dist/cli.js`, the `ratecard` bin link,
 * `tsx src/cli.ts`), not a module a test imports for its formatters. Told by the script's
 * real file name: `import.meta` does not exist in the CommonJS build.
 */
function isProgram(): boolean {
  try {
    const script = process.argv[1];
    return script !== undefined && /^cli\.(c?js|ts)$/.test(path.basename(fs.realpathSync(script)));
  } catch {
    return false;
  }
}

if (isProgram()) {
  // A reader that stops early (`| head`) ends the output, not with a stack trace.
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "EPIPE") throw err;
    process.exit(process.exitCode ?? 0);
  });
  process.exitCode = main(process.argv.slice(2));
}
