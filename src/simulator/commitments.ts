/**
 * The minimum-commitment true-up of a billing run (invoice.md §6): on the invoice that
 * closes a commitment period (a periodic run at its end) and on the termination invoice,
 * never on the starting invoice of a plan paid in advance.
 */
import { ONE } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import { startOfDayIn } from "../core/zone.js";
import type { Fee } from "../fees/index.js";
import { type InvoiceFee, type Tax, commitmentFee, commitmentPeriod, feeTaxes } from "../invoice/index.js";
import { scheduleOf } from "../period/index.js";
import type { BilledFee, SubscriptionRun } from "./runs.js";
import type { Organization } from "./catalog.js";

export interface CommitmentLine {
  readonly billed: BilledFee;
  readonly taxes: readonly Tax[];
}

/**
 * The run's commitment fee, given every fee of the subscription so far (this invoice's
 * included); `first`: this is the subscription's first invoice (a plan paid in advance has
 * none there, even when that first invoice is a periodic one after a trial).
 */
export function commitmentLine(
  run: SubscriptionRun, timezone: string, fees: readonly InvoiceFee[], organization: Organization, first: boolean,
): CommitmentLine | undefined {
  const s = run.subscription;
  const mc = s.plan.minimum_commitment;
  if (mc === null || run.reason === "starting" || run.reason === "in_advance_charge") return undefined;
  if (first && s.plan.pay_in_advance && run.reason !== "terminating") return undefined;
  const schedule = scheduleOf(s.plan.interval, s.billing_time, s.subscription_at, timezone);
  // A downgrade's switch ends the old subscription at a billing boundary: it closes the period that ends there.
  const terminating = run.reason === "terminating" && s.change !== "downgrade";
  // Periodic: the period that has just ended, only when the run is its end (a yearly plan billed monthly closes it once a year).
  const period = commitmentPeriod((terminating ? run.at : run.at - 1) as Instant, schedule, timezone);
  if (!terminating && period.end !== run.at) return undefined;
  const started = s.started_at ?? run.at;
  const spanStart = Math.max(period.start, startOfDayIn(started, timezone)) as Instant;
  const spanEnd = terminating ? (Math.min(run.at + 1000, period.end) as Instant) : period.end;
  const taxes = feeTaxes({ commitment: mc.taxes, plan: s.plan.taxes, customer: s.customer.taxes, organization: organization.taxes });
  const cf = commitmentFee({
    commitment: { amount_cents: mc.amount_cents, invoice_display_name: mc.invoice_display_name, taxes },
    subscription_id: s.svc_id,
    plan_code: s.plan.code,
    currency: s.plan.currency,
    timezone,
    commitment_period: period,
    billed_span: { start: spanStart, end: spanEnd },
    fees,
  });
  if (cf === undefined) return undefined;
  const fee: Fee = {
    svc_id: cf.svc_id,
    svc_subscription_id: s.svc_id,
    amount_currency: s.plan.currency,
    units: ONE,
    amount_cents: cf.amount_cents,
    precise_amount_cents: cf.precise_amount_cents,
    unit_amount_cents: cf.unit_amount_cents,
    precise_unit_amount: cf.precise_unit_amount,
    events_count: 0,
    total_aggregated_units: ONE,
    amount_details: {},
    item: { type: "commitment", code: s.plan.code, name: s.plan.name, invoice_display_name: cf.invoice_display_name },
    from_date: cf.from_date ?? period.start,
    to_date: cf.to_date ?? ((period.end - 1000) as Instant),
    pay_in_advance: false,
  };
  return { billed: { fee, charge: null }, taxes };
}
