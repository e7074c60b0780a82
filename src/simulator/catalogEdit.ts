/**
 * What the catalog-editing operations share (update_add_on, update_coupon, … beyond the
 * contract's list): the object named by `code`, the fields of the step (`{code, <wrapper>: {...}}`
 * or `{code, ...fields}`), and the warning for a code the step would change.
 */
import type { Sim } from "./sim.js";
import { isObj, type Obj, type Step } from "./steps.js";

/** The step's fields: its `<wrapper>` object, else the body itself. */
export function editFields(step: Step, wrapper: string): Obj {
  const inner = step.body[wrapper];
  return isObj(inner) ? inner : step.body;
}

/**
 * The object keeps its code (ids are derived from codes: another code would be another object);
 * a different `code` in the fields is named in an `ignored_field` warning.
 */
export function keepCode(sim: Sim, step: Step, fields: Obj, code: string, what: string): void {
  const asked = fields["code"];
  if (asked !== undefined && asked !== null && asked !== code) {
    sim.warn(step.at, `${what} ${code}: its code cannot change (ratecard derives ids from codes); code ${JSON.stringify(asked)} ignored`, step.index, "ignored_field");
  }
}
