/**
 * Wallets (create, update, terminate, fetch, list), wallet transactions (create, list per
 * wallet, fetch) and wallet alerts. Reading a wallet is the `fetch_wallet` step, which
 * refreshes the customer's ongoing balances first (and so may run a threshold top-up, as the
 * reference's refresh does): unlike the other reads it is performed and logged as a step.
 */
import { alertObject } from "../../simulator/alerts.js";
import { isObj, type Obj } from "../../simulator/steps.js";
import { type ApiRequest, emptyOk, filtered, invalid, list, missing, notFoundResponse, ok, outcome, type Response, step, wrapped } from "../respond.js";
import type { ServeState } from "../state.js";

export function walletRoutes(state: ServeState, req: ApiRequest): Response | undefined {
  switch (req.resource) {
    case "wallets": return req.subId === undefined ? wallets(state, req) : undefined;
    case "wallet_transactions": return req.sub === undefined ? walletTransactions(state, req) : undefined;
    case "customers": return req.sub === "wallets" && req.subId !== undefined && req.rest[0] === "alerts" && req.rest.length <= 2 ? walletAlerts(state, req) : undefined;
    default: return undefined;
  }
}

function wallets(state: ServeState, req: ApiRequest): Response | undefined {
  const { id, sub, method: m } = req;
  if (id === undefined) {
    if (m === "POST") return step(state, req, "wallet", "create_wallet");
    if (m !== "GET") return undefined;
    const external = req.query.get("external_customer_id");
    if (external === null || external === "") return invalid({ external_customer_id: ["value_is_mandatory"] });
    const customer = state.sim.customers.get(external);
    if (customer === undefined) return notFoundResponse("customer_not_found");
    const accounts = state.sim.wallets.of(customer);
    // The balances as of now: the customer's wallets refreshed (fetch_wallet) before they are listed.
    if (accounts.length > 0) {
      const refreshed = state.perform("fetch_wallet", { external_customer_id: external });
      if (!refreshed.ok) return outcome(refreshed);
    }
    return list(req, "wallets", state.sim.wallets.of(customer).map((a) => state.sim.wallets.walletObject(a.wallet.svc_id)));
  }
  if (sub === "wallet_transactions") {
    if (m !== "GET") return undefined;
    if (state.sim.wallets.find(id) === undefined) return notFoundResponse("wallet_not_found");
    const all = (state.sim.wallets.transactionsJson() as Obj[]).filter((t) => t["svc_wallet_id"] === id);
    return list(req, "wallet_transactions", filtered(all, req.query, ["status", "transaction_status", "transaction_type"]));
  }
  if (sub !== undefined) return undefined;
  if (state.sim.wallets.find(id) === undefined && (m === "GET" || m === "PUT" || m === "DELETE")) return notFoundResponse("wallet_not_found");
  if (m === "GET") return outcome(state.perform("fetch_wallet", { svc_id: id }));
  if (m === "PUT") return step(state, req, "wallet", "update_wallet", { wallet_id: id });
  if (m === "DELETE") return outcome(state.perform("terminate_wallet", { wallet_id: id }));
  return undefined;
}

/** POST /wallet_transactions `{wallet_transaction: {wallet_id, paid_credits, granted_credits, voided_credits, …}}` → `{wallet_transactions}`; GET /wallet_transactions/:id. */
function walletTransactions(state: ServeState, req: ApiRequest): Response | undefined {
  const { id, method: m } = req;
  if (id === undefined) return m === "POST" ? step(state, req, "wallet_transaction", "create_wallet_transaction") : undefined;
  if (m !== "GET") return undefined;
  const t = (state.sim.wallets.transactionsJson() as Obj[]).find((x) => x["svc_id"] === id);
  return t === undefined ? notFoundResponse("wallet_transaction_not_found") : ok({ wallet_transaction: t });
}

/**
 * /customers/:external_id/wallets/:code/alerts[/:alert_code]: create (`create_alert`, several:
 * `create_alerts`), list, fetch (`fetch_alert`), update, delete one (`delete_alert`) or all (`delete_alerts`).
 */
function walletAlerts(state: ServeState, req: ApiRequest): Response | undefined {
  const customer = req.id!;
  const code = req.subId!;
  const alertCode = req.rest[1];
  const m = req.method;
  const where = { external_customer_id: customer, wallet_code: code };
  if (alertCode === undefined && m === "POST") {
    // Several in one call (`{alerts: [...]}`): `create_alerts`, all or nothing.
    if (wrapped(req, "alert") === undefined && isObj(req.body) && req.body["alerts"] !== undefined) return outcome(state.perform("create_alerts", { alerts: req.body["alerts"], ...where }));
    return step(state, req, "alert", "create_alert", where);
  }
  if (alertCode === undefined && m === "DELETE") return emptyOk(state.perform("delete_alerts", where));
  if (alertCode !== undefined && m === "GET") return outcome(state.read("fetch_alert", { ...where, code: alertCode }));
  if (alertCode !== undefined && m === "PUT") {
    const patch = wrapped(req, "alert");
    return patch === undefined ? missing("alert") : outcome(state.perform("update_alert", { ...where, code: alertCode, alert: patch }));
  }
  if (alertCode !== undefined && m === "DELETE") return outcome(state.perform("delete_alert", { ...where, code: alertCode }));
  if (alertCode === undefined && m === "GET") {
    const c = state.sim.customers.get(customer);
    if (c === undefined) return notFoundResponse("customer_not_found");
    const wallet = state.sim.wallets.of(c).find((a) => a.wallet.code === code);
    if (wallet === undefined) return notFoundResponse("wallet_not_found");
    return ok({ alerts: state.sim.alerts.filter((a) => a.wallet?.svc_id === wallet.wallet.svc_id).map((a) => alertObject(state.sim, a)) });
  }
  return undefined;
}

