/**
 * Extends ./golden-helpers.ts for the usage-surface and draft-lifecycle rows of getlago/lago-api's
 * golden matrix (b04, b07, b15; figures only): a `preview_invoice` step (POST /invoices/preview for the
 * row's persisted subscription, or the step's own params) and `fetch_projected_usage` are inserted at
 * their instant (they change nothing), `expect.preview` / `expect.projected_usage` are compared with
 * their responses, and `expect.usage` without a `fetch_current_usage` step reads live usage at the
 * end, as the golden runner does.
 */
import { simulate } from "../../../src/index.js";
import { build, check, type Row } from "./golden-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const EXTRA = new Set(["preview_invoice", "fetch_projected_usage"]);
const NUMERIC = /(_cents|units$|_count$|rate)/;

function fields(subject: string, expected: Json, actual: Json, errs: string[]) {
  for (const [k, v] of Object.entries(expected ?? {})) {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      fields(`${subject}.${k}`, v, actual?.[k] ?? {}, errs);
      continue;
    }
    const a = actual?.[k];
    const ok = v === null ? a === null || a === undefined
      : NUMERIC.test(k) || typeof v === "number" ? a !== null && a !== undefined && Number(a) === Number(v)
      : String(a) === String(v);
    if (!ok) errs.push(`${subject}.${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(a)}`);
  }
}

function usageFields(subject: string, exp: Json, u: Json, errs: string[]) {
  const { charges_usage, ...rest } = exp;
  fields(subject, rest, u, errs);
  for (const c of charges_usage ?? []) {
    const { billable_metric_code, charge_model, ...r } = c;
    const a = ((u?.charges_usage ?? []) as Json[]).find((x) => x.billable_metric?.code === billable_metric_code);
    if (!a) errs.push(`${subject}[${billable_metric_code}]: none`);
    else {
      fields(`${subject}[${billable_metric_code}]`, r, a, errs);
      if (charge_model !== undefined && a.charge?.charge_model !== charge_model) errs.push(`${subject}[${billable_metric_code}].charge_model: ${a.charge?.charge_model}`);
    }
  }
}

export function runSurfaceRow(row: Row): { errs: string[]; out: Json; input: Json } {
  const extras = row.timeline.filter((s) => EXTRA.has(s.do));
  const base: Row = { ...row, timeline: row.timeline.filter((s) => !EXTRA.has(s.do)) };
  const { input, ctx } = build(base);
  const s = row.setup ?? {};
  const customerId = s.customer?.external_id ?? "golden_customer";
  const subId = s.subscription?.external_id ?? "golden_subscription";
  const steps: Json[] = input.steps;
  const shift = (i: number) => {
    if (ctx.usageStep !== undefined && ctx.usageStep >= i) ctx.usageStep++;
    if (ctx.cnStep !== undefined && ctx.cnStep >= i) ctx.cnStep++;
    ctx.walletSteps = ctx.walletSteps.map((w) => (w >= i ? w + 1 : w));
  };
  const insert = (step: Json): number => {
    let i = steps.findIndex((x) => Date.parse(x.at) > Date.parse(step.at));
    if (i < 0) i = steps.length - (row.expect.wallet ? ctx.walletSteps.length : 0);
    shift(i);
    steps.splice(i, 0, step);
    return i;
  };
  const marks: { kind: string; step: Json }[] = [];
  for (const st of extras) {
    const at = new Date(st.at).toISOString();
    if (st.do === "preview_invoice") {
      const params = st.params ?? {};
      const body: Json = { customer: { external_id: customerId }, ...params };
      if (params.plan_code === undefined) body.subscriptions = { external_ids: [subId], ...(params.subscriptions ?? {}) };
      marks.push({ kind: "preview", step: { at, op: "preview_invoice", body } });
    } else {
      marks.push({ kind: "projected", step: { at, op: "fetch_projected_usage", body: { external_customer_id: customerId, external_subscription_id: subId } } });
    }
  }
  for (const m of marks) insert(m.step);
  let liveUsage: Json | undefined;
  if (row.expect.usage && ctx.usageStep === undefined) {
    liveUsage = { at: steps[steps.length - 1].at, op: "fetch_current_usage", body: { external_customer_id: customerId, external_subscription_id: subId } };
    insert(liveUsage);
  }
  if (input.until && Date.parse(input.until) < Date.parse(steps[steps.length - 1].at)) input.until = steps[steps.length - 1].at;
  const out = simulate(input) as Json;
  if (liveUsage) ctx.usageStep = steps.indexOf(liveUsage);
  const errs = check(base, out, ctx);
  const resp = (step: Json) => out.responses[steps.indexOf(step)];
  const previews = marks.filter((m) => m.kind === "preview").map((m) => resp(m.step));
  const projected = marks.filter((m) => m.kind === "projected").map((m) => resp(m.step));
  if (row.expect.preview) {
    const p = previews[previews.length - 1];
    if (!p?.invoice) errs.push(`preview: ${JSON.stringify(p)}`);
    else {
      const { fees, fees_count, ...rest } = row.expect.preview;
      fields("preview", rest, p.invoice, errs);
      if (fees_count !== undefined && (p.invoice.fees ?? []).length !== fees_count) errs.push(`preview.fees_count: expected ${fees_count}, got ${(p.invoice.fees ?? []).length}`);
      for (const [n, ef] of ((fees ?? []) as Json[]).entries()) {
        const f = (p.invoice.fees as Json[]).find((x) => x.item?.type === ef.fee_type && (ef.item_code === undefined || x.item?.code === ef.item_code));
        if (!f) errs.push(`preview.fee#${n + 1}: none`);
        else { const { fee_type: _t, item_code: _c, ...r } = ef; fields(`preview.fee#${n + 1}`, r, f, errs); }
      }
    }
  }
  if (row.expect.projected_usage) {
    const p = projected[projected.length - 1];
    const u = p?.customer_projected_usage;
    if (!u) errs.push(`projected_usage: ${JSON.stringify(p)}`);
    else usageFields("projected_usage", row.expect.projected_usage, u, errs);
  }
  return { errs, out, input };
}

/** Throws with the list of differences between the row's expectations and the simulation. */
export function expectSurfaceRow(row: Row): void {
  const { errs } = runSurfaceRow(row);
  if (errs.length) throw new Error(`${row.id}:\n${errs.join("\n")}`);
}

// Row builders shared by the golden b07 / b15 tests.
// u(id, metric, timeline, expect, opts): a monthly calendar plan at 0 with one standard 1.00 charge on `metric`
export function u(id: string, k: string, metric: Json, timeline: Json[], expect: Json, o: { plan?: Json; charge?: Json; charges?: Json[]; metrics?: Json[]; org?: Json; taxes?: Json; customer?: Json; sub?: Json; coupons?: Json; wallets?: Json } = {}) {
  const metrics = o.metrics ?? [{ code: k, ...metric }];
  const setup: Json = {
    metrics,
    plan: { code: `golden_${k}`, interval: "monthly", amount_cents: 0, ...(o.plan ?? {}) },
    charges: o.charges ?? [{ billable_metric_code: metrics[0].code, charge_model: "standard", properties: { amount: "1" }, ...(o.charge ?? {}) }],
    customer: { external_id: `golden_${k}_cust`, currency: "EUR", ...(o.customer ?? {}) },
    subscription: { external_id: `golden_${k}_sub`, billing_time: "calendar", ...(o.sub ?? {}) },
  };
  if (o.org) setup.organization = o.org;
  if (o.taxes) setup.taxes = o.taxes;
  if (o.coupons) setup.coupons = o.coupons;
  if (o.wallets) setup.wallets = o.wallets;
  const tl = timeline.map((s: Json) => (s.events ? { ...s, events: s.events.map((e: Json) => ({ code: metrics[0].code, ...e })) } : s));
  return { id, setup, timeline: tl, expect };
}
export const S = (at: string) => ({ at, do: "create_subscription" });
export const E = (at: string, ...events: Json[]) => ({ at, do: "ingest_events", events: events.map((e) => (typeof e === "number" ? { properties: { amount: e } } : e)) });
export const T = (ts: string, props: Json) => ({ timestamp: ts, properties: props });
export const CU = (at: string) => ({ at, do: "fetch_current_usage" });
export const PU = (at: string) => ({ at, do: "fetch_projected_usage" });
export const PV = (at: string, params?: Json) => ({ at, do: "preview_invoice", ...(params ? { params } : {}) });
export const B = (at: string) => ({ at, do: "perform_billing" });
export const SUM = { aggregation_type: "sum_agg", field_name: "amount" };
