/**
 * Rows of Lago's golden suite block B14 (getlago/lago-api spec/scenarios/golden/matrix/b14_constraints.yml,
 * figures only): one rejection rule per row. A row's setup (metrics, one plan with its charges, a
 * customer) and timeline (a `create_subscription`) become a `simulate` input; a catalog object the
 * service would refuse makes `simulate` throw a ValidationError whose `error_details` keys are paths
 * ("plans.0.charges.0.prorated"), where Lago names the bare attribute ("prorated"); a refused step
 * answers `{error: {code, error_details}}`.
 *
 * `checkB14` compares: the row expects a refusal with `code` on `field` (a key matches when its last
 * segment is the field, or, for `properties`, when it lies under the charge's `properties`), or the
 * row expects acceptance (a characterization row; its charge/metric record is not readable from
 * `simulate`, so a row may carry `probe`: an observable consequence checked on the result instead).
 */
import { simulate } from "../../../src/index.js";
import { ValidationError } from "../../../src/core/issue.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface B14Row {
  id: string;
  setup: Json;
  timeline?: Json[];
  at?: string;
  /** `{error: {code, field}}` or `{accepted: true}`. */
  expect: Json;
  /** Extra steps (after the row's own) and `until`, to observe a characterization row's consequence. */
  extraSteps?: Json[];
  until?: string;
  /** Checks the simulate result of an accepted row; returns the differences. */
  probe?: (out: Json) => string[];
}

export interface B14Outcome {
  refused: boolean;
  /** "catalog" (ValidationError thrown) or the index of the refused step. */
  where: "catalog" | number | null;
  code: string | null;
  details: Record<string, string[]>;
  out: Json;
  input: Json;
}

export function b14Input(row: B14Row): Json {
  const s = row.setup ?? {};
  const metrics = (s.metrics ?? []).map((m: Json) => ({ name: m.code, ...m }));
  const plans: Json[] = [];
  if (s.plan) {
    const p = s.plan;
    plans.push({
      code: p.code, name: p.name ?? p.code,
      interval: Object.hasOwn(p, "interval") ? p.interval : "monthly",
      amount_cents: p.amount_cents ?? 0, amount_currency: p.amount_currency ?? "EUR", pay_in_advance: p.pay_in_advance ?? false,
      charges: (s.charges ?? []).map((c: Json) => ({ ...c, properties: c.properties ?? {} })),
    });
  }
  const c = s.customer ?? {};
  const cust: Json = { external_id: c.external_id ?? "golden_customer", name: c.name ?? "Golden Customer" };
  if (c.currency) cust.currency = c.currency;
  if (Object.hasOwn(c, "invoice_grace_period")) cust.billing_configuration = { invoice_grace_period: c.invoice_grace_period };
  const t0 = row.at ?? row.timeline![0].at;
  const steps: Json[] = [{ at: t0, op: "create_customer", body: cust }];
  for (const st of row.timeline ?? []) {
    if (st.do !== "create_subscription") throw new Error(`untranslated action ${st.do}`);
    if (!plans.length) continue; // a metric-only row: nothing to subscribe to
    steps.push({ at: st.at, op: "create_subscription", body: { external_customer_id: cust.external_id, external_id: `${cust.external_id}_sub`, plan_code: plans[0].code, billing_time: "calendar" } });
  }
  steps.push(...(row.extraSteps ?? []).map((x: Json) => ({ ...x, body: { external_subscription_id: `${cust.external_id}_sub`, ...x.body } })));
  const org: Json = { timezone: "UTC", default_currency: "EUR", invoice_grace_period: 0 };
  if (s.organization?.premium_integrations) org.premium_integrations = s.organization.premium_integrations;
  return { organization: org, billable_metrics: metrics, plans, add_ons: [], coupons: [], taxes: [], steps, until: row.until ?? steps[steps.length - 1].at };
}

export function runB14(row: B14Row): B14Outcome {
  const input = b14Input(row);
  let out: Json;
  try {
    out = simulate(input) as Json;
  } catch (e) {
    if (e instanceof ValidationError) return { refused: true, where: "catalog", code: e.code, details: { ...e.error_details }, out: null, input };
    throw e;
  }
  const i = (out.responses as Json[]).findIndex((r) => r?.error);
  if (i >= 0) return { refused: true, where: i, code: out.responses[i].error.code, details: out.responses[i].error.error_details ?? {}, out, input };
  return { refused: false, where: null, code: null, details: {}, out, input };
}

/** Whether an error_details path names Lago's bare `field`. */
function namesField(path: string, field: string): boolean {
  const segs = path.split(".");
  if (segs[segs.length - 1] === field) return true;
  return field === "properties" && segs.includes("properties");
}

/** The differences between the row's expectation and ratecard's outcome (empty: agreement). */
export function checkB14(row: B14Row): string[] {
  const r = runB14(row);
  const errs: string[] = [];
  const got = r.refused ? `refused (${r.where === "catalog" ? "ValidationError" : `step ${r.where}`}) ${r.code} ${JSON.stringify(r.details)}` : "accepted";
  const e = row.expect.error;
  if (e) {
    if (!r.refused) return [`expected refusal ${e.code} on ${e.field}, got accepted`];
    const onField = Object.entries(r.details).filter(([k]) => namesField(k, e.field));
    const codes = onField.flatMap(([, v]) => v);
    if (!onField.length) errs.push(`expected ${e.code} on ${e.field}, got ${got}`);
    else if (!codes.includes(e.code) && r.code !== e.code) errs.push(`expected ${e.code} on ${e.field}, got ${got}`);
    return errs;
  }
  if (r.refused) return [`expected accepted, got ${got}`];
  for (const w of r.out.warnings ?? []) errs.push(`warning ${w.code}: ${w.message}`);
  if (row.probe) errs.push(...row.probe(r.out));
  return errs;
}

export function expectB14(row: B14Row): void {
  const errs = checkB14(row);
  if (errs.length) throw new Error(`${row.id}:\n${errs.join("\n")}`);
}
