/**
 * Monthly periods: from the anchor day (clamped to short months) or from the 1st.
 */
import { monthCycle } from "./_monthCycle.js";
import type { IntervalRules } from "./types.js";

export const monthly: IntervalRules = monthCycle("monthly", 1);
