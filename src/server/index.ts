/**
 * `ratecard serve`: the service's HTTP API over the simulator, with a clock the caller controls
 * (docs/serve.md). Not part of the package's library entry points: the CLI starts it.
 */
export { createServer, DEFAULT_BODY_LIMIT, DEFAULT_NOW, type ServeHandle, type ServeOptions, ServeError } from "./http.js";
export { type LogEntry, ServeState } from "./state.js";
