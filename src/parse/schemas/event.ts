/**
 * Usage event: the body of `create_event`.
 *
 * This schema is for the edge (JSON Schema for gateways, one-off validation). The
 * engine does not run it per event: its per-event checks (a numeric `field_name`
 * value, filters, timestamps) are hand-written in the aggregation and stay cheap.
 */
import { z } from "zod";
import { decimalLike, eventTimestamp, requiredText } from "./_primitives.js";

export const eventSchema = z
  .looseObject({
    transaction_id: requiredText,
    /** The billable metric's code. */
    code: requiredText,
    external_subscription_id: z.string().nullish(),
    external_customer_id: z.string().nullish(),
    /** ISO 8601 or Unix seconds; absent means the step's `at`. */
    timestamp: eventTimestamp.nullish(),
    properties: z.record(z.string(), z.unknown()).nullish(),
    /** Dynamic charges: the event's price in cents (decimal). */
    precise_total_amount_cents: decimalLike.nullish(),
    /** The wallet the event's usage targets (integration `events_targeting_wallets`). */
    target_wallet_code: z.string().nullish(),
  })
  .meta({ id: "Event", title: "Event", description: "A usage event (the body of create_event)." });
