/**
 * Golden rows (getlago/lago-api spec/scenarios/golden/matrix/*.yml, figures only) that the pricing
 * translator (`golden-pricing-helpers.ts`) runs, plus what blocks B17–B20 need on top of it:
 * wallet balances read at the end of the timeline (`expect.wallet`, selected by `code`), and
 * `update_coupon`, which the reference applies to the catalog coupon only (an applied coupon keeps
 * the terms it was applied with), so it changes nothing for the customer of the row.
 */
import { simulate } from "../../../src/index.js";
import { checkRow, translate, type GoldenRow } from "./golden-pricing-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const dec = (x: unknown): number => Number(x);

function normalize(row: GoldenRow): GoldenRow {
  const timeline = (row.timeline ?? []).filter((s: Json) => s.do !== "update_coupon");
  return { ...row, timeline };
}

/** The differences between a row's expectations and ratecard's result (empty: agreement). */
export function checkStackRow(row: GoldenRow): { errs: string[]; out: Json } {
  const r = normalize(row);
  const { wallet, ...rest } = r.expect ?? {};
  const res = checkRow({ ...r, expect: rest });
  if (!wallet) return res;
  const { input } = translate(r);
  const first = simulate(input) as Json;
  const until = input.until;
  const ids: string[] = [];
  input.steps.forEach((s: Json, i: number) => {
    if (s.op === "create_wallet") ids.push(first.responses[i]?.wallet?.svc_id);
  });
  const reads = ids.map((svc_id) => ({ at: until, op: "fetch_wallet", body: { svc_id } }));
  const out = simulate({ ...input, steps: [...input.steps, ...reads] }) as Json;
  const got = (out.responses as Json[]).slice(-reads.length).map((x) => x?.wallet);
  for (const w of Array.isArray(wallet) ? wallet : [wallet]) {
    const { code, ...fields } = w;
    const a = code ? got.find((g) => g?.code === code) : got[0];
    if (!a) {
      res.errs.push(`wallet[${code ?? ""}]: none`);
      continue;
    }
    for (const [k, v] of Object.entries(fields)) if (dec(v) !== dec(a[k])) res.errs.push(`wallet[${code ?? ""}].${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(a[k])}`);
  }
  return res;
}

export function expectStackRow(row: GoldenRow): void {
  const { errs } = checkStackRow(row);
  if (errs.length) throw new Error(`${row.id}:\n${errs.join("\n")}`);
}
