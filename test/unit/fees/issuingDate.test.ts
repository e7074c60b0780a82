import { describe, expect, it } from "vitest";
import { type Instant, parseInstant } from "../../../src/core/instant.js";
import { issuingDates, type IssuingDateInput } from "../../../src/fees/issuingDate.js";

const at = (s: string) => parseInstant(s) as Instant;

describe("issuingDates (periods.md §10)", () => {
  it("run 2024-04-01, grace 3, defaults → draft, issuing date 2024-04-04, finalized 2024-04-04", () => {
    expect(issuingDates({ invoice_at: at("2024-04-01T00:00:00Z"), timezone: "UTC", kind: "recurring", invoice_grace_period: 3 })).toEqual({
      draft: true, expected_finalization_date: "2024-04-04", issuing_date: "2024-04-04", payment_due_date: "2024-04-04",
    });
  });

  type Row = [string, Partial<IssuingDateInput>, string];
  it.each<Row>([
    ["next_period_start + keep_anchor", { anchor: "next_period_start", adjustment: "keep_anchor" }, "2024-04-01"],
    ["next_period_start + align", { anchor: "next_period_start", adjustment: "align_with_finalization_date" }, "2024-04-04"],
    ["current_period_end + keep_anchor", { anchor: "current_period_end", adjustment: "keep_anchor" }, "2024-03-31"],
    ["current_period_end + align (grace 3)", { anchor: "current_period_end", adjustment: "align_with_finalization_date" }, "2024-04-04"],
    ["current_period_end + align (grace 0)", { anchor: "current_period_end", adjustment: "align_with_finalization_date", invoice_grace_period: 0 }, "2024-03-31"],
    ["non-recurring: + grace", { kind: "non_recurring" }, "2024-04-04"],
    ["pay-in-advance charge: billing date", { kind: "pay_in_advance_charge" }, "2024-04-01"],
  ])("recurring %s → %s", (_name, extra, issuing) => {
    const r = issuingDates({ invoice_at: at("2024-04-01T00:00:00Z"), timezone: "UTC", kind: "recurring", invoice_grace_period: 3, ...extra });
    expect(r.issuing_date).toBe(issuing);
  });

  it("the billing date is the local date: 2022-03-01T00:00Z is Feb 28 in New York", () => {
    const r = issuingDates({ invoice_at: at("2022-03-01T00:00:00Z"), timezone: "America/New_York", kind: "recurring", invoice_grace_period: 0, net_payment_term: 30 });
    expect([r.draft, r.issuing_date, r.payment_due_date]).toEqual([false, "2022-02-28", "2022-03-30"]);
  });

  it.each([
    ["advance_fixed_charges_only", false],
    ["pay_in_advance_charge", false],
    ["non_recurring", true],
    ["recurring", true],
  ] as const)("grace 3: %s invoice is a draft: %s", (kind, draft) => {
    expect(issuingDates({ invoice_at: at("2024-04-01T00:00:00Z"), timezone: "UTC", kind, invoice_grace_period: 3 }).draft).toBe(draft);
  });
});
