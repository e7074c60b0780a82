/**
 * Rows of Lago's golden billing suite, getlago/lago-api spec/scenarios/golden/matrix/b09_lifecycle.yml (43 rows; all agree since the termination options were stored)
 * (figures only), run through `simulate` (translation and comparison: golden-lifecycle-helpers.ts).
 * Agreeing rows: a sample.
 * Rows whose setup stores on_termination_credit_note on the subscription also carry the runner's
 * PUT /subscriptions as an `update_subscription` step.
 */
import { describe, it } from "vitest";
import { expectGolden, type GoldenRow } from "./golden-lifecycle-helpers.js";

const C = "create_subscription", B = "perform_billing", T = "terminate_subscription";
const st = (at: string, d: string, extra: object = {}) => ({ at, do: d, ...extra });
const cust = { external_id: "cust", currency: "EUR" };
const sub = (extra: object = {}) => ({ external_id: "sub", billing_time: "calendar", ...extra });
const adv = (code: string, amount: number, extra: object = {}) => ({ code, interval: "monthly", amount_cents: amount, pay_in_advance: true, ...extra });
const cnOpt = (o: string) => (o === "none" ? {} : { on_termination_credit_note: o });
const PAID = { organization: { premium_integrations: ["manual_payments"] } };
const units = (code: string) => ({ metrics: [{ code, aggregation_type: "sum_agg", field_name: "amount" }], charges: [{ billable_metric_code: code, charge_model: "standard", properties: { amount: "1" } }] });
const ev20 = (code: string) => st("2024-04-05T10:00:00Z", "ingest_events", { events: [{ code, properties: { amount: 10 }, count: 2 }] });

const rows: GoldenRow[] = [
  { id: "b09/create-mid-period/arrears/none",
    setup: { plan: { code: "p", interval: "monthly", amount_cents: 3100, pay_in_advance: false }, customer: cust, subscription: sub() },
    timeline: [st("2024-03-16T00:00:00Z", C), st("2024-04-01T01:00:00Z", B)],
    expect: { invoices: 1, invoice: { fees_amount_cents: 1600, total_amount_cents: 1600, fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 1600, from_date: "2024-03-16T00:00:00Z", to_date: "2024-03-31T23:59:59Z" }] } } },
  { id: "b09/terminate/arrears/none",
    setup: { plan: { code: "p", interval: "monthly", amount_cents: 3100, pay_in_advance: false }, customer: cust, subscription: sub() },
    timeline: [st("2024-03-01T00:00:00Z", C), st("2024-03-16T10:00:00Z", T)],
    expect: { invoices: 1, invoice: { fees_amount_cents: 1600, total_amount_cents: 1600, fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 1600, from_date: "2024-03-01T00:00:00Z" }] } } },
  { id: "b09/trial-end/arrears/none",
    setup: { plan: { code: "p", interval: "monthly", amount_cents: 3100, pay_in_advance: false, trial_period: 10 }, customer: cust, subscription: sub() },
    timeline: [st("2024-03-01T00:00:00Z", C), st("2024-04-01T01:00:00Z", B)],
    expect: { invoices: 1, invoice: { fees_amount_cents: 2100, total_amount_cents: 2100, fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 2100 }] } } },
  ...(["credit", "none", "skip"] as const).map((o): GoldenRow => ({ id: `b09/upgrade/advance/${o}`,
    setup: { plan: adv("a", 3000), plans: [adv("b", 9000)], customer: cust, subscription: sub(cnOpt(o)) },
    timeline: [st("2024-04-01T00:00:00Z", C),
      // the runner stores the policy with PUT /subscriptions right after creating it
      ...(o === "skip" ? [st("2024-04-01T00:00:00Z", "raw", { op: "update_subscription", body: { external_id: "sub", subscription: { on_termination_credit_note: "skip" } } })] : []),
      st("2024-04-16T10:00:00Z", C, { params: { plan_code: "b" } }), st("2024-04-16T10:01:00Z", B)],
    expect: o === "skip"
      ? { invoices: 2, invoice: [{ select: { index: 0 }, fees_amount_cents: 3000, total_amount_cents: 3000 }, { select: { index: 1 }, fees_amount_cents: 4500, credit_notes_amount_cents: 0, total_amount_cents: 4500 }] }
      : { invoices: 2, invoice: [{ select: { index: 0 }, fees_amount_cents: 3000, total_amount_cents: 3000 }, { select: { index: 1 }, fees_amount_cents: 4500, credit_notes_amount_cents: 1500, total_amount_cents: 3000 }],
          credit_note: o === "credit" ? { select: { index: -1 }, credit_amount_cents: 1500, refund_amount_cents: 0 }
            : { select: { index: -1 }, credit_status: "consumed", credit_amount_cents: 1500, refund_amount_cents: 0, offset_amount_cents: 0, balance_amount_cents: 0, items_count: 1 } } })),
  { id: "b09/downgrade/arrears/none",
    setup: { plan: { code: "a", interval: "monthly", amount_cents: 9000 }, plans: [{ code: "b", interval: "monthly", amount_cents: 3000 }], customer: cust, subscription: sub() },
    timeline: [st("2024-04-01T00:00:00Z", C), st("2024-04-16T10:00:00Z", C, { params: { plan_code: "b" } }), st("2024-05-01T01:00:00Z", B), st("2024-06-01T01:00:00Z", B)],
    expect: { invoices: 2, invoice: [{ select: { index: 0 }, fees_amount_cents: 9000, total_amount_cents: 9000 }, { select: { index: 1 }, fees_amount_cents: 3000, total_amount_cents: 3000 }] } },
  { id: "b09/upgrade/arrears/none",
    setup: { organization: { premium_integrations: ["progressive_billing"] }, metrics: [{ code: "m", aggregation_type: "sum_agg", field_name: "amount" }],
      plan: { code: "a", interval: "monthly", amount_cents: 0, usage_thresholds: [{ amount_cents: 5000 }] },
      plans: [{ code: "b", interval: "monthly", amount_cents: 0, charges: [{ billable_metric_code: "m", charge_model: "standard", properties: { amount: "2" } }] }],
      charges: [{ billable_metric_code: "m", charge_model: "standard", properties: { amount: "1" } }], customer: cust, subscription: sub() },
    timeline: [st("2024-04-01T00:00:00Z", C), st("2024-04-05T10:00:00Z", "ingest_events", { events: [{ code: "m", properties: { amount: 100 } }] }), st("2024-04-05T11:00:00Z", "perform_usage_update"),
      st("2024-04-16T10:00:00Z", C, { params: { plan_code: "b" } }), st("2024-04-16T10:01:00Z", B)],
    expect: { invoices: 2, invoice: [{ select: { invoice_type: "progressive_billing" }, fees_amount_cents: 10000, total_amount_cents: 10000 },
      { select: { invoice_type: "subscription" }, fees_amount_cents: 10000, progressive_billing_credit_amount_cents: 10000, total_amount_cents: 0 }] } },
  // create-mid-period / advance
  ...(["none", "credit", "skip", "refund", "offset"] as const).map((o): GoldenRow => {
    const paid = o === "refund";
    const inv0: any = { select: { index: 0 }, fees_amount_cents: 1500, total_amount_cents: 1500, total_due_amount_cents: o === "offset" ? 1000 : paid ? 0 : 1500, fees_count: 1 };
    if (paid) inv0.payment_status = "succeeded";
    if (o === "none" || o === "skip") inv0.fees = [{ fee_type: "subscription", amount_cents: 1500, from_date: "2024-04-16T00:00:00Z", to_date: "2024-04-30T23:59:59Z" }];
    const inv1: any = o === "none" ? { select: { index: 1 }, fees_amount_cents: 0, total_amount_cents: 0, fees_count: 0 } : { select: { index: 1 }, total_amount_cents: 0, fees_count: 0 };
    const cn: any = {
      none: { select: { index: -1 }, reason: "order_cancellation", credit_status: "available", sub_total_excluding_taxes_amount_cents: 500, taxes_amount_cents: 0, credit_amount_cents: 500, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 500, balance_amount_cents: 500, items_count: 1 },
      credit: { select: { index: -1 }, credit_status: "available", credit_amount_cents: 500, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 500, balance_amount_cents: 500, items_count: 1 },
      skip: undefined,
      refund: { select: { index: -1 }, credit_status: "available", refund_status: "pending", sub_total_excluding_taxes_amount_cents: 500, credit_amount_cents: 0, refund_amount_cents: 500, offset_amount_cents: 0, total_amount_cents: 500, balance_amount_cents: 0, items_count: 1 },
      offset: { select: { index: -1 }, credit_status: "available", sub_total_excluding_taxes_amount_cents: 500, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 500, total_amount_cents: 500, balance_amount_cents: 0, items_count: 1 },
    }[o];
    return { id: `b09/create-mid-period/advance/${o}`,
      setup: { ...(paid ? PAID : {}), plan: adv("p", 3000), customer: cust, subscription: sub(cnOpt(o)) },
      timeline: [st("2024-04-16T00:00:00Z", C), ...(paid ? [st("2024-04-16T12:00:00Z", "pay_invoice", { invoice_type: "subscription" })] : []), st("2024-04-25T10:00:00Z", T)],
      expect: { invoices: 2, invoice: [inv0, inv1], ...(cn ? { credit_note: cn } : {}) } };
  }),
  // trial-end / advance
  ...(["none", "credit", "skip", "refund", "offset"] as const).map((o): GoldenRow => {
    const paid = o === "refund";
    const inv0: any = { select: { index: 0 }, fees_amount_cents: 2000, total_amount_cents: 2000, total_due_amount_cents: o === "offset" ? 1000 : paid ? 0 : 2000, fees_count: 1 };
    if (paid) inv0.payment_status = "succeeded";
    if (o === "none" || o === "skip") inv0.fees = [{ fee_type: "subscription", amount_cents: 2000, from_date: "2024-04-01T00:00:00Z", to_date: "2024-04-30T23:59:59Z" }];
    const cn: any = {
      none: { select: { index: -1 }, reason: "order_cancellation", credit_amount_cents: 1000, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 1000, balance_amount_cents: 1000, items_count: 1 },
      credit: { select: { index: -1 }, credit_status: "available", credit_amount_cents: 1000, refund_amount_cents: 0, offset_amount_cents: 0, balance_amount_cents: 1000, items_count: 1 },
      skip: undefined,
      refund: { select: { index: -1 }, refund_status: "pending", sub_total_excluding_taxes_amount_cents: 1000, credit_amount_cents: 0, refund_amount_cents: 1000, offset_amount_cents: 0, total_amount_cents: 1000, balance_amount_cents: 0, items_count: 1 },
      offset: { select: { index: -1 }, sub_total_excluding_taxes_amount_cents: 1000, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 1000, total_amount_cents: 1000, balance_amount_cents: 0, items_count: 1 },
    }[o];
    return { id: `b09/trial-end/advance/${o}`,
      setup: { ...(paid ? PAID : {}), plan: adv("p", 3000, { trial_period: 10 }), customer: cust, subscription: sub(cnOpt(o)) },
      timeline: [st("2024-04-01T00:00:00Z", C), st("2024-04-11T01:00:00Z", B), ...(paid ? [st("2024-04-11T12:00:00Z", "pay_invoice", { invoice_type: "subscription" })] : []), st("2024-04-20T10:00:00Z", T)],
      expect: { invoices: 2, invoice: [inv0, { select: { index: 1 }, total_amount_cents: 0, fees_count: 0 }], ...(cn ? { credit_note: cn } : {}) } };
  }),
  // downgrade / advance
  ...(["none", "credit", "skip", "refund", "offset"] as const).map((o): GoldenRow => {
    const paid = o === "refund";
    const inv0: any = { select: { index: 0 }, fees_amount_cents: 3000, total_amount_cents: 3000, credit_notes_amount_cents: 0 };
    const inv1: any = { select: { index: 1 }, fees_amount_cents: 900, total_amount_cents: 900, credit_notes_amount_cents: 0 };
    if (paid) Object.assign(inv0, { payment_status: "succeeded", total_due_amount_cents: 0 });
    if (o === "offset") inv0.total_due_amount_cents = 3000;
    if (o === "none") {
      Object.assign(inv0, { fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 3000, from_date: "2024-04-01T00:00:00Z", to_date: "2024-04-30T23:59:59Z" }] });
      Object.assign(inv1, { fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 900, from_date: "2024-05-01T00:00:00Z", to_date: "2024-05-31T23:59:59Z" }] });
    }
    return { id: `b09/downgrade/advance/${o}`,
      setup: { ...(paid ? PAID : {}), plan: adv("a", 3000), plans: [adv("b", 900)], customer: cust, subscription: sub(cnOpt(o)) },
      timeline: [st("2024-04-01T00:00:00Z", C), ...(paid ? [st("2024-04-02T12:00:00Z", "pay_invoice", { invoice_type: "subscription" })] : []), st("2024-04-16T10:00:00Z", C, { params: { plan_code: "b" } }), st("2024-05-01T01:00:00Z", B)],
      expect: { invoices: 2, invoice: [inv0, inv1] } };
  }),
  // terminate / advance (a 1.00/unit arrears charge, 20 units on 04-05)
  ...(["none", "credit", "skip", "refund", "offset"] as const).map((o): GoldenRow => {
    const paid = o === "refund";
    const credited = o === "none" || o === "credit";
    const inv0: any = { select: { index: 0 }, fees_amount_cents: 3000, total_amount_cents: 3000, total_due_amount_cents: o === "offset" ? 1600 : paid ? 0 : 3000 };
    if (paid) inv0.payment_status = "succeeded";
    if (o === "none") Object.assign(inv0, { fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 3000, from_date: "2024-04-01T00:00:00Z", to_date: "2024-04-30T23:59:59Z" }] });
    const inv1: any = { select: { index: 1 }, fees_amount_cents: 2000, credit_notes_amount_cents: credited ? 1400 : 0, total_amount_cents: credited ? 600 : 2000, fees_count: 1 };
    if (o === "none" || o === "skip") inv1.fees = [{ fee_type: "charge", amount_cents: 2000, units: 20, events_count: 2, from_date: "2024-04-01T00:00:00Z", to_date: "2024-04-16T10:00:00Z" }];
    const cn: any = {
      none: { select: { index: -1 }, reason: "order_cancellation", credit_status: "consumed", sub_total_excluding_taxes_amount_cents: 1400, taxes_amount_cents: 0, credit_amount_cents: 1400, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 1400, balance_amount_cents: 0, items_count: 1 },
      credit: { select: { index: -1 }, credit_status: "consumed", credit_amount_cents: 1400, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 1400, balance_amount_cents: 0, items_count: 1 },
      skip: undefined,
      refund: { select: { index: -1 }, refund_status: "pending", sub_total_excluding_taxes_amount_cents: 1400, credit_amount_cents: 0, refund_amount_cents: 1400, offset_amount_cents: 0, total_amount_cents: 1400, balance_amount_cents: 0, items_count: 1 },
      offset: { select: { index: -1 }, sub_total_excluding_taxes_amount_cents: 1400, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 1400, total_amount_cents: 1400, balance_amount_cents: 0, items_count: 1 },
    }[o];
    return { id: `b09/terminate/advance/${o}`,
      setup: { ...(paid ? PAID : {}), ...units("u"), plan: adv("p", 3000), customer: cust, subscription: sub(cnOpt(o)) },
      timeline: [st("2024-04-01T00:00:00Z", C), ...(paid ? [st("2024-04-01T12:00:00Z", "pay_invoice", { invoice_type: "subscription" })] : []), ev20("u"), st("2024-04-16T10:00:00Z", T)],
      expect: { invoices: 2, invoice: [inv0, inv1], ...(cn ? { credit_note: cn } : {}) } };
  }),
  // recreate-same-external-id / advance
  ...(["none", "credit", "skip", "refund", "offset"] as const).map((o): GoldenRow => {
    const paid = o === "refund";
    const credited = o === "none" || o === "credit";
    const inv0: any = { select: { index: 0 }, total_amount_cents: 3000, total_due_amount_cents: o === "offset" ? 1600 : paid ? 0 : 3000 };
    if (o === "none" || o === "skip") inv0.fees_amount_cents = 3000;
    if (paid) inv0.payment_status = "succeeded";
    const inv1: any = o === "none" ? { select: { index: 1 }, fees_amount_cents: 0, total_amount_cents: 0, fees_count: 0 } : { select: { index: 1 }, total_amount_cents: 0, fees_count: 0 };
    const inv2: any = { select: { index: 2 }, fees_amount_cents: 1100, credit_notes_amount_cents: credited ? 1100 : 0, total_amount_cents: credited ? 0 : 1100 };
    if (o === "none" || o === "skip") Object.assign(inv2, { fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 1100, from_date: "2024-04-20T00:00:00Z", to_date: "2024-04-30T23:59:59Z" }] });
    const cn: any = {
      none: { select: { index: -1 }, reason: "order_cancellation", credit_status: "available", credit_amount_cents: 1400, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 1400, balance_amount_cents: 300, items_count: 1 },
      credit: { select: { index: -1 }, credit_status: "available", credit_amount_cents: 1400, refund_amount_cents: 0, balance_amount_cents: 300, items_count: 1 },
      skip: undefined,
      refund: { select: { index: -1 }, refund_status: "pending", credit_amount_cents: 0, refund_amount_cents: 1400, offset_amount_cents: 0, total_amount_cents: 1400, balance_amount_cents: 0, items_count: 1 },
      offset: { select: { index: -1 }, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 1400, total_amount_cents: 1400, balance_amount_cents: 0, items_count: 1 },
    }[o];
    return { id: `b09/recreate-same-external-id/advance/${o}`,
      setup: { ...(paid ? PAID : {}), plan: adv("p", 3000), customer: cust, subscription: sub(cnOpt(o)) },
      timeline: [st("2024-04-01T00:00:00Z", C), ...(paid ? [st("2024-04-01T12:00:00Z", "pay_invoice", { invoice_type: "subscription" })] : []), st("2024-04-16T10:00:00Z", T), st("2024-04-20T10:00:00Z", C)],
      expect: { invoices: 3, invoice: [inv0, inv1, inv2], ...(cn ? { credit_note: cn } : {}) } };
  }),
  { id: "b09/recreate-same-external-id/arrears/none",
    setup: { plan: { code: "p", interval: "monthly", amount_cents: 3100, pay_in_advance: false }, customer: cust, subscription: sub() },
    timeline: [st("2024-03-01T00:00:00Z", C), st("2024-03-16T10:00:00Z", T), st("2024-03-20T10:00:00Z", C), st("2024-04-01T01:00:00Z", B)],
    expect: { invoices: 2, invoice: [
      { select: { index: 0 }, fees_amount_cents: 1600, total_amount_cents: 1600, credit_notes_amount_cents: 0, fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 1600, from_date: "2024-03-01T00:00:00Z" }] },
      { select: { index: 1 }, fees_amount_cents: 1200, total_amount_cents: 1200, credit_notes_amount_cents: 0, fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 1200, from_date: "2024-03-20T00:00:00Z", to_date: "2024-03-31T23:59:59Z" }] }] } },
  { id: "b09/hns/ending-at/arrears/none",
    setup: { plan: { code: "p", interval: "monthly", amount_cents: 3100, pay_in_advance: false }, customer: cust, subscription: sub({ ending_at: "2024-03-16T10:00:00Z" }) },
    timeline: [st("2024-03-01T00:00:00Z", C), st("2024-03-16T10:15:00Z", "perform_ended_subscriptions_termination")],
    expect: { invoices: 1, invoice: { fees_amount_cents: 1600, total_amount_cents: 1600, fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 1600, from_date: "2024-03-01T00:00:00Z" }] } } },
  { id: "b09/hns/gated-activation/advance/none",
    setup: { plan: { code: "p", interval: "monthly", amount_cents: 3100, pay_in_advance: true }, customer: cust, subscription: sub({ subscription_at: "2024-03-16T00:00:00Z" }) },
    timeline: [st("2024-03-01T00:00:00Z", C), st("2024-03-16T01:00:00Z", "perform_subscriptions_activation"), st("2024-04-01T01:00:00Z", B)],
    expect: { invoices: 2, invoice: [
      { select: { index: 0 }, total_amount_cents: 1600, fees_amount_cents: 1600, fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 1600, from_date: "2024-03-16T00:00:00Z", to_date: "2024-03-31T23:59:59Z" }] },
      { select: { index: 1 }, total_amount_cents: 3100, fees_amount_cents: 3100, fees: [{ fee_type: "subscription", amount_cents: 3100, from_date: "2024-04-01T00:00:00Z", to_date: "2024-04-30T23:59:59Z" }] }] } },
  // ending-at / advance: 3_000 in advance from 04-11 (2_000), ending_at 04-21 10:00 (9 unused days = 900)
  ...(["none", "credit", "skip", "refund", "offset"] as const).map((o): GoldenRow => {
    const paid = o === "refund";
    const inv0: any = { select: { index: 0 }, fees_amount_cents: 2000, total_amount_cents: 2000, total_due_amount_cents: o === "offset" ? 1100 : paid ? 0 : 2000, fees_count: 1 };
    if (paid) inv0.payment_status = "succeeded";
    if (o === "none" || o === "skip") inv0.fees = [{ fee_type: "subscription", amount_cents: 2000, from_date: "2024-04-11T00:00:00Z", to_date: "2024-04-30T23:59:59Z" }];
    const inv1: any = o === "none" ? { select: { index: 1 }, fees_amount_cents: 0, total_amount_cents: 0, fees_count: 0 } : { select: { index: 1 }, total_amount_cents: 0, fees_count: 0 };
    const cn: any = {
      none: { select: { index: -1 }, reason: "order_cancellation", credit_status: "available", sub_total_excluding_taxes_amount_cents: 900, taxes_amount_cents: 0, credit_amount_cents: 900, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 900, balance_amount_cents: 900, items_count: 1 },
      credit: { select: { index: -1 }, credit_status: "available", sub_total_excluding_taxes_amount_cents: 900, credit_amount_cents: 900, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 900, balance_amount_cents: 900, items_count: 1 },
      skip: undefined,
      refund: { select: { index: -1 }, credit_status: "available", refund_status: "pending", sub_total_excluding_taxes_amount_cents: 900, credit_amount_cents: 0, refund_amount_cents: 900, offset_amount_cents: 0, total_amount_cents: 900, balance_amount_cents: 0, items_count: 1 },
      offset: { select: { index: -1 }, credit_status: "available", sub_total_excluding_taxes_amount_cents: 900, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 900, total_amount_cents: 900, balance_amount_cents: 0, items_count: 1 },
    }[o];
    return { id: `b09/ending-at/advance/${o}`,
      setup: { ...(paid ? PAID : {}), plan: adv("p", 3000), customer: cust, subscription: sub({ ending_at: "2024-04-21T10:00:00Z", ...cnOpt(o) }) },
      timeline: [st("2024-04-11T00:00:00Z", C),
        // the runner stores the policy with PUT /subscriptions right after creating it
        ...(o === "none" ? [] : [st("2024-04-11T00:00:00Z", "raw", { op: "update_subscription", body: { external_id: "sub", subscription: { on_termination_credit_note: o } } })]),
        ...(paid ? [st("2024-04-11T12:00:00Z", "pay_invoice", { invoice_type: "subscription" })] : []), st("2024-04-21T10:15:00Z", "perform_ended_subscriptions_termination")],
      expect: { invoices: 2, invoice: [inv0, inv1], ...(cn ? { credit_note: cn } : {}) } };
  }),
  // gated-activation / advance: 9_000 in advance, subscription_at 04-11 (6_000), terminated 04-21 (2_700 unused)
  ...(["credit", "skip", "refund", "offset"] as const).map((o): GoldenRow => {
    const paid = o === "refund";
    const inv0: any = { select: { index: 0 }, fees_amount_cents: 6000, total_amount_cents: 6000, total_due_amount_cents: o === "offset" ? 3300 : paid ? 0 : 6000, fees_count: 1 };
    if (paid) inv0.payment_status = "succeeded";
    if (o === "credit" || o === "skip") inv0.fees = [{ fee_type: "subscription", amount_cents: 6000, from_date: "2024-04-11T00:00:00Z", to_date: "2024-04-30T23:59:59Z" }];
    const cn: any = {
      credit: { select: { index: -1 }, reason: "order_cancellation", credit_status: "available", sub_total_excluding_taxes_amount_cents: 2700, taxes_amount_cents: 0, credit_amount_cents: 2700, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 2700, balance_amount_cents: 2700, items_count: 1 },
      skip: undefined,
      refund: { select: { index: -1 }, credit_status: "available", refund_status: "pending", sub_total_excluding_taxes_amount_cents: 2700, credit_amount_cents: 0, refund_amount_cents: 2700, offset_amount_cents: 0, total_amount_cents: 2700, balance_amount_cents: 0, items_count: 1 },
      offset: { select: { index: -1 }, credit_status: "available", sub_total_excluding_taxes_amount_cents: 2700, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 2700, total_amount_cents: 2700, balance_amount_cents: 0, items_count: 1 },
    }[o];
    return { id: `b09/gated-activation/advance/${o}`,
      setup: { ...(paid ? PAID : {}), plan: adv("p", 9000), customer: cust, subscription: sub({ subscription_at: "2024-04-11T00:00:00Z", ...cnOpt(o) }) },
      timeline: [st("2024-04-01T00:00:00Z", C), st("2024-04-11T01:00:00Z", "perform_subscriptions_activation"),
        ...(paid ? [st("2024-04-11T12:00:00Z", "pay_invoice", { invoice_type: "subscription" })] : []), st("2024-04-21T10:00:00Z", T)],
      expect: { invoices: 2, invoice: [inv0, { select: { index: 1 }, total_amount_cents: 0, fees_count: 0 }], ...(cn ? { credit_note: cn } : {}) } };
  }),
  { id: "b09/gated-activation/arrears/none",
    setup: { plan: { code: "p", interval: "monthly", amount_cents: 3000, pay_in_advance: false }, customer: cust, subscription: sub({ subscription_at: "2024-04-11T00:00:00Z" }) },
    timeline: [st("2024-04-01T00:00:00Z", C), st("2024-04-11T01:00:00Z", "perform_subscriptions_activation"), st("2024-05-01T01:00:00Z", B)],
    expect: { invoices: 1, invoice: { fees_amount_cents: 2000, total_amount_cents: 2000, fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 2000, from_date: "2024-04-11T00:00:00Z", to_date: "2024-04-30T23:59:59Z" }] } } },

];


const row = (id: string): GoldenRow => rows.find((r) => r.id === id) ?? (() => { throw new Error(`no row ${id}`); })();

describe("golden b09: b09_lifecycle.yml (43 rows; all agree since the termination options were stored)", () => {
  it("b09/terminate/arrears/none", () => expectGolden(row("b09/terminate/arrears/none")));
  it("b09/upgrade/advance/none", () => expectGolden(row("b09/upgrade/advance/none")));
  it("b09/upgrade/arrears/none", () => expectGolden(row("b09/upgrade/arrears/none")));
  it("b09/create-mid-period/advance/refund", () => expectGolden(row("b09/create-mid-period/advance/refund")));
  it("b09/trial-end/advance/refund", () => expectGolden(row("b09/trial-end/advance/refund")));
  it("b09/terminate/advance/offset", () => expectGolden(row("b09/terminate/advance/offset")));
  it("b09/downgrade/advance/offset", () => expectGolden(row("b09/downgrade/advance/offset")));
  it("b09/recreate-same-external-id/advance/none", () => expectGolden(row("b09/recreate-same-external-id/advance/none")));
  it("b09/recreate-same-external-id/arrears/none", () => expectGolden(row("b09/recreate-same-external-id/arrears/none")));
  it("b09/hns/gated-activation/advance/none", () => expectGolden(row("b09/hns/gated-activation/advance/none")));
  it("b09/gated-activation/advance/offset", () => expectGolden(row("b09/gated-activation/advance/offset")));
  it("b09/ending-at/advance/none", () => expectGolden(row("b09/ending-at/advance/none")));

  // Termination options stored on the subscription (create/update_subscription) hold for a
  // termination at ending_at and, for `skip`, for an upgrade (src/simulator/operations/createSubscription.ts).
  it("b09/upgrade/advance/skip", () => expectGolden(row("b09/upgrade/advance/skip")));

  it("b09/ending-at/advance/refund", () => expectGolden(row("b09/ending-at/advance/refund")));

  it("b09/ending-at/advance/offset", () => expectGolden(row("b09/ending-at/advance/offset")));
});
