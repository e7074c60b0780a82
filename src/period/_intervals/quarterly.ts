/**
 * Quarterly periods: every 3 months from the anchor month (anniversary) or Jan/Apr/Jul/Oct 1st.
 */
import { monthCycle } from "./_monthCycle.js";
import type { IntervalRules } from "./types.js";

export const quarterly: IntervalRules = monthCycle("quarterly", 3);
