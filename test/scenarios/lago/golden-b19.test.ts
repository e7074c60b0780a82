/**
 * Lago golden suite, block B19 (getlago/lago-api spec/scenarios/golden/matrix), figures only,
 * run through `simulate` by golden-stack-helpers.ts. Agreeing rows: a sample; disagreeing rows:
 * `it.fails` with the reason above each.
 */
import { describe, it } from "vitest";
import type { GoldenRow } from "./golden-pricing-helpers.js";
import { expectStackRow } from "./golden-stack-helpers.js";

const rows: Record<string, GoldenRow> = Object.fromEntries(
  ([
    {"id":"b19/coupon/unequal/invoice","setup":{"plan":{"code":"plan_uneq","interval":"monthly","amount_cents":8000},"customer":{"external_id":"uneq_cust","currency":"EUR"},"subscription":{"external_id":"uneq_sub","billing_time":"calendar"},"metrics":[{"code":"uneq_sum","aggregation_type":"sum_agg","field_name":"amount"}],"charges":[{"billable_metric_code":"uneq_sum","charge_model":"standard","properties":{"amount":"1"}}],"coupons":[{"name":"uneq_open","code":"uneq_open","coupon_type":"fixed_amount","frequency":"once","amount_cents":5000,"amount_currency":"EUR","expiration":"no_expiration"},{"name":"uneq_limited","code":"uneq_limited","coupon_type":"fixed_amount","frequency":"once","amount_cents":5000,"amount_currency":"EUR","expiration":"no_expiration","applies_to":{"billable_metric_codes":["uneq_sum"]}}]},"timeline":[{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"uneq_sum","properties":{"amount":20}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],"expect":{"invoices":1,"invoice":{"fees_amount_cents":10000,"coupons_amount_cents":7000,"sub_total_excluding_taxes_amount_cents":3000,"total_amount_cents":3000}}},
    {"id":"b19/coupon/capped/invoice","setup":{"plan":{"code":"plan_cap","interval":"monthly","amount_cents":10000},"customer":{"external_id":"cap_cust","currency":"EUR"},"subscription":{"external_id":"cap_sub","billing_time":"calendar"},"coupons":[{"name":"cap_large","code":"cap_large","coupon_type":"fixed_amount","frequency":"once","amount_cents":12000,"amount_currency":"EUR","expiration":"no_expiration"},{"name":"cap_small","code":"cap_small","coupon_type":"fixed_amount","frequency":"once","amount_cents":4000,"amount_currency":"EUR","expiration":"no_expiration"}]},"timeline":[{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"},{"at":"2024-05-01T01:00:00Z","do":"perform_billing"}],"expect":{"invoices":2,"invoice":[{"select":{"index":0},"fees_amount_cents":10000,"coupons_amount_cents":10000,"total_amount_cents":0},{"select":{"index":1},"fees_amount_cents":10000,"coupons_amount_cents":6000,"total_amount_cents":4000}]}},
    {"id":"b19/prepaid_credit/unequal/invoice","setup":{"plan":{"code":"plan_wal","interval":"monthly","amount_cents":5000},"customer":{"external_id":"wal_cust","currency":"EUR"},"subscription":{"external_id":"wal_sub","billing_time":"calendar"},"wallets":[{"name":"second","code":"wal_second","rate_amount":"1","currency":"EUR","granted_credits":"100","priority":2},{"name":"first","code":"wal_first","rate_amount":"1","currency":"EUR","granted_credits":"30","priority":1}]},"timeline":[{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],"expect":{"invoices":1,"invoice":{"fees_amount_cents":5000,"prepaid_credit_amount_cents":5000,"total_amount_cents":0},"wallet":{"code":"wal_second","balance_cents":8000}}},
  ] as GoldenRow[]).map((r) => [r.id, r]),
);

describe("golden B19: two of the same feature on one invoice", () => {
  it("b19/coupon/unequal/invoice", () => expectStackRow(rows["b19/coupon/unequal/invoice"]!));
  it("b19/coupon/capped/invoice", () => expectStackRow(rows["b19/coupon/capped/invoice"]!));
  it("b19/prepaid_credit/unequal/invoice", () => expectStackRow(rows["b19/prepaid_credit/unequal/invoice"]!));
});
