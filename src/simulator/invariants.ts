/**
 * Internal assertions of the simulator (TigerBeetle-style: the state machine checks what it
 * relies on). Off by default, because some cost a scan; the test suite turns them on, so that
 * every scenario it runs is also a check of them. No I/O, no global clock: a plain switch.
 */
let enabled = false;

/** Turns the simulator's internal assertions on or off (for tests). */
export function setInvariantChecks(on: boolean): void {
  enabled = on;
}

export function invariantChecks(): boolean {
  return enabled;
}
