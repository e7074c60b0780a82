/**
 * The rules of each plan interval.
 */
import { ValidationError, issue } from "../../core/issue.js";
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

/** @throws ValidationError (`interval: invalid_interval`) for a value cast past {@link Interval}. */
export function intervalRules(interval: Interval): IntervalRules {
  if (!Object.hasOwn(TABLE, interval)) throw new ValidationError([issue("invalid_interval", ["interval"])]);
  return TABLE[interval];
}
