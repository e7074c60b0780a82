/**
 * What a part of a split simulation returns (part.ts `runPart`): its outputs with the order key
 * of each item, and what the merge checks (merge.ts); the chunks it sends while it runs, and its
 * result with them put back. Pure: no I/O.
 */

/** The outputs of `simulate`, with the key of each item. */
export const STREAMS = ["invoices", "credit_notes", "wallet_transactions", "webhooks", "fees", "subscriptions", "warnings"] as const;
export type StreamName = (typeof STREAMS)[number];

/** A keyed output list; for webhooks, the key each had in the wallets' queue ("" when it was not queued). */
export interface KeyedStream {
  readonly items: readonly unknown[];
  readonly keys: readonly string[];
  readonly queued?: readonly string[];
}

export interface PartResult {
  /** Why the part's run cannot be merged exactly (the caller runs the input in one piece). */
  readonly unsupported?: string;
  /** The warnings made before the first step (the input's unknown keys): the same in every part. */
  readonly preamble: readonly unknown[];
  /** One response per own step, in order. */
  readonly responses: readonly unknown[];
  /** Customers created: external id, index of the step that created it. */
  readonly created: readonly (readonly [string, number])[];
  /** Wallets created: index of the step, the organization-wide number the wallet got. */
  readonly wallets: readonly (readonly [number, number])[];
  /** The keys of the flushes of the wallets' queue the part made in the clock's jobs (before a paid top-up's invoice). */
  readonly flushes: readonly string[];
  /** The rounds (`instant:round`) in which the interval rules' job walked the wallets (at :55). */
  readonly walks: readonly string[];
  /** When the part had a wallet with an interval rule topping up to a target: [from, until] (such a wallet is refreshed by every walk). */
  readonly targets: readonly (readonly [number, number])[];
  readonly streams: { readonly [S in StreamName]: KeyedStream };
}

/**
 * Outputs a part sends before it ends (the webhooks and responses made so far, in order), so
 * that the receiving thread takes them in while the part runs on; its result then holds only the
 * rest (`assemble` puts them together). They are sent as they are when sent: the simulator
 * makes a new object for every webhook and response, and never changes one once made.
 */
export interface PartChunk {
  readonly webhooks: { readonly items: readonly unknown[]; readonly keys: readonly string[]; readonly queued: readonly string[] };
  readonly responses: readonly unknown[];
}

/** A part's result with the chunks it sent first put back in front. */
export function assemble(chunks: readonly PartChunk[], last: PartResult): PartResult {
  if (chunks.length === 0) return last;
  const items: unknown[] = [], keys: string[] = [], queued: string[] = [], responses: unknown[] = [];
  const append = <T>(to: T[], from: readonly T[]): void => {
    for (let i = 0; i < from.length; i++) to.push(from[i]!);
  };
  for (const c of chunks) {
    append(items, c.webhooks.items);
    append(keys, c.webhooks.keys);
    append(queued, c.webhooks.queued);
    append(responses, c.responses);
  }
  append(items, last.streams.webhooks.items);
  append(keys, last.streams.webhooks.keys);
  append(queued, last.streams.webhooks.queued ?? []);
  append(responses, last.responses);
  return { ...last, responses, streams: { ...last.streams, webhooks: { items, keys, queued } } };
}
