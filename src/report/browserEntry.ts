/**
 * The playground's bundle entry (scripts/playground.ts bundles it for the browser): the engine
 * and the report on `globalThis.ratecard`. Not part of the package's exports.
 */
import { simulate } from "../json/simulate.js";
import { isValidationError } from "../core/issue.js";
import { simulationReport } from "./html.js";

(globalThis as { ratecard?: unknown }).ratecard = { simulate, simulationReport, isValidationError };
