/**
 * One step of a timeline performed: its `$ref`s resolved, then handed to its operation
 * (operations/, one file each). An operation answers its response or a `Refusal` (refusal.ts),
 * returned before it changes anything; a refused step answers `{error}`. One exception
 * remains, and is not control flow: a library rule that meets a value beyond what it can
 * compute exactly (an amount beyond the exact range, …) throws `ValidationError`; the step
 * is then refused with that error (events take their rows back out, events.ts).
 */
import { ValidationError } from "../core/issue.js";
import { OPERATION_RUNS } from "./operations/index.js";
import { warnIgnoredKeys } from "./ignoredKeys.js";
import { resolveRefs } from "./refs.js";
import { isRefusal, refusal } from "./refusal.js";
import type { Sim } from "./sim.js";
import type { Obj, Operation, Step } from "./steps.js";

/** Performs `raw` (the step at `index`) on the simulation and returns its response. */
export function performStep(sim: Sim, raw: Step, index: number): unknown {
  const body = resolveRefs(raw.body, sim.refSources);
  if (isRefusal(body)) return { error: body.error };
  const step: Step = { index, at: raw.at, op: raw.op, body: body as Obj };
  touchStep(sim, step);
  const run = OPERATION_RUNS[step.op as Operation] as (typeof OPERATION_RUNS)[Operation] | undefined;
  if (run === undefined) {
    sim.warn(step.at, `operation ${step.op} is not implemented yet; the step changed nothing`, index);
    return { error: refusal("not_implemented").error };
  }
  try {
    const answer = run(sim, step);
    if (isRefusal(answer)) return { error: answer.error };
    warnIgnoredKeys(sim, step);
    return answer;
  } catch (err) {
    if (err instanceof ValidationError) return { error: { code: "validation_errors", error_details: err.error_details } };
    throw err;
  }
}

/** Operations that change nothing the schedule reads (events only add usage; reads and estimates change no date). */
const UNSCHEDULED: ReadonlySet<string> = new Set([
  "create_event", "create_events", "fetch_current_usage", "fetch_projected_usage", "fetch_subscription", "fetch_wallet", "fetch_alert",
  "estimate_credit_note", "preview_invoice", "create_alert", "update_fee", "fetch_lifetime_usage",
]);

/**
 * Marks for the schedule the customers a step concerns (schedule.ts): those its body names,
 * directly or through a subscription, an invoice or a wallet; a plan update reaches every
 * customer on the plan, so it marks them all. Resolved when the schedule is next brought up
 * to date, after the step (a customer the step creates is found then).
 */
function touchStep(sim: Sim, step: Step): void {
  if (UNSCHEDULED.has(step.op)) return;
  const b = step.body;
  const text = (k: string): string | undefined => (typeof b[k] === "string" ? b[k] : undefined);
  if (step.op === "update_plan") return sim.schedule.touchEverything();
  const customer = text("external_customer_id");
  if (customer !== undefined) sim.schedule.touchCustomerId(customer);
  const external = text("external_id");
  if (external !== undefined) {
    if (step.op === "create_customer") sim.schedule.touchCustomerId(external);
    else sim.schedule.touchSubscriptionId(external);
  }
  const subscription = text("external_subscription_id");
  if (subscription !== undefined) sim.schedule.touchSubscriptionId(subscription);
  const invoice = text("invoice_id");
  const inv = invoice === undefined ? undefined : sim.invoicing.invoiceById(invoice);
  if (inv !== undefined) sim.schedule.touch(inv.customer);
  const wallet = sim.wallets.find(b["wallet_id"]);
  const owner = wallet === undefined ? undefined : sim.customerById(wallet.wallet.svc_customer_id);
  if (owner !== undefined) sim.schedule.touch(owner);
  if (customer === undefined && external === undefined && subscription === undefined && inv === undefined && owner === undefined) sim.schedule.touchEverything();
}
