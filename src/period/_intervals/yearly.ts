/**
 * Yearly periods: from the anchor date (Feb 29 → Feb 28 in common years) or from January 1st.
 */
import { monthCycle } from "./_monthCycle.js";
import type { IntervalRules } from "./types.js";

export const yearly: IntervalRules = monthCycle("yearly", 12);
