/**
 * Blocks B19–B20 of the Lago golden suite on top of `golden-stack-helpers.ts`, with one adjustment:
 * a row's `fees:` list is matched as a subset of the invoice's fees, as the reference's golden runner
 * does (its rows list fewer fees than their own `fees_count`); `fees_count` stays exact.
 */
import type { GoldenRow } from "./golden-pricing-helpers.js";
import { checkStackRow } from "./golden-stack-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const FEE_COUNT = /\.fees: expected \d+ fee\(s\), got \d+$/;

export function checkMultiplicityRow(row: GoldenRow): { errs: string[]; out: Json } {
  const res = checkStackRow(row);
  return { ...res, errs: res.errs.filter((e) => !FEE_COUNT.test(e)) };
}

export function expectMultiplicityRow(row: GoldenRow): void {
  const { errs } = checkMultiplicityRow(row);
  if (errs.length) throw new Error(`${row.id}:\n${errs.join("\n")}`);
}
