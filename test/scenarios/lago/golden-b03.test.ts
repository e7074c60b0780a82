/**
 * Rows of Lago's golden billing suite (getlago/lago-api spec/scenarios/golden/matrix/b03_pay_in_advance.yml), figures only,
 * replayed through `simulate` by golden-pricing-helpers.ts (setup and timeline translated as
 * spec/support/golden_runner.rb drives the API; amounts compared exactly, units by decimal value).
 * Rows that agree are a sample; the rows that disagreed were fixed.
 * The non-invoiceable-dropped rows also assert the charge resource (invoiceable false...), which is the catalog input here: not replayed.
 */
import { describe, it } from "vitest";
import { expectRow } from "./golden-pricing-helpers.js";

describe("golden b03: pay-in-advance and non-invoiceable charges", () => {
  it("b03/standard/sum_agg/non-invoiceable-regrouped", () =>
    expectRow({
    id: "b03/standard/sum_agg/non-invoiceable-regrouped",
    setup: {"metrics":[{"code":"b03_regroup_sum","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_standard_sum_agg_non-invoiceable-regrouped","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_regroup_sum","charge_model":"standard","pay_in_advance":true,"invoiceable":false,"regroup_paid_fees":"invoice","properties":{"amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_regroup_sum","properties":{"amount":10}}]},{"at":"2024-03-05T11:00:00Z","do":"pay_fees"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":2,"invoice":{"select":{"invoice_type":"advance_charges"},"fees_amount_cents":1000,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"charge","units":"10.0","amount_cents":1000}],"invoice_type":"advance_charges"}},
  }));

  it("b03/standard/unique_count_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/standard/unique_count_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_std_uniq_m","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"golden_plan_b03_standard_unique_count_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_std_uniq_m","charge_model":"standard","pay_in_advance":true,"properties":{"amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_std_uniq_m","properties":{"uid":"u1"}}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_std_uniq_m","properties":{"uid":"u2"}}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_std_uniq_m","properties":{"uid":"u1"}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"fees_amount_cents":100,"total_amount_cents":100,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":100,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":100,"total_amount_cents":100,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":100,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"charge","units":"0.0","amount_cents":0,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/graduated/count_agg/invoiceable/one", () =>
    expectRow({
    id: "b03/graduated/count_agg/invoiceable/one",
    setup: {"metrics":[{"code":"b03_inv_grad_cnt_o","aggregation_type":"count_agg"}],"plan":{"code":"golden_plan_b03_graduated_count_agg_invoiceable_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_grad_cnt_o","charge_model":"graduated","pay_in_advance":true,"properties":{"graduated_ranges":[{"from_value":0,"to_value":10,"per_unit_amount":"2","flat_amount":"100"},{"from_value":11,"to_value":null,"per_unit_amount":"1","flat_amount":"50"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_grad_cnt_o"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":2,"invoice":[{"select":"first","fees_amount_cents":10200,"total_amount_cents":10200,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":10200,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/graduated/count_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/graduated/count_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_grad_cnt_m","aggregation_type":"count_agg"}],"plan":{"code":"golden_plan_b03_graduated_count_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_grad_cnt_m","charge_model":"graduated","pay_in_advance":true,"properties":{"graduated_ranges":[{"from_value":0,"to_value":2,"per_unit_amount":"2","flat_amount":"100"},{"from_value":3,"to_value":null,"per_unit_amount":"1","flat_amount":"50"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_grad_cnt_m"}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_grad_cnt_m"}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_grad_cnt_m"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"fees_amount_cents":10200,"total_amount_cents":10200,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":10200,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":200,"total_amount_cents":200,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":200,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":5100,"total_amount_cents":5100,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":5100,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/package/count_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/package/count_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_pkg_cnt_m","aggregation_type":"count_agg"}],"plan":{"code":"golden_plan_b03_package_count_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_pkg_cnt_m","charge_model":"package","pay_in_advance":true,"properties":{"amount":"6","free_units":0,"package_size":3}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pkg_cnt_m"}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pkg_cnt_m"}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pkg_cnt_m"}]},{"at":"2024-03-08T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pkg_cnt_m"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":5,"invoice":[{"select":{"index":0},"fees_amount_cents":600,"total_amount_cents":600,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":600,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":0,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":0,"events_count":1}]},{"select":{"index":3},"fees_amount_cents":600,"total_amount_cents":600,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":600,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/package/sum_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/package/sum_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_pkg_sum_m","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_package_sum_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_pkg_sum_m","charge_model":"package","pay_in_advance":true,"properties":{"amount":"10","free_units":0,"package_size":25}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pkg_sum_m","properties":{"amount":10}}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pkg_sum_m","properties":{"amount":20}}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pkg_sum_m","properties":{"amount":5}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"fees_amount_cents":1000,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"charge","units":"10.0","amount_cents":1000,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":1000,"total_amount_cents":1000,"fees_count":1,"fees":[{"fee_type":"charge","units":"20.0","amount_cents":1000,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"charge","units":"5.0","amount_cents":0,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/percentage/count_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/percentage/count_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_pct_cnt_m","aggregation_type":"count_agg"}],"plan":{"code":"golden_plan_b03_percentage_count_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_pct_cnt_m","charge_model":"percentage","pay_in_advance":true,"properties":{"rate":"10","fixed_amount":"1","free_units_per_events":1}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pct_cnt_m"}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pct_cnt_m"}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pct_cnt_m"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":0,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":110,"total_amount_cents":110,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":110,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":110,"total_amount_cents":110,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":110,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/percentage/sum_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/percentage/sum_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_pct_sum_m","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_percentage_sum_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_pct_sum_m","charge_model":"percentage","pay_in_advance":true,"properties":{"rate":"10","fixed_amount":"1","free_units_per_total_aggregation":"20"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pct_sum_m","properties":{"amount":10}}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pct_sum_m","properties":{"amount":20}}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pct_sum_m","properties":{"amount":5}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"charge","units":"10.0","amount_cents":0,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":200,"total_amount_cents":200,"fees_count":1,"fees":[{"fee_type":"charge","units":"20.0","amount_cents":200,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":150,"total_amount_cents":150,"fees_count":1,"fees":[{"fee_type":"charge","units":"5.0","amount_cents":150,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/percentage/unique_count_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/percentage/unique_count_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_pct_uniq_m","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"golden_plan_b03_percentage_unique_count_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_pct_uniq_m","charge_model":"percentage","pay_in_advance":true,"properties":{"rate":"20","fixed_amount":"2","free_units_per_events":1}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pct_uniq_m","properties":{"uid":"u1"}}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pct_uniq_m","properties":{"uid":"u2"}}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_pct_uniq_m","properties":{"uid":"u3"}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":0,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":220,"total_amount_cents":220,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":220,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":220,"total_amount_cents":220,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":220,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/graduated_percentage/count_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/graduated_percentage/count_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_gp_cnt_m","aggregation_type":"count_agg"}],"plan":{"code":"golden_plan_b03_graduated_percentage_count_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_gp_cnt_m","charge_model":"graduated_percentage","pay_in_advance":true,"properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"10","flat_amount":"1","fixed_amount":"0"},{"from_value":3,"to_value":null,"rate":"20","flat_amount":"2","fixed_amount":"0"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_gp_cnt_m"}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_gp_cnt_m"}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_gp_cnt_m"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"fees_amount_cents":110,"total_amount_cents":110,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":110,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":10,"total_amount_cents":10,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":10,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":220,"total_amount_cents":220,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":220,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/graduated_percentage/sum_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/graduated_percentage/sum_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_gp_sum_m","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_graduated_percentage_sum_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_gp_sum_m","charge_model":"graduated_percentage","pay_in_advance":true,"properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":25,"rate":"10","flat_amount":"1","fixed_amount":"0"},{"from_value":26,"to_value":null,"rate":"20","flat_amount":"2","fixed_amount":"0"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_gp_sum_m","properties":{"amount":10}}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_gp_sum_m","properties":{"amount":20}}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_gp_sum_m","properties":{"amount":5}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"fees_amount_cents":200,"total_amount_cents":200,"fees_count":1,"fees":[{"fee_type":"charge","units":"10.0","amount_cents":200,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":450,"total_amount_cents":450,"fees_count":1,"fees":[{"fee_type":"charge","units":"20.0","amount_cents":450,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":100,"total_amount_cents":100,"fees_count":1,"fees":[{"fee_type":"charge","units":"5.0","amount_cents":100,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/graduated_percentage/unique_count_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/graduated_percentage/unique_count_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_gp_uniq_m","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"golden_plan_b03_graduated_percentage_unique_count_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_gp_uniq_m","charge_model":"graduated_percentage","pay_in_advance":true,"properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"50","flat_amount":"3","fixed_amount":"0"},{"from_value":3,"to_value":null,"rate":"10","flat_amount":"1","fixed_amount":"0"}]}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_gp_uniq_m","properties":{"uid":"u1"}}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_gp_uniq_m","properties":{"uid":"u2"}}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_gp_uniq_m","properties":{"uid":"u3"}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"fees_amount_cents":350,"total_amount_cents":350,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":350,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":50,"total_amount_cents":50,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":50,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":110,"total_amount_cents":110,"fees_count":1,"fees":[{"fee_type":"charge","units":"1.0","amount_cents":110,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/standard/unique_count_agg/non-invoiceable-regrouped/many", () =>
    expectRow({
    id: "b03/standard/unique_count_agg/non-invoiceable-regrouped/many",
    setup: {"metrics":[{"code":"b03_reg_std_uniq_m","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"golden_plan_b03_standard_unique_count_agg_non-invoiceable-regrouped_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_reg_std_uniq_m","charge_model":"standard","pay_in_advance":true,"properties":{"amount":"1"},"invoiceable":false,"regroup_paid_fees":"invoice"}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_reg_std_uniq_m","properties":{"uid":"u1"}}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_reg_std_uniq_m","properties":{"uid":"u2"}}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_reg_std_uniq_m","properties":{"uid":"u1"}}]},{"at":"2024-03-20T10:00:00Z","do":"pay_fees"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":2,"invoice":[{"select":{"invoice_type":"advance_charges"},"fees_amount_cents":200,"total_amount_cents":200,"invoice_type":"advance_charges","payment_status":"succeeded","taxes_amount_cents":0,"fees_count":3},{"select":{"invoice_type":"subscription"},"fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}],"invoice_type":"subscription"}]},
  }));

  it("b03/package/count_agg/non-invoiceable-regrouped/many", () =>
    expectRow({
    id: "b03/package/count_agg/non-invoiceable-regrouped/many",
    setup: {"metrics":[{"code":"b03_reg_pkg_cnt_m","aggregation_type":"count_agg"}],"plan":{"code":"golden_plan_b03_package_count_agg_non-invoiceable-regrouped_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_reg_pkg_cnt_m","charge_model":"package","pay_in_advance":true,"properties":{"amount":"6","free_units":0,"package_size":3},"invoiceable":false,"regroup_paid_fees":"invoice"}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_reg_pkg_cnt_m"}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_reg_pkg_cnt_m"}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_reg_pkg_cnt_m"}]},{"at":"2024-03-08T10:00:00Z","do":"ingest_events","events":[{"code":"b03_reg_pkg_cnt_m"}]},{"at":"2024-03-20T10:00:00Z","do":"pay_fees"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":2,"invoice":[{"select":{"invoice_type":"advance_charges"},"fees_amount_cents":1200,"total_amount_cents":1200,"invoice_type":"advance_charges","payment_status":"succeeded","taxes_amount_cents":0,"fees_count":4},{"select":{"invoice_type":"subscription"},"fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}],"invoice_type":"subscription"}]},
  }));

  it("b03/percentage/sum_agg/non-invoiceable-regrouped/many", () =>
    expectRow({
    id: "b03/percentage/sum_agg/non-invoiceable-regrouped/many",
    setup: {"metrics":[{"code":"b03_reg_pct_sum_m","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_percentage_sum_agg_non-invoiceable-regrouped_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_reg_pct_sum_m","charge_model":"percentage","pay_in_advance":true,"properties":{"rate":"10","fixed_amount":"1","free_units_per_total_aggregation":"20"},"invoiceable":false,"regroup_paid_fees":"invoice"}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_reg_pct_sum_m","properties":{"amount":10}}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_reg_pct_sum_m","properties":{"amount":20}}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_reg_pct_sum_m","properties":{"amount":5}}]},{"at":"2024-03-20T10:00:00Z","do":"pay_fees"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":2,"invoice":[{"select":{"invoice_type":"advance_charges"},"fees_amount_cents":350,"total_amount_cents":350,"invoice_type":"advance_charges","payment_status":"succeeded","taxes_amount_cents":0,"fees_count":3},{"select":{"invoice_type":"subscription"},"fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}],"invoice_type":"subscription"}]},
  }));

  it("b03/graduated/sum_agg/non-invoiceable-dropped/many", () =>
    expectRow({
    id: "b03/graduated/sum_agg/non-invoiceable-dropped/many",
    setup: {"metrics":[{"code":"b03_drp_grad_sum_m","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_graduated_sum_agg_non-invoiceable-dropped_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_drp_grad_sum_m","charge_model":"graduated","pay_in_advance":true,"properties":{"graduated_ranges":[{"from_value":0,"to_value":10,"per_unit_amount":"2","flat_amount":"100"},{"from_value":11,"to_value":null,"per_unit_amount":"1","flat_amount":"50"}]},"invoiceable":false}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_drp_grad_sum_m","properties":{"amount":10}}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_drp_grad_sum_m","properties":{"amount":10}}]},{"at":"2024-03-25T10:00:00Z","do":"fetch_current_usage"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}],"invoice_type":"subscription"},"usage":{"amount_cents":18000,"taxes_amount_cents":0,"total_amount_cents":18000,"charges_usage":[{"billable_metric_code":"b03_drp_grad_sum_m","units":"20.0","amount_cents":18000}]}},
  }));

  it("b03/graduated_percentage/unique_count_agg/non-invoiceable-dropped/many", () =>
    expectRow({
    id: "b03/graduated_percentage/unique_count_agg/non-invoiceable-dropped/many",
    setup: {"metrics":[{"code":"b03_drp_gp_uniq_m","aggregation_type":"unique_count_agg","field_name":"uid"}],"plan":{"code":"golden_plan_b03_graduated_percentage_unique_count_agg_non-invoiceable-dropped_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_drp_gp_uniq_m","charge_model":"graduated_percentage","pay_in_advance":true,"properties":{"graduated_percentage_ranges":[{"from_value":0,"to_value":2,"rate":"50","flat_amount":"3","fixed_amount":"0"},{"from_value":3,"to_value":null,"rate":"10","flat_amount":"1","fixed_amount":"0"}]},"invoiceable":false}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_drp_gp_uniq_m","properties":{"uid":"u1"}}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_drp_gp_uniq_m","properties":{"uid":"u2"}}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_drp_gp_uniq_m","properties":{"uid":"u3"}}]},{"at":"2024-03-25T10:00:00Z","do":"fetch_current_usage"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}],"invoice_type":"subscription"},"usage":{"amount_cents":510,"taxes_amount_cents":0,"total_amount_cents":510,"charges_usage":[{"billable_metric_code":"b03_drp_gp_uniq_m","units":"3.0","amount_cents":510}]}},
  }));

  it("b03/standard/sum_agg/non-invoiceable-dropped", () =>
    expectRow({
    id: "b03/standard/sum_agg/non-invoiceable-dropped",
    setup: {"metrics":[{"code":"b03_drop_sum","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_standard_sum_agg_non-invoiceable-dropped","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_drop_sum","charge_model":"standard","pay_in_advance":true,"invoiceable":false,"properties":{"amount":"1"}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_drop_sum","properties":{"amount":10}}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}},
  }));

  // Fixed: dynamic charges paid in advance price each event by its own precise_total_amount_cents
  // (src/fees/payInAdvance.ts).
  it("b03/dynamic/sum_agg/invoiceable/many", () =>
    expectRow({
    id: "b03/dynamic/sum_agg/invoiceable/many",
    setup: {"metrics":[{"code":"b03_inv_dyn_sum_m","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_dynamic_sum_agg_invoiceable_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_inv_dyn_sum_m","charge_model":"dynamic","pay_in_advance":true,"properties":{}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_dyn_sum_m","properties":{"amount":10},"precise_total_amount_cents":"2500"}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_dyn_sum_m","properties":{"amount":30},"precise_total_amount_cents":"500"}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_inv_dyn_sum_m","properties":{"amount":20},"precise_total_amount_cents":"1250"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":4,"invoice":[{"select":{"index":0},"fees_amount_cents":2500,"total_amount_cents":2500,"fees_count":1,"fees":[{"fee_type":"charge","units":"10.0","amount_cents":2500,"events_count":1}]},{"select":{"index":1},"fees_amount_cents":500,"total_amount_cents":500,"fees_count":1,"fees":[{"fee_type":"charge","units":"30.0","amount_cents":500,"events_count":1}]},{"select":{"index":2},"fees_amount_cents":1250,"total_amount_cents":1250,"fees_count":1,"fees":[{"fee_type":"charge","units":"20.0","amount_cents":1250,"events_count":1}]},{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}]}]},
  }));

  it("b03/dynamic/sum_agg/invoiceable", () =>
    expectRow({
    id: "b03/dynamic/sum_agg/invoiceable",
    setup: {"metrics":[{"code":"b03m_b03_dyn","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_dynamic_sum_agg_invoiceable","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03m_b03_dyn","charge_model":"dynamic","pay_in_advance":true,"properties":{}}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03m_b03_dyn","properties":{"amount":10},"precise_total_amount_cents":"2500"}]},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":2,"invoice":{"select":"first","fees_amount_cents":2500,"total_amount_cents":2500,"fees_count":1,"fees":[{"fee_type":"charge","units":"10.0","amount_cents":2500}]}},
  }));

  it("b03/dynamic/sum_agg/non-invoiceable-dropped/many", () =>
    expectRow({
    id: "b03/dynamic/sum_agg/non-invoiceable-dropped/many",
    setup: {"metrics":[{"code":"b03_drp_dyn_sum_m","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_dynamic_sum_agg_non-invoiceable-dropped_many","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_drp_dyn_sum_m","charge_model":"dynamic","pay_in_advance":true,"properties":{},"invoiceable":false}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_drp_dyn_sum_m","properties":{"amount":10},"precise_total_amount_cents":"2500"}]},{"at":"2024-03-06T10:00:00Z","do":"ingest_events","events":[{"code":"b03_drp_dyn_sum_m","properties":{"amount":30},"precise_total_amount_cents":"500"}]},{"at":"2024-03-07T10:00:00Z","do":"ingest_events","events":[{"code":"b03_drp_dyn_sum_m","properties":{"amount":20},"precise_total_amount_cents":"1250"}]},{"at":"2024-03-25T10:00:00Z","do":"fetch_current_usage"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}],"invoice_type":"subscription"},"usage":{"amount_cents":4250,"taxes_amount_cents":0,"total_amount_cents":4250,"charges_usage":[{"billable_metric_code":"b03_drp_dyn_sum_m","units":"60.0","amount_cents":4250}]}},
  }));

  it("b03/dynamic/sum_agg/non-invoiceable-dropped/one", () =>
    expectRow({
    id: "b03/dynamic/sum_agg/non-invoiceable-dropped/one",
    setup: {"metrics":[{"code":"b03_drp_dyn_sum_o","aggregation_type":"sum_agg","field_name":"amount"}],"plan":{"code":"golden_plan_b03_dynamic_sum_agg_non-invoiceable-dropped_one","interval":"monthly","amount_cents":0},"charges":[{"billable_metric_code":"b03_drp_dyn_sum_o","charge_model":"dynamic","pay_in_advance":true,"properties":{},"invoiceable":false}],"customer":{"external_id":"golden_cust","currency":"EUR"},"subscription":{"external_id":"golden_sub","billing_time":"calendar"}},
    timeline: [{"at":"2024-03-01T00:00:00Z","do":"create_subscription"},{"at":"2024-03-05T10:00:00Z","do":"ingest_events","events":[{"code":"b03_drp_dyn_sum_o","properties":{"amount":10},"precise_total_amount_cents":"2500"}]},{"at":"2024-03-25T10:00:00Z","do":"fetch_current_usage"},{"at":"2024-04-01T01:00:00Z","do":"perform_billing"}],
    expect: {"invoices":1,"invoice":{"select":"last","fees_amount_cents":0,"total_amount_cents":0,"fees_count":1,"fees":[{"fee_type":"subscription","amount_cents":0}],"invoice_type":"subscription"},"usage":{"amount_cents":2500,"taxes_amount_cents":0,"total_amount_cents":2500,"charges_usage":[{"billable_metric_code":"b03_drp_dyn_sum_o","units":"10.0","amount_cents":2500}]}},
  }));
});
