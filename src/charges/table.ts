/**
 * The charge models as a table, for iteration (docs, laws, benches, coverage).
 * Dispatch is not done here: it is the one `switch` of `applyChargeModel.ts`.
 */
import { dynamic } from "./dynamic.js";
import { graduated } from "./graduated.js";
import { graduatedPercentage } from "./graduatedPercentage.js";
import { packageModel } from "./package.js";
import { percentage } from "./percentage.js";
import { standard } from "./standard.js";
import type { ChargeModelDef, ChargeModelName } from "./types.js";
import { volume } from "./volume.js";

export const chargeModels = {
  standard,
  graduated,
  graduated_percentage: graduatedPercentage,
  package: packageModel,
  percentage,
  volume,
  dynamic,
} as const satisfies { readonly [K in ChargeModelName]: ChargeModelDef<K> };
