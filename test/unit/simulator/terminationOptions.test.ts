/**
 * Termination options stored on a subscription (periods.md §9): given to create_subscription or
 * update_subscription, they hold for a termination that names none — at `ending_at` or by a step
 * without them — and a stored `skip` keeps an upgrade from crediting the unused days.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";
import { customer, plan, subscribe, update } from "./updatesFixtures.js";

type Obj = Record<string, unknown>;
const plans = [plan("adv", { pay_in_advance: true }), plan("big", { pay_in_advance: true, amount_cents: 3000 })];
function run(steps: Obj[]) {
  const r = simulate({ organization: { timezone: "UTC", default_currency: "EUR" }, billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }], plans, steps, until: "2024-03-31T00:00:00Z" });
  return { notes: r.credit_notes as { credit_amount_cents: number; refund_amount_cents: number; offset_amount_cents: number }[], responses: r.responses as Obj[], subs: r.subscriptions as unknown as { status: string; on_termination_credit_note: string | null }[] };
}
const figures = (n: { credit_amount_cents: number; refund_amount_cents: number; offset_amount_cents: number }[]) => n.map((x) => [x.credit_amount_cents, x.refund_amount_cents, x.offset_amount_cents]);

describe("simulate: stored termination options", () => {
  it("an offset given at creation holds for the termination at ending_at", () => {
    const r = run([customer(), subscribe({ plan_code: "adv", on_termination_credit_note: "offset", ending_at: "2024-03-16T00:00:00Z" })]);
    expect(r.subs.map((s) => [s.status, s.on_termination_credit_note])).toEqual([["terminated", "offset"]]);
    expect(figures(r.notes)).toEqual([[0, 0, 484]]);
  });

  it("a skip given by update_subscription holds for a step that names no option, and for an upgrade", () => {
    const terminated = run([customer(), subscribe({ plan_code: "adv" }), update("2024-03-05T00:00:00Z", { on_termination_credit_note: "skip" }),
      { at: "2024-03-16T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } }]);
    expect(terminated.notes).toEqual([]);
    const upgraded = run([customer(), subscribe({ plan_code: "adv", on_termination_credit_note: "skip" }), subscribe({ plan_code: "big" }, "2024-03-16T00:00:00Z")]);
    expect(upgraded.subs.map((s) => s.status)).toEqual(["terminated", "active"]);
    expect(upgraded.notes).toEqual([]);
    // Without it, the upgrade credits the unused days.
    expect(run([customer(), subscribe({ plan_code: "adv" }), subscribe({ plan_code: "big" }, "2024-03-16T00:00:00Z")]).notes).toHaveLength(1);
  });

  it("an option named by the step wins, and a bad stored option is refused", () => {
    const r = run([customer(), subscribe({ plan_code: "adv", on_termination_credit_note: "skip" }),
      { at: "2024-03-16T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1", on_termination_credit_note: "credit" } },
      update("2024-03-17T00:00:00Z", { on_termination_credit_note: "maybe" })]);
    expect(figures(r.notes)).toEqual([[484, 0, 0]]);
    expect(r.responses[3]).toMatchObject({ error: { code: "validation_errors", error_details: { on_termination_credit_note: ["invalid_value"] } } });
  });
});
