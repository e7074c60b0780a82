/**
 * Ported from getlago/lago-api spec/scenarios/subscriptions/billing_spec.rb (cases with no visible
 * vector). Lago runs its biller only at the listed instants; here billing runs on every boundary,
 * so each case asserts exactly one invoice issued on the billing day (customer's local date) and
 * none on the local day before / after. Daily plans are not modelled (no `daily` interval).
 */
import { describe, expect, it } from "vitest";
import { customer, plan, run, subscribe } from "./subs-helpers.js";

type Case = {
  name: string;
  interval: string;
  billing_time: "calendar" | "anniversary";
  tz: string;
  sub: string;
  until: string;
  day: string; // local billing day
  monthlyCharges?: boolean;
};

const dayBefore = (d: string) => new Date(Date.parse(d) - 86400e3).toISOString().slice(0, 10);
const dayAfter = (d: string) => new Date(Date.parse(d) + 86400e3).toISOString().slice(0, 10);

function simulateCase(c: Pick<Case, "interval" | "billing_time" | "tz" | "sub" | "until" | "monthlyCharges">) {
  return run({
    plans: [
      plan("plan_billing", {
        interval: c.interval,
        amount_cents: 5_000_000,
        amount_currency: "GBP",
        bill_charges_monthly: c.monthlyCharges ?? false,
      }),
    ],
    steps: [customer(c.sub, c.tz, "GBP"), subscribe(c.sub, "plan_billing", { billing_time: c.billing_time })],
    until: c.until,
  });
}

const onDay = (out: any, d: string) => out.invoices.filter((i: any) => i.issuing_date === d).length;

const cases: Case[] = [
  // weekly
  { name: "weekly / calendar / UTC", interval: "weekly", billing_time: "calendar", tz: "UTC", sub: "2023-02-01T00:00:00Z", until: "2023-02-07T01:00:00Z", day: "2023-02-06" },
  { name: "weekly / calendar / Asia/Kolkata", interval: "weekly", billing_time: "calendar", tz: "Asia/Kolkata", sub: "2023-02-02T00:00:00Z", until: "2023-02-13T19:00:00Z", day: "2023-02-13" },
  { name: "weekly / calendar / America/Bogota", interval: "weekly", billing_time: "calendar", tz: "America/Bogota", sub: "2023-02-01T06:10:00Z", until: "2023-02-14T05:00:00Z", day: "2023-02-13" },
  { name: "weekly / anniversary / UTC", interval: "weekly", billing_time: "anniversary", tz: "UTC", sub: "2023-02-01T00:00:00Z", until: "2023-02-16T01:00:00Z", day: "2023-02-15" },
  { name: "weekly / anniversary / Europe/Paris", interval: "weekly", billing_time: "anniversary", tz: "Europe/Paris", sub: "2023-05-02T00:00:00Z", until: "2023-05-24T00:10:00Z", day: "2023-05-23" },
  // monthly
  { name: "monthly / calendar / UTC", interval: "monthly", billing_time: "calendar", tz: "UTC", sub: "2023-02-04T00:00:00Z", until: "2023-03-02T00:00:00Z", day: "2023-03-01" },
  { name: "monthly / calendar / Asia/Kolkata", interval: "monthly", billing_time: "calendar", tz: "Asia/Kolkata", sub: "2023-02-01T00:00:00Z", until: "2023-03-02T00:00:00Z", day: "2023-03-01" },
  { name: "monthly / calendar / America/Bogota", interval: "monthly", billing_time: "calendar", tz: "America/Bogota", sub: "2023-02-02T19:00:00Z", until: "2023-03-03T05:00:00Z", day: "2023-03-01" },
  { name: "monthly / anniversary / started on a 31st", interval: "monthly", billing_time: "anniversary", tz: "UTC", sub: "2023-03-31T00:00:00Z", until: "2023-05-01T00:00:00Z", day: "2023-04-30" },
  { name: "monthly / anniversary / Asia/Kolkata", interval: "monthly", billing_time: "anniversary", tz: "Asia/Kolkata", sub: "2023-02-02T00:00:00Z", until: "2023-03-02T19:00:00Z", day: "2023-03-02" },
  { name: "monthly / anniversary / America/Bogota", interval: "monthly", billing_time: "anniversary", tz: "America/Bogota", sub: "2023-02-02T05:00:00Z", until: "2023-03-03T05:00:00Z", day: "2023-03-02" },
  // quarterly
  { name: "quarterly / calendar / UTC", interval: "quarterly", billing_time: "calendar", tz: "UTC", sub: "2023-02-04T00:00:00Z", until: "2023-04-02T00:00:00Z", day: "2023-04-01" },
  { name: "quarterly / calendar / Asia/Kolkata", interval: "quarterly", billing_time: "calendar", tz: "Asia/Kolkata", sub: "2023-02-01T00:00:00Z", until: "2023-04-02T00:00:00Z", day: "2023-04-01" },
  { name: "quarterly / calendar / America/Bogota", interval: "quarterly", billing_time: "calendar", tz: "America/Bogota", sub: "2023-02-02T19:00:00Z", until: "2023-04-03T05:00:00Z", day: "2023-04-01" },
  { name: "quarterly / anniversary / UTC", interval: "quarterly", billing_time: "anniversary", tz: "UTC", sub: "2023-02-04T00:00:00Z", until: "2023-05-05T00:00:00Z", day: "2023-05-04" },
  { name: "quarterly / anniversary / started on a 31st", interval: "quarterly", billing_time: "anniversary", tz: "UTC", sub: "2023-03-31T00:00:00Z", until: "2023-07-01T00:00:00Z", day: "2023-06-30" },
  { name: "quarterly / anniversary / Asia/Kolkata", interval: "quarterly", billing_time: "anniversary", tz: "Asia/Kolkata", sub: "2023-02-02T00:00:00Z", until: "2023-05-02T19:00:00Z", day: "2023-05-02" },
  { name: "quarterly / anniversary / America/Bogota", interval: "quarterly", billing_time: "anniversary", tz: "America/Bogota", sub: "2023-02-02T05:00:00Z", until: "2023-05-03T05:00:00Z", day: "2023-05-02" },
  // yearly
  { name: "yearly / calendar / UTC", interval: "yearly", billing_time: "calendar", tz: "UTC", sub: "2022-02-01T00:00:00Z", until: "2023-01-02T00:00:00Z", day: "2023-01-01" },
  { name: "yearly / calendar / Europe/Paris", interval: "yearly", billing_time: "calendar", tz: "Europe/Paris", sub: "2022-04-02T00:00:00Z", until: "2023-01-02T00:10:00Z", day: "2023-01-01" },
  { name: "yearly / anniversary / UTC", interval: "yearly", billing_time: "anniversary", tz: "UTC", sub: "2022-02-04T00:00:00Z", until: "2023-02-05T00:00:00Z", day: "2023-02-04" },
  { name: "yearly / anniversary / started on 29 February", interval: "yearly", billing_time: "anniversary", tz: "UTC", sub: "2020-02-29T00:00:00Z", until: "2023-03-01T00:00:00Z", day: "2023-02-28" },
  { name: "yearly / anniversary / America/Bogota", interval: "yearly", billing_time: "anniversary", tz: "America/Bogota", sub: "2022-02-04T19:00:00Z", until: "2023-02-05T05:00:00Z", day: "2023-02-04" },
  // yearly plan with monthly charges
  { name: "yearly+monthly charges / calendar / UTC", interval: "yearly", monthlyCharges: true, billing_time: "calendar", tz: "UTC", sub: "2022-02-04T00:00:00Z", until: "2023-01-02T00:00:00Z", day: "2023-01-01" },
  { name: "yearly+monthly charges / calendar / Asia/Kolkata", interval: "yearly", monthlyCharges: true, billing_time: "calendar", tz: "Asia/Kolkata", sub: "2023-02-02T00:00:00Z", until: "2023-03-02T00:00:00Z", day: "2023-03-01" },
  { name: "yearly+monthly charges / calendar / America/Bogota", interval: "yearly", monthlyCharges: true, billing_time: "calendar", tz: "America/Bogota", sub: "2022-02-02T19:00:00Z", until: "2023-03-03T05:00:00Z", day: "2023-03-01" },
  { name: "yearly+monthly charges / anniversary / UTC", interval: "yearly", monthlyCharges: true, billing_time: "anniversary", tz: "UTC", sub: "2022-02-04T00:00:00Z", until: "2023-01-05T00:00:00Z", day: "2023-01-04" },
  { name: "yearly+monthly charges / anniversary / started on a 31st", interval: "yearly", monthlyCharges: true, billing_time: "anniversary", tz: "UTC", sub: "2023-03-31T00:00:00Z", until: "2023-05-01T00:00:00Z", day: "2023-04-30" },
  { name: "yearly+monthly charges / anniversary / Europe/Paris", interval: "yearly", monthlyCharges: true, billing_time: "anniversary", tz: "Europe/Paris", sub: "2022-04-02T00:00:00Z", until: "2023-04-03T00:10:00Z", day: "2023-04-02" },
  { name: "yearly+monthly charges / anniversary / America/Bogota", interval: "yearly", monthlyCharges: true, billing_time: "anniversary", tz: "America/Bogota", sub: "2022-02-04T19:00:00Z", until: "2023-03-05T05:00:00Z", day: "2023-03-04" },
];

describe("billing_spec.rb: a subscription billing without duplicated invoices", () => {
  for (const c of cases) {
    it(c.name, () => {
      const out = simulateCase(c);
      expect(onDay(out, dayBefore(c.day))).toBe(0);
      expect(onDay(out, c.day)).toBe(1);
      expect(onDay(out, dayAfter(c.day))).toBe(0);
    });
  }
});

describe("billing_spec.rb: a subscription billing on every billing day", () => {
  const everyDay = (name: string, interval: string, sub: string, days: string[]) =>
    it(name, () => {
      const out = simulateCase({ interval, billing_time: "anniversary", tz: "UTC", sub, until: `${days.at(-1)}T02:00:00Z` });
      for (const d of days) expect(onDay(out, d), d).toBe(1);
    });
  everyDay("monthly / anniversary on a 30", "monthly", "2022-04-30T00:00:00Z", [
    "2023-01-30", "2023-02-28", "2023-03-30", "2023-04-30", "2023-05-30", "2023-06-30",
    "2023-07-30", "2023-08-30", "2023-09-30", "2023-10-30", "2023-11-30", "2023-12-30",
  ]);
  everyDay("quarterly / anniversary on a 30", "quarterly", "2022-04-30T00:00:00Z", [
    "2023-01-30", "2023-04-30", "2023-07-30", "2023-10-30",
  ]);
});
