/**
 * When an expiring wallet stops applying (invoice.md §9): an hourly job at minute 45
 * terminates every active wallet whose `expiration_at`, truncated to the second, has
 * passed; so a wallet still pays until the first hh:45:00 at or after its expiration.
 */
import { type Instant, instant } from "../../core/instant.js";
import type { Wallet } from "./walletTypes.js";

const HOUR = 3_600_000;
const AT_MINUTE = 45 * 60_000;

/** The instant the job terminates the wallet, or null when it never expires. */
export function walletExpiryInstant(wallet: Wallet): Instant | null {
  if (wallet.expiration_at === null) return null;
  const e = Math.floor(wallet.expiration_at / 1000) * 1000;
  const run = Math.floor(e / HOUR) * HOUR + AT_MINUTE;
  return instant(run >= e ? run : run + HOUR);
}
