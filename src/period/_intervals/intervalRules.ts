/**
 * The rules of each plan interval.
 */
import type { Interval } from "../types.js";
import { monthly } from "./monthly.js";
import { quarterly } from "./quarterly.js";
import { semiannual } from "./semiannual.js";
import type { IntervalRules } from "./types.js";
import { weekly } from "./weekly.js";
import { yearly } from "./yearly.js";

const TABLE = { weekly, monthly, quarterly, semiannual, yearly } as const satisfies {
  readonly [K in Interval]: IntervalRules;
};

export function intervalRules(interval: Interval): IntervalRules {
  return TABLE[interval];
}
