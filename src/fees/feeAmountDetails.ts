/**
 * A charge model's `amount_details` → the fee's plain `amount_details` object (the
 * specification's keys, without the engine's `kind` tag).
 */
import type { AmountDetails } from "../charges/index.js";

export type FeeAmountDetails = Readonly<Record<string, unknown>>;

export function feeAmountDetails(details: AmountDetails | undefined): FeeAmountDetails {
  if (details === undefined || details.kind === "none") return {};
  const { kind: _kind, ...rest } = details;
  return rest;
}
