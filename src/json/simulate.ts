/**
 * The contract's `simulate(input)` (../shared/docs/contract.md §4): a catalog and a
 * timeline of calls in, every response (and, in time, every invoice) out.
 */
import type { CreditNote, Fee, Invoice, Subscription, WalletTransaction, Webhook } from "../model/objectTypes.js";
import { type SimulationWarning, runSimulation } from "../simulator/index.js";

/**
 * What `simulate` returns, typed from schemas/objects/ (objects.md): every invoice issued, in
 * issue order; every credit note, wallet transaction, fee and webhook; one response per step
 * (the step's answer, or `{error}`); the subscriptions as they stand at `until`; the warnings.
 */
export interface SimulateOutput {
  readonly invoices: Invoice[];
  readonly credit_notes: CreditNote[];
  readonly wallet_transactions: WalletTransaction[];
  readonly webhooks: Webhook[];
  readonly fees: Fee[];
  /** One per step: its answer (`{customer}`, `{invoice}`, `{customer_usage}`, …) or `{error}`. */
  readonly responses: { readonly [key: string]: unknown }[];
  readonly subscriptions: Subscription[];
  readonly warnings: readonly SimulationWarning[];
}

/**
 * Replays the steps in order with the service's clock. A step the service would refuse
 * answers `{error: {code, error_details?}}` in `responses` and changes nothing.
 * What it does not apply (an unknown key, an override it does not model) is listed in
 * `warnings` (docs/simulator.md).
 *
 * @throws ValidationError naming every bad field of the catalog or of the steps' shape.
 */
export function simulate(input: unknown): SimulateOutput {
  return runSimulation(input) as unknown as SimulateOutput;
}
