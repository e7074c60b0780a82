/**
 * Interpreter of getlago/lago-api golden rows (spec/scenarios/golden/matrix/*.yml, figures only)
 * onto `simulate`: a row's setup (taxes, metrics, plan + charges, add-ons, fixed charges, customer,
 * coupons applied and wallets created at the first step's instant) and timeline (`perform_*` clock
 * verbs are the clock reaching that instant) become a simulate input; `expect` is compared with the
 * output as the golden runner compares it (amounts exact, units/rates numerically, fees matched by
 * type/code/item type/dates). Steps that need generated ids (credit notes, payments, void, wallet
 * top-ups, pay_fees) are resolved by simulating the prefix first (ids are deterministic).
 */
import { simulate } from "../../../src/index.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Row {
  id: string;
  setup: Json;
  timeline: Json[];
  expect: Json;
  skip?: string;
  /** `perform_wallet_refresh` reads every wallet (`fetch_wallet` refreshes ongoing balances and
   * runs threshold rules), instead of only keeping the instant. */
  refreshWallets?: boolean;
}

interface Ctx {
  customerId: string;
  subId: string;
  policy: Json;
  usageStep?: number;
  cnStep?: number;
  walletSteps: number[];
  tx: number;
}

const T = (s: string) => new Date(s).toISOString();

function catalog(row: Row): Json {
  const s = row.setup ?? {};
  const currency = s.plan?.amount_currency ?? s.customer?.currency ?? "EUR";
  const plan = (p: Json, charges: Json[] | undefined): Json => {
    const out: Json = {
      code: p.code ?? "golden_plan",
      name: p.name ?? p.code ?? "golden_plan",
      interval: p.interval ?? "monthly",
      amount_cents: p.amount_cents ?? 0,
      amount_currency: currency,
      pay_in_advance: p.pay_in_advance ?? false,
      charges: (charges ?? []).map((c: Json) => ({ properties: {}, ...c })),
    };
    for (const k of ["trial_period", "bill_charges_monthly", "tax_codes", "minimum_commitment", "usage_thresholds"])
      if (p[k] !== undefined) out[k] = p[k];
    return out;
  };
  const plans: Json[] = [];
  if (s.plan) {
    const p = plan(s.plan, s.charges);
    if (s.fixed_charges) p.fixed_charges = s.fixed_charges.map((f: Json) => ({ code: f.add_on_code, ...f }));
    plans.push(p);
  }
  for (const p of s.plans ?? []) plans.push(plan(p, p.charges));
  return {
    organization: {
      timezone: "UTC",
      invoice_grace_period: 0,
      default_currency: s.organization?.currency ?? currency,
      tax_codes: [],
      document_locale: "en",
      premium_integrations: s.organization?.premium_integrations ?? [],
    },
    taxes: (s.taxes ?? []).map((t: Json) => ({
      code: t.code, name: t.name ?? t.code, rate: String(t.rate), applied_to_organization: t.applied_to_organization ?? true,
    })),
    billable_metrics: (s.metrics ?? []).map((m: Json) => ({ name: m.code, ...m })),
    plans,
    add_ons: (s.add_ons ?? []).map((a: Json) => ({ name: a.code, amount_currency: "EUR", ...a })),
    coupons: (s.coupons ?? []).map((c: Json) => {
      const { frequency_duration_remaining: _x, ...rest } = c;
      if (rest.percentage_rate !== undefined) rest.percentage_rate = String(rest.percentage_rate);
      return { name: c.code, ...rest };
    }),
  };
}

function invoicesOf(out: Json): Json[] {
  return out.invoices as Json[];
}

function selectRecord(records: Json[], selector: Json): Json | undefined {
  if (selector === undefined || selector === null || selector === "last") return records[records.length - 1];
  if (selector === "first") return records[0];
  const { index, ...filters } = selector;
  const scoped = records.filter((r) => Object.entries(filters).every(([k, v]) => String(r[k]) === String(v)));
  const i = index ?? -1;
  return i < 0 ? scoped[scoped.length + i] : scoped[i];
}

/** Build the steps; dynamic steps simulate the prefix to resolve ids. */
export function build(row: Row): { input: Json; ctx: Ctx } {
  const s = row.setup ?? {};
  const cat = catalog(row);
  const t0 = T(row.timeline[0].at);
  const cust = s.customer ?? {};
  const currency = s.plan?.amount_currency ?? cust.currency ?? "EUR";
  const ctx: Ctx = {
    customerId: cust.external_id ?? "golden_customer",
    subId: s.subscription?.external_id ?? "golden_subscription",
    policy: {},
    walletSteps: [],
    tx: 0,
  };
  const steps: Json[] = [];
  const custBody: Json = { external_id: ctx.customerId, name: cust.name ?? "Golden Customer", currency: cust.currency ?? currency };
  for (const k of ["timezone", "country", "tax_codes", "net_payment_term", "finalize_zero_amount_invoice"])
    if (cust[k] !== undefined) custBody[k] = cust[k];
  const bc: Json = {};
  for (const k of ["invoice_grace_period", "document_locale"]) if (cust[k] !== undefined) bc[k] = cust[k];
  if (Object.keys(bc).length) custBody.billing_configuration = bc;
  steps.push({ at: t0, op: "create_customer", body: custBody });
  for (const c of s.coupons ?? [])
    steps.push({ at: t0, op: "apply_coupon", body: { external_customer_id: ctx.customerId, coupon_code: c.code } });
  for (const w of s.wallets ?? []) {
    ctx.walletSteps.push(steps.length);
    steps.push({ at: t0, op: "create_wallet", body: { external_customer_id: ctx.customerId, ...w } });
  }

  const prefix = (at: string): Json =>
    simulate({ ...cat, steps: [...steps], until: at } as Json) as Json;

  for (const st of row.timeline) {
    const at = T(st.at);
    switch (st.do) {
      case "create_subscription": {
        const sub = { ...(s.subscription ?? {}), ...(st.params ?? {}) };
        ctx.subId = sub.external_id ?? ctx.subId;
        const body: Json = {
          external_customer_id: ctx.customerId,
          external_id: ctx.subId,
          plan_code: sub.plan_code ?? cat.plans[0]?.code,
          billing_time: sub.billing_time ?? "calendar",
        };
        for (const k of ["subscription_at", "plan_overrides", "ending_at"]) if (sub[k] !== undefined) body[k] = sub[k];
        for (const k of ["on_termination_credit_note", "on_termination_invoice"]) if (sub[k] !== undefined) ctx.policy[k] = sub[k];
        steps.push({ at, op: "create_subscription", body });
        break;
      }
      case "ingest_events":
        for (const e of st.events ?? []) {
          for (let i = 0; i < (e.count ?? 1); i++) {
            const body: Json = {
              transaction_id: `${row.id}-${++ctx.tx}`,
              code: e.code,
              external_subscription_id: ctx.subId,
              timestamp: e.timestamp ? T(e.timestamp) : at,
              properties: e.properties ?? {},
            };
            if (e.precise_total_amount_cents !== undefined) body.precise_total_amount_cents = e.precise_total_amount_cents;
            steps.push({ at, op: "create_event", body });
          }
        }
        break;
      case "terminate_subscription":
        steps.push({ at, op: "terminate_subscription", body: { external_id: ctx.subId, ...ctx.policy, ...(st.params ?? {}) } });
        break;
      case "fetch_current_usage":
        ctx.usageStep = steps.length;
        steps.push({ at, op: "fetch_current_usage", body: { external_customer_id: ctx.customerId, external_subscription_id: ctx.subId } });
        break;
      case "create_credit_note": {
        const spec = st.credit_note;
        const out = prefix(at);
        let invs = invoicesOf(out);
        if (spec.invoice_type) invs = invs.filter((i) => i.invoice_type === spec.invoice_type);
        const target = invs[invs.length - 1];
        if (!target) throw new Error("no invoice to credit");
        const items = spec.items.map((it: Json) => {
          const fee = (target.fees as Json[]).find((f) => f.item.type === it.fee_type);
          if (!fee) throw new Error(`no ${it.fee_type} fee`);
          return { fee_id: fee.svc_id, amount_cents: it.amount_cents };
        });
        const body: Json = { invoice_id: target.svc_id, items, reason: spec.reason ?? "other" };
        for (const k of ["credit_amount_cents", "refund_amount_cents", "offset_amount_cents"]) if (spec[k] !== undefined) body[k] = spec[k];
        ctx.cnStep = steps.length;
        steps.push({ at, op: "create_credit_note", body });
        break;
      }
      case "pay_fees": {
        const out = prefix(at);
        for (const f of out.fees as Json[])
          if (!f.svc_invoice_id && f.item.type === "charge")
            steps.push({ at, op: "update_fee", body: { fee_id: f.svc_id, payment_status: "succeeded" } });
        break;
      }
      case "pay_invoice": {
        const out = prefix(at);
        let invs = invoicesOf(out);
        if (st.invoice_type) invs = invs.filter((i) => i.invoice_type === st.invoice_type);
        const target = invs[invs.length - 1];
        steps.push({ at, op: "create_payment", body: { invoice_id: target.svc_id, amount_cents: target.total_amount_cents, reference: "golden" } });
        break;
      }
      case "refresh_invoice":
      case "finalize_invoice":
      case "void_invoice": {
        const out = prefix(at);
        const target = selectRecord(invoicesOf(out), st.select);
        steps.push({ at, op: st.do, body: { invoice_id: target?.svc_id ?? "missing" } });
        break;
      }
      case "top_up_wallet": {
        const out = prefix(at);
        const wallets = ctx.walletSteps.map((i) => out.responses[i]?.wallet).filter(Boolean);
        const w = st.code ? wallets.find((x: Json) => x.code === st.code) : wallets[0];
        steps.push({ at, op: "create_wallet_transaction", body: { wallet_id: w?.svc_id ?? "missing", ...(st.params ?? {}) } });
        break;
      }
      case "update_plan":
        steps.push({ at, op: "update_plan", body: { code: cat.plans[0].code, ...(st.params ?? {}) } });
        break;
      case "update_subscription":
        steps.push({ at, op: "update_subscription", body: { external_id: ctx.subId, ...(st.params ?? {}) } });
        break;
      case "perform_wallet_refresh":
        if (row.refreshWallets)
          ctx.walletSteps.forEach((_, k) => steps.push({ at, op: "fetch_wallet", body: { svc_id: { $ref: { wallet: k, field: "svc_id" } } } }));
        else steps.push({ at, op: "fetch_subscription", body: { external_id: ctx.subId } });
        break;
      case "perform_billing":
      case "perform_usage_update":
      case "perform_invoices_refresh":
      case "perform_finalize_refresh":
      case "perform_interval_wallet_top_ups":
      case "perform_ended_subscriptions_termination":
      case "perform_subscriptions_activation":
        // the clock reaching `at`: a no-op step keeps the instant in the timeline
        steps.push({ at, op: "fetch_subscription", body: { external_id: ctx.subId } });
        break;
      default:
        throw new Error(`unsupported step ${st.do}`);
    }
  }
  const until = steps[steps.length - 1].at;
  // wallet reads at the end
  if (row.expect.wallet) {
    for (const i of ctx.walletSteps) steps.push({ at: until, op: "fetch_wallet", body: { svc_id: { $ref: { wallet: ctx.walletSteps.indexOf(i), field: "svc_id" } } } });
  }
  return { input: { ...cat, steps, until }, ctx };
}

// ---------------------------------------------------------------- comparison

const NUMERIC = /(_cents|^units$|precise_unit_amount|total_aggregated_units|taxes_rate|events_count|balance|credits|rate_amount|_count$)/;

function eq(k: string, exp: Json, act: Json): boolean {
  if (exp === null) return act === null || act === undefined;
  if (k.endsWith("_date") || k.endsWith("_at") || k.endsWith("datetime")) return Date.parse(exp) === Date.parse(act);
  if (NUMERIC.test(k) || typeof exp === "number") {
    if (act === null || act === undefined) return false;
    return Number(exp) === Number(act);
  }
  return String(exp) === String(act);
}

function fields(subject: string, expected: Json, actual: Json, errs: string[]) {
  for (const [k, v] of Object.entries(expected)) {
    if (v !== null && typeof v === "object") {
      fields(`${subject}.${k}`, v, actual?.[k] ?? {}, errs);
      continue;
    }
    const a = actual?.[k];
    if (!eq(k, v, a)) errs.push(`${subject}.${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(a)}`);
  }
}

const feeView = (f: Json) => ({
  fee_type: f.item?.type,
  item_code: f.item?.code,
  item_type: f.item?.item_type,
  from_date: f.from_date ?? f.properties?.from_datetime,
  to_date: f.to_date ?? f.properties?.to_datetime,
  units: f.units,
  precise_unit_amount: f.precise_unit_amount,
  total_aggregated_units: f.total_aggregated_units,
  amount_cents: f.amount_cents,
  taxes_amount_cents: f.taxes_amount_cents,
  taxes_rate: f.taxes_rate,
  events_count: f.events_count,
});
const KEYS = ["fee_type", "item_code", "item_type", "from_date", "to_date"];

function invoice(subject: string, exp: Json, inv: Json, errs: string[]) {
  if (!inv) {
    errs.push(`${subject}: no such invoice`);
    return;
  }
  const { select: _s, fees, fees_count, ...rest } = exp;
  fields(subject, rest, inv, errs);
  const actual = ((inv.fees ?? []) as Json[]).map(feeView);
  if (fees_count !== undefined && actual.length !== fees_count) errs.push(`${subject}.fees_count: expected ${fees_count}, got ${actual.length}`);
  if (fees) {
    if (fees.length !== actual.length) errs.push(`${subject}: expected ${fees.length} fee(s), got ${actual.length}`);
    const remaining = [...actual];
    fees.forEach((ef: Json, n: number) => {
      const i = remaining.findIndex((f) => KEYS.every((k) => ef[k] === undefined || eq(k, ef[k], (f as Json)[k])));
      if (i < 0) {
        errs.push(`${subject}.fee#${n + 1} ${JSON.stringify(ef)} matched none of ${JSON.stringify(remaining.map((f) => [f.fee_type, f.item_code, f.amount_cents, f.taxes_amount_cents]))}`);
        return;
      }
      const f = remaining.splice(i, 1)[0];
      fields(`${subject}.fee#${n + 1}(${ef.fee_type}${ef.item_code ? ":" + ef.item_code : ""})`, ef, f, errs);
    });
  }
}

export function check(row: Row, out: Json, ctx: Ctx): string[] {
  const errs: string[] = [];
  const e = row.expect;
  const invs = invoicesOf(out);
  if (e.invoices !== undefined && invs.length !== e.invoices) errs.push(`invoices: expected ${e.invoices}, got ${invs.length}`);
  if (e.invoice) {
    const list = Array.isArray(e.invoice) ? e.invoice : [e.invoice];
    for (const x of list) invoice(`invoice[${JSON.stringify(x.select ?? "last")}]`, x, selectRecord(invs, x.select), errs);
  }
  if (e.credit_note) {
    const list = Array.isArray(e.credit_note) ? e.credit_note : [e.credit_note];
    for (const x of list) {
      const { select, items_count, ...rest } = x;
      let cn: Json;
      if (!select) cn = ctx.cnStep !== undefined ? (out.credit_notes as Json[]).find((c) => c.svc_id === out.responses[ctx.cnStep!]?.credit_note?.svc_id) ?? out.responses[ctx.cnStep]?.credit_note : undefined;
      else cn = selectRecord(out.credit_notes, select);
      if (!cn) {
        errs.push(`credit_note[${JSON.stringify(select ?? "step")}]: none (response ${JSON.stringify(ctx.cnStep !== undefined ? out.responses[ctx.cnStep] : null)})`);
        continue;
      }
      fields(`credit_note[${JSON.stringify(select ?? "step")}]`, rest, cn, errs);
      if (items_count !== undefined && (cn.items ?? []).length !== items_count) errs.push(`credit_note.items_count: expected ${items_count}, got ${(cn.items ?? []).length}`);
    }
  }
  if (e.wallet) {
    const list = Array.isArray(e.wallet) ? e.wallet : [e.wallet];
    const reads = (out.responses as Json[]).slice(-ctx.walletSteps.length).map((r) => r?.wallet);
    for (const x of list) {
      const { code, ...rest } = x;
      const w = code ? reads.find((r) => r?.code === code) : reads[0];
      if (!w) errs.push(`wallet[${code ?? ""}]: none`);
      else fields(`wallet[${code ?? ""}]`, rest, w, errs);
    }
  }
  if (e.usage) {
    const u = ctx.usageStep !== undefined ? out.responses[ctx.usageStep]?.customer_usage : undefined;
    if (!u) errs.push(`usage: no snapshot (${JSON.stringify(ctx.usageStep !== undefined ? out.responses[ctx.usageStep] : null)})`);
    else {
      const { charges_usage, ...rest } = e.usage;
      fields("usage", rest, u, errs);
      for (const c of charges_usage ?? []) {
        const { billable_metric_code, ...r } = c;
        const a = (u.charges_usage as Json[]).find((x) => x.billable_metric?.code === billable_metric_code);
        if (!a) errs.push(`usage[${billable_metric_code}]: none`);
        else fields(`usage[${billable_metric_code}]`, { ...r, ...(r.charge_model ? { charge: { charge_model: r.charge_model } } : {}), charge_model: undefined }, a, errs);
      }
    }
  }
  const bad = (out.responses as Json[]).map((r, i) => (r && r.error ? `step ${i} ${JSON.stringify(r.error)}` : null)).filter(Boolean);
  if (bad.length && errs.length) errs.push(`errors: ${bad.join("; ")}`);
  return errs;
}

export function runRow(row: Row): { errs: string[]; out: Json; input: Json } {
  const { input, ctx } = build(row);
  const out = simulate(input) as Json;
  return { errs: check(row, out, ctx), out, input };
}

/** Throws with the list of differences between the row's expectations and the simulation. */
export function expectRow(row: Row): void {
  const { errs } = runRow(row);
  if (errs.length) throw new Error(`${row.id}:\n${errs.join("\n")}`);
}
