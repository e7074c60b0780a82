/**
 * Semiannual periods: every 6 months from the anchor month (anniversary) or Jan/Jul 1st.
 */
import { monthCycle } from "./_monthCycle.js";
import type { IntervalRules } from "./types.js";

export const semiannual: IntervalRules = monthCycle("semiannual", 6);
