// Property-test a price list with ratecard/testing (docs/testing-your-pricing.md).
import fc from "fast-check";
import { applyChargeModel, dec } from "ratecard";
import { arbitraries, laws } from "ratecard/testing";

// Storage: the first 10 GB free, then 0.25 a GB and a 1.00 entry fee.
const storage = { charge_model: "graduated", properties: { graduated_ranges: [
  { from_value: 0, to_value: 10, per_unit_amount: "0", flat_amount: "0" },
  { from_value: 10, to_value: null, per_unit_amount: "0.25", flat_amount: "1" },
] } };

export function checkStoragePrices(): void {
  const gb = arbitraries.unitsUpTo("100000", 3); // up to 100 TB, to the MB
  fc.assert(laws.monotoneInUnits(fc.constant(storage), gb)); // more storage never costs less
  fc.assert(laws.priceAtMost(fc.constant(storage), arbitraries.unitsUpTo("100"), "25")); // 100 GB stay under 25.00
  // A rule of your own: every GB beyond the free tier costs exactly 0.25, plus the entry fee.
  fc.assert(fc.property(gb, (u) => {
    const { amount } = applyChargeModel({ charge: storage, aggregation: { units: u } }) as { amount: string };
    const beyond = dec(u).minus(dec("10"));
    return dec(amount).eq(beyond.lte(dec("0")) ? dec("0") : dec("1").plus(beyond.times(dec("0.25")))); // exact decimals
  }));
}
