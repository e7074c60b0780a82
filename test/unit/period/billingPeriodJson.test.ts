/**
 * The contract adapter `billingPeriod(input)`: JSON shape and validation.
 */
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/issue.js";
import { billingPeriod } from "../../../src/json/billingPeriod.js";

const valid = () => ({
  plan: { interval: "monthly", pay_in_advance: false, bill_charges_monthly: null, bill_fixed_charges_monthly: null },
  subscription: {
    billing_time: "calendar",
    subscription_at: "2021-02-02T00:00:00Z",
    started_at: "2021-02-02T00:00:00Z",
    terminated_at: null,
    status: "active",
  },
  timezone: "Europe/Paris",
  billing_at: "2024-03-01T00:00:00Z",
  current_usage: false,
});

function detailsOf(input: unknown): Record<string, string[]> {
  try {
    billingPeriod(input);
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return { ...(e as ValidationError).error_details };
  }
  throw new Error("expected a ValidationError");
}

describe("billingPeriod (JSON)", () => {
  it("doc example: the contract's input in Paris", () => {
    // 2024-03-01T00:00Z is 01:00 in Paris: the run bills February (Paris days, +1 h in winter)
    expect(billingPeriod(valid())).toEqual({
      from_datetime: "2024-01-31T23:00:00Z",
      to_datetime: "2024-02-29T22:59:59Z",
      charges_from_datetime: "2024-01-31T23:00:00Z",
      charges_to_datetime: "2024-02-29T22:59:59Z",
      fixed_charges_from_datetime: "2024-01-31T23:00:00Z",
      fixed_charges_to_datetime: "2024-02-29T22:59:59Z",
      charges_duration_in_days: 29,
      fixed_charges_duration_in_days: 29,
      next_end_of_period: "2024-03-31T21:59:59Z",
      previous_beginning_of_period: "2024-01-31T23:00:00Z",
    });
  });

  it("defaults: no timezone is UTC, no current_usage is false, null flags are false", () => {
    const { timezone: _tz, current_usage: _cu, ...rest } = valid();
    expect(billingPeriod(rest).from_datetime).toBe("2024-02-01T00:00:00Z");
  });

  it("names every bad field at once", () => {
    const bad = {
      plan: { interval: "daily", pay_in_advance: "no" },
      subscription: { billing_time: "monthly", subscription_at: "2021-02-30T00:00:00Z", started_at: 12, status: "gone" },
      timezone: "Mars/Olympus",
      billing_at: null,
      current_usage: 1,
    };
    expect(detailsOf(bad)).toEqual({
      "plan.interval": ["value_is_invalid"],
      "plan.pay_in_advance": ["invalid_type"],
      "subscription.billing_time": ["invalid_billing_time"],
      "subscription.subscription_at": ["invalid_timestamp"],
      "subscription.started_at": ["invalid_timestamp"],
      "subscription.status": ["invalid_value"],
      billing_at: ["value_is_mandatory"],
      current_usage: ["invalid_type"],
      timezone: ["invalid_timezone"],
    });
  });

  it("requires the objects", () => {
    expect(detailsOf(null)).toEqual({ base: ["value_is_mandatory"] });
    expect(detailsOf({ ...valid(), plan: [], subscription: undefined })).toMatchObject({
      plan: ["invalid_type"],
      subscription: ["value_is_mandatory"],
    });
  });

  it("treats a terminated status without terminated_at as not terminated (as the reference)", () => {
    const terminated = { ...valid(), subscription: { ...valid().subscription, status: "terminated" } };
    expect(billingPeriod(terminated)).toEqual(billingPeriod(valid()));
  });

  it("never throws anything but a ValidationError on junk", () => {
    for (const junk of [undefined, 3, "x", [], { plan: 1 }, { subscription: "s" }, { timezone: 5 }]) {
      expect(() => billingPeriod(junk)).toThrow(ValidationError);
    }
  });
});
