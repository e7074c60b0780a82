/**
 * Runs rows of Lago's golden billing suite (getlago/lago-api spec/scenarios/golden/matrix/
 * b02_boundaries, b09_lifecycle, b12_commitments, b13_fixed_charges) through `simulate`. A row
 * keeps the golden schema's setup / timeline / expect shape (figures only); `goldenInput`
 * translates it into a simulate input, `goldenCheck` lists the fields where the output differs
 * from the row's expectations (empty = agrees).
 *
 * Translation (spec/support/golden_runner.rb): plan defaults monthly, 0 cents, EUR, arrears;
 * the customer is created at the first step; coupons are applied then; `ingest_events` events
 * carry the step's time unless they name a timestamp, `count` repeats an event; clock verbs
 * (`perform_*`) only move the clock (`until` = the last step); `terminate_subscription` takes the
 * row's `on_termination_*` policy; `pay_invoice` pays the newest invoice in full. Invoices are
 * compared in issue order, fees by content (fee_type, item_code, from_date, to_date), units and
 * rates by decimal value, dates by instant.
 */
import { expect } from "vitest";
import { simulate } from "../../../src/index.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface GoldenRow {
  id: string;
  setup: Json;
  timeline: Json[];
  expect: Json;
  /** The clock is run up to this instant instead of the last step's. */
  until?: string;
}

const planOf = (p: Json, charges: Json[] | undefined, fixed: Json[] | undefined, currency: string): Json => ({
  name: p.name ?? p.code,
  interval: "monthly",
  amount_cents: 0,
  amount_currency: currency,
  pay_in_advance: false,
  trial_period: 0,
  ...p,
  charges: (charges ?? p.charges ?? []).map((c: Json) => ({ properties: {}, ...c })),
  fixed_charges: (fixed ?? p.fixed_charges ?? []).map((f: Json) => ({
    code: f.add_on_code,
    pay_in_advance: false,
    prorated: false,
    properties: {},
    ...f,
  })),
});

export function goldenInput(row: GoldenRow): Json {
  const s = row.setup ?? {};
  const currency = s.plan?.amount_currency ?? s.customer?.currency ?? "EUR";
  const cust = s.customer ?? {};
  const custId = cust.external_id ?? "golden_customer";
  const subSetup = s.subscription ?? {};
  const t0 = row.timeline[0].at;
  const plans = [
    planOf(s.plan, s.charges, s.fixed_charges, currency),
    ...(s.plans ?? []).map((p: Json) => planOf(p, p.charges, p.fixed_charges, currency)),
  ];
  const customerBody: Json = { external_id: custId, name: cust.name ?? "Golden Customer", currency: cust.currency ?? currency };
  for (const k of ["timezone", "country", "tax_codes", "net_payment_term", "finalize_zero_amount_invoice"]) if (k in cust) customerBody[k] = cust[k];
  if ("invoice_grace_period" in cust) customerBody.billing_configuration = { invoice_grace_period: cust.invoice_grace_period };
  const steps: Json[] = [{ at: t0, op: "create_customer", body: customerBody }];
  for (const c of s.coupons ?? []) steps.push({ at: t0, op: "apply_coupon", body: { external_customer_id: custId, coupon_code: c.code } });
  let sub: Json = { ...subSetup };
  const subId = () => sub.external_id ?? "golden_subscription";
  let tx = 0;
  for (const st of row.timeline) {
    const at = st.at;
    switch (st.do) {
      case "create_subscription": {
        sub = { ...subSetup, ...(st.params ?? {}) };
        const body: Json = {
          external_customer_id: custId,
          external_id: subId(),
          plan_code: sub.plan_code ?? s.plan.code,
          billing_time: sub.billing_time ?? "calendar",
        };
        for (const k of ["subscription_at", "ending_at", "plan_overrides"]) if (sub[k]) body[k] = sub[k];
        steps.push({ at, op: "create_subscription", body });
        break;
      }
      case "ingest_events": {
        const events: Json[] = [];
        for (const e of st.events ?? [])
          for (let i = 0; i < (e.count ?? 1); i++)
            events.push({
              transaction_id: `g_${++tx}`,
              code: e.code,
              external_subscription_id: subId(),
              timestamp: e.timestamp ?? at,
              properties: e.properties ?? {},
              ...(e.precise_total_amount_cents !== undefined ? { precise_total_amount_cents: e.precise_total_amount_cents } : {}),
            });
        steps.push({ at, op: "create_events", body: { events } });
        break;
      }
      case "terminate_subscription": {
        const body: Json = { external_id: subId() };
        for (const k of ["on_termination_credit_note", "on_termination_invoice"]) if (sub[k]) body[k] = sub[k];
        Object.assign(body, st.params ?? {});
        steps.push({ at, op: "terminate_subscription", body });
        break;
      }
      case "fetch_current_usage":
        steps.push({ at, op: "fetch_current_usage", body: { external_customer_id: custId, external_subscription_id: subId() } });
        break;
      case "pay_invoice": // the newest invoice, paid in full (the rows pay before any other invoice exists)
        steps.push({
          at,
          op: "create_payment",
          body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, amount_cents: { $ref: { invoice: -1, field: "total_amount_cents" } }, reference: "golden" },
        });
        break;
      case "update_subscription_fixed_charge": {
        const fc = st.fixed_charge;
        steps.push({ at, op: "update_subscription_fixed_charge", body: { external_subscription_id: subId(), ...fc, code: fc.code ?? fc.add_on_code } });
        break;
      }
      case "update_plan_fixed_charge": {
        const { add_on_code, ...fc } = st.fixed_charge;
        steps.push({ at, op: "update_plan", body: { code: s.plan.code, fixed_charges: [{ ...fc, code: fc.code ?? add_on_code }] } });
        break;
      }
      case "raw": // a step written directly in simulate's terms
        steps.push({ at, op: st.op, body: st.body });
        break;
      default:
        if (!String(st.do).startsWith("perform_")) throw new Error(`golden: no translation for step ${st.do}`);
    }
  }
  const org: Json = { timezone: "UTC", invoice_grace_period: 0, default_currency: currency, tax_codes: [], document_locale: "en" };
  if (s.organization?.premium_integrations) org.premium_integrations = s.organization.premium_integrations;
  return {
    organization: org,
    taxes: (s.taxes ?? []).map((t: Json) => ({ name: t.code, applied_to_organization: true, ...t, rate: String(t.rate) })),
    billable_metrics: (s.metrics ?? []).map((m: Json) => ({ name: m.code, ...m })),
    plans,
    add_ons: (s.add_ons ?? []).map((a: Json) => ({ name: a.code, amount_currency: "EUR", ...a })),
    coupons: (s.coupons ?? []).map((c: Json) => ({ name: c.code, ...c })),
    steps,
    until: row.until ?? row.timeline[row.timeline.length - 1].at,
  };
}

export const goldenRun = (row: GoldenRow): Json => simulate(goldenInput(row) as Json) as Json;

// ---------------------------------------------------------------- comparison

const ITEM_TYPE: Record<string, string> = {
  subscription: "Subscription",
  charge: "BillableMetric",
  fixed_charge: "AddOn",
  add_on: "AddOn",
  commitment: "Commitment",
  credit: "WalletTransaction",
};
const isNum = (v: unknown) => typeof v === "number" || (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v));
const isTime = (v: unknown) => typeof v === "string" && /^\d{4}-\d\d-\d\dT/.test(v);

function same(exp: unknown, act: unknown): boolean {
  if (exp === null || exp === undefined) return act === null || act === undefined;
  if (isTime(exp)) return typeof act === "string" && Date.parse(act) === Date.parse(exp as string);
  if (isNum(exp) && isNum(act)) return Number(exp) === Number(act);
  return exp === act;
}

function feeField(fee: Json, k: string): unknown {
  if (k === "fee_type") return fee.item?.type;
  if (k === "item_code") return fee.item?.code;
  if (k === "item_type") return fee.item?.item_type ?? ITEM_TYPE[fee.item?.type];
  return fee[k];
}

const FEE_KEYS = ["fee_type", "item_code", "item_type", "from_date", "to_date"];
const feeStr = (f: Json) => `${f.item?.type}:${f.item?.code} units=${f.units} ${f.amount_cents} ${f.from_date}..${f.to_date}`;

function checkFees(subject: string, exp: Json[], act: Json[], errs: string[]) {
  if (exp.length !== act.length) errs.push(`${subject}.fees: expected ${exp.length} fee(s), got ${act.length}: ${act.map(feeStr).join(" | ")}`);
  const remaining = [...act];
  exp.forEach((e, i) => {
    const m = remaining.find((f) => FEE_KEYS.every((k) => !(k in e) || same(e[k], feeField(f, k))));
    if (!m) {
      errs.push(`${subject}.fee#${i + 1} ${JSON.stringify(e)} matched none of: ${remaining.map(feeStr).join(" | ")}`);
      return;
    }
    remaining.splice(remaining.indexOf(m), 1);
    for (const [k, v] of Object.entries(e)) if (!same(v, feeField(m, k))) errs.push(`${subject}.fee#${i + 1}.${k}: expected ${v}, got ${feeField(m, k)}`);
  });
}

function selectRecord(list: Json[], sel: Json): Json | undefined {
  if (sel === undefined || sel === "last") return list[list.length - 1];
  if (sel === "first") return list[0];
  const { index, ...filters } = sel;
  const scoped = list.filter((r) => Object.entries(filters).every(([k, v]) => String(r[k]) === String(v)));
  const i = index ?? -1;
  return i < 0 ? scoped[scoped.length + i] : scoped[i];
}

function checkFields(subject: string, exp: Json, act: Json, errs: string[]) {
  for (const [k, v] of Object.entries(exp)) if (!same(v, act?.[k])) errs.push(`${subject}.${k}: expected ${v}, got ${act?.[k]}`);
}

/** Differences between the simulation's output and the row's expectations (empty = agrees). */
export function goldenCheck(row: GoldenRow, out: Json): string[] {
  const errs: string[] = [];
  const x = row.expect;
  const invoices: Json[] = out.invoices;
  if ("invoices" in x && invoices.length !== x.invoices) errs.push(`invoices: expected ${x.invoices}, got ${invoices.length}`);
  const list = x.invoice === undefined ? [] : Array.isArray(x.invoice) ? x.invoice : [x.invoice];
  for (const e of list) {
    const { select, fees, fees_count, ...fields } = e;
    const subject = `invoice[${JSON.stringify(select ?? "last")}]`;
    const inv = selectRecord(invoices, select);
    if (!inv) {
      errs.push(`${subject}: no such invoice`);
      continue;
    }
    checkFields(subject, fields, inv, errs);
    if (fees_count !== undefined && inv.fees.length !== fees_count) errs.push(`${subject}.fees_count: expected ${fees_count}, got ${inv.fees.length}`);
    if (fees) checkFees(subject, fees, inv.fees, errs);
  }
  if (x.credit_note) {
    const { select, items_count, ...fields } = x.credit_note;
    const cn = selectRecord(out.credit_notes, select);
    if (!cn) errs.push(`credit_note[${JSON.stringify(select)}]: none (have ${out.credit_notes.length})`);
    else {
      checkFields("credit_note", fields, cn, errs);
      if (items_count !== undefined && cn.items.length !== items_count) errs.push(`credit_note.items_count: expected ${items_count}, got ${cn.items.length}`);
    }
  }
  if (x.usage) {
    const steps: Json[] = goldenInput(row).steps;
    let idx = -1;
    steps.forEach((s, i) => {
      if (s.op === "fetch_current_usage") idx = i;
    });
    const usage = idx >= 0 ? out.responses[idx]?.customer_usage : undefined;
    if (!usage) errs.push("usage: no snapshot");
    else {
      const { charges_usage, ...fields } = x.usage;
      checkFields("usage", fields, usage, errs);
      for (const c of charges_usage ?? []) {
        const a = usage.charges_usage.find((u: Json) => u.billable_metric?.code === c.billable_metric_code);
        if (!a) errs.push(`usage[${c.billable_metric_code}]: missing`);
        else {
          const { billable_metric_code, charge_model, ...rest } = c;
          if (charge_model !== undefined && a.charge?.charge_model !== charge_model)
            errs.push(`usage[${billable_metric_code}].charge_model: expected ${charge_model}, got ${a.charge?.charge_model}`);
          checkFields(`usage[${billable_metric_code}]`, rest, a, errs);
        }
      }
    }
  }
  if (errs.length) {
    (out.responses as Json[]).forEach((r, i) => {
      if (r?.error) errs.push(`(step ${i} refused: ${JSON.stringify(r.error)})`);
    });
  }
  return errs;
}

/** Vitest assertion: the row's figures hold. */
export function expectGolden(row: GoldenRow): void {
  expect(goldenCheck(row, goldenRun(row))).toEqual([]);
}

/** Scratch runner: PASS or the differing fields, per row. */
export function report(rows: GoldenRow[]): void {
  for (const row of rows) {
    let errs: string[];
    try {
      errs = goldenCheck(row, goldenRun(row));
    } catch (e) {
      errs = [`threw: ${(e as Error).message}`];
    }
    console.log(errs.length ? `FAIL ${row.id}\n   ${errs.join("\n   ")}` : `PASS ${row.id}`);
  }
}
