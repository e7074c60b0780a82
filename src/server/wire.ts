/**
 * The reference service's wire format around the engine's objects: its id prefix (`lago_`
 * where ratecard writes the specification's neutral `svc_`), list pages with `meta`, and its
 * error envelope `{status, error, code?, error_details?}`.
 */
import type { Refused } from "./state.js";

/** The reference's own prefix of its ids' field names. */
export const WIRE_PREFIX = "lago_";
const SVC = "svc_";

/** `value` with every key `svc_x` written `lago_x` (at any depth), as the reference names them. */
export function toWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toWire);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k.startsWith(SVC) ? WIRE_PREFIX + k.slice(SVC.length) : k] = toWire(v);
  return out;
}

/** A request body with the reference's `lago_x` keys written `svc_x`, as the engine reads them. */
export function fromWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromWire);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k.startsWith(WIRE_PREFIX) ? SVC + k.slice(WIRE_PREFIX.length) : k] = fromWire(v);
  return out;
}

export interface PageMeta {
  readonly current_page: number;
  readonly next_page: number | null;
  readonly prev_page: number | null;
  readonly total_pages: number;
  readonly total_count: number;
}

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/**
 * The requested page of `items` and its `meta`. `page` and `per_page` are positive integers
 * (absent: 1 and {@link DEFAULT_PER_PAGE}; `per_page` at most {@link MAX_PER_PAGE}); anything
 * else names the parameter in a refusal.
 */
export function paginate<T>(items: readonly T[], query: URLSearchParams): { ok: true; items: T[]; meta: PageMeta } | { ok: false; error: Refused } {
  const page = positive(query.get("page"), 1);
  const perPage = positive(query.get("per_page"), DEFAULT_PER_PAGE);
  const details: Record<string, string[]> = {};
  if (page === undefined) details["page"] = ["invalid_value"];
  if (perPage === undefined) details["per_page"] = ["invalid_value"];
  if (page === undefined || perPage === undefined) return { ok: false, error: { code: "validation_errors", error_details: details } };
  const size = Math.min(perPage, MAX_PER_PAGE);
  const totalPages = Math.ceil(items.length / size);
  return {
    ok: true,
    items: items.slice((page - 1) * size, page * size),
    meta: {
      current_page: page,
      next_page: page < totalPages ? page + 1 : null,
      prev_page: page > 1 ? page - 1 : null,
      total_pages: totalPages,
      total_count: items.length,
    },
  };
}

function positive(raw: string | null, fallback: number): number | undefined {
  if (raw === null || raw === "") return fallback;
  if (!/^[0-9]+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && Number.isSafeInteger(n) ? n : undefined;
}

/** The reference's envelope of an error: its HTTP status and body. */
export interface WireError {
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;
}

export const unauthorized = (): WireError => ({ status: 401, body: { status: 401, error: "Unauthorized" } });
export const notFound = (code: string): WireError => ({ status: 404, body: { status: 404, error: "Not Found", code } });
export const badRequest = (error: string): WireError => ({ status: 400, body: { status: 400, error: `BadRequest: ${error}` } });
export const tooLarge = (limit: number): WireError => ({ status: 413, body: { status: 413, error: "Payload Too Large", code: "payload_too_large", error_details: { body: [`larger than ${limit} bytes`] } } });
/** Refusals the reference answers 405 (its `not_allowed_failure`) whose code does not say so. */
const NOT_ALLOWED: ReadonlySet<string> = new Set(["not_implemented", "no_active_subscription", "no_voidable_amount", "not_disputable", "update_on_voided_invoice"]);

export const methodNotAllowed = (code: string): WireError => ({ status: 405, body: { status: 405, error: "Method Not Allowed", code } });
export const serverError = (): WireError => ({ status: 500, body: { status: 500, error: "Internal Server Error" } });
/** The data directory's log could not be written: nothing is acknowledged from then on (docs/serve.md, "Durability"). */
export const logFailed = (): WireError => ({ status: 503, body: { status: 503, error: "Service Unavailable", code: "data_write_failed" } });

/**
 * A refused call as the reference answers it: `*_not_found` → 404; `*_not_allowed`,
 * `no_active_subscription`, `no_voidable_amount` (and the engine's `not_implemented`) → 405; everything else → 422 with `error_details` (its own code for
 * a field-less refusal, as the reference's service failures carry theirs).
 */
export function refusedToWire(e: Refused): WireError {
  if (e.code.endsWith("_not_found")) return notFound(e.code);
  if (e.code.endsWith("_not_allowed") || NOT_ALLOWED.has(e.code)) return methodNotAllowed(e.code);
  return { status: 422, body: { status: 422, error: "Unprocessable Entity", code: e.code, error_details: toWire(e.error_details ?? {}) } };
}
