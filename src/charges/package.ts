/**
 * Package: every started package of `package_size` units costs `amount`, after `free_units`
 * (semantics §5). Exported as `packageModel` (`package` is a reserved word).
 */
import { type Decimal, ONE, ZERO, dec, divOrZero, round } from "../core/decimal.js";
import { IssueCollector, type Path } from "../core/issue.js";
import { asObject, finish, readDecimal, readInteger } from "./_parse.js";
import type { ChargeModelDef, PackageDetails, PackageProperties } from "./types.js";

export const packageModel: ChargeModelDef<"package"> = {
  name: "package",
  parse(properties: unknown, path: Path) {
    const c = new IssueCollector();
    const o = asObject(properties, path, c);
    const amount = readDecimal(o, "amount", path, c, { code: "invalid_amount" });
    // charges.md §19.1/§19.4: both must be present JSON integers (a missing one is its own code).
    const size = readInteger(o, "package_size", path, c, "invalid_package_size", 1, "required", "invalid_package_size");
    const free = readInteger(o, "free_units", path, c, "invalid_free_units", 0, "required", "invalid_free_units");
    return finish(c, () => ({ amount: amount!, package_size: size!, free_units: free! }));
  },
  rate({ properties, aggregation }) {
    const units = aggregation.units;
    const paid = units.minus(dec(properties.free_units));
    const amount = packagesAmount(properties, paid);
    return {
      amount,
      unit_amount: paid.lte(ZERO) ? ZERO : divOrZero(amount, paid),
      amount_details: { kind: "package", ...packageDetails(properties, units, paid) },
      project: (projected) => (projected.eq(ZERO) ? ZERO : packagesAmount(properties, projected.minus(dec(properties.free_units)))),
    };
  },
  laws: { monotoneInUnits: true },
};

/** `ceil(paid / size) × amount`, 0 when nothing is paid. */
function packagesAmount(p: PackageProperties, paid: Decimal): Decimal {
  if (paid.lte(ZERO)) return ZERO;
  return packageCount(paid, dec(p.package_size)).times(p.amount);
}

/**
 * `ceil(paid / size)` exactly: the quotient is rounded at 40 places, so it is corrected
 * against the product (a started package is a full package).
 */
function packageCount(paid: Decimal, size: Decimal): Decimal {
  let q = round(paid.div(size), 0, "floor");
  if (q.times(size).gt(paid)) q = q.minus(ONE);
  return q.times(size).lt(paid) ? q.plus(ONE) : q;
}

function packageDetails(p: PackageProperties, units: Decimal, paid: Decimal): PackageDetails {
  if (units.eq(ZERO)) return { free_units: ZERO, paid_units: ZERO, per_package_size: 0, per_package_unit_amount: ZERO };
  return {
    free_units: dec(p.free_units),
    paid_units: paid.lt(ZERO) ? ZERO : paid,
    per_package_size: p.package_size,
    per_package_unit_amount: p.amount,
  };
}
