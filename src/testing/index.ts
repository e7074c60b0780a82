/**
 * `ratecard/testing`: property-test your own pricing. fast-check arbitraries for catalogs, charges,
 * events and timelines, and the pricing laws as reusable properties (docs/testing-your-pricing.md).
 * fast-check is an optional peer dependency: install it to use this entry point.
 */
export * as arbitraries from "./arbitraries.js";
export * as laws from "./laws.js";
export type { ChargeInput } from "./arbitraries.js";
