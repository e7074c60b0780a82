/**
 * Webhook endpoints: `POST /webhook_endpoints` `{webhook_endpoint: {webhook_url, signature_algo,
 * name, event_types}}`, GET list and fetch, PUT, DELETE — at most ten. The server keeps them
 * (and logs them with `--data`); webhooks.ts delivers the simulation's messages to them.
 */
import { type ApiRequest, fail, list, missing, notFoundResponse, ok, type Response, wrapped } from "../respond.js";
import type { ServeState, WebhookEndpoint } from "../state.js";
import { refusedToWire } from "../wire.js";

export function webhookEndpointRoutes(state: ServeState, req: ApiRequest): Response | undefined {
  if (req.resource !== "webhook_endpoints" || req.sub !== undefined) return undefined;
  const { id, method: m } = req;
  if (id === undefined) {
    if (m === "GET") return list(req, "webhook_endpoints", state.webhookEndpoints().map(endpointJson));
    if (m !== "POST") return undefined;
  } else if (m === "GET") {
    const e = state.webhookEndpoints().find((x) => x.svc_id === id);
    return e === undefined ? notFoundResponse("webhook_endpoint_not_found") : ok({ webhook_endpoint: endpointJson(e) });
  } else if (m !== "PUT" && m !== "DELETE") return undefined;
  let body: Record<string, unknown> | null = null;
  if (m !== "DELETE") {
    body = wrapped(req, "webhook_endpoint") ?? null;
    if (body === null) return missing("webhook_endpoint");
  }
  const r = state.changeEndpoint(id, body);
  return r.ok ? ok({ webhook_endpoint: endpointJson(r.endpoint) }) : fail(refusedToWire(r.error));
}

function endpointJson(e: WebhookEndpoint): Record<string, unknown> {
  return {
    svc_id: e.svc_id, svc_organization_id: e.svc_organization_id, webhook_url: e.webhook_url, signature_algo: e.signature_algo,
    name: e.name, event_types: e.event_types === null ? null : [...e.event_types], created_at: e.created_at,
  };
}
