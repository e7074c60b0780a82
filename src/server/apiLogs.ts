/**
 * `api_logs`: every write request of the API (`POST`, `PUT`, `DELETE` under `/api/v1`, with a
 * valid key), answered or refused, kept in memory with what it was answered — the reference's
 * API log (interface-spec.md, "API log"). Not written to `--data`: a restart starts a new
 * log. The newest {@link DEFAULT_API_LOG_LIMIT} are kept (`apiLogLimit` from code).
 */
import { formatInstant, type Instant } from "../core/instant.js";
import type { Obj } from "../simulator/steps.js";
import { type Request, type Response, invalid, list, notFoundResponse, ok, queryList } from "./respond.js";

export const DEFAULT_API_LOG_LIMIT = 10_000;
/** The methods logged (the specification's `http_methods[]` values, in upper case). */
export const LOGGED_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "DELETE"]);

export interface ApiLog {
  readonly request_id: string;
  readonly api_version: string;
  readonly client: string;
  readonly http_method: string;
  readonly http_status: number;
  readonly request_body: string;
  readonly request_origin: string;
  /** The path under `/api/v1` (`/billable_metrics`), with its query. */
  readonly request_path: string;
  readonly request_response: string;
  /** The clock's instant when it was answered. */
  readonly at: Instant;
}

export class ApiLogs {
  private logs: ApiLog[] = [];
  constructor(private readonly limit = DEFAULT_API_LOG_LIMIT) {}

  record(log: ApiLog): void {
    this.logs.push(log);
    if (this.logs.length > this.limit) this.logs = this.logs.slice(this.logs.length - this.limit);
  }

  /**
   * GET /api_logs (newest first): `from_date`, `to_date` (dates, UTC, on `logged_at`),
   * `http_methods[]` (`post`, `put`, `delete`), `http_statuses[]` (`succeeded`: below 400,
   * `failed`: 400 and above, or a status), `api_version`, `request_paths` (a path prefix);
   * GET /api_logs/:request_id.
   */
  route(req: Request, id: string | undefined): Response | undefined {
    if (req.method !== "GET") return undefined;
    if (id !== undefined) {
      const log = this.logs.find((l) => l.request_id === id);
      return log === undefined ? notFoundResponse("api_log_not_found") : ok({ api_log: apiLogJson(log) });
    }
    const q = req.query;
    const details: Record<string, string[]> = {};
    const date = (k: string): string | null => {
      const v = q.get(k);
      if (v !== null && v !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(v)) details[k] = ["invalid_date"];
      return v === null || v === "" ? null : v;
    };
    const from = date("from_date");
    const to = date("to_date");
    const methods = queryList(q, "http_methods").map((m) => m.toUpperCase());
    if (methods.some((m) => !LOGGED_METHODS.has(m))) details["http_methods"] = ["invalid_value"];
    const statuses = queryList(q, "http_statuses");
    if (statuses.some((s) => s !== "succeeded" && s !== "failed" && !/^[1-5][0-9]{2}$/.test(s))) details["http_statuses"] = ["invalid_value"];
    if (Object.keys(details).length > 0) return invalid(details);
    const version = q.get("api_version");
    const prefix = (q.get("request_paths") ?? "").replace(/\/+$/, "");
    const found = this.logs.filter((l) => {
      const day = formatInstant(l.at).slice(0, 10);
      return (from === null || day >= from) && (to === null || day <= to)
        && (methods.length === 0 || methods.includes(l.http_method))
        && (statuses.length === 0 || statuses.some((s) => (s === "succeeded" ? l.http_status < 400 : s === "failed" ? l.http_status >= 400 : l.http_status === Number(s))))
        && (version === null || version === "" || l.api_version === version)
        && (prefix === "" || l.request_path === prefix || l.request_path.startsWith(`${prefix}/`) || l.request_path.startsWith(`${prefix}?`));
    });
    return list(req, "api_logs", [...found].reverse().map(apiLogJson));
  }
}

function apiLogJson(l: ApiLog): Obj {
  const at = formatInstant(l.at);
  return {
    request_id: l.request_id, api_version: l.api_version, client: l.client, http_method: l.http_method.toLowerCase(), http_status: l.http_status,
    request_body: l.request_body, request_origin: l.request_origin, request_path: l.request_path, request_response: l.request_response,
    logged_at: at, created_at: at,
  };
}
