/**
 * Which all-zero charge fees an invoice keeps (charges.md §16 step 4).
 */
import { ZERO } from "../core/decimal.js";
import type { FeeAmounts } from "./types.js";

export interface KeepChargeFeeContext {
  /** The fee is built for a current-usage answer (every charge keeps its entry). */
  readonly current_usage?: boolean;
  /** A user adjusted the fee on a draft. */
  readonly adjusted?: boolean;
  /** The fee is the parent of a true-up fee. */
  readonly true_up_parent?: boolean;
  /** A renewal fee of a non-invoiceable pay-in-advance charge of a recurring metric (outside any invoice). */
  readonly renewal?: boolean;
}

/**
 * False only for a charge fee with units 0, `amount_cents` 0 and `events_count` 0 that is
 * not adjusted, not a true-up parent, not a current-usage entry and not a renewal fee.
 */
export function keepChargeFee(fee: Pick<FeeAmounts, "units" | "amount_cents" | "events_count">, context: KeepChargeFeeContext = {}): boolean {
  const allZero = fee.units.eq(ZERO) && fee.amount_cents === 0n && fee.events_count === 0;
  if (!allZero) return true;
  return context.current_usage === true || context.adjusted === true || context.true_up_parent === true || context.renewal === true;
}
