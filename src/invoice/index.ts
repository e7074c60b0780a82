/**
 * Invoice-level rules: taxes so far (invoice.md §5). Coupons, credits, wallets and
 * credit notes come with the simulator's invoicing.
 */
export { type Tax, type TaxSources, type TaxedBase, feeTaxes, invoiceTaxesAmountCents } from "./taxes.js";
