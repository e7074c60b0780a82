/**
 * Add-on: a one-off priced item; fixed charges of plans name one by `add_on_code`.
 */
import { z } from "zod";
import { currency, requiredText, stringList, timestamp } from "./_primitives.js";
import { taxSchema } from "./tax.js";

export const addOnSchema = z
  .looseObject({
    code: requiredText,
    name: requiredText,
    /** Greater than 0 (the reference's add-on validation): `value_is_out_of_range` otherwise. */
    amount_cents: z.int().min(1),
    amount_currency: currency,
    invoice_display_name: z.string().nullish(),
    description: z.string().nullish(),
    tax_codes: stringList.nullish(),
    taxes: z.array(taxSchema).nullish(),
    svc_id: z.string().nullish(),
    created_at: timestamp.nullish(),
  })
  .meta({ id: "AddOn", title: "AddOn", description: "An add-on of the catalog." });
