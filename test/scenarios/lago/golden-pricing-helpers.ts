/**
 * Runs a row of Lago's golden billing suite (getlago/lago-api spec/scenarios/golden/matrix/*.yml,
 * figures only) through `simulate`: the row's setup / timeline are translated into a simulate
 * input the way spec/support/golden_runner.rb drives the REST API, and its `expect` is compared
 * with the result (amounts exactly, units / rates by decimal value, dates by instant, fees matched
 * by content). `checkRow` returns the differences; `expectRow` throws on any.
 */
import { simulate } from "../../../src/index.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface GoldenRow {
  id: string;
  setup: Json;
  timeline?: Json[];
  at?: string;
  expect: Json;
}

interface Step {
  at: string;
  op: string;
  body: Json;
}

const ORG = { timezone: "UTC", invoice_grace_period: 0, default_currency: "EUR", tax_codes: [] as string[], document_locale: "en" };

function currencyOf(setup: Json): string {
  return setup.plan?.amount_currency ?? setup.customer?.currency ?? "EUR";
}

function chargeOf(c: Json): Json {
  const out: Json = { billable_metric_code: c.billable_metric_code, charge_model: c.charge_model, properties: c.properties ?? {} };
  for (const k of ["code", "invoiceable", "prorated", "pay_in_advance", "regroup_paid_fees", "min_amount_cents", "tax_codes", "accepts_target_wallet", "filters", "invoice_display_name"]) {
    if (c[k] !== undefined) out[k] = c[k];
  }
  return out;
}

function planOf(p: Json, charges: Json[] | undefined, currency: string, fixed: Json[] = []): Json {
  const out: Json = {
    code: p.code ?? "golden_plan",
    name: p.name ?? p.code ?? "golden_plan",
    interval: Object.hasOwn(p, "interval") ? p.interval : "monthly",
    amount_cents: p.amount_cents ?? 0,
    amount_currency: p.amount_currency ?? currency,
    pay_in_advance: p.pay_in_advance ?? false,
    charges: (charges ?? []).map(chargeOf),
  };
  for (const k of ["trial_period", "bill_charges_monthly", "bill_fixed_charges_monthly", "tax_codes", "minimum_commitment", "usage_thresholds", "invoice_display_name"]) {
    if (p[k] !== undefined) out[k] = p[k];
  }
  const fcs = [...(p.fixed_charges ?? []), ...fixed];
  if (fcs.length) out.fixed_charges = fcs.map((f: Json) => ({ ...f, code: f.code ?? f.add_on_code }));
  return out;
}

function customerBody(c: Json, currency: string): Json {
  const body: Json = { external_id: c.external_id ?? "golden_customer", name: c.name ?? "Golden Customer", currency: c.currency ?? currency };
  for (const k of ["timezone", "country", "tax_codes", "net_payment_term", "finalize_zero_amount_invoice"]) if (Object.hasOwn(c, k)) body[k] = c[k];
  const bc: Json = {};
  for (const k of ["invoice_grace_period", "document_locale"]) if (Object.hasOwn(c, k)) bc[k] = c[k];
  if (Object.keys(bc).length) body.billing_configuration = bc;
  return body;
}

/** The simulate input for a row, with the prefix runs needed to name generated ids. */
export function translate(row: GoldenRow): { input: Json; usageStep: number | null; creditNoteStep: number | null; previewStep: number | null; errorStep: number | null } {
  const setup = row.setup ?? {};
  const currency = currencyOf(setup);
  const t0 = row.at ?? row.timeline![0].at;
  const org: Json = { ...ORG };
  if (setup.organization?.premium_integrations) org.premium_integrations = setup.organization.premium_integrations;
  if (setup.organization?.currency) org.default_currency = setup.organization.currency;
  const taxes = (setup.taxes ?? []).map((t: Json) => ({ code: t.code, name: t.name ?? t.code, rate: String(t.rate), applied_to_organization: t.applied_to_organization ?? true }));
  const metrics = (setup.metrics ?? []).map((m: Json) => ({ name: m.code, ...m }));
  const plans: Json[] = [];
  if (setup.plan) plans.push(planOf(setup.plan, setup.charges, currency, setup.fixed_charges ?? []));
  for (const p of setup.plans ?? []) plans.push(planOf(p, p.charges, currency));
  const addOns = (setup.add_ons ?? []).map((a: Json) => ({ name: a.code, amount_currency: "EUR", ...a }));
  const coupons = (setup.coupons ?? []).map((c: Json) => {
    const { frequency_duration_remaining: _, ...rest } = c;
    return { name: c.code, ...rest };
  });
  const cust = customerBody(setup.customer ?? {}, currency);
  const sub = setup.subscription ?? {};
  let policy: Json = {};
  let subExternalId = sub.external_id ?? "golden_subscription";

  const steps: Step[] = [{ at: t0, op: "create_customer", body: cust }];
  for (const c of setup.coupons ?? []) steps.push({ at: t0, op: "apply_coupon", body: { external_customer_id: cust.external_id, coupon_code: c.code } });
  for (const w of setup.wallets ?? []) steps.push({ at: t0, op: "create_wallet", body: { ...w, external_customer_id: cust.external_id } });

  const base = { organization: org, billable_metrics: metrics, plans, add_ons: addOns, coupons, taxes };
  const prefix = (at: string): Json => simulate({ ...base, steps: [...steps], until: at } as Json) as Json;
  let usageStep: number | null = null;
  let creditNoteStep: number | null = null;
  let previewStep: number | null = null;
  let errorStep: number | null = null;
  let tx = 0;

  const selectInvoice = (out: Json, selector: Json, type?: string): Json => {
    let invs: Json[] = out.invoices;
    if (type) invs = invs.filter((i) => i.invoice_type === type);
    return pick(invs, selector);
  };

  for (const s of row.timeline ?? []) {
    const at = s.at;
    switch (s.do) {
      case "create_subscription": {
        const p = { ...sub, ...(s.params ?? {}) };
        subExternalId = p.external_id ?? "golden_subscription";
        const body: Json = { external_customer_id: cust.external_id, external_id: subExternalId, plan_code: p.plan_code ?? plans[0]?.code, billing_time: p.billing_time ?? "calendar" };
        for (const k of ["subscription_at", "plan_overrides", "ending_at"]) if (p[k]) body[k] = p[k];
        policy = {};
        for (const k of ["on_termination_credit_note", "on_termination_invoice"]) if (Object.hasOwn(p, k)) policy[k] = p[k];
        if (row.expect?.error?.stage === "subscription") errorStep = steps.length;
        steps.push({ at, op: "create_subscription", body });
        break;
      }
      case "ingest_events": {
        const events: Json[] = [];
        for (const e of s.events ?? []) {
          for (let i = 0; i < (e.count ?? 1); i++) {
            const ev: Json = { transaction_id: `golden_tx_${++tx}`, code: e.code, external_subscription_id: subExternalId, timestamp: e.timestamp ?? at, properties: e.properties ?? {} };
            if (Object.hasOwn(e, "precise_total_amount_cents")) ev.precise_total_amount_cents = e.precise_total_amount_cents;
            events.push(ev);
          }
        }
        steps.push({ at, op: "create_events", body: { events } });
        break;
      }
      case "pay_fees": {
        const out = prefix(at);
        for (const f of out.fees as Json[]) {
          if (!f.svc_invoice_id && f.item?.type === "charge" && f.payment_status !== "succeeded") steps.push({ at, op: "update_fee", body: { fee_id: f.svc_id, payment_status: "succeeded" } });
        }
        break;
      }
      case "pay_invoice": {
        const inv = selectInvoice(prefix(at), "last", s.invoice_type);
        steps.push({ at, op: "create_payment", body: { invoice_id: inv.svc_id, amount_cents: inv.total_amount_cents, reference: "golden" } });
        break;
      }
      case "create_credit_note": {
        const spec = s.credit_note;
        const inv = selectInvoice(prefix(at), "last", spec.invoice_type);
        const items = (spec.items ?? []).map((it: Json) => {
          const fee = (inv.fees as Json[]).find((f) => f.item?.type === it.fee_type);
          return { fee_id: fee?.svc_id ?? "missing", amount_cents: it.amount_cents };
        });
        const body: Json = { invoice_id: inv.svc_id, reason: spec.reason ?? "other", items };
        for (const k of ["credit_amount_cents", "refund_amount_cents", "offset_amount_cents"]) if (Object.hasOwn(spec, k)) body[k] = spec[k];
        creditNoteStep = steps.length;
        steps.push({ at, op: "create_credit_note", body });
        break;
      }
      case "create_one_off_invoice": {
        const spec = s.one_off;
        const fees = spec.add_ons.map((code: string) => {
          const f: Json = { add_on_code: code };
          if (Object.hasOwn(spec, "units")) f.units = spec.units;
          if (Object.hasOwn(spec, "tax_codes")) f.tax_codes = spec.tax_codes;
          return f;
        });
        steps.push({ at, op: "create_one_off_invoice", body: { external_customer_id: cust.external_id, currency: cust.currency, fees } });
        break;
      }
      case "terminate_subscription":
        steps.push({ at, op: "terminate_subscription", body: { external_id: subExternalId, ...policy, ...(s.params ?? {}) } });
        break;
      case "fetch_current_usage":
        usageStep = steps.length;
        steps.push({ at, op: "fetch_current_usage", body: { external_customer_id: cust.external_id, external_subscription_id: subExternalId } });
        break;
      case "preview_invoice": {
        const params = s.params ?? {};
        const body: Json = { customer: { external_id: cust.external_id }, ...params };
        if (!Object.hasOwn(params, "plan_code")) body.subscriptions = { external_ids: [subExternalId], ...(params.subscriptions ?? {}) };
        previewStep = steps.length;
        steps.push({ at, op: "preview_invoice", body });
        break;
      }
      case "refresh_invoice":
      case "finalize_invoice":
      case "void_invoice": {
        const inv = selectInvoice(prefix(at), s.select ?? "last");
        steps.push({ at, op: s.do, body: { invoice_id: inv?.svc_id ?? "missing" } });
        break;
      }
      case "update_subscription":
        steps.push({ at, op: "update_subscription", body: { external_id: subExternalId, ...(s.params ?? {}) } });
        break;
      case "update_customer":
        steps.push({ at, op: "create_customer", body: { ...customerBody({ ...(s.params ?? {}), external_id: cust.external_id }, cust.currency) } });
        break;
      case "update_plan_charge": {
        const c = s.charge;
        const plan = plans[0];
        const charges = plan.charges.map((x: Json) =>
          x.billable_metric_code === c.billable_metric_code
            ? { ...x, charge_model: c.charge_model, ...(c.properties ? { properties: c.properties } : {}), ...(Object.hasOwn(c, "min_amount_cents") ? { min_amount_cents: c.min_amount_cents } : {}), ...(Object.hasOwn(c, "filters") ? { filters: c.filters } : {}) }
            : x,
        );
        steps.push({ at, op: "update_plan", body: { code: plan.code, charges, ...(Object.hasOwn(c, "cascade_updates") ? { cascade_updates: c.cascade_updates } : {}) } });
        break;
      }
      case "update_plan":
        steps.push({ at, op: "update_plan", body: { code: plans[0].code, ...(s.params ?? {}) } });
        break;
      case "update_subscription_fixed_charge": {
        const f = s.fixed_charge;
        steps.push({ at, op: "update_subscription_fixed_charge", body: { external_subscription_id: subExternalId, code: f.code ?? f.add_on_code, ...f } });
        break;
      }
      case "top_up_wallet": {
        const out = prefix(at);
        const w = (out.responses as Json[]).map((r) => r?.wallet).filter(Boolean).find((x: Json) => !s.code || x.code === s.code);
        steps.push({ at, op: "create_wallet_transaction", body: { wallet_id: w?.svc_id ?? w?.lago_id ?? "missing", ...(s.params ?? {}) } });
        break;
      }
      case "perform_billing":
      case "perform_usage_update":
      case "perform_invoices_refresh":
      case "perform_finalize_refresh":
      case "perform_wallet_refresh":
      case "perform_interval_wallet_top_ups":
      case "perform_ended_subscriptions_termination":
      case "perform_subscriptions_activation":
        break;
      default:
        throw new Error(`untranslatable step ${s.do}`);
    }
  }
  const last = row.timeline?.length ? row.timeline[row.timeline.length - 1].at : t0;
  return { input: { ...base, steps, until: last }, usageStep, creditNoteStep, previewStep, errorStep };
}

function pick(records: Json[], selector: Json): Json {
  if (selector == null || selector === "last") return records.at(-1);
  if (selector === "first") return records[0];
  const filters = Object.entries(selector).filter(([k]) => k !== "index");
  const scoped = records.filter((r) => filters.every(([k, v]) => String(r[k]) === String(v)));
  return scoped.at((selector.index as number | undefined) ?? -1);
}

function dec(x: unknown): string | undefined {
  if (typeof x !== "number" && typeof x !== "string" && typeof x !== "bigint") return undefined;
  const s = String(x).trim();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  let [i = "0", f = ""] = s.replace(/^-/, "").split(".");
  i = i.replace(/^0+(?=\d)/, "");
  f = f.replace(/0+$/, "");
  const neg = s.startsWith("-") && !(i === "0" && f === "");
  return (neg ? "-" : "") + i + (f ? `.${f}` : "");
}

function same(exp: unknown, act: unknown): boolean {
  if (exp === null || exp === undefined) return act === null || act === undefined;
  if (typeof exp === "string" && /^\d{4}-\d{2}-\d{2}T/.test(exp) && typeof act === "string") return Date.parse(exp) === Date.parse(act);
  const e = dec(exp);
  if (e !== undefined) return e === dec(act);
  return String(exp) === String(act);
}

const FEE_PATH: Record<string, (f: Json) => unknown> = {
  fee_type: (f) => f.item?.type,
  item_code: (f) => f.item?.code,
  item_type: (f) => f.item?.item_type,
};
const feeField = (f: Json, k: string): unknown => (FEE_PATH[k] ? FEE_PATH[k]!(f) : f[k]);
const FEE_KEYS = ["fee_type", "item_code", "item_type", "from_date", "to_date"];

function compareFields(subject: string, exp: Json, act: Json, errs: string[], get: (o: Json, k: string) => unknown = (o, k) => o?.[k]): void {
  for (const [k, v] of Object.entries(exp)) {
    if (v !== null && typeof v === "object") continue;
    const a = get(act, k);
    if (!same(v, a)) errs.push(`${subject}.${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(a)}`);
  }
}

function compareInvoice(subject: string, exp: Json, inv: Json, errs: string[]): void {
  if (!inv) {
    errs.push(`${subject}: no such invoice`);
    return;
  }
  const { fees, fees_count, select: _s, ...rest } = exp;
  compareFields(subject, rest, inv, errs);
  const actual: Json[] = inv.fees ?? [];
  if (fees_count !== undefined && actual.length !== fees_count) errs.push(`${subject}.fees_count: expected ${fees_count}, got ${actual.length}`);
  if (fees) {
    if (fees.length !== actual.length) errs.push(`${subject}.fees: expected ${fees.length} fee(s), got ${actual.length}`);
    const remaining = [...actual];
    fees.forEach((fe: Json, i: number) => {
      const m = remaining.find((f) => FEE_KEYS.every((k) => !Object.hasOwn(fe, k) || same(fe[k], feeField(f, k))));
      if (!m) {
        errs.push(`${subject}.fee#${i + 1} ${JSON.stringify(fe)}: no match among ${JSON.stringify(remaining.map((f) => [f.item?.type, f.item?.code, f.units, f.amount_cents, f.from_date, f.to_date]))}`);
        return;
      }
      remaining.splice(remaining.indexOf(m), 1);
      compareFields(`${subject}.fee#${i + 1}`, fe, m, errs, feeField);
    });
  }
}

/** The differences between a row's expectations and ratecard's result (empty: agreement). */
export function checkRow(row: GoldenRow): { errs: string[]; out: Json } {
  const tr = translate(row);
  const exp = row.expect;
  const errs: string[] = [];
  let out: Json;
  try {
    out = simulate(tr.input) as Json;
  } catch (e) {
    if (exp.error) {
      const msg = String((e as Error).message ?? e) + JSON.stringify((e as Json).issues ?? (e as Json).details ?? "");
      if (!msg.includes(exp.error.code) && !(exp.error.field && msg.includes(exp.error.field))) errs.push(`error: expected ${exp.error.code}, threw ${msg.slice(0, 300)}`);
      return { errs, out: null };
    }
    return { errs: [`threw: ${(e as Error).message?.slice(0, 500)}`], out: null };
  }
  if (exp.error) {
    const r = tr.errorStep != null ? out.responses[tr.errorStep] : out.responses.find((x: Json) => x?.error);
    const err = r?.error;
    const codes = err ? [err.code, ...Object.values(err.error_details ?? {}).flat()].map(String) : [];
    if (!codes.includes(exp.error.code)) errs.push(`error: expected ${exp.error.code}${exp.error.field ? ` on ${exp.error.field}` : ""}, got ${JSON.stringify(err ?? "no error")}`);
    return { errs, out };
  }
  for (const [i, r] of (out.responses as Json[]).entries()) if (r?.error) errs.push(`step ${i} (${tr.input.steps[i].op}) refused: ${JSON.stringify(r.error).slice(0, 300)}`);
  for (const w of out.warnings ?? []) if (w.code === "not_implemented") errs.push(`warning: ${w.message}`);
  const invoices: Json[] = out.invoices;
  if (exp.invoices !== undefined && invoices.length !== exp.invoices) errs.push(`invoices: expected ${exp.invoices}, got ${invoices.length} [${invoices.map((i) => `${i.invoice_type}:${i.total_amount_cents}`).join(", ")}]`);
  if (exp.invoice) {
    const list = Array.isArray(exp.invoice) ? exp.invoice : [exp.invoice];
    for (const e of list) compareInvoice(`invoice[${JSON.stringify(e.select ?? "last")}]`, e, pick(invoices, e.select), errs);
  }
  if (exp.usage) {
    const u = tr.usageStep != null ? out.responses[tr.usageStep]?.customer_usage : undefined;
    if (!u) errs.push("usage: no usage snapshot");
    else {
      const { charges_usage, ...rest } = exp.usage;
      compareFields("usage", rest, u, errs);
      for (const c of charges_usage ?? []) {
        const a = (u.charges_usage as Json[]).find((x) => x.billable_metric?.code === c.billable_metric_code);
        if (!a) errs.push(`usage[${c.billable_metric_code}]: missing`);
        else compareFields(`usage[${c.billable_metric_code}]`, Object.fromEntries(Object.entries(c).filter(([k]) => k !== "billable_metric_code" && k !== "charge_model")), { ...a, charge_model: a.charge?.charge_model }, errs);
        if (a && c.charge_model && a.charge?.charge_model !== c.charge_model) errs.push(`usage[${c.billable_metric_code}].charge_model: expected ${c.charge_model}, got ${a.charge?.charge_model}`);
      }
    }
  }
  if (exp.credit_note) {
    const { select, items_count, ...rest } = exp.credit_note;
    let cn: Json;
    if (select == null) {
      const id = tr.creditNoteStep != null ? out.responses[tr.creditNoteStep]?.credit_note?.svc_id : undefined;
      cn = (out.credit_notes as Json[]).find((c) => c.svc_id === id);
    } else cn = pick(out.credit_notes, select);
    if (!cn) errs.push("credit_note: none");
    else {
      compareFields("credit_note", rest, cn, errs);
      if (items_count !== undefined && cn.items?.length !== items_count) errs.push(`credit_note.items_count: expected ${items_count}, got ${cn.items?.length}`);
    }
  }
  if (exp.preview) {
    const p = tr.previewStep != null ? out.responses[tr.previewStep]?.invoice : undefined;
    compareInvoice("preview", exp.preview, p, errs);
  }
  if (exp.wallet || exp.resource || exp.lifetime_usage) errs.push("untranslated expectation (wallet/resource/lifetime_usage)");
  return { errs, out };
}

export function expectRow(row: GoldenRow): void {
  const { errs } = checkRow(row);
  if (errs.length) throw new Error(`${row.id}:\n${errs.join("\n")}`);
}
