/**
 * A created charge whose `properties` are absent, null or `{}` gets its model's defaults
 * (charges.md §19.3, the reference's BuildDefaultPropertiesService): standard `{amount: "0"}`;
 * graduated and volume one open range at 0; graduated percentage one open range at rate 0;
 * package `{package_size: 1, amount: "0", free_units: 0}`; percentage `{rate: "0"}`; dynamic `{}`.
 */
type Obj = Readonly<Record<string, unknown>>;

const range = { from_value: 0, to_value: null, per_unit_amount: "0", flat_amount: "0" };

export function defaultChargeProperties(model: unknown): Obj | undefined {
  switch (model) {
    case "standard": return { amount: "0" };
    case "graduated": return { graduated_ranges: [{ ...range }] };
    case "volume": return { volume_ranges: [{ ...range }] };
    case "graduated_percentage": return { graduated_percentage_ranges: [{ from_value: 0, to_value: null, rate: "0", flat_amount: "0" }] };
    case "package": return { package_size: 1, amount: "0", free_units: 0 };
    case "percentage": return { rate: "0" };
    case "dynamic": return {};
    default: return undefined;
  }
}

/** `charge` with its model's default properties when it gives none (absent, null or `{}`); else itself. */
export function withDefaultProperties<T extends Obj>(charge: T): T {
  const p = charge["properties"];
  const none = p === undefined || p === null || (typeof p === "object" && !Array.isArray(p) && Object.keys(p).length === 0);
  if (!none) return charge;
  const defaults = defaultChargeProperties(charge["charge_model"]);
  return defaults === undefined ? charge : Object.assign({}, charge, { properties: defaults });
}
