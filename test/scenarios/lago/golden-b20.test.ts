/**
 * Lago golden suite, block B20 (getlago/lago-api spec/scenarios/golden/matrix), figures only,
 * run through `simulate` by golden-stack-helpers.ts. Agreeing rows: a sample; disagreeing rows:
 * `it.fails` with the reason above each.
 */
import { describe, it } from "vitest";
import type { GoldenRow } from "./golden-pricing-helpers.js";
import { expectStackRow } from "./golden-stack-helpers.js";

const rows: Record<string, GoldenRow> = Object.fromEntries(
  ([
    {"id":"b20/plan-override/progressive_billing_credit/invoice","setup":{"plan":{"code":"plan_pbo","interval":"monthly","amount_cents":0,"usage_thresholds":[{"amount_cents":5000}]},"customer":{"external_id":"pbo_cust","currency":"EUR"},"subscription":{"external_id":"pbo_sub","billing_time":"calendar"},"metrics":[{"code":"pbo_sum","aggregation_type":"sum_agg","field_name":"amount"}],"charges":[{"billable_metric_code":"pbo_sum","charge_model":"standard","properties":{"amount":"1"}}],"organization":{"premium_integrations":["progressive_billing"]}},"timeline":[{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"pbo_sum","properties":{"amount":100}}]},{"at":"2024-03-05T11:00:00Z","do":"perform_usage_update"},{"at":"2024-03-10T10:00:00Z","do":"update_subscription","params":{"subscription":{"plan_overrides":{"name":"b20 overridden plan"}}}},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],"expect":{"invoices":2,"invoice":[{"select":{"invoice_type":"progressive_billing"},"fees_amount_cents":10000,"total_amount_cents":10000},{"select":{"invoice_type":"subscription"},"fees_amount_cents":10000,"progressive_billing_credit_amount_cents":0,"credit_notes_amount_cents":10000,"total_amount_cents":0}]}},
    {"id":"b20/plan-override/progressive_billing_credit/draft","setup":{"plan":{"code":"plan_pbd","interval":"monthly","amount_cents":0,"usage_thresholds":[{"amount_cents":5000}]},"customer":{"external_id":"pbd_cust","currency":"EUR","invoice_grace_period":5},"subscription":{"external_id":"pbd_sub","billing_time":"calendar"},"metrics":[{"code":"pbd_sum","aggregation_type":"sum_agg","field_name":"amount"}],"charges":[{"billable_metric_code":"pbd_sum","charge_model":"standard","properties":{"amount":"1"}}],"organization":{"premium_integrations":["progressive_billing"]}},"timeline":[{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"pbd_sum","properties":{"amount":100}}]},{"at":"2024-03-05T11:00:00Z","do":"perform_usage_update"},{"at":"2024-03-10T10:00:00Z","do":"update_subscription","params":{"subscription":{"plan_overrides":{"name":"b20 overridden plan"}}}},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],"expect":{"invoices":2,"invoice":[{"select":{"invoice_type":"subscription"},"status":"draft","fees_amount_cents":10000,"progressive_billing_credit_amount_cents":0,"credit_notes_amount_cents":0,"total_amount_cents":10000}]}},
  ] as GoldenRow[]).map((r) => [r.id, r]),
);

describe("golden B20: carried state after the configuration that produced it is replaced", () => {
  // MISMATCH: expected period invoice progressive credit 0 and a 10000 credit note spent on it (total 0);
  // actual progressive credit 10000, credit notes 0 (total 0). The reference's name-only plan override makes
  // a child plan whose charges are new records, so the progressive credit's cap (charges appearing among the
  // progressive invoice's fees) matches nothing and the whole credit becomes an automatic credit note;
  // ratecard's child plan keeps the charges' ids, so the credit still applies. The row records a reported
  // reference defect. Docs: invoice.md §12 cap rule and periods.md (child plan) are silent on charge
  // identity. Classification: version conflict (reference defect characterized; ratecard's result is the
  // intended one). src/simulator/planOverrides.ts, src/invoice/progressiveBillingCredits.ts.
  it.fails("b20/plan-override/progressive_billing_credit/invoice", () => expectStackRow(rows["b20/plan-override/progressive_billing_credit/invoice"]!));
  // MISMATCH: expected draft period invoice progressive credit 0, credit notes 0, total 10000 (the usage
  // billed twice); actual progressive credit 10000, total 0. Same cause as the /invoice row: the reference
  // loses the progressive credit across a plan override (reported defect), ratecard keeps it. Docs silent
  // (invoice.md §12, periods.md). Classification: version conflict (reference defect characterized).
  // src/simulator/planOverrides.ts.
  it.fails("b20/plan-override/progressive_billing_credit/draft", () => expectStackRow(rows["b20/plan-override/progressive_billing_credit/draft"]!));
});
