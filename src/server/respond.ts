/**
 * What every route module of `ratecard serve` shares: the request and response of a route, the
 * answers built from an outcome of the state, the wrapper key of a body, list pages.
 */
import { isObj, type Obj } from "../simulator/steps.js";
import type { Outcome, ServeState } from "./state.js";
import { badRequest, methodNotAllowed, notFound, paginate, refusedToWire, toWire, type WireError } from "./wire.js";

export interface Request {
  readonly method: string;
  /** The path without the query, e.g. `/api/v1/customers/c1`. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** The parsed JSON body (undefined when there is none). */
  readonly body: unknown;
}

export interface Response {
  readonly status: number;
  /** JSON, or the text itself when `text` is set. */
  readonly body: unknown;
  /** The body is a string sent as `text/plain`. */
  readonly text?: boolean;
}

/** A request of the API, its path cut into segments after `/api/v1`: `/resource/id/sub/subId/...rest`. */
export interface ApiRequest extends Request {
  readonly resource: string;
  readonly id: string | undefined;
  readonly sub: string | undefined;
  readonly subId: string | undefined;
  /** The segments after `subId` (`/customers/c1/wallets/w1/alerts/a1`: `["alerts", "a1"]`). */
  readonly rest: readonly string[];
}

/** A route module: its answer, or undefined when the request is none of its routes. */
export type Routes = (state: ServeState, req: ApiRequest) => Response | undefined;

export const ok = (body: unknown): Response => ({ status: 200, body: toWire(body) });
export const fail = (e: WireError): Response => ({ status: e.status, body: e.body });
export const outcome = (o: Outcome): Response => (o.ok ? ok(o.body) : fail(refusedToWire(o.error)));
/** An accepted call the reference answers with an empty body (`head :ok`); a refusal as {@link outcome}. */
export const emptyOk = (o: Outcome): Response => (o.ok ? { status: 200, body: "", text: true } : outcome(o));
export const notFoundResponse = (code: string): Response => fail(notFound(code));
/** A call of the reference's API that the simulator cannot perform (docs/serve.md, "Not served"). */
export const notImplemented = (): Response => fail(methodNotAllowed("not_implemented"));
/** A refusal with the codes of each field (422 `validation_errors`). */
export const invalid = (details: Record<string, string[]>): Response => fail(refusedToWire({ code: "validation_errors", error_details: details }));

/** The body's object under `key` (the reference's wrapper), if there is one. */
export function wrapped(req: Request, key: string): Obj | undefined {
  const inner = isObj(req.body) ? req.body[key] : undefined;
  return isObj(inner) ? inner : undefined;
}

/** The reference's answer to a missing wrapper. */
export const missing = (key: string): Response => fail(badRequest(`param is missing or the value is empty: ${key}`));

/** A state-changing call: the wrapper's object, with `extra` (ids from the path), performed as a step. */
export function step(state: ServeState, req: Request, wrapper: string, op: string, extra: Obj = {}): Response {
  const body = wrapped(req, wrapper);
  return body === undefined ? missing(wrapper) : outcome(state.perform(op, { ...body, ...extra }));
}

/** A page of `items` under `key`, with `meta` (`page`, `per_page` of the query). */
export function list(req: Request, key: string, items: readonly unknown[]): Response {
  const page = paginate(items, req.query);
  return page.ok ? ok({ [key]: page.items, meta: page.meta }) : fail(refusedToWire(page.error));
}

/** The query's values of `name`, given as `name[]=a&name[]=b`, `name=a` or `name=a,b`. */
export function queryList(query: URLSearchParams, name: string): string[] {
  return [...query.getAll(`${name}[]`), ...query.getAll(name)].flatMap((v) => v.split(",")).filter((v) => v !== "");
}

/** Keeps the objects whose field equals the query's value, for each field of `fields` the query gives. */
export function filtered(items: readonly Obj[], query: URLSearchParams, fields: readonly string[]): Obj[] {
  const wanted = fields.map((k) => [k, query.get(k)] as const).filter(([, v]) => v !== null && v !== "");
  return items.filter((o) => wanted.every(([k, v]) => String(o[k]) === v));
}
