/**
 * Rows of Lago's golden billing suite (getlago/lago-api spec/scenarios/golden/matrix/b16_proration.yml), figures only,
 * replayed through `simulate` by golden-pricing-helpers.ts (setup and timeline translated as
 * spec/support/golden_runner.rb drives the API; amounts compared exactly, units by decimal value).
 * Rows that agree are a sample; every row that disagrees is an `it.fails` preceded by its MISMATCH.
 */
import { describe, it } from "vitest";
import { expectRow } from "./golden-pricing-helpers.js";

describe("golden b16: proration (prorated charges on recurring metrics)", () => {
  it("b16/standard/sum_agg/true", () =>
    expectRow({
    id: "b16/standard/sum_agg/true",
    setup: {"metrics":[{"code":"b16_adv_sum","aggregation_type":"sum_agg","field_name":"units","recurring":true}],"plan":{"code":"golden_b16_adv_sum","interval":"monthly","amount_cents":0,"pay_in_advance":false},"charges":[{"billable_metric_code":"b16_adv_sum","charge_model":"standard","prorated":true,"pay_in_advance":true,"properties":{"amount":"1"}}],"customer":{"external_id":"golden_b16_adv_sum_cust","currency":"EUR"},"subscription":{"external_id":"golden_b16_adv_sum_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-11T10:00:00Z","do":"ingest_events","events":[{"code":"b16_adv_sum","properties":{"units":31}}]},{"at":"2024-03-22T10:00:00Z","do":"ingest_events","events":[{"code":"b16_adv_sum","properties":{"units":62}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":3,"invoice":[{"select":{"index":0},"invoice_type":"subscription","fees_amount_cents":2100,"total_amount_cents":2100,"fees_count":1,"fees":[{"fee_type":"charge","units":"31.0","amount_cents":2100}]},{"select":{"index":1},"invoice_type":"subscription","fees_amount_cents":2000,"total_amount_cents":2000,"fees_count":1,"fees":[{"fee_type":"charge","units":"62.0","amount_cents":2000}]},{"select":{"index":2},"invoice_type":"subscription","fees_amount_cents":9300,"total_amount_cents":9300,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"93.0","amount_cents":9300}]}]},
  }));

  it("b16/standard/unique_count_agg/true", () =>
    expectRow({
    id: "b16/standard/unique_count_agg/true",
    setup: {"metrics":[{"code":"b16_adv_uc","aggregation_type":"unique_count_agg","field_name":"seat_id","recurring":true}],"plan":{"code":"golden_b16_adv_uc","interval":"monthly","amount_cents":0,"pay_in_advance":false},"charges":[{"billable_metric_code":"b16_adv_uc","charge_model":"standard","prorated":true,"pay_in_advance":true,"properties":{"amount":"31"}}],"customer":{"external_id":"golden_b16_adv_uc_cust","currency":"EUR"},"subscription":{"external_id":"golden_b16_adv_uc_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-11T10:00:00Z","do":"ingest_events","events":[{"code":"b16_adv_uc","properties":{"seat_id":"seat_1"}}]},{"at":"2024-03-22T10:00:00Z","do":"ingest_events","events":[{"code":"b16_adv_uc","properties":{"seat_id":"seat_2"}}]},{"at":"2024-03-22T11:00:00Z","do":"ingest_events","events":[{"code":"b16_adv_uc","properties":{"seat_id":"seat_3"}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"invoice_type":"subscription","fees_amount_cents":2100,"total_amount_cents":2100,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":2100}]},{"select":{"index":1},"invoice_type":"subscription","fees_amount_cents":1000,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":1000}]},{"select":{"index":2},"invoice_type":"subscription","fees_amount_cents":1000,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":1000}]},{"select":{"index":3},"invoice_type":"subscription","fees_amount_cents":9300,"total_amount_cents":9300,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"3.0","amount_cents":9300}]}]},
  }));

  it("b16/graduated/unique_count_agg/false", () =>
    expectRow({
    id: "b16/graduated/unique_count_agg/false",
    setup: {"metrics":[{"code":"b16_grad_uc","aggregation_type":"unique_count_agg","field_name":"seat_id","recurring":true}],"plan":{"code":"golden_b16_grad_uc","interval":"monthly","amount_cents":0,"pay_in_advance":false},"charges":[{"billable_metric_code":"b16_grad_uc","charge_model":"graduated","prorated":true,"properties":{"graduated_ranges":[{"from_value":0,"to_value":1,"per_unit_amount":"31","flat_amount":"0"},{"from_value":2,"to_value":null,"per_unit_amount":"62","flat_amount":"0"}]}}],"customer":{"external_id":"golden_b16_grad_uc_cust","currency":"EUR"},"subscription":{"external_id":"golden_b16_grad_uc_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-11T10:00:00Z","do":"ingest_events","events":[{"code":"b16_grad_uc","properties":{"seat_id":"seat_1"}}]},{"at":"2024-03-22T10:00:00Z","do":"ingest_events","events":[{"code":"b16_grad_uc","properties":{"seat_id":"seat_2"}}]},{"at":"2024-03-22T11:00:00Z","do":"ingest_events","events":[{"code":"b16_grad_uc","properties":{"seat_id":"seat_3"}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":6100,"taxes_amount_cents":0,"total_amount_cents":6100,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"3.0","amount_cents":6100,"from_date":"2024-03-01T00:00:00Z","to_date":"2024-03-31T23:59:59Z"}]}},
  }));

  it("b16/volume/unique_count_agg/false", () =>
    expectRow({
    id: "b16/volume/unique_count_agg/false",
    setup: {"metrics":[{"code":"b16_vol_uc","aggregation_type":"unique_count_agg","field_name":"seat_id","recurring":true}],"plan":{"code":"golden_b16_vol_uc","interval":"monthly","amount_cents":0,"pay_in_advance":false},"charges":[{"billable_metric_code":"b16_vol_uc","charge_model":"volume","prorated":true,"properties":{"volume_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"31","flat_amount":"0"},{"from_value":3,"to_value":null,"per_unit_amount":"62","flat_amount":"10"}]}}],"customer":{"external_id":"golden_b16_vol_uc_cust","currency":"EUR"},"subscription":{"external_id":"golden_b16_vol_uc_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-11T10:00:00Z","do":"ingest_events","events":[{"code":"b16_vol_uc","properties":{"seat_id":"seat_1"}}]},{"at":"2024-03-22T10:00:00Z","do":"ingest_events","events":[{"code":"b16_vol_uc","properties":{"seat_id":"seat_2"}}]},{"at":"2024-03-22T11:00:00Z","do":"ingest_events","events":[{"code":"b16_vol_uc","properties":{"seat_id":"seat_3"}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":9200,"taxes_amount_cents":0,"total_amount_cents":9200,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"3.0","amount_cents":9200,"from_date":"2024-03-01T00:00:00Z","to_date":"2024-03-31T23:59:59Z"}]}},
  }));
});
