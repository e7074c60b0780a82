#!/usr/bin/env node
/**
 * ratecard CLI (the only place in src/ with I/O, with the server). Arguments are read with
 * Node's own `util.parseArgs` (kept with Node, nothing added to the bundle).
 *
 *   ratecard simulate FILE|-     the simulator on a timeline; prints the invoices (text) or the result (json)
 *   ratecard rate FILE|-         applyChargeModel
 *   ratecard aggregate FILE|-    aggregate
 *   ratecard period FILE|-       billingPeriod
 *   ratecard validate FILE|-     checks an input without printing its result
 *   ratecard run FILE            {"fn", "input"} documents (or an array of them), each result as JSON
 *   ratecard demo FILE           the same, each under its "title", a simulation printed as text
 *   ratecard serve --api-key KEY  the service's HTTP API over the simulator (src/server, docs/serve.md)
 *
 * FILE may be an entry point's input or a {"fn", "input"} document; `-` reads standard input.
 * Exit status: 0 done, 1 refused input (a validation error, a file that is not JSON), 2 misuse.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as api from "./index.js";
import { formatMoney, minorUnits as cents, plainText } from "./report/format.js";
import { simulationReport } from "./report/html.js";

export { formatMoney };
import { createServer, type ServeHandle, ServeError } from "./server/index.js";

type EntryPoint = (input: unknown) => unknown;
type Obj = Record<string, unknown>;

/** The commands that run one entry point, and the entry point they run. */
const COMMANDS = { simulate: "simulate", rate: "applyChargeModel", aggregate: "aggregate", period: "billingPeriod" } as const;
type Command = keyof typeof COMMANDS;
const ENTRY_POINTS: readonly string[] = Object.values(COMMANDS);

export const USAGE = `usage: ratecard <command> FILE|- [options]

commands:
  simulate FILE     run a simulation (a timeline of calls) and print every invoice it issued
  rate FILE         applyChargeModel: a charge model on aggregated units
  aggregate FILE    aggregate: a billable metric over raw events
  period FILE       billingPeriod: where a billing run falls
  validate FILE     check an input (of the entry point --fn names, else the one it looks like)
  run FILE          print the result of {"fn", "input"} documents (or an array of them) as JSON
  demo FILE         the same, readably, each under its "title"
  serve             the service's HTTP API over the simulator ('ratecard serve --help')
  playground        write the pricing playground page (-o FILE, default playground.html): edit a
                    catalog and a timeline in the browser, see the invoices and curves (docs/report.md)

FILE is an entry point's input, or {"fn": "<entry point>", "input": {...}}; "-" reads standard input.

options:
  -f, --format text|json|html
                           text (default): readable; json: the result as the entry point returns it;
                           html (simulate): a self-contained report page (docs/report.md)
  -o, --output FILE        write the output to FILE instead of standard output
      --html FILE          demo: also write the HTML report of the file's simulation to FILE
      --fn NAME            validate: the entry point (simulate, applyChargeModel, aggregate, billingPeriod)
  -h, --help               this help
  -v, --version            the version

exit status: 0 done, 1 refused input, 2 misuse
`;

export const SERVE_USAGE = `usage: ratecard serve --api-key KEY [--api-key KEY2 ...] [options]

Serves the billing service's API (/api/v1) over the simulator on 127.0.0.1 (docs/serve.md).

options:
      --api-key KEY        a key accepted as "Authorization: Bearer KEY" (repeatable; at least one)
      --port N             the port (default 0: a free one; the line "listening on URL" names it)
      --catalog FILE       billable_metrics, plans, taxes, coupons, add_ons, organization (a simulate input without steps)
      --org FILE           the organization's settings (timezone, invoice_grace_period, net_payment_term, default_currency,
                           tax_codes, taxes, premium_integrations, …) over the catalog's; default: UTC, no grace period, no taxes
      --clock manual|system  manual (default): starts at --now, moves on POST /_ratecard/clock; system: the wall clock
      --now ISO            the manual clock's start (default 2024-01-01T00:00:00Z)
      --data DIR           keep every accepted call in DIR (appended and fsynced); a restart replays it
      --webhook-secret KEY the organization's HMAC key signing webhooks (default: a UUID derived from the organization's id)
      --webhook-jwt-key FILE  the RSA private key (PEM) of jwt signatures (default: one made at start)
      --webhook-attempts N attempts per webhook delivery, the first included (default 3; 0: without end)
      --webhook-backoff MS the wait after the n-th failed attempt is MS × (n⁴ + 2) (default 1000: 3 s, 18 s, 83 s, …)
      --webhook-timeout MS how long an attempt may take (default 30000)
  -h, --help               this help

It stops on SIGINT or SIGTERM. Exit status: 1 refused catalog, 2 misuse.
`;

/** A failure the CLI reports in one line: `status` 1 for refused input, 2 for misuse. */
class CliError extends Error {
  constructor(message: string, readonly status: 1 | 2) {
    super(message);
  }
}

interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readStdin: () => string;
  readonly progress: boolean;
}

/** Runs the CLI on `argv` (without node and the script); returns the exit status. */
export function main(argv: readonly string[], io: Io = processIo()): number {
  try {
    return run(argv, io);
  } catch (err) {
    if (err instanceof CliError) {
      io.stderr(`ratecard: ${err.message}\n`);
      if (err.status === 2) io.stderr("Run 'ratecard --help' for usage.\n");
      return err.status;
    }
    if (api.isValidationError(err)) {
      io.stderr(`ratecard: refused: ${describeIssues(err)}\n`);
      return 1;
    }
    throw err;
  }
}

function run(argv: readonly string[], io: Io): number {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message.split("\n")[0]! : String(err), 2);
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  if (values.version === true) {
    io.stdout(`${version()}\n`);
    return 0;
  }
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json" && format !== "html") throw new CliError(`--format must be text, json or html, not ${JSON.stringify(format)}`, 2);
  const [cmd, file, ...rest] = positionals;
  if (cmd === undefined) throw new CliError("no command given", 2);
  if (cmd === "playground") {
    if (file !== undefined) throw new CliError(`unexpected argument ${JSON.stringify(file)}`, 2);
    const out = values.output ?? "playground.html";
    fs.writeFileSync(out, playgroundHtml());
    io.stderr(`ratecard: playground written to ${out} (open it in a browser)\n`);
    return 0;
  }
  if (file === undefined) throw new CliError(`${cmd}: no input file given (a path, or - for standard input)`, 2);
  if (rest.length > 0) throw new CliError(`unexpected argument ${JSON.stringify(rest[0])}`, 2);
  const writeFile = (name: string, text: string): void => {
    try {
      fs.writeFileSync(name, text);
    } catch (err) {
      throw new CliError(`cannot write ${name}: ${errorText(err)}`, 2);
    }
  };
  const write = (text: string): void => {
    if (values.output === undefined) io.stdout(text);
    else writeFile(values.output, text);
  };
  if (format === "html" && cmd !== "simulate" && cmd !== "demo") throw new CliError("--format html is for simulate (and demo --html FILE)", 2);
  if (cmd === "run" || cmd === "demo") {
    const docs = readJson(file, io);
    let status = 0;
    let out = "";
    const reports: { title: string; input: unknown; result: unknown }[] = [];
    for (const doc of Array.isArray(docs) ? docs : [docs]) {
      const [text, s, report] = runDoc(isObj(doc) ? doc : {}, cmd === "demo");
      out += text;
      status = Math.max(status, s);
      if (report !== undefined) reports.push(report);
    }
    write(out);
    if (values.html !== undefined) {
      // demo --html FILE: the report of the file's (first) simulation.
      const first = reports[0];
      if (first === undefined) throw new CliError("--html: the file holds no simulation", 2);
      writeFile(values.html, simulationReport(first.input, first.result, { title: first.title }));
      io.stderr(`ratecard: report written to ${values.html}\n`);
    }
    return status;
  }
  if (cmd === "validate") {
    const { fn, input } = entryInput(readJson(file, io), values.fn);
    validate(fn, input);
    write(`valid ${fn} input\n`);
    return 0;
  }
  if (!(cmd in COMMANDS)) throw new CliError(`unknown command ${JSON.stringify(cmd)}`, 2);
  const fn = COMMANDS[cmd as Command];
  const raw = readJson(file, io);
  const { input } = entryInput(raw, fn);
  const t0 = Date.now();
  if (io.progress && fn === "simulate") io.stderr(`ratecard: simulating ${stepCount(input)} steps…\n`);
  const result = entry(fn)(input);
  if (io.progress && fn === "simulate") io.stderr(`ratecard: simulated in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  if (format === "html") {
    write(simulationReport(input, result, { title: isObj(raw) && typeof raw["title"] === "string" ? raw["title"] : "Simulation report" }));
    return 0;
  }
  write(format === "json" ? `${JSON.stringify(result, null, 2)}\n` : fn === "simulate" ? formatSimulation(result, input) : formatRecord(result));
  return 0;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: "string", short: "f" },
      html: { type: "string" },
      output: { type: "string", short: "o" },
      fn: { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
    },
  });
}

/** The file's JSON: a missing or unreadable file is misuse (2), text that is not JSON refused input (1). */
function readJson(file: string, io: Io): unknown {
  let text: string;
  try {
    text = file === "-" ? io.readStdin() : fs.readFileSync(file, "utf8");
  } catch (err) {
    throw new CliError(`cannot read ${file === "-" ? "standard input" : file}: ${errorText(err)}`, 2);
  }
  if (io.progress && text.length > 5_000_000) io.stderr(`ratecard: read ${(text.length / 1e6).toFixed(1)} MB\n`);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new CliError(`${file === "-" ? "standard input" : file} is not JSON: ${errorText(err)}`, 1);
  }
}

/** `{fn, input}` documents are unwrapped; otherwise the file is the input itself. */
function entryInput(raw: unknown, expected: string | undefined): { fn: string; input: unknown } {
  const doc = isObj(raw) && typeof raw["fn"] === "string" && "input" in raw ? raw : undefined;
  const fn = expected ?? (doc ? (doc["fn"] as string) : isObj(raw) && "steps" in raw ? "simulate" : undefined);
  if (fn === undefined) throw new CliError("validate: say which entry point the input is for with --fn (simulate, applyChargeModel, aggregate, billingPeriod)", 2);
  if (!ENTRY_POINTS.includes(fn)) throw new CliError(`--fn must be one of ${ENTRY_POINTS.join(", ")}, not ${JSON.stringify(fn)}`, 2);
  if (doc && doc["fn"] !== fn) throw new CliError(`the file is a ${JSON.stringify(doc["fn"])} document, not ${fn} input`, 2);
  return { fn, input: doc ? doc["input"] : raw };
}

function entry(fn: string): EntryPoint {
  return (api as unknown as Record<string, EntryPoint>)[fn]!;
}

/** Checks an input: the simulation is prepared (every step parsed), the others run. */
function validate(fn: string, input: unknown): void {
  if (fn === "simulate") api.validateSimulation(input);
  else entry(fn)(input);
}

const stepCount = (input: unknown): string => (isObj(input) && Array.isArray(input["steps"]) ? input["steps"].length.toLocaleString("en") : "0");

/** `path code, code; path code` — every issue of a validation error on one line. */
function describeIssues(err: api.ValidationError): string {
  const byPath = new Map<string, string[]>();
  for (const i of err.issues) {
    const p = api.toDotPath(i.path) || "base";
    const detail = api.detailOf(i);
    const text = detail === undefined ? i.code : `${i.code} (${detail})`;
    const list = byPath.get(p) ?? [];
    if (!list.includes(text)) list.push(text);
    byPath.set(p, list);
  }
  const parts = [...byPath].map(([p, codes]) => `${p} ${codes.join(", ")}`);
  return parts.length > 0 ? parts.join("; ") : err.message;
}

const errorText = (err: unknown): string => (err instanceof Error ? (err as NodeJS.ErrnoException).code ?? err.message.split("\n")[0]! : String(err));

/** The playground page `npm run build` made beside the CLI (dist/playground.html). */
function playgroundHtml(): string {
  for (const rel of ["playground.html", "../dist/playground.html"]) {
    try {
      return fs.readFileSync(path.join(path.dirname(fs.realpathSync(process.argv[1]!)), rel), "utf8");
    } catch {
      // try the next candidate
    }
  }
  throw new CliError("playground: no playground.html beside the CLI; run `npm run build` first", 2);
}

function version(): string {
  for (const rel of ["../package.json", "../../package.json"]) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(fs.realpathSync(process.argv[1]!)), rel), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "ratecard" && typeof pkg.version === "string") return pkg.version;
    } catch {
      // try the next candidate
    }
  }
  return "unknown";
}

function processIo(): Io {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: () => fs.readFileSync(0, "utf8"),
    progress: process.stderr.isTTY === true,
  };
}

interface Doc {
  readonly fn?: string;
  readonly input?: unknown;
  readonly title?: string;
}

/** One `run`/`demo` document: its printout and status (a refused input prints its error as JSON). */
function runDoc(doc: Doc, demo: boolean): [string, number, { title: string; input: unknown; result: unknown } | undefined] {
  const name = doc.fn ?? "simulate";
  if (!ENTRY_POINTS.includes(name)) throw new CliError(`no entry point named ${JSON.stringify(name)} (${ENTRY_POINTS.join(", ")})`, 2);
  const head = demo ? `\n# ${doc.title ?? name}  (${name})\n` : "";
  try {
    const out = entry(name)(doc.input);
    const report = name === "simulate" ? { title: doc.title ?? "Simulation report", input: doc.input, result: out } : undefined;
    return [head + (demo && name === "simulate" ? `\n${formatSimulation(out, doc.input)}` : `${JSON.stringify(out, null, 2)}\n`), 0, report];
  } catch (err) {
    if (api.isValidationError(err)) return [`${head}${JSON.stringify(err.toJSON(), null, 2)}\n`, 1, undefined];
    throw err;
  }
}

/** A result as `key  value` lines: scalars as they are, objects and lists as compact JSON. */
export function formatRecord(result: unknown): string {
  const r = obj(result);
  const width = Math.max(0, ...Object.keys(r).map((k) => k.length));
  return `${Object.entries(r).map(([k, v]) => `${k.padEnd(width)}  ${typeof v === "string" ? v : JSON.stringify(v)}`).join("\n")}\n`;
}

const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const objs = (x: unknown): Obj[] => (Array.isArray(x) ? x.filter(isObj) : []);
const obj = (x: unknown): Obj => (isObj(x) ? x : {});
const text = plainText;

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
    if (isObj(resp["invoice"]) && step?.["op"] === "preview_invoice") blocks.push([`Preview ${label}`, ...formatInvoice(resp["invoice"])]);
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
 * `ratecard serve`: starts the server, prints `listening on <url>` when it listens, and stops
 * on SIGINT/SIGTERM. Resolves with the handle (the process keeps running on its socket), or
 * with the exit status of a refusal.
 */
export async function serve(argv: readonly string[], io: Io = processIo()): Promise<ServeHandle | number> {
  try {
    let values: ReturnType<typeof parseServe>["values"];
    try {
      const parsed = parseServe(argv);
      values = parsed.values;
      if (parsed.positionals.length > 0) throw new CliError(`serve: unexpected argument ${JSON.stringify(parsed.positionals[0])}`, 2);
    } catch (err) {
      if (err instanceof CliError) throw err;
      throw new CliError(`serve: ${err instanceof Error ? err.message.split("\n")[0]! : String(err)}`, 2);
    }
    if (values.help === true) {
      io.stdout(SERVE_USAGE);
      return 0;
    }
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!/^[0-9]+$/.test(values.port ?? "0") || port > 65535) throw new CliError(`serve: --port must be an integer from 0 to 65535, not ${JSON.stringify(values.port)}`, 2);
    const clock = values.clock ?? "manual";
    if (clock !== "manual" && clock !== "system") throw new CliError(`serve: --clock must be manual or system, not ${JSON.stringify(clock)}`, 2);
    let catalog: Obj | undefined;
    if (values.catalog !== undefined) {
      const raw = readJson(values.catalog, io);
      if (!isObj(raw)) throw new CliError(`serve: ${values.catalog} is not a catalog (a JSON object with billable_metrics, plans, …)`, 1);
      catalog = raw;
    }
    const organization = values.org === undefined ? undefined : readJson(values.org, io);
    const count = (name: "webhook-attempts" | "webhook-backoff" | "webhook-timeout", min: number): number | undefined => {
      const v = values[name];
      if (v === undefined) return undefined;
      if (!/^[0-9]+$/.test(v) || !Number.isSafeInteger(Number(v)) || Number(v) < min) throw new CliError(`serve: --${name} must be an integer ≥ ${min}, not ${JSON.stringify(v)}`, 2);
      return Number(v);
    };
    const attempts = count("webhook-attempts", 0);
    const backoffMs = count("webhook-backoff", 0);
    const timeoutMs = count("webhook-timeout", 1);
    if (values["webhook-secret"] === "") throw new CliError("serve: --webhook-secret must not be empty", 2);
    let jwtPrivateKey: string | undefined;
    if (values["webhook-jwt-key"] !== undefined) {
      try {
        jwtPrivateKey = fs.readFileSync(values["webhook-jwt-key"], "utf8");
      } catch (err) {
        throw new CliError(`serve: cannot read --webhook-jwt-key ${values["webhook-jwt-key"]}: ${errorText(err)}`, 1);
      }
    }
    const webhooks = {
      ...(attempts === undefined ? {} : { attempts }),
      ...(backoffMs === undefined ? {} : { backoffMs }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(values["webhook-secret"] === undefined ? {} : { hmacKey: values["webhook-secret"] }),
      ...(jwtPrivateKey === undefined ? {} : { jwtPrivateKey }),
    };
    let handle: ServeHandle;
    try {
      handle = await createServer({
        apiKeys: values["api-key"] ?? [], port, clock,
        ...(values.now === undefined ? {} : { now: values.now }),
        ...(catalog === undefined ? {} : { catalog }),
        ...(organization === undefined ? {} : { organization }),
        ...(values.data === undefined ? {} : { dataDir: values.data }),
        webhooks,
        log: (line) => io.stderr(`${line}\n`),
      });
    } catch (err) {
      if (err instanceof ServeError) throw new CliError(`serve: ${err.message}`, /catalog refused|^--org:/.test(err.message) ? 1 : 2);
      if (err instanceof Error && "code" in err) throw new CliError(`serve: cannot listen on port ${port}: ${errorText(err)}`, 2);
      throw err;
    }
    io.stdout(`listening on ${handle.url}\n`);
    return handle;
  } catch (err) {
    if (err instanceof CliError) {
      io.stderr(`ratecard: ${err.message}\n`);
      if (err.status === 2) io.stderr("Run 'ratecard serve --help' for usage.\n");
      return err.status;
    }
    throw err;
  }
}

function parseServe(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      "api-key": { type: "string", multiple: true },
      port: { type: "string" },
      catalog: { type: "string" },
      org: { type: "string" },
      clock: { type: "string" },
      now: { type: "string" },
      data: { type: "string" },
      "webhook-secret": { type: "string" },
      "webhook-jwt-key": { type: "string" },
      "webhook-attempts": { type: "string" },
      "webhook-backoff": { type: "string" },
      "webhook-timeout": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
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
  try {
    if (process.argv[2] === "serve") {
      void serve(process.argv.slice(3)).then((r) => {
        if (typeof r === "number") {
          process.exitCode = r;
          return;
        }
        const stop = (): void => void r.close().then(() => process.exit(0));
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      }, (err: unknown) => {
        process.stderr.write(`ratecard: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
        process.exitCode = 70;
      });
    } else process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    // An engine defect, not the input's: one line, then the trace for the report.
    process.stderr.write(`ratecard: internal error: ${err instanceof Error ? err.message : String(err)}\n${err instanceof Error ? (err.stack ?? "") : ""}\n`);
    process.exitCode = 70;
  }
}
