/**
 * Invoice-level rules: taxes so far (invoice.md §5). Coupons, credits, wallets and
 * credit notes come with the simulator's invoicing.
 */
export {
  type Tax, type TaxSources, type TaxedBase, type AppliedInvoiceTax, type InvoiceTaxAmounts, feeTaxes, invoiceTaxes, invoiceTaxesAmountCents,
} from "./taxes.js";
export { type AppliedFeeTax, type FeeTaxAmounts, feeRemainder, feeTaxAmounts, invoiceTaxAmounts } from "./feeTaxAmounts.js";
export type { InvoiceCredit, InvoiceFee, InvoiceStatus, InvoiceTotals, InvoiceType, PaymentStatus } from "./types.js";
