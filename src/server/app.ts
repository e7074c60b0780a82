/**
 * The routes of `ratecard serve`: a request (method, path, query, parsed body) in, a status and
 * a JSON body out, over a {@link ServeState}. No I/O here: http.ts reads and writes the sockets,
 * checks the key and the body's size and syntax, and supplies the clock. Each resource's routes
 * live in routes/; a state-changing call is the simulator step of the same purpose.
 */
import { formatInstant, type Instant, parseInstant } from "../core/instant.js";
import type { ApiLogs } from "./apiLogs.js";
import { isObj } from "../simulator/steps.js";
import { type ApiRequest, fail, ok, type Request, type Response, type Routes } from "./respond.js";
import { catalogRoutes } from "./routes/catalog.js";
import { customerRoutes } from "./routes/customers.js";
import { invoiceRoutes } from "./routes/invoices.js";
import { walletRoutes } from "./routes/wallets.js";
import { webhookEndpointRoutes } from "./routes/webhookEndpoints.js";
import type { ServeState } from "./state.js";
import type { WebhookDeliveries } from "./webhooks.js";
import { notFound, refusedToWire } from "./wire.js";

export type { Request, Response } from "./respond.js";

/** Tried in order: the first that answers does. */
const ROUTES: readonly Routes[] = [catalogRoutes, walletRoutes, customerRoutes, invoiceRoutes, webhookEndpointRoutes];

/** What the server keeps beside the state: the API logs, the webhook deliveries. */
export interface ServerParts {
  readonly apiLogs?: ApiLogs;
  readonly webhooks?: WebhookDeliveries;
}

/**
 * Answers one authenticated request of the API (`/api/v1/...`) or of ratecard's extensions
 * (`/_ratecard/clock`, `/_ratecard/webhooks`, `/_ratecard/webhook_keys`); `parts.apiLogs`
 * answers `/api_logs`, `parts.webhooks` the delivery log and the signing keys.
 */
export function route(state: ServeState, req: Request, parts: ServerParts = {}): Response {
  const segments = req.path.split("/").filter((p) => p !== "").map(decodeURIComponent);
  const { apiLogs, webhooks } = parts;
  if (segments[0] === "_ratecard") {
    if (segments[1] === "clock" && segments.length === 2) return clock(state, req);
    if (segments[1] === "webhooks" && webhooks !== undefined) return webhooks.route(req, segments.slice(2));
    if (segments[1] === "webhook_keys" && segments.length === 2 && req.method === "GET" && webhooks !== undefined) {
      return ok({ webhook_keys: { hmac_key: webhooks.hmacKey, jwt_public_key: webhooks.publicKeyPem() } });
    }
    return fail(notFound("route_not_found"));
  }
  if (segments[0] !== "api" || segments[1] !== "v1") return fail(notFound("route_not_found"));
  const [resource, id, sub, subId, ...rest] = segments.slice(2);
  if (resource === undefined || rest.length > 2) return fail(notFound("route_not_found"));
  const api: ApiRequest = { ...req, resource, id, sub, subId, rest };
  if (resource === "api_logs" && apiLogs !== undefined && sub === undefined) return apiLogs.route(req, id) ?? fail(notFound("route_not_found"));
  // The public key of JWT signatures, as the reference serves it: Base64 of the PEM, as text or under `{webhook: {public_key}}`.
  if (resource === "webhooks" && webhooks !== undefined && sub === undefined && req.method === "GET") {
    const key = webhooks.publicKeyBase64();
    if (id === "public_key") return { status: 200, body: key, text: true };
    if (id === "json_public_key") return ok({ webhook: { public_key: key } });
  }
  for (const r of ROUTES) {
    const answer = r(state, api);
    if (answer !== undefined) return answer;
  }
  return fail(notFound("route_not_found"));
}

/** The clock extension: GET reads it, POST `{advance_to}` moves a manual clock forward. */
function clock(state: ServeState, req: Request): Response {
  const now = (): Response => ({ status: 200, body: { clock: { now: formatInstant(state.now) } } });
  if (req.method === "GET") return now();
  if (req.method !== "POST") return fail(notFound("route_not_found"));
  const raw = isObj(req.body) ? req.body["advance_to"] : undefined;
  const to: Instant | undefined = parseInstant(raw);
  if (to === undefined) return fail(refusedToWire({ code: "validation_errors", error_details: { advance_to: [raw === undefined || raw === null ? "value_is_mandatory" : "invalid_timestamp"] } }));
  if (!state.moveClock(to, true)) return fail(refusedToWire({ code: "validation_errors", error_details: { advance_to: ["invalid_value"] } }));
  return now();
}
