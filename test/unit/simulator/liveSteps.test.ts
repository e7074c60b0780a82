/**
 * Simulation.step / moveClock / closeInstant (the server's way in: one step at a time, the clock
 * moved between steps) give what replay gives on the same timeline: replay is built on them,
 * and extra clock moves between steps (to instants with or without due work) change nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Instant } from "../../../src/core/instant.js";
import { prepareSimulation } from "../../../src/simulator/simulate.js";

const example = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../examples/simulation.json"), "utf8")) as { input: Record<string, unknown> };

describe("Simulation.step and moveClock", () => {
  it("one step at a time with clock moves in between equals the replay of the same timeline", () => {
    const whole = prepareSimulation(example.input);
    const expected = JSON.stringify(whole.sim.run(whole.steps, whole.until));

    const live = prepareSimulation(example.input);
    const { sim, steps, until } = live;
    const DAY = 86_400_000;
    steps.forEach((s, i) => {
      // Moves to the step's own instant, to a billing boundary (midnight) and to an empty instant before it.
      const prev = i === 0 ? s.at : steps[i - 1]!.at;
      const midnight = (Math.floor(s.at / DAY) * DAY) as Instant;
      for (const t of [prev + 1, midnight, s.at - 1000, s.at]) if (t > prev && t <= s.at) sim.moveClock(t as Instant);
      sim.step(s, i);
    });
    sim.closeInstant();
    sim.moveClock(until);
    sim.closeInstant();
    const got = sim.result();
    expect(JSON.stringify(got)).toBe(expected);
    expect((got.invoices as unknown[]).length).toBeGreaterThan(1);
  });

  it("moveClock never goes back", () => {
    const { sim } = prepareSimulation({ ...example.input, steps: [] });
    sim.moveClock(1_000 as Instant);
    sim.moveClock(500 as Instant);
    expect(sim.clock).toBe(1_000);
  });
});
