/** Charges of the semantics' worked examples (docs/semantics/charges.md). */
import type { ChargeSpec } from "../../../src/index.js";

export const range = (from: number | string, to: number | string | null, per: string, flat: string) => ({
  from_value: from,
  to_value: to,
  per_unit_amount: per,
  flat_amount: flat,
});

/** §3.5: 0–10 @10 flat 2, 11–20 @5 flat 3, 21–∞ @5 flat 3. */
export const graduated3: ChargeSpec = {
  charge_model: "graduated",
  properties: { graduated_ranges: [range(0, 10, "10", "2"), range(11, 20, "5", "3"), range(21, null, "5", "3")] },
};

/** §3.5: adjacent decimal ranges 0–0.1 @10, 0.1–1 @5, 1–∞ @2. */
export const graduatedDecimal: ChargeSpec = {
  charge_model: "graduated",
  properties: { graduated_ranges: [range(0, "0.1", "10", "0"), range("0.1", 1, "5", "0"), range(1, null, "2", "0")] },
};

/** §4: 0–10 flat 200 rate 1; 11–20 flat 300 rate 2; 21–∞ flat 400 rate 3. */
export const graduatedPercentage3: ChargeSpec = {
  charge_model: "graduated_percentage",
  properties: {
    graduated_percentage_ranges: [
      { from_value: 0, to_value: 10, rate: "1", flat_amount: "200" },
      { from_value: 11, to_value: 20, rate: "2", flat_amount: "300" },
      { from_value: 21, to_value: null, rate: "3", flat_amount: "400" },
    ],
  },
};

/** §7: 0–100 @2 flat 10, 101–200 @1, 201–∞ @0.5 flat 50. */
export const volume3: ChargeSpec = {
  charge_model: "volume",
  properties: { volume_ranges: [range(0, 100, "2", "10"), range(101, 200, "1", "0"), range(201, null, "0.5", "50")] },
};

export const package10 = (free: number): ChargeSpec => ({
  charge_model: "package",
  properties: { amount: "100", package_size: 10, free_units: free },
});

/** §10: 0–5 @10 flat 100, 6–15 @5 flat 50, 16–∞ @2 flat 0. */
export const prorated3: ChargeSpec = {
  charge_model: "graduated",
  prorated: true,
  properties: { graduated_ranges: [range(0, 5, "10", "100"), range(6, 15, "5", "50"), range(16, null, "2", "0")] },
};
