/**
 * Rows of Lago's golden billing suite (getlago/lago-api spec/scenarios/golden/matrix/b01_pricing.yml), figures only,
 * replayed through `simulate` by golden-pricing-helpers.ts (setup and timeline translated as
 * spec/support/golden_runner.rb drives the API; amounts compared exactly, units by decimal value).
 * Rows that agree are a sample; the rows that disagreed were fixed.
 */
import { describe, it } from "vitest";
import { expectRow } from "./golden-pricing-helpers.js";

describe("golden b01: pricing grid (charge model x aggregation x invoice / current usage)", () => {
  it("b01/volume/sum_agg/arrears/invoice", () =>
    expectRow({
    id: "b01/volume/sum_agg/arrears/invoice",
    setup: {"metrics":[{"code":"b01_vol_sum","aggregation_type":"sum_agg","field_name":"amount","recurring":false}],"plan":{"code":"golden_plan_b01_volume_sum_agg_arrears_invoice","interval":"monthly","amount_cents":1000,"pay_in_advance":false},"charges":[{"billable_metric_code":"b01_vol_sum","charge_model":"volume","properties":{"volume_ranges":[{"from_value":0,"to_value":10,"per_unit_amount":"10","flat_amount":"0"},{"from_value":11,"to_value":null,"per_unit_amount":"20","flat_amount":"0"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_vol_sum","properties":{"amount":15}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":31000,"total_amount_cents":31000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":1000,"from_date":"2024-03-01T00:00:00Z","to_date":"2024-03-31T23:59:59Z"},{"fee_type":"charge","units":"15.0","amount_cents":30000,"from_date":"2024-03-01T00:00:00Z","to_date":"2024-03-31T23:59:59Z"}],"invoice_type":"subscription","status":"finalized","currency":"EUR","coupons_amount_cents":0,"taxes_amount_cents":0}},
  }));

  it("b01/standard/latest_agg/arrears/invoice", () =>
    expectRow({
    id: "b01/standard/latest_agg/arrears/invoice",
    setup: {"metrics":[{"code":"b01_latest","aggregation_type":"latest_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_standard_latest_agg_arrears_invoice","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_latest","charge_model":"standard","properties":{"amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_latest","properties":{"amount":10},"timestamp":"2024-03-05T10:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_latest","properties":{"amount":30},"timestamp":"2024-03-05T11:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_latest","properties":{"amount":20},"timestamp":"2024-03-05T12:00:00Z"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":2000,"total_amount_cents":2000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"20.0","amount_cents":2000}]}},
  }));

  it("b01/standard/weighted_sum_agg/arrears/invoice", () =>
    expectRow({
    id: "b01/standard/weighted_sum_agg/arrears/invoice",
    setup: {"metrics":[{"code":"b01_ws","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"golden_plan_b01_standard_weighted_sum_agg_arrears_invoice","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_ws","charge_model":"standard","properties":{"amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"b01_ws","properties":{"value":62},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":3200,"total_amount_cents":3200,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"32.0","amount_cents":3200}]}},
  }));

  it("b01/percentage/sum_agg/arrears/invoice", () =>
    expectRow({
    id: "b01/percentage/sum_agg/arrears/invoice",
    setup: {"metrics":[{"code":"b01_pct_sum","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_percentage_sum_agg_arrears_invoice","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_pct_sum","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_sum","properties":{"amount":10}}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_sum","properties":{"amount":20}}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_sum","properties":{"amount":30}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":900,"total_amount_cents":900,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"60.0","amount_cents":900}]}},
  }));

  it("b01/graduated/sum_agg/arrears/invoice/no-events", () =>
    expectRow({
    id: "b01/graduated/sum_agg/arrears/invoice/no-events",
    setup: {"metrics":[{"code":"b01_grad_none","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_graduated_sum_agg_arrears_invoice_no-events","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_grad_none","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":10,"per_unit_amount":"2","flat_amount":"100"},{"from_value":11,"to_value":null,"per_unit_amount":"1","flat_amount":"50"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":10000,"total_amount_cents":10000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"0.0","amount_cents":10000}]}},
  }));

  it("b01/standard/count_agg/invoice/none", () =>
    expectRow({
    id: "b01/standard/count_agg/invoice/none",
    setup: {"metrics":[{"code":"b01_std_cnt_inv_none","aggregation_type":"count_agg"}],"plan":{"code":"golden_plan_b01_standard_count_agg_invoice_none","interval":"monthly","amount_cents":1000},"charges":[{"billable_metric_code":"b01_std_cnt_inv_none","charge_model":"standard","properties":{"amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":1000,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":1000}],"invoice_type":"subscription","status":"finalized","taxes_amount_cents":0}},
  }));

  it("b01/standard/weighted_sum_agg/invoice/none", () =>
    expectRow({
    id: "b01/standard/weighted_sum_agg/invoice/none",
    setup: {"metrics":[{"code":"b01_std_wsum_inv_none","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"golden_plan_b01_standard_weighted_sum_agg_invoice_none","interval":"monthly","amount_cents":1000},"charges":[{"billable_metric_code":"b01_std_wsum_inv_none","charge_model":"standard","properties":{"amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":1000,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":1000}],"invoice_type":"subscription","status":"finalized","taxes_amount_cents":0}},
  }));

  it("b01/dynamic/sum_agg/invoice/one", () =>
    expectRow({
    id: "b01/dynamic/sum_agg/invoice/one",
    setup: {"metrics":[{"code":"b01_dyn_sum_inv_one","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_dynamic_sum_agg_invoice_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_dyn_sum_inv_one","charge_model":"dynamic","properties":{}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_dyn_sum_inv_one","properties":{"amount":40},"precise_total_amount_cents":"1234"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":1234,"total_amount_cents":1234,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"40.0","amount_cents":1234}],"invoice_type":"subscription","status":"finalized","taxes_amount_cents":0}},
  }));

  it("b01/standard/weighted_sum_agg/invoice/many", () =>
    expectRow({
    id: "b01/standard/weighted_sum_agg/invoice/many",
    setup: {"metrics":[{"code":"b01_std_wsum_inv_many","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"golden_plan_b01_standard_weighted_sum_agg_invoice_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_std_wsum_inv_many","charge_model":"standard","properties":{"amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-06T00:00:00Z","do":"ingest_events","events":[{"code":"b01_std_wsum_inv_many","properties":{"value":10},"timestamp":"2024-03-06T00:00:00Z"}]},{"at":"2024-03-10T00:00:00Z","do":"ingest_events","events":[{"code":"b01_std_wsum_inv_many","properties":{"value":30},"timestamp":"2024-03-10T00:00:00Z"}]},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"b01_std_wsum_inv_many","properties":{"value":20},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":4000,"total_amount_cents":4000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"40.0","amount_cents":4000}],"invoice_type":"subscription","status":"finalized","taxes_amount_cents":0}},
  }));

  it("b01/standard/count_agg/current_usage/none", () =>
    expectRow({
    id: "b01/standard/count_agg/current_usage/none",
    setup: {"metrics":[{"code":"b01_std_cnt_cu_none","aggregation_type":"count_agg"}],"plan":{"code":"golden_plan_b01_standard_count_agg_current_usage_none","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_std_cnt_cu_none","charge_model":"standard","properties":{"amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":0,"taxes_amount_cents":0,"total_amount_cents":0,"charges_usage":[{"billable_metric_code":"b01_std_cnt_cu_none","units":"0.0","amount_cents":0}]}},
  }));

  it("b01/standard/weighted_sum_agg/current_usage/one", () =>
    expectRow({
    id: "b01/standard/weighted_sum_agg/current_usage/one",
    setup: {"metrics":[{"code":"b01_std_wsum_cu_one","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"golden_plan_b01_standard_weighted_sum_agg_current_usage_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_std_wsum_cu_one","charge_model":"standard","properties":{"amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_std_wsum_cu_one","properties":{"value":62},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":3200,"taxes_amount_cents":0,"total_amount_cents":3200,"charges_usage":[{"billable_metric_code":"b01_std_wsum_cu_one","units":"32.0","amount_cents":3200,"charge_model":"standard"}]}},
  }));

  it("b01/dynamic/sum_agg/current_usage/many", () =>
    expectRow({
    id: "b01/dynamic/sum_agg/current_usage/many",
    setup: {"metrics":[{"code":"b01_dyn_sum_cu_many","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_dynamic_sum_agg_current_usage_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_dyn_sum_cu_many","charge_model":"dynamic","properties":{}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_dyn_sum_cu_many","properties":{"amount":10},"precise_total_amount_cents":"700"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_dyn_sum_cu_many","properties":{"amount":30},"precise_total_amount_cents":"1100"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_dyn_sum_cu_many","properties":{"amount":20},"precise_total_amount_cents":"1300"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":3100,"taxes_amount_cents":0,"total_amount_cents":3100,"charges_usage":[{"billable_metric_code":"b01_dyn_sum_cu_many","units":"60.0","amount_cents":3100,"charge_model":"dynamic"}]}},
  }));

  it("b01/graduated/unique_count_agg/invoice/none", () =>
    expectRow({
    id: "b01/graduated/unique_count_agg/invoice/none",
    setup: {"metrics":[{"code":"b01_grd_ucnt_inv_none","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"golden_plan_b01_graduated_unique_count_agg_invoice_none","interval":"monthly","amount_cents":1000},"charges":[{"billable_metric_code":"b01_grd_ucnt_inv_none","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"0"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"0"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"0"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":1000,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":1000}],"invoice_type":"subscription","status":"finalized","taxes_amount_cents":0}},
  }));

  it("b01/graduated_percentage/weighted_sum_agg/current_usage/none", () =>
    expectRow({
    id: "b01/graduated_percentage/weighted_sum_agg/current_usage/none",
    setup: {"metrics":[{"code":"b01_gpc_wsum_cu_none","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"golden_plan_b01_graduated_percentage_weighted_sum_agg_current_usage_none","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_gpc_wsum_cu_none","charge_model":"graduated_percentage","properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"10","flat_amount":"1","fixed_amount":"0"},{"from_value":3,"to_value":25,"rate":"5","flat_amount":"2","fixed_amount":"0"},{"from_value":26,"to_value":null,"rate":"2","flat_amount":"3","fixed_amount":"0"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":100,"taxes_amount_cents":0,"total_amount_cents":100,"charges_usage":[{"billable_metric_code":"b01_gpc_wsum_cu_none","units":"0.0","amount_cents":100}]}},
  }));

  it("b01/graduated_percentage/max_agg/invoice/one", () =>
    expectRow({
    id: "b01/graduated_percentage/max_agg/invoice/one",
    setup: {"metrics":[{"code":"b01_gpc_max_inv_one","aggregation_type":"max_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_graduated_percentage_max_agg_invoice_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_gpc_max_inv_one","charge_model":"graduated_percentage","properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"10","flat_amount":"1","fixed_amount":"0"},{"from_value":3,"to_value":25,"rate":"5","flat_amount":"2","fixed_amount":"0"},{"from_value":26,"to_value":null,"rate":"2","flat_amount":"3","fixed_amount":"0"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_gpc_max_inv_one","properties":{"amount":30}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":745,"total_amount_cents":745,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"30.0","amount_cents":745}],"invoice_type":"subscription","status":"finalized","taxes_amount_cents":0}},
  }));

  it("b01/package/unique_count_agg/current_usage/many", () =>
    expectRow({
    id: "b01/package/unique_count_agg/current_usage/many",
    setup: {"metrics":[{"code":"b01_pkg_ucnt_cu_many","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"golden_plan_b01_package_unique_count_agg_current_usage_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_pkg_ucnt_cu_many","charge_model":"package","properties":{"amount":"30","package_size":3,"free_units":0}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pkg_ucnt_cu_many","properties":{"uid":"u1"},"timestamp":"2024-03-05T10:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pkg_ucnt_cu_many","properties":{"uid":"u2"},"timestamp":"2024-03-05T11:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pkg_ucnt_cu_many","properties":{"uid":"u2"},"timestamp":"2024-03-05T12:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pkg_ucnt_cu_many","properties":{"uid":"u3"},"timestamp":"2024-03-05T13:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pkg_ucnt_cu_many","properties":{"uid":"u4"},"timestamp":"2024-03-05T14:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":6000,"taxes_amount_cents":0,"total_amount_cents":6000,"charges_usage":[{"billable_metric_code":"b01_pkg_ucnt_cu_many","units":"4.0","amount_cents":6000}]}},
  }));

  it("b01/package/weighted_sum_agg/current_usage/many", () =>
    expectRow({
    id: "b01/package/weighted_sum_agg/current_usage/many",
    setup: {"metrics":[{"code":"b01_pkg_wsum_cu_many","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"golden_plan_b01_package_weighted_sum_agg_current_usage_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_pkg_wsum_cu_many","charge_model":"package","properties":{"amount":"30","package_size":10,"free_units":13}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-06T00:00:00Z","do":"ingest_events","events":[{"code":"b01_pkg_wsum_cu_many","properties":{"value":10},"timestamp":"2024-03-06T00:00:00Z"}]},{"at":"2024-03-10T00:00:00Z","do":"ingest_events","events":[{"code":"b01_pkg_wsum_cu_many","properties":{"value":30},"timestamp":"2024-03-10T00:00:00Z"}]},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"b01_pkg_wsum_cu_many","properties":{"value":20},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":9000,"taxes_amount_cents":0,"total_amount_cents":9000,"charges_usage":[{"billable_metric_code":"b01_pkg_wsum_cu_many","units":"40.0","amount_cents":9000}]}},
  }));

  it("b01/percentage/sum_agg/invoice/one", () =>
    expectRow({
    id: "b01/percentage/sum_agg/invoice/one",
    setup: {"metrics":[{"code":"b01_pct_sum_inv_one","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_percentage_sum_agg_invoice_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_pct_sum_inv_one","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_total_aggregation":"25"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_sum_inv_one","properties":{"amount":60}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":400,"total_amount_cents":400,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"60.0","amount_cents":400}],"invoice_type":"subscription","status":"finalized","taxes_amount_cents":0}},
  }));

  it("b01/percentage/unique_count_agg/current_usage/many", () =>
    expectRow({
    id: "b01/percentage/unique_count_agg/current_usage/many",
    setup: {"metrics":[{"code":"b01_pct_ucnt_cu_many","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"golden_plan_b01_percentage_unique_count_agg_current_usage_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_pct_ucnt_cu_many","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_ucnt_cu_many","properties":{"uid":"u1"},"timestamp":"2024-03-05T10:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_ucnt_cu_many","properties":{"uid":"u2"},"timestamp":"2024-03-05T11:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_ucnt_cu_many","properties":{"uid":"u2"},"timestamp":"2024-03-05T12:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_ucnt_cu_many","properties":{"uid":"u3"},"timestamp":"2024-03-05T13:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_ucnt_cu_many","properties":{"uid":"u4"},"timestamp":"2024-03-05T14:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":240,"taxes_amount_cents":0,"total_amount_cents":240,"charges_usage":[{"billable_metric_code":"b01_pct_ucnt_cu_many","units":"4.0","amount_cents":240}]}},
  }));

  it("b01/percentage/sum_agg/current_usage/many", () =>
    expectRow({
    id: "b01/percentage/sum_agg/current_usage/many",
    setup: {"metrics":[{"code":"b01_pct_sum_cu_many","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_percentage_sum_agg_current_usage_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_pct_sum_cu_many","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_total_aggregation":"25"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_sum_cu_many","properties":{"amount":10},"timestamp":"2024-03-05T10:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_sum_cu_many","properties":{"amount":30},"timestamp":"2024-03-05T11:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_sum_cu_many","properties":{"amount":20},"timestamp":"2024-03-05T12:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":450,"taxes_amount_cents":0,"total_amount_cents":450,"charges_usage":[{"billable_metric_code":"b01_pct_sum_cu_many","units":"60.0","amount_cents":450}]}},
  }));

  it("b01/volume/weighted_sum_agg/invoice/one", () =>
    expectRow({
    id: "b01/volume/weighted_sum_agg/invoice/one",
    setup: {"metrics":[{"code":"b01_vol_wsum_inv_one","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"golden_plan_b01_volume_weighted_sum_agg_invoice_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_vol_wsum_inv_one","charge_model":"volume","properties":{"volume_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"b01_vol_wsum_inv_one","properties":{"value":62},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":3600,"total_amount_cents":3600,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"32.0","amount_cents":3600}],"invoice_type":"subscription","status":"finalized","taxes_amount_cents":0}},
  }));

  it("b01/package/latest_agg/invoice/none", () =>
    expectRow({
    id: "b01/package/latest_agg/invoice/none",
    setup: {"metrics":[{"code":"b01_pkg_lat_inv_none","aggregation_type":"latest_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_package_latest_agg_invoice_none","interval":"monthly","amount_cents":1000},"charges":[{"billable_metric_code":"b01_pkg_lat_inv_none","charge_model":"package","properties":{"amount":"30","package_size":10,"free_units":13}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":1000,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":1000}],"invoice_type":"subscription","status":"finalized","taxes_amount_cents":0}},
  }));

  // Fixed: percentage free units and per-transaction bounds on a metric without running totals or
  // per-event values read them as the reference does (src/fees/usageChargeFees.ts perEventFallback).
  it("b01/percentage/max_agg/invoice/one", () =>
    expectRow({
    id: "b01/percentage/max_agg/invoice/one",
    setup: {"metrics":[{"code":"b01_pct_max_inv_one","aggregation_type":"max_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_percentage_max_agg_invoice_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_pct_max_inv_one","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_events":2}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_max_inv_one","properties":{"amount":30}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":300,"total_amount_cents":300,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"30.0","amount_cents":300}],"invoice_type":"subscription","status":"finalized","taxes_amount_cents":0}},
  }));

  it("b01/percentage/max_agg/current_usage/many", () =>
    expectRow({
    id: "b01/percentage/max_agg/current_usage/many",
    setup: {"metrics":[{"code":"b01_pct_max_cu_many","aggregation_type":"max_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b01_percentage_max_agg_current_usage_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_pct_max_cu_many","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_events":2}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_max_cu_many","properties":{"amount":10},"timestamp":"2024-03-05T10:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_max_cu_many","properties":{"amount":30},"timestamp":"2024-03-05T11:00:00Z"}]},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_max_cu_many","properties":{"amount":20},"timestamp":"2024-03-05T12:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":350,"taxes_amount_cents":0,"total_amount_cents":350,"charges_usage":[{"billable_metric_code":"b01_pct_max_cu_many","units":"30.0","amount_cents":350}]}},
  }));

  it("b01/percentage/weighted_sum_agg/current_usage/many", () =>
    expectRow({
    id: "b01/percentage/weighted_sum_agg/current_usage/many",
    setup: {"metrics":[{"code":"b01_pct_wsum_cu_many","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"golden_plan_b01_percentage_weighted_sum_agg_current_usage_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b01_pct_wsum_cu_many","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_events":2}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-06T00:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_wsum_cu_many","properties":{"value":10},"timestamp":"2024-03-06T00:00:00Z"}]},{"at":"2024-03-10T00:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_wsum_cu_many","properties":{"value":30},"timestamp":"2024-03-10T00:00:00Z"}]},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"b01_pct_wsum_cu_many","properties":{"value":20},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":450,"taxes_amount_cents":0,"total_amount_cents":450,"charges_usage":[{"billable_metric_code":"b01_pct_wsum_cu_many","units":"40.0","amount_cents":450}]}},
  }));

  it("b01/percentage/weighted_sum_agg/current_usage/none", () =>
    expectRow({
    id: "b01/percentage/weighted_sum_agg/current_usage/none",
    setup: {"metrics":[{"code":"b01_pct_wsum_cu_none","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"golden_plan_b01_percentage_weighted_sum_agg_current_usage_none","interval":"monthly","amount_cents":1000},"charges":[{"billable_metric_code":"b01_pct_wsum_cu_none","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_events":2}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":0,"taxes_amount_cents":0,"total_amount_cents":0,"charges_usage":[{"billable_metric_code":"b01_pct_wsum_cu_none","units":"0.0","amount_cents":0}]}},
  }));

  // Rows checked in a second pass (cells of the grid not reached before); all agree, this is a sample.
  it("b01/graduated/weighted_sum_agg/invoice/none", () =>
    expectRow({
    id: "b01/graduated/weighted_sum_agg/invoice/none",
    setup: {"metrics":[{"code":"g_grd_wsum_in_none","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_grd_wsum_in_none","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_grd_wsum_in_none","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_grd_wsum_in_none_cust","currency":"EUR"},"subscription":{"external_id":"g_grd_wsum_in_none_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":10000,"taxes_amount_cents":0,"total_amount_cents":10000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"0.0","amount_cents":10000}]}},
  }));

  it("b01/graduated/unique_count_agg/current_usage/none", () =>
    expectRow({
    id: "b01/graduated/unique_count_agg/current_usage/none",
    setup: {"metrics":[{"code":"g_grd_ucnt_cu_none","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"gp_g_grd_ucnt_cu_none","interval":"monthly","amount_cents":1000},"charges":[{"billable_metric_code":"g_grd_ucnt_cu_none","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"0"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"0"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"0"}]}}],"customer":{"external_id":"g_grd_ucnt_cu_none_cust","currency":"EUR"},"subscription":{"external_id":"g_grd_ucnt_cu_none_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":0,"taxes_amount_cents":0,"total_amount_cents":0,"charges_usage":[{"billable_metric_code":"g_grd_ucnt_cu_none","units":"0.0","amount_cents":0}]}},
  }));

  it("b01/graduated/max_agg/invoice/one", () =>
    expectRow({
    id: "b01/graduated/max_agg/invoice/one",
    setup: {"metrics":[{"code":"g_grd_max_in_one","aggregation_type":"max_agg","field_name":"amount"}],"plan":{"code":"gp_g_grd_max_in_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_grd_max_in_one","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_grd_max_in_one_cust","currency":"EUR"},"subscription":{"external_id":"g_grd_max_in_one_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_grd_max_in_one","properties":{"amount":30}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":19950,"taxes_amount_cents":0,"total_amount_cents":19950,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"30.0","amount_cents":19950}]}},
  }));

  it("b01/graduated/weighted_sum_agg/invoice/one", () =>
    expectRow({
    id: "b01/graduated/weighted_sum_agg/invoice/one",
    setup: {"metrics":[{"code":"g_grd_wsum_in_one","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_grd_wsum_in_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_grd_wsum_in_one","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_grd_wsum_in_one_cust","currency":"EUR"},"subscription":{"external_id":"g_grd_wsum_in_one_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"g_grd_wsum_in_one","properties":{"value":62},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":20050,"taxes_amount_cents":0,"total_amount_cents":20050,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"32.0","amount_cents":20050}]}},
  }));

  it("b01/graduated/latest_agg/current_usage/one", () =>
    expectRow({
    id: "b01/graduated/latest_agg/current_usage/one",
    setup: {"metrics":[{"code":"g_grd_lat_cu_one","aggregation_type":"latest_agg","field_name":"amount"}],"plan":{"code":"gp_g_grd_lat_cu_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_grd_lat_cu_one","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_grd_lat_cu_one_cust","currency":"EUR"},"subscription":{"external_id":"g_grd_lat_cu_one_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_grd_lat_cu_one","properties":{"amount":20}}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":17200,"taxes_amount_cents":0,"total_amount_cents":17200,"charges_usage":[{"billable_metric_code":"g_grd_lat_cu_one","units":"20.0","amount_cents":17200,"charge_model":"graduated"}]}},
  }));

  it("b01/graduated/count_agg/invoice/many", () =>
    expectRow({
    id: "b01/graduated/count_agg/invoice/many",
    setup: {"metrics":[{"code":"g_grd_cnt_in_many","aggregation_type":"count_agg"}],"plan":{"code":"gp_g_grd_cnt_in_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_grd_cnt_in_many","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_grd_cnt_in_many_cust","currency":"EUR"},"subscription":{"external_id":"g_grd_cnt_in_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_grd_cnt_in_many","properties":{"amount":10}},{"code":"g_grd_cnt_in_many","properties":{"amount":30}},{"code":"g_grd_cnt_in_many","properties":{"amount":20}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":15500,"taxes_amount_cents":0,"total_amount_cents":15500,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"3.0","amount_cents":15500}]}},
  }));

  it("b01/graduated/unique_count_agg/invoice/many", () =>
    expectRow({
    id: "b01/graduated/unique_count_agg/invoice/many",
    setup: {"metrics":[{"code":"g_grd_ucnt_in_many","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"gp_g_grd_ucnt_in_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_grd_ucnt_in_many","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_grd_ucnt_in_many_cust","currency":"EUR"},"subscription":{"external_id":"g_grd_ucnt_in_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_grd_ucnt_in_many","properties":{"uid":"u1"}},{"code":"g_grd_ucnt_in_many","properties":{"uid":"u2"}},{"code":"g_grd_ucnt_in_many","properties":{"uid":"u2"}},{"code":"g_grd_ucnt_in_many","properties":{"uid":"u3"}},{"code":"g_grd_ucnt_in_many","properties":{"uid":"u4"}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":15600,"taxes_amount_cents":0,"total_amount_cents":15600,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"4.0","amount_cents":15600}]}},
  }));

  it("b01/graduated/weighted_sum_agg/invoice/many", () =>
    expectRow({
    id: "b01/graduated/weighted_sum_agg/invoice/many",
    setup: {"metrics":[{"code":"g_grd_wsum_in_many","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_grd_wsum_in_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_grd_wsum_in_many","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_grd_wsum_in_many_cust","currency":"EUR"},"subscription":{"external_id":"g_grd_wsum_in_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-06T00:00:00Z","do":"ingest_events","events":[{"code":"g_grd_wsum_in_many","properties":{"value":10},"timestamp":"2024-03-06T00:00:00Z"}]},{"at":"2024-03-10T00:00:00Z","do":"ingest_events","events":[{"code":"g_grd_wsum_in_many","properties":{"value":30},"timestamp":"2024-03-10T00:00:00Z"}]},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"g_grd_wsum_in_many","properties":{"value":20},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":20450,"taxes_amount_cents":0,"total_amount_cents":20450,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"40.0","amount_cents":20450}]}},
  }));

  it("b01/graduated/weighted_sum_agg/current_usage/many", () =>
    expectRow({
    id: "b01/graduated/weighted_sum_agg/current_usage/many",
    setup: {"metrics":[{"code":"g_grd_wsum_cu_many","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_grd_wsum_cu_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_grd_wsum_cu_many","charge_model":"graduated","properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_grd_wsum_cu_many_cust","currency":"EUR"},"subscription":{"external_id":"g_grd_wsum_cu_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-06T00:00:00Z","do":"ingest_events","events":[{"code":"g_grd_wsum_cu_many","properties":{"value":10},"timestamp":"2024-03-06T00:00:00Z"}]},{"at":"2024-03-10T00:00:00Z","do":"ingest_events","events":[{"code":"g_grd_wsum_cu_many","properties":{"value":30},"timestamp":"2024-03-10T00:00:00Z"}]},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"g_grd_wsum_cu_many","properties":{"value":20},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":20450,"taxes_amount_cents":0,"total_amount_cents":20450,"charges_usage":[{"billable_metric_code":"g_grd_wsum_cu_many","units":"40.0","amount_cents":20450,"charge_model":"graduated"}]}},
  }));

  it("b01/graduated_percentage/unique_count_agg/invoice/none", () =>
    expectRow({
    id: "b01/graduated_percentage/unique_count_agg/invoice/none",
    setup: {"metrics":[{"code":"g_gpc_ucnt_in_none","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"gp_g_gpc_ucnt_in_none","interval":"monthly","amount_cents":1000},"charges":[{"billable_metric_code":"g_gpc_ucnt_in_none","charge_model":"graduated_percentage","properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"10","flat_amount":"0","fixed_amount":"0"},{"from_value":3,"to_value":25,"rate":"5","flat_amount":"0","fixed_amount":"0"},{"from_value":26,"to_value":null,"rate":"2","flat_amount":"0","fixed_amount":"0"}]}}],"customer":{"external_id":"g_gpc_ucnt_in_none_cust","currency":"EUR"},"subscription":{"external_id":"g_gpc_ucnt_in_none_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":1000,"taxes_amount_cents":0,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":1000}]}},
  }));

  it("b01/graduated_percentage/count_agg/current_usage/none", () =>
    expectRow({
    id: "b01/graduated_percentage/count_agg/current_usage/none",
    setup: {"metrics":[{"code":"g_gpc_cnt_cu_none","aggregation_type":"count_agg"}],"plan":{"code":"gp_g_gpc_cnt_cu_none","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_gpc_cnt_cu_none","charge_model":"graduated_percentage","properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"10","flat_amount":"1","fixed_amount":"0"},{"from_value":3,"to_value":25,"rate":"5","flat_amount":"2","fixed_amount":"0"},{"from_value":26,"to_value":null,"rate":"2","flat_amount":"3","fixed_amount":"0"}]}}],"customer":{"external_id":"g_gpc_cnt_cu_none_cust","currency":"EUR"},"subscription":{"external_id":"g_gpc_cnt_cu_none_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":100,"taxes_amount_cents":0,"total_amount_cents":100,"charges_usage":[{"billable_metric_code":"g_gpc_cnt_cu_none","units":"0.0","amount_cents":100}]}},
  }));

  it("b01/graduated_percentage/max_agg/invoice/one", () =>
    expectRow({
    id: "b01/graduated_percentage/max_agg/invoice/one",
    setup: {"metrics":[{"code":"g_gpc_max_in_one","aggregation_type":"max_agg","field_name":"amount"}],"plan":{"code":"gp_g_gpc_max_in_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_gpc_max_in_one","charge_model":"graduated_percentage","properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"10","flat_amount":"1","fixed_amount":"0"},{"from_value":3,"to_value":25,"rate":"5","flat_amount":"2","fixed_amount":"0"},{"from_value":26,"to_value":null,"rate":"2","flat_amount":"3","fixed_amount":"0"}]}}],"customer":{"external_id":"g_gpc_max_in_one_cust","currency":"EUR"},"subscription":{"external_id":"g_gpc_max_in_one_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_gpc_max_in_one","properties":{"amount":30}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":745,"taxes_amount_cents":0,"total_amount_cents":745,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"30.0","amount_cents":745}]}},
  }));

  it("b01/graduated_percentage/weighted_sum_agg/current_usage/one", () =>
    expectRow({
    id: "b01/graduated_percentage/weighted_sum_agg/current_usage/one",
    setup: {"metrics":[{"code":"g_gpc_wsum_cu_one","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_gpc_wsum_cu_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_gpc_wsum_cu_one","charge_model":"graduated_percentage","properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"10","flat_amount":"1","fixed_amount":"0"},{"from_value":3,"to_value":25,"rate":"5","flat_amount":"2","fixed_amount":"0"},{"from_value":26,"to_value":null,"rate":"2","flat_amount":"3","fixed_amount":"0"}]}}],"customer":{"external_id":"g_gpc_wsum_cu_one_cust","currency":"EUR"},"subscription":{"external_id":"g_gpc_wsum_cu_one_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"g_gpc_wsum_cu_one","properties":{"value":62},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":749,"taxes_amount_cents":0,"total_amount_cents":749,"charges_usage":[{"billable_metric_code":"g_gpc_wsum_cu_one","units":"32.0","amount_cents":749,"charge_model":"graduated_percentage"}]}},
  }));

  it("b01/graduated_percentage/count_agg/invoice/many", () =>
    expectRow({
    id: "b01/graduated_percentage/count_agg/invoice/many",
    setup: {"metrics":[{"code":"g_gpc_cnt_in_many","aggregation_type":"count_agg"}],"plan":{"code":"gp_g_gpc_cnt_in_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_gpc_cnt_in_many","charge_model":"graduated_percentage","properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"10","flat_amount":"1","fixed_amount":"0"},{"from_value":3,"to_value":25,"rate":"5","flat_amount":"2","fixed_amount":"0"},{"from_value":26,"to_value":null,"rate":"2","flat_amount":"3","fixed_amount":"0"}]}}],"customer":{"external_id":"g_gpc_cnt_in_many_cust","currency":"EUR"},"subscription":{"external_id":"g_gpc_cnt_in_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_gpc_cnt_in_many","properties":{"amount":10}},{"code":"g_gpc_cnt_in_many","properties":{"amount":30}},{"code":"g_gpc_cnt_in_many","properties":{"amount":20}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":325,"taxes_amount_cents":0,"total_amount_cents":325,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"3.0","amount_cents":325}]}},
  }));

  it("b01/graduated_percentage/unique_count_agg/current_usage/many", () =>
    expectRow({
    id: "b01/graduated_percentage/unique_count_agg/current_usage/many",
    setup: {"metrics":[{"code":"g_gpc_ucnt_cu_many","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"gp_g_gpc_ucnt_cu_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_gpc_ucnt_cu_many","charge_model":"graduated_percentage","properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"10","flat_amount":"1","fixed_amount":"0"},{"from_value":3,"to_value":25,"rate":"5","flat_amount":"2","fixed_amount":"0"},{"from_value":26,"to_value":null,"rate":"2","flat_amount":"3","fixed_amount":"0"}]}}],"customer":{"external_id":"g_gpc_ucnt_cu_many_cust","currency":"EUR"},"subscription":{"external_id":"g_gpc_ucnt_cu_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_gpc_ucnt_cu_many","properties":{"uid":"u1"}},{"code":"g_gpc_ucnt_cu_many","properties":{"uid":"u2"}},{"code":"g_gpc_ucnt_cu_many","properties":{"uid":"u2"}},{"code":"g_gpc_ucnt_cu_many","properties":{"uid":"u3"}},{"code":"g_gpc_ucnt_cu_many","properties":{"uid":"u4"}}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":330,"taxes_amount_cents":0,"total_amount_cents":330,"charges_usage":[{"billable_metric_code":"g_gpc_ucnt_cu_many","units":"4.0","amount_cents":330,"charge_model":"graduated_percentage"}]}},
  }));

  it("b01/graduated_percentage/weighted_sum_agg/invoice/many", () =>
    expectRow({
    id: "b01/graduated_percentage/weighted_sum_agg/invoice/many",
    setup: {"metrics":[{"code":"g_gpc_wsum_in_many","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_gpc_wsum_in_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_gpc_wsum_in_many","charge_model":"graduated_percentage","properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"10","flat_amount":"1","fixed_amount":"0"},{"from_value":3,"to_value":25,"rate":"5","flat_amount":"2","fixed_amount":"0"},{"from_value":26,"to_value":null,"rate":"2","flat_amount":"3","fixed_amount":"0"}]}}],"customer":{"external_id":"g_gpc_wsum_in_many_cust","currency":"EUR"},"subscription":{"external_id":"g_gpc_wsum_in_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-06T00:00:00Z","do":"ingest_events","events":[{"code":"g_gpc_wsum_in_many","properties":{"value":10},"timestamp":"2024-03-06T00:00:00Z"}]},{"at":"2024-03-10T00:00:00Z","do":"ingest_events","events":[{"code":"g_gpc_wsum_in_many","properties":{"value":30},"timestamp":"2024-03-10T00:00:00Z"}]},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"g_gpc_wsum_in_many","properties":{"value":20},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":765,"taxes_amount_cents":0,"total_amount_cents":765,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"40.0","amount_cents":765}]}},
  }));

  it("b01/package/count_agg/invoice/none", () =>
    expectRow({
    id: "b01/package/count_agg/invoice/none",
    setup: {"metrics":[{"code":"g_pkg_cnt_in_none","aggregation_type":"count_agg"}],"plan":{"code":"gp_g_pkg_cnt_in_none","interval":"monthly","amount_cents":1000},"charges":[{"billable_metric_code":"g_pkg_cnt_in_none","charge_model":"package","properties":{"amount":"30","package_size":2,"free_units":0}}],"customer":{"external_id":"g_pkg_cnt_in_none_cust","currency":"EUR"},"subscription":{"external_id":"g_pkg_cnt_in_none_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":1000,"taxes_amount_cents":0,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":1000}]}},
  }));

  it("b01/package/sum_agg/invoice/one", () =>
    expectRow({
    id: "b01/package/sum_agg/invoice/one",
    setup: {"metrics":[{"code":"g_pkg_sum_in_one","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"gp_g_pkg_sum_in_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_pkg_sum_in_one","charge_model":"package","properties":{"amount":"30","package_size":10,"free_units":13}}],"customer":{"external_id":"g_pkg_sum_in_one_cust","currency":"EUR"},"subscription":{"external_id":"g_pkg_sum_in_one_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_pkg_sum_in_one","properties":{"amount":60}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":15000,"taxes_amount_cents":0,"total_amount_cents":15000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"60.0","amount_cents":15000}]}},
  }));

  it("b01/package/weighted_sum_agg/invoice/one", () =>
    expectRow({
    id: "b01/package/weighted_sum_agg/invoice/one",
    setup: {"metrics":[{"code":"g_pkg_wsum_in_one","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_pkg_wsum_in_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_pkg_wsum_in_one","charge_model":"package","properties":{"amount":"30","package_size":10,"free_units":13}}],"customer":{"external_id":"g_pkg_wsum_in_one_cust","currency":"EUR"},"subscription":{"external_id":"g_pkg_wsum_in_one_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"g_pkg_wsum_in_one","properties":{"value":62},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":6000,"taxes_amount_cents":0,"total_amount_cents":6000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"32.0","amount_cents":6000}]}},
  }));

  it("b01/package/unique_count_agg/invoice/many", () =>
    expectRow({
    id: "b01/package/unique_count_agg/invoice/many",
    setup: {"metrics":[{"code":"g_pkg_ucnt_in_many","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"gp_g_pkg_ucnt_in_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_pkg_ucnt_in_many","charge_model":"package","properties":{"amount":"30","package_size":3,"free_units":0}}],"customer":{"external_id":"g_pkg_ucnt_in_many_cust","currency":"EUR"},"subscription":{"external_id":"g_pkg_ucnt_in_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_pkg_ucnt_in_many","properties":{"uid":"u1"}},{"code":"g_pkg_ucnt_in_many","properties":{"uid":"u2"}},{"code":"g_pkg_ucnt_in_many","properties":{"uid":"u2"}},{"code":"g_pkg_ucnt_in_many","properties":{"uid":"u3"}},{"code":"g_pkg_ucnt_in_many","properties":{"uid":"u4"}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":6000,"taxes_amount_cents":0,"total_amount_cents":6000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"4.0","amount_cents":6000}]}},
  }));

  it("b01/package/weighted_sum_agg/invoice/many", () =>
    expectRow({
    id: "b01/package/weighted_sum_agg/invoice/many",
    setup: {"metrics":[{"code":"g_pkg_wsum_in_many","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_pkg_wsum_in_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_pkg_wsum_in_many","charge_model":"package","properties":{"amount":"30","package_size":10,"free_units":13}}],"customer":{"external_id":"g_pkg_wsum_in_many_cust","currency":"EUR"},"subscription":{"external_id":"g_pkg_wsum_in_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-06T00:00:00Z","do":"ingest_events","events":[{"code":"g_pkg_wsum_in_many","properties":{"value":10},"timestamp":"2024-03-06T00:00:00Z"}]},{"at":"2024-03-10T00:00:00Z","do":"ingest_events","events":[{"code":"g_pkg_wsum_in_many","properties":{"value":30},"timestamp":"2024-03-10T00:00:00Z"}]},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"g_pkg_wsum_in_many","properties":{"value":20},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":9000,"taxes_amount_cents":0,"total_amount_cents":9000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"40.0","amount_cents":9000}]}},
  }));

  it("b01/volume/unique_count_agg/invoice/none", () =>
    expectRow({
    id: "b01/volume/unique_count_agg/invoice/none",
    setup: {"metrics":[{"code":"g_vol_ucnt_in_none","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"gp_g_vol_ucnt_in_none","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_vol_ucnt_in_none","charge_model":"volume","properties":{"volume_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_vol_ucnt_in_none_cust","currency":"EUR"},"subscription":{"external_id":"g_vol_ucnt_in_none_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":10000,"taxes_amount_cents":0,"total_amount_cents":10000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"0.0","amount_cents":10000}]}},
  }));

  it("b01/volume/weighted_sum_agg/current_usage/none", () =>
    expectRow({
    id: "b01/volume/weighted_sum_agg/current_usage/none",
    setup: {"metrics":[{"code":"g_vol_wsum_cu_none","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_vol_wsum_cu_none","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_vol_wsum_cu_none","charge_model":"volume","properties":{"volume_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_vol_wsum_cu_none_cust","currency":"EUR"},"subscription":{"external_id":"g_vol_wsum_cu_none_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":10000,"taxes_amount_cents":0,"total_amount_cents":10000,"charges_usage":[{"billable_metric_code":"g_vol_wsum_cu_none","units":"0.0","amount_cents":10000}]}},
  }));

  it("b01/volume/sum_agg/invoice/one", () =>
    expectRow({
    id: "b01/volume/sum_agg/invoice/one",
    setup: {"metrics":[{"code":"g_vol_sum_in_one","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"gp_g_vol_sum_in_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_vol_sum_in_one","charge_model":"volume","properties":{"volume_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_vol_sum_in_one_cust","currency":"EUR"},"subscription":{"external_id":"g_vol_sum_in_one_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_vol_sum_in_one","properties":{"amount":60}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":5000,"taxes_amount_cents":0,"total_amount_cents":5000,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"60.0","amount_cents":5000}]}},
  }));

  it("b01/volume/count_agg/invoice/many", () =>
    expectRow({
    id: "b01/volume/count_agg/invoice/many",
    setup: {"metrics":[{"code":"g_vol_cnt_in_many","aggregation_type":"count_agg"}],"plan":{"code":"gp_g_vol_cnt_in_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_vol_cnt_in_many","charge_model":"volume","properties":{"volume_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_vol_cnt_in_many_cust","currency":"EUR"},"subscription":{"external_id":"g_vol_cnt_in_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_vol_cnt_in_many","properties":{"amount":10}},{"code":"g_vol_cnt_in_many","properties":{"amount":30}},{"code":"g_vol_cnt_in_many","properties":{"amount":20}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":5300,"taxes_amount_cents":0,"total_amount_cents":5300,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"3.0","amount_cents":5300}]}},
  }));

  it("b01/volume/latest_agg/current_usage/many", () =>
    expectRow({
    id: "b01/volume/latest_agg/current_usage/many",
    setup: {"metrics":[{"code":"g_vol_lat_cu_many","aggregation_type":"latest_agg","field_name":"amount"}],"plan":{"code":"gp_g_vol_lat_cu_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_vol_lat_cu_many","charge_model":"volume","properties":{"volume_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_vol_lat_cu_many_cust","currency":"EUR"},"subscription":{"external_id":"g_vol_lat_cu_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_vol_lat_cu_many","properties":{"amount":10},"timestamp":"2024-03-05T10:00:00Z"},{"code":"g_vol_lat_cu_many","properties":{"amount":30},"timestamp":"2024-03-05T11:00:00Z"},{"code":"g_vol_lat_cu_many","properties":{"amount":20},"timestamp":"2024-03-05T12:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":7000,"taxes_amount_cents":0,"total_amount_cents":7000,"charges_usage":[{"billable_metric_code":"g_vol_lat_cu_many","units":"20.0","amount_cents":7000,"charge_model":"volume"}]}},
  }));

  it("b01/volume/weighted_sum_agg/current_usage/many", () =>
    expectRow({
    id: "b01/volume/weighted_sum_agg/current_usage/many",
    setup: {"metrics":[{"code":"g_vol_wsum_cu_many","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_vol_wsum_cu_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_vol_wsum_cu_many","charge_model":"volume","properties":{"volume_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":25,"per_unit_amount":"1","flat_amount":"50"},{"from_value":26,"to_value":null,"per_unit_amount":"0.5","flat_amount":"20"}]}}],"customer":{"external_id":"g_vol_wsum_cu_many_cust","currency":"EUR"},"subscription":{"external_id":"g_vol_wsum_cu_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-06T00:00:00Z","do":"ingest_events","events":[{"code":"g_vol_wsum_cu_many","properties":{"value":10},"timestamp":"2024-03-06T00:00:00Z"}]},{"at":"2024-03-10T00:00:00Z","do":"ingest_events","events":[{"code":"g_vol_wsum_cu_many","properties":{"value":30},"timestamp":"2024-03-10T00:00:00Z"}]},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"g_vol_wsum_cu_many","properties":{"value":20},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":4000,"taxes_amount_cents":0,"total_amount_cents":4000,"charges_usage":[{"billable_metric_code":"g_vol_wsum_cu_many","units":"40.0","amount_cents":4000,"charge_model":"volume"}]}},
  }));

  it("b01/percentage/max_agg/invoice/none", () =>
    expectRow({
    id: "b01/percentage/max_agg/invoice/none",
    setup: {"metrics":[{"code":"g_pct_max_in_none","aggregation_type":"max_agg","field_name":"amount"}],"plan":{"code":"gp_g_pct_max_in_none","interval":"monthly","amount_cents":1000},"charges":[{"billable_metric_code":"g_pct_max_in_none","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_events":2}}],"customer":{"external_id":"g_pct_max_in_none_cust","currency":"EUR"},"subscription":{"external_id":"g_pct_max_in_none_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":1000,"taxes_amount_cents":0,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":1000}]}},
  }));

  it("b01/percentage/sum_agg/current_usage/none", () =>
    expectRow({
    id: "b01/percentage/sum_agg/current_usage/none",
    setup: {"metrics":[{"code":"g_pct_sum_cu_none","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"gp_g_pct_sum_cu_none","interval":"monthly","amount_cents":1000},"charges":[{"billable_metric_code":"g_pct_sum_cu_none","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_total_aggregation":"25"}}],"customer":{"external_id":"g_pct_sum_cu_none_cust","currency":"EUR"},"subscription":{"external_id":"g_pct_sum_cu_none_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":0,"taxes_amount_cents":0,"total_amount_cents":0,"charges_usage":[{"billable_metric_code":"g_pct_sum_cu_none","units":"0.0","amount_cents":0}]}},
  }));

  it("b01/percentage/weighted_sum_agg/invoice/one", () =>
    expectRow({
    id: "b01/percentage/weighted_sum_agg/invoice/one",
    setup: {"metrics":[{"code":"g_pct_wsum_in_one","aggregation_type":"weighted_sum_agg","field_name":"value","recurring":true,"weighted_interval":"seconds"}],"plan":{"code":"gp_g_pct_wsum_in_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_pct_wsum_in_one","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_events":2}}],"customer":{"external_id":"g_pct_wsum_in_one_cust","currency":"EUR"},"subscription":{"external_id":"g_pct_wsum_in_one_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-16T00:00:00Z","do":"ingest_events","events":[{"code":"g_pct_wsum_in_one","properties":{"value":62},"timestamp":"2024-03-16T00:00:00Z"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":320,"taxes_amount_cents":0,"total_amount_cents":320,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"32.0","amount_cents":320}]}},
  }));

  it("b01/percentage/sum_agg/current_usage/one", () =>
    expectRow({
    id: "b01/percentage/sum_agg/current_usage/one",
    setup: {"metrics":[{"code":"g_pct_sum_cu_one","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"gp_g_pct_sum_cu_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_pct_sum_cu_one","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_total_aggregation":"25"}}],"customer":{"external_id":"g_pct_sum_cu_one_cust","currency":"EUR"},"subscription":{"external_id":"g_pct_sum_cu_one_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_pct_sum_cu_one","properties":{"amount":60}}]},{"at":"2024-03-20T10:00:00Z","do":"fetch_current_usage"}],
    expect: {"usage":{"amount_cents":400,"taxes_amount_cents":0,"total_amount_cents":400,"charges_usage":[{"billable_metric_code":"g_pct_sum_cu_one","units":"60.0","amount_cents":400,"charge_model":"percentage"}]}},
  }));

  it("b01/percentage/unique_count_agg/invoice/many", () =>
    expectRow({
    id: "b01/percentage/unique_count_agg/invoice/many",
    setup: {"metrics":[{"code":"g_pct_ucnt_in_many","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"gp_g_pct_ucnt_in_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_pct_ucnt_in_many","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5"}}],"customer":{"external_id":"g_pct_ucnt_in_many_cust","currency":"EUR"},"subscription":{"external_id":"g_pct_ucnt_in_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_pct_ucnt_in_many","properties":{"uid":"u1"}},{"code":"g_pct_ucnt_in_many","properties":{"uid":"u2"}},{"code":"g_pct_ucnt_in_many","properties":{"uid":"u2"}},{"code":"g_pct_ucnt_in_many","properties":{"uid":"u3"}},{"code":"g_pct_ucnt_in_many","properties":{"uid":"u4"}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":240,"taxes_amount_cents":0,"total_amount_cents":240,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"4.0","amount_cents":240}]}},
  }));

  it("b01/percentage/max_agg/invoice/many", () =>
    expectRow({
    id: "b01/percentage/max_agg/invoice/many",
    setup: {"metrics":[{"code":"g_pct_max_in_many","aggregation_type":"max_agg","field_name":"amount"}],"plan":{"code":"gp_g_pct_max_in_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"g_pct_max_in_many","charge_model":"percentage","properties":{"rate":"10","fixed_amount":"0.5","free_units_per_events":2}}],"customer":{"external_id":"g_pct_max_in_many_cust","currency":"EUR"},"subscription":{"external_id":"g_pct_max_in_many_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"g_pct_max_in_many","properties":{"amount":10}},{"code":"g_pct_max_in_many","properties":{"amount":30}},{"code":"g_pct_max_in_many","properties":{"amount":20}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"invoice_type":"subscription","status":"finalized","fees_amount_cents":350,"taxes_amount_cents":0,"total_amount_cents":350,"fees_count":2,"fees":[{"fee_type":"subscription","amount_cents":0},{"fee_type":"charge","units":"30.0","amount_cents":350}]}},
  }));
});
