import { type Instant, parseInstant } from "../../../src/core/instant.js";
import type { CalendarDate } from "../../../src/core/zone.js";
import { formatDate, parseDate } from "../../../src/period/_date.js";
import type { BillingTime, Interval, Schedule } from "../../../src/period/types.js";

export const day = (s: string): CalendarDate => {
  const d = parseDate(s);
  if (!d) throw new Error(`bad date ${s}`);
  return d;
};
export const at = (s: string): Instant => {
  const t = parseInstant(s);
  if (t === undefined) throw new Error(`bad instant ${s}`);
  return t;
};
export const iso = (t: Instant): string => new Date(t).toISOString().replace(".000Z", "Z");
export const fmt = formatDate;
export const schedule = (interval: Interval, billing_time: BillingTime, anchor: string): Schedule => ({
  interval,
  billing_time,
  anchor: day(anchor),
});
