/**
 * Rows of getlago/lago-api spec/scenarios/golden/matrix/b07_usage_surfaces.yml (figures only),
 * translated by ./golden-helpers.ts and ./golden-surface-helpers.ts: current usage mid-period, at
 * the last second of the period and after billing, per aggregation (sum, max, count, unique count,
 * weighted sum, latest), and the lifetime-usage rows' current-usage and invoice figures (the
 * lifetime_usage read itself has no simulate equivalent and is not asserted), the usage-equals-invoice
 * cells and the after-termination cells (the usage read is refused). All 72 rows of the file were
 * checked (all agree); a sample is kept here.
 */
import { describe, it } from "vitest";
import type { Row } from "./golden-helpers.js";
import { expectSurfaceRow, runSurfaceRow } from "./golden-surface-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

import { B, CU, E, PU, PV, S, SUM, T, u } from "./golden-surface-helpers.js";
const MAX = { aggregation_type: "max_agg", field_name: "amount" };
const CNT = { aggregation_type: "count_agg" };
const UNQ = { aggregation_type: "unique_count_agg", field_name: "sub_id", recurring: false };
const usage = (cents: number, code: string, units: string, extra: Json = {}) => ({ amount_cents: cents, taxes_amount_cents: 0, total_amount_cents: cents, charges_usage: [{ billable_metric_code: code, units, amount_cents: cents }], ...extra });
const inv = (cents: number, units: string) => ({ invoices: 1, invoice: { fees_amount_cents: cents, taxes_amount_cents: 0, total_amount_cents: cents, fees: [{ fee_type: "subscription", amount_cents: 0 }, { fee_type: "charge", units, amount_cents: cents }] } });
const rows: Json[] = [
  u("b07/usage-equals-invoice/sum_agg/period-boundary", "b07_inv_sum", SUM, [S("2024-03-01T00:00:00Z"), E("2024-03-05T10:00:00Z", 10, 20), CU("2024-03-31T23:00:00Z"), B("2024-04-01T01:00:00Z")],
    { usage: usage(3000, "b07_inv_sum", "30.0"), ...inv(3000, "30.0") }),
  u("b07/current-usage/sum_agg/mid-period", "b07_mid_sum", SUM, [S("2024-03-01T00:00:00Z"), E("2024-03-05T10:00:00Z", 10), CU("2024-03-10T10:00:00Z"), E("2024-03-20T10:00:00Z", 99)],
    { usage: { amount_cents: 1000, total_amount_cents: 1000, charges_usage: [{ billable_metric_code: "b07_mid_sum", units: "10.0", amount_cents: 1000 }] } }),
  u("b07/current-usage/max_agg/mid-period", "b07_max", MAX, [S("2024-03-01T00:00:00Z"), E("2024-03-05T10:00:00Z", 10, 40, 25), CU("2024-03-10T10:00:00Z")],
    { usage: { amount_cents: 4000, total_amount_cents: 4000, charges_usage: [{ billable_metric_code: "b07_max", units: "40.0", amount_cents: 4000 }] } }),
  u("b07/current-usage/sum_agg/after-billing", "b07_after_sum", SUM, [S("2024-03-01T00:00:00Z"), E("2024-03-05T10:00:00Z", 30), B("2024-04-01T01:00:00Z"), CU("2024-04-02T10:00:00Z")],
    { usage: { amount_cents: 0, total_amount_cents: 0 }, invoices: 1, invoice: { fees_amount_cents: 3000, total_amount_cents: 3000 } }),
  u("b07/current-usage/count_agg/mid-period", "b07_cu_count_mid", CNT, [S("2024-04-01T00:00:00Z"), E("2024-04-05T10:00:00Z", 10, 30, 20, 30), CU("2024-04-10T10:00:00Z"), E("2024-04-20T10:00:00Z", 7, 7, 7)],
    { usage: usage(400, "b07_cu_count_mid", "4.0") }),
  u("b07/current-usage/count_agg/period-boundary", "b07_cu_count_bnd", CNT, [S("2024-04-01T00:00:00Z"), E("2024-04-30T23:59:59Z", T("2024-03-31T23:59:59Z", { amount: 91 }), T("2024-04-01T00:00:00Z", { amount: 10 }), T("2024-04-01T00:00:00Z", { amount: 30 }), T("2024-04-15T12:00:00Z", { amount: 20 }), T("2024-04-30T23:59:59Z", { amount: 40 }), T("2024-05-01T00:00:00Z", { amount: 92 })), CU("2024-04-30T23:59:59Z")],
    { usage: usage(400, "b07_cu_count_bnd", "4.0") }),
  u("b07/current-usage/count_agg/after-billing", "b07_cu_count_after", CNT, [S("2024-04-01T00:00:00Z"), E("2024-04-05T10:00:00Z", 10, 30, 20, 30), B("2024-05-01T01:00:00Z"), CU("2024-05-02T10:00:00Z")],
    { usage: usage(0, "b07_cu_count_after", "0.0"), ...inv(400, "4.0") }),
  u("b07/current-usage/sum_agg/period-boundary", "b07_cu_sum_bnd", SUM, [S("2024-04-01T00:00:00Z"), E("2024-04-30T23:59:59Z", T("2024-03-31T23:59:59Z", { amount: 500 }), T("2024-04-01T00:00:00Z", { amount: 10 }), T("2024-04-15T12:00:00Z", { amount: 30 }), T("2024-04-30T23:59:59Z", { amount: 20 }), T("2024-05-01T00:00:00Z", { amount: 700 })), CU("2024-04-30T23:59:59Z")],
    { usage: usage(6000, "b07_cu_sum_bnd", "60.0") }),
  u("b07/current-usage/max_agg/period-boundary", "b07_cu_max_bnd", MAX, [S("2024-04-01T00:00:00Z"), E("2024-04-30T23:59:59Z", T("2024-03-31T23:59:59Z", { amount: 999 }), T("2024-04-01T00:00:00Z", { amount: 40 }), T("2024-04-15T12:00:00Z", { amount: 25 }), T("2024-04-30T23:59:59Z", { amount: 10 }), T("2024-05-01T00:00:00Z", { amount: 500 })), CU("2024-04-30T23:59:59Z")],
    { usage: usage(4000, "b07_cu_max_bnd", "40.0") }),
  u("b07/current-usage/max_agg/after-billing", "b07_cu_max_after", MAX, [S("2024-04-01T00:00:00Z"), E("2024-04-05T10:00:00Z", 10, 40, 25), B("2024-05-01T01:00:00Z"), CU("2024-05-02T10:00:00Z")],
    { usage: usage(0, "b07_cu_max_after", "0.0"), ...inv(4000, "40.0") }),
  u("b07/current-usage/unique_count_agg/mid-period", "b07_cu_uniq_mid", UNQ, [S("2024-04-01T00:00:00Z"), E("2024-04-03T00:00:00Z", { properties: { sub_id: "s1" } }), E("2024-04-04T00:00:00Z", { properties: { sub_id: "s2" } }), E("2024-04-05T00:00:00Z", { properties: { sub_id: "s1" } }), E("2024-04-06T00:00:00Z", { properties: { sub_id: "s3" } }), E("2024-04-07T00:00:00Z", { properties: { sub_id: "s2", operation_type: "remove" } }), CU("2024-04-10T10:00:00Z")],
    { usage: usage(200, "b07_cu_uniq_mid", "2.0") }),
  u("b07/current-usage/unique_count_agg/period-boundary", "b07_cu_uniq_bnd", UNQ, [S("2024-04-01T00:00:00Z"), E("2024-04-30T23:59:59Z", T("2024-03-31T23:59:59Z", { sub_id: "before" }), T("2024-04-01T00:00:00Z", { sub_id: "s1" }), T("2024-04-15T12:00:00Z", { sub_id: "s2" }), T("2024-04-20T00:00:00Z", { sub_id: "s2" }), T("2024-04-30T23:59:59Z", { sub_id: "s3" }), T("2024-05-01T00:00:00Z", { sub_id: "after" })), CU("2024-04-30T23:59:59Z")],
    { usage: usage(300, "b07_cu_uniq_bnd", "3.0") }),
  u("b07/current-usage/unique_count_agg/after-billing", "b07_cu_uniq_after", UNQ, [S("2024-04-01T00:00:00Z"), E("2024-04-03T00:00:00Z", { properties: { sub_id: "s1" } }), E("2024-04-04T00:00:00Z", { properties: { sub_id: "s2" } }), E("2024-04-05T00:00:00Z", { properties: { sub_id: "s1" } }), B("2024-05-01T01:00:00Z"), CU("2024-05-02T10:00:00Z")],
    { usage: usage(0, "b07_cu_uniq_after", "0.0"), ...inv(200, "2.0") }),
];
const WS = { aggregation_type: "weighted_sum_agg", field_name: "amount", weighted_interval: "seconds", recurring: false };
const LAT = { aggregation_type: "latest_agg", field_name: "amount" };
const ev1 = (at: string, props: Json) => E(at, { properties: props });
rows.push(
  u("b07/current-usage/weighted_sum_agg/mid-period", "b07_cu_wsum_mid", WS, [S("2024-04-01T00:00:00Z"), E("2024-04-04T00:00:00Z", 10), E("2024-04-07T00:00:00Z", 30), E("2024-04-13T00:00:00Z", 20), CU("2024-04-20T10:00:00Z")], { usage: usage(4500, "b07_cu_wsum_mid", "45.0") }),
  u("b07/current-usage/weighted_sum_agg/period-boundary", "b07_cu_wsum_bnd", WS, [S("2024-04-01T00:00:00Z"), E("2024-04-30T23:59:59Z", T("2024-03-31T23:59:59Z", { amount: 999 }), T("2024-04-01T00:00:00Z", { amount: 10 }), T("2024-04-07T00:00:00Z", { amount: 30 }), T("2024-04-13T00:00:00Z", { amount: 20 }), T("2024-05-01T00:00:00Z", { amount: 777 })), CU("2024-04-30T23:59:59Z")], { usage: usage(4600, "b07_cu_wsum_bnd", "46.0") }),
  u("b07/current-usage/weighted_sum_agg/after-billing", "b07_cu_wsum_after", WS, [S("2024-04-01T00:00:00Z"), E("2024-04-04T00:00:00Z", 10), E("2024-04-07T00:00:00Z", 30), E("2024-04-13T00:00:00Z", 20), B("2024-05-01T01:00:00Z"), CU("2024-05-02T10:00:00Z")], { usage: usage(0, "b07_cu_wsum_after", "0.0"), ...inv(4500, "45.0") }),
  u("b07/current-usage/latest_agg/mid-period", "b07_cu_latest_mid", LAT, [S("2024-04-01T00:00:00Z"), E("2024-04-03T00:00:00Z", 10), E("2024-04-05T00:00:00Z", 30), E("2024-04-07T00:00:00Z", 20), CU("2024-04-10T10:00:00Z"), E("2024-04-19T00:00:00Z", 99)], { usage: usage(2000, "b07_cu_latest_mid", "20.0") }),
  u("b07/current-usage/latest_agg/period-boundary", "b07_cu_latest_bnd", LAT, [S("2024-04-01T00:00:00Z"), E("2024-04-30T23:59:59Z", T("2024-03-31T23:59:59Z", { amount: 999 }), T("2024-04-01T00:00:00Z", { amount: 10 }), T("2024-04-15T12:00:00Z", { amount: 30 }), T("2024-04-30T23:59:59Z", { amount: 20 }), T("2024-05-01T00:00:00Z", { amount: 777 })), CU("2024-04-30T23:59:59Z")], { usage: usage(2000, "b07_cu_latest_bnd", "20.0") }),
  u("b07/current-usage/latest_agg/after-billing", "b07_cu_latest_after", LAT, [S("2024-04-01T00:00:00Z"), E("2024-04-03T00:00:00Z", 10), E("2024-04-05T00:00:00Z", 30), E("2024-04-07T00:00:00Z", 20), B("2024-05-01T01:00:00Z"), CU("2024-05-02T10:00:00Z")], { usage: usage(0, "b07_cu_latest_after", "0.0"), ...inv(2000, "20.0") }),
);
// lifetime-usage rows: the lifetime_usage read has no simulate equivalent; the usage and invoices are checked
const LT = { premium_integrations: ["lifetime_usage"] };
const PUU = (at: string) => ({ at, do: "perform_usage_update" });
function lt(id: string, k: string, metric: Json, mar: Json[], apr: Json[], timing: string, expect: Json) {
  const tl: Json[] = [S("2024-03-01T00:00:00Z"), ...mar, B("2024-04-01T01:00:00Z"), ...apr];
  if (timing === "mid") tl.push(PUU("2024-04-25T10:00:00Z"), CU("2024-04-25T11:00:00Z"));
  else if (timing === "bnd") tl.push(PUU("2024-04-30T23:59:59Z"), CU("2024-04-30T23:59:59Z"));
  else tl.push(B("2024-05-01T01:00:00Z"), CU("2024-05-01T02:00:00Z"));
  return { ...u(id, k, metric, tl, expect, { org: LT }), lifetime: true };
}
const a3 = (d: string[], vals: Json[]) => d.map((at, i) => (Array.isArray(vals[i]) ? E(at, ...vals[i]) : typeof vals[i] === "number" ? E(at, vals[i]) : ev1(at, vals[i])));
const MAR = ["2024-03-05T10:00:00Z", "2024-03-10T10:00:00Z", "2024-03-20T10:00:00Z"];
const APR = ["2024-04-05T10:00:00Z", "2024-04-10T10:00:00Z", "2024-04-20T10:00:00Z"];
const APRB = ["2024-04-05T10:00:00Z", "2024-04-10T10:00:00Z", "2024-04-20T10:00:00Z", "2024-04-30T23:59:59Z"];
const two = (a: number, b: number) => ({ invoices: 2, invoice: [{ select: "first", fees_amount_cents: a, total_amount_cents: a }, { select: "last", fees_amount_cents: b, total_amount_cents: b }], usage: { amount_cents: 0, total_amount_cents: 0 } });
const mid = (c: number, code?: string, units?: string) => ({ invoices: 1, usage: { amount_cents: c, total_amount_cents: c, ...(code ? { charges_usage: [{ billable_metric_code: code, units, amount_cents: c }] } : {}) } });
const UQ = { aggregation_type: "unique_count_agg", field_name: "ref" };
const r = (ref: string) => ({ ref });
rows.push(
  lt("b7/lifetime-usage/count_agg/mid-period", "b07_lt_count_mid", CNT, a3(MAR, [10, 30, 20]), a3(APR, [10, 30, [20, 40]]), "mid", mid(400)),
  lt("b7/lifetime-usage/count_agg/period-boundary", "b07_lt_count_bnd", CNT, a3(MAR, [10, 30, 20]), a3(APRB, [10, 30, 20, 40]), "bnd", mid(400)),
  lt("b7/lifetime-usage/count_agg/after-billing", "b07_lt_count_bil", CNT, a3(MAR, [10, 30, 20]), a3(APR, [10, 30, [20, 40]]), "bil", two(300, 400)),
  lt("b7/lifetime-usage/sum_agg/mid-period", "b07_lt_sum_mid", SUM, a3(MAR, [10, 30, 20]), a3(APR, [25, 5, 15]), "mid", mid(4500, "b07_lt_sum_mid", "45.0")),
  lt("b7/lifetime-usage/sum_agg/period-boundary", "b07_lt_sum_bnd", SUM, a3(MAR, [10, 30, 20]), a3(["2024-04-05T10:00:00Z", "2024-04-10T10:00:00Z", "2024-04-30T23:59:59Z"], [25, 5, 15]), "bnd", mid(4500, "b07_lt_sum_bnd", "45.0")),
  lt("b7/lifetime-usage/sum_agg/after-billing", "b07_lt_sum_bil", SUM, a3(MAR, [10, 30, 20]), a3(APR, [25, 5, 15]), "bil", two(6000, 4500)),
  lt("b7/lifetime-usage/max_agg/mid-period", "b07_lt_max_mid", MAX, a3(MAR, [10, 30, 20]), a3(APR, [5, 15, 25]), "mid", mid(2500, "b07_lt_max_mid", "25.0")),
  lt("b7/lifetime-usage/max_agg/period-boundary", "b07_lt_max_bnd", MAX, a3(MAR, [10, 30, 20]), a3(["2024-04-05T10:00:00Z", "2024-04-10T10:00:00Z", "2024-04-30T23:59:59Z"], [5, 15, 25]), "bnd", mid(2500, "b07_lt_max_bnd", "25.0")),
  lt("b7/lifetime-usage/max_agg/after-billing", "b07_lt_max_bil", MAX, a3(MAR, [10, 30, 20]), a3(APR, [5, 15, 25]), "bil", two(3000, 2500)),
  lt("b7/lifetime-usage/unique_count_agg/mid-period", "b07_lt_uniq_mid", UQ, a3(MAR, [r("mar_a"), r("mar_b"), r("mar_b")]), [ev1(APR[0]!, r("apr_a")), ev1(APR[1]!, r("apr_b")), E(APR[2]!, { properties: r("apr_b") }, { properties: r("apr_c") })], "mid", mid(300, "b07_lt_uniq_mid", "3.0")),
  lt("b7/lifetime-usage/unique_count_agg/period-boundary", "b07_lt_uniq_bnd", UQ, a3(MAR, [r("mar_a"), r("mar_b"), r("mar_b")]), [ev1(APR[0]!, r("apr_a")), E(APR[1]!, { properties: r("apr_b") }, { properties: r("apr_b") }), ev1("2024-04-30T23:59:59Z", r("apr_c"))], "bnd", mid(300, "b07_lt_uniq_bnd", "3.0")),
  lt("b7/lifetime-usage/unique_count_agg/after-billing", "b07_lt_uniq_bil", UQ, a3(MAR, [r("mar_a"), r("mar_b"), r("mar_b")]), [ev1(APR[0]!, r("apr_a")), ev1(APR[1]!, r("apr_b")), E(APR[2]!, { properties: r("apr_b") }, { properties: r("apr_c") })], "bil", two(200, 300)),
  lt("b7/lifetime-usage/weighted_sum_agg/mid-period", "b07_lt_wsum_mid", { aggregation_type: "weighted_sum_agg", field_name: "amount", weighted_interval: "seconds" }, a3(["2024-03-10T00:00:00Z", "2024-03-13T00:00:00Z", "2024-03-25T00:00:00Z"], [10, 30, 20]), a3(["2024-04-03T00:00:00Z", "2024-04-06T00:00:00Z", "2024-04-09T00:00:00Z"], [10, 30, 20]), "mid", mid(4900, "b07_lt_wsum_mid", "49.0")),
);
// Rows from b7/lifetime-usage/weighted_sum_agg/period-boundary to the end of the file (40 rows: the
// lifetime-usage, usage-equals-invoice and after-termination cells) were checked too; all agree with
// ratecard (the lifetime_usage read itself is not asserted, as above: the after-termination lifetime
// rows keep only their two invoices). A sample follows. `error` rows assert the refusal of the usage
// read after termination.
const WSL = { aggregation_type: "weighted_sum_agg", field_name: "amount", weighted_interval: "seconds" };
const UQI = { aggregation_type: "unique_count_agg", field_name: "unique_id" };
const X = (at: string) => ({ at, do: "terminate_subscription" });
const at3 = (...xs: [string, number][]) => xs.map(([at, v]) => E(at, v));
const inv2 = (first: number, cents: number, units: string) => ({ invoices: 2, invoice: [{ select: { index: 0 }, fees_amount_cents: first, total_amount_cents: first }, { select: { index: 1 }, fees_amount_cents: cents, taxes_amount_cents: 0, total_amount_cents: cents, fees: [{ fee_type: "subscription", amount_cents: 0 }, { fee_type: "charge", units, amount_cents: cents }] }] });
const pair = (a: number, b: number) => ({ invoices: 2, invoice: [{ select: "first", fees_amount_cents: a, total_amount_cents: a }, { select: "last", fees_amount_cents: b, total_amount_cents: b }] });
const REFUSED = { error: { stage: "usage", status: 405, code: "no_active_subscription" } };
const M1 = "2024-03-01T00:00:00Z", A1 = "2024-04-01T01:00:00Z", MY1 = "2024-05-01T01:00:00Z";
rows.push(
  lt("b7/lifetime-usage/weighted_sum_agg/period-boundary", "b07_lt_wsum_bnd", WSL, a3(["2024-03-10T00:00:00Z", "2024-03-13T00:00:00Z", "2024-03-25T00:00:00Z"], [10, 30, 20]), a3(["2024-04-03T00:00:00Z", "2024-04-06T00:00:00Z", "2024-04-09T00:00:00Z"], [10, 30, 20]), "bnd", mid(4900, "b07_lt_wsum_bnd", "49.0")),
  lt("b7/lifetime-usage/latest_agg/period-boundary", "b07_lt_latest_bnd", LAT, a3(MAR, [10, 30, 20]), a3(["2024-04-05T10:00:00Z", "2024-04-10T10:00:00Z", "2024-04-30T23:59:59Z"], [25, 5, 15]), "bnd", mid(1500, "b07_lt_latest_bnd", "15.0")),
  u("b7/usage-equals-invoice/count_agg/after-billing", "b07_uei_cnt_ab", CNT, [S(M1), E("2024-03-05T10:00:00Z", 10, 30, 20), B(A1), E("2024-04-05T10:00:00Z", 5, 15), CU("2024-04-25T10:00:00Z"), B(MY1)],
    { usage: usage(200, "b07_uei_cnt_ab", "2.0"), ...inv2(300, 200, "2.0") }),
  u("b7/usage-equals-invoice/max_agg/after-billing", "b07_uei_max_ab", MAX, [S(M1), E("2024-03-05T10:00:00Z", 10, 30, 20), B(A1), E("2024-04-05T10:00:00Z", 5, 25, 15), CU("2024-04-25T10:00:00Z"), B(MY1)],
    { usage: usage(2500, "b07_uei_max_ab", "25.0"), ...inv2(3000, 2500, "25.0") }),
  u("b7/usage-equals-invoice/unique_count_agg/period-boundary", "b07_uei_uniq_bnd", UQI, [S(M1), E("2024-03-05T10:00:00Z", ...["u1", "u2", "u3", "u2"].map((x) => ({ properties: { unique_id: x } }))), CU("2024-03-31T23:00:00Z"), B(A1)],
    { usage: usage(300, "b07_uei_uniq_bnd", "3.0"), ...inv(300, "3.0") }),
  u("b7/usage-equals-invoice/latest_agg/after-billing", "b07_uei_lat_ab", LAT, [S(M1), ...at3(["2024-03-04T10:00:00Z", 10], ["2024-03-05T10:00:00Z", 30], ["2024-03-06T10:00:00Z", 20]), B(A1), ...at3(["2024-04-04T10:00:00Z", 5], ["2024-04-05T10:00:00Z", 15], ["2024-04-06T10:00:00Z", 7]), CU("2024-04-25T10:00:00Z"), B(MY1)],
    { usage: usage(700, "b07_uei_lat_ab", "7.0"), ...inv2(2000, 700, "7.0") }),
  u("b7/usage-equals-invoice/weighted_sum_agg/after-billing", "b07_uei_wsum_ab", WSL, [S(M1), ...at3(["2024-03-06T00:00:00Z", 31], ["2024-03-16T00:00:00Z", 93], ["2024-03-21T00:00:00Z", 62]), B(A1), ...at3(["2024-04-05T00:00:00Z", 10], ["2024-04-11T00:00:00Z", 30], ["2024-04-17T00:00:00Z", 20]), CU("2024-04-25T10:00:00Z"), B(MY1)],
    { usage: usage(3800, "b07_uei_wsum_ab", "38.0"), ...inv2(9600, 3800, "38.0") }),
  u("b7/usage-equals-invoice/weighted_sum_agg/after-termination", "b07_uei_wsum_at", WSL, [S("2024-04-01T00:00:00Z"), ...at3(["2024-04-04T00:00:00Z", 10], ["2024-04-10T00:00:00Z", 30], ["2024-04-19T00:00:00Z", -40]), CU("2024-04-25T11:00:00Z"), X("2024-04-25T12:00:00Z")],
    { usage: usage(1400, "b07_uei_wsum_at", "14.0"), invoices: 1, invoice: { fees_amount_cents: 1400, taxes_amount_cents: 0, total_amount_cents: 1400 } }),
  u("b07/hns/current-usage/sum_agg/after-termination", "b07_hns_cu", SUM, [S(M1), E("2024-03-05T10:00:00Z", 30), X("2024-03-10T10:00:00Z"), CU("2024-03-10T11:00:00Z")], REFUSED),
  u("b07/current-usage/weighted_sum_agg/after-termination", "b07_at_cu_wsum", WS, [S(M1), ...at3(["2024-03-03T00:00:00Z", 31], ["2024-03-05T00:00:00Z", 62], ["2024-03-08T00:00:00Z", 31]), X("2024-03-10T10:00:00Z"), CU("2024-03-10T11:00:00Z")], REFUSED),
  u("b07/lifetime-usage/weighted_sum_agg/after-termination", "b07_at_lt_wsum", WS, [S(M1), ...at3(["2024-03-05T00:00:00Z", 31], ["2024-03-11T00:00:00Z", 62], ["2024-03-19T00:00:00Z", 31]), B(A1), ...at3(["2024-04-03T00:00:00Z", 15], ["2024-04-07T00:00:00Z", 30]), X("2024-04-11T00:00:00Z"), PUU("2024-04-12T01:00:00Z")],
    pair(8200, 800), { org: LT }),
);
/** A row whose `expect.error` is the refusal of the current-usage read (its other expectations as usual). */
function expectB07(r: Row): void {
  const { error, ...expect } = r.expect;
  if (!error) return expectSurfaceRow(r);
  const { errs, out, input } = runSurfaceRow({ ...r, expect });
  const i = (input.steps as Json[]).map((s) => s.op).lastIndexOf("fetch_current_usage");
  const code = out.responses[i]?.error?.code;
  if (code !== error.code) errs.push(`usage error: expected ${error.code}, got ${JSON.stringify(out.responses[i]).slice(0, 200)}`);
  if (errs.length) throw new Error(`${r.id}:\n${errs.join("\n")}`);
}
const byId = new Map<string, Row>(rows.map((r: Json) => [r.id, r as Row]));
const row = (id: string): Row => byId.get(id)!;

describe("golden b07_usage_surfaces.yml", () => {
  it("b07/usage-equals-invoice/sum_agg/period-boundary", () => expectSurfaceRow(row("b07/usage-equals-invoice/sum_agg/period-boundary")));
  it("b07/current-usage/count_agg/period-boundary", () => expectSurfaceRow(row("b07/current-usage/count_agg/period-boundary")));
  it("b07/current-usage/unique_count_agg/mid-period", () => expectSurfaceRow(row("b07/current-usage/unique_count_agg/mid-period")));
  it("b07/current-usage/weighted_sum_agg/period-boundary", () => expectSurfaceRow(row("b07/current-usage/weighted_sum_agg/period-boundary")));
  it("b07/current-usage/weighted_sum_agg/after-billing", () => expectSurfaceRow(row("b07/current-usage/weighted_sum_agg/after-billing")));
  it("b07/current-usage/latest_agg/period-boundary", () => expectSurfaceRow(row("b07/current-usage/latest_agg/period-boundary")));
  it("b7/lifetime-usage/max_agg/after-billing", () => expectSurfaceRow(row("b7/lifetime-usage/max_agg/after-billing")));
  it("b7/lifetime-usage/weighted_sum_agg/mid-period", () => expectSurfaceRow(row("b7/lifetime-usage/weighted_sum_agg/mid-period")));
  it("b7/lifetime-usage/weighted_sum_agg/period-boundary", () => expectB07(row("b7/lifetime-usage/weighted_sum_agg/period-boundary")));
  it("b7/lifetime-usage/latest_agg/period-boundary", () => expectB07(row("b7/lifetime-usage/latest_agg/period-boundary")));
  it("b7/usage-equals-invoice/count_agg/after-billing", () => expectB07(row("b7/usage-equals-invoice/count_agg/after-billing")));
  it("b7/usage-equals-invoice/max_agg/after-billing", () => expectB07(row("b7/usage-equals-invoice/max_agg/after-billing")));
  it("b7/usage-equals-invoice/unique_count_agg/period-boundary", () => expectB07(row("b7/usage-equals-invoice/unique_count_agg/period-boundary")));
  it("b7/usage-equals-invoice/latest_agg/after-billing", () => expectB07(row("b7/usage-equals-invoice/latest_agg/after-billing")));
  it("b7/usage-equals-invoice/weighted_sum_agg/after-billing", () => expectB07(row("b7/usage-equals-invoice/weighted_sum_agg/after-billing")));
  it("b7/usage-equals-invoice/weighted_sum_agg/after-termination", () => expectB07(row("b7/usage-equals-invoice/weighted_sum_agg/after-termination")));
  it("b07/hns/current-usage/sum_agg/after-termination", () => expectB07(row("b07/hns/current-usage/sum_agg/after-termination")));
  it("b07/current-usage/weighted_sum_agg/after-termination", () => expectB07(row("b07/current-usage/weighted_sum_agg/after-termination")));
  it("b07/lifetime-usage/weighted_sum_agg/after-termination", () => expectB07(row("b07/lifetime-usage/weighted_sum_agg/after-termination")));
});
