/**
 * Shared vocabulary of the charge models: properties, inputs and the one result shape.
 */
import type { Decimal } from "../core/decimal.js";
import type { Path, Result } from "../core/issue.js";

export { CHARGE_MODELS, type ChargeModelName } from "../model/vocabulary.js";
import type { ChargeModelName } from "../model/vocabulary.js";

/** A tier of `graduated_ranges` / `volume_ranges`; `to_value: null` is the open top range. */
export interface AmountRange {
  readonly from_value: Decimal;
  readonly to_value: Decimal | null;
  readonly per_unit_amount: Decimal;
  readonly flat_amount: Decimal;
}

/** A tier of `graduated_percentage_ranges` (`rate` is a percentage: "1.3" = 1.3 %). */
export interface RateRange {
  readonly from_value: Decimal;
  readonly to_value: Decimal | null;
  readonly rate: Decimal;
  readonly flat_amount: Decimal;
}

export interface StandardProperties {
  readonly amount: Decimal;
}
export interface GraduatedProperties {
  readonly graduated_ranges: readonly AmountRange[];
}
export interface GraduatedPercentageProperties {
  readonly graduated_percentage_ranges: readonly RateRange[];
}
export interface PackageProperties {
  readonly amount: Decimal;
  readonly package_size: number;
  readonly free_units: number;
}
export interface PercentageProperties {
  readonly rate: Decimal;
  readonly fixed_amount: Decimal | null;
  readonly free_units_per_events: number | null;
  readonly free_units_per_total_aggregation: Decimal | null;
  readonly per_transaction_min_amount: Decimal | null;
  readonly per_transaction_max_amount: Decimal | null;
}
export interface VolumeProperties {
  readonly volume_ranges: readonly AmountRange[];
}
/** Dynamic charges have no properties: the events carry their price. */
export type DynamicProperties = Readonly<Record<string, never>>;

export interface PropertiesByModel {
  readonly standard: StandardProperties;
  readonly graduated: GraduatedProperties;
  readonly graduated_percentage: GraduatedPercentageProperties;
  readonly package: PackageProperties;
  readonly percentage: PercentageProperties;
  readonly volume: VolumeProperties;
  readonly dynamic: DynamicProperties;
}

/** A charge with parsed properties; `prorated` selects prorated graduated / prorated volume. */
export type Charge = {
  readonly [K in ChargeModelName]: {
    readonly charge_model: K;
    readonly properties: PropertiesByModel[K];
    readonly prorated?: boolean | undefined;
    readonly pay_in_advance?: boolean | undefined;
  };
}[ChargeModelName];

/** The aggregation result a charge model prices (contract §1 `aggregation`). */
export interface Aggregation {
  readonly units: Decimal;
  readonly events_count?: number | undefined;
  /** Prorated charges: the units before time proration. */
  readonly full_units_number?: Decimal | undefined;
  /** Percentage free units: running sum per event, already cut (semantics §6.1). */
  readonly running_total?: readonly Decimal[] | undefined;
  /** Per-event values in time order (percentage min/max; prorated graduated `full[i]`). */
  readonly event_values?: readonly Decimal[] | undefined;
  /** Prorated graduated `pro[i]`: the same events' prorated values. */
  readonly event_prorated_values?: readonly Decimal[] | undefined;
  /** Dynamic: Σ precise_total_amount_cents of the events. */
  readonly precise_total_amount_cents?: Decimal | undefined;
  /** Weighted sums: the value before the weighting. No model reads it; `parseAggregation` carries it for fees. */
  readonly total_aggregated_units?: Decimal | undefined;
}

/** Options of one evaluation. */
export interface RateOptions {
  /** Minor units per currency unit (`10^exponent`); dynamic needs it. */
  readonly subunit_to_unit?: Decimal | undefined;
  /** Elapsed share of the period; with `calculate_projected_usage` gives the projections. */
  readonly period_ratio?: Decimal | null | undefined;
  readonly calculate_projected_usage?: boolean | undefined;
  /** Pay-in-advance "before" side: the model is evaluated without the current event (§3.6, §4). */
  readonly exclude_event?: boolean | undefined;
}

/** What one model function receives. */
export interface ChargeInput<P> {
  readonly properties: P;
  readonly aggregation: Aggregation;
  readonly prorated: boolean;
  readonly options: RateOptions;
}

export interface GraduatedRangeDetail {
  readonly from_value: Decimal;
  readonly to_value: Decimal | null;
  readonly flat_unit_amount: Decimal;
  readonly per_unit_amount: Decimal;
  readonly units: Decimal;
  readonly per_unit_total_amount: Decimal;
  readonly total_with_flat_amount: Decimal;
}

export interface GraduatedPercentageRangeDetail {
  readonly from_value: Decimal;
  readonly to_value: Decimal | null;
  readonly flat_unit_amount: Decimal;
  readonly rate: Decimal;
  readonly units: Decimal;
  readonly per_unit_total_amount: Decimal;
  readonly total_with_flat_amount: Decimal;
}

export interface PackageDetails {
  readonly free_units: Decimal;
  readonly paid_units: Decimal;
  readonly per_package_size: number;
  readonly per_package_unit_amount: Decimal;
}

export interface PercentageDetails {
  readonly units: Decimal;
  readonly free_units: Decimal;
  readonly free_events: number;
  readonly paid_units: Decimal;
  readonly rate: Decimal;
  readonly per_unit_total_amount: Decimal;
  readonly paid_events: number;
  readonly fixed_fee_unit_amount: Decimal;
  readonly fixed_fee_total_amount: Decimal;
  readonly min_max_adjustment_total_amount: Decimal;
}

export interface VolumeDetails {
  readonly flat_unit_amount: Decimal;
  readonly per_unit_amount: Decimal;
  readonly per_unit_total_amount: Decimal;
}

/** `amount_details` by model (`{}` for standard, dynamic and prorated graduated). */
export type AmountDetails =
  | { readonly kind: "none" }
  | { readonly kind: "graduated"; readonly graduated_ranges: readonly GraduatedRangeDetail[] }
  | {
      readonly kind: "graduated_percentage";
      readonly graduated_percentage_ranges: readonly GraduatedPercentageRangeDetail[];
    }
  | ({ readonly kind: "package" } & PackageDetails)
  | ({ readonly kind: "percentage" } & PercentageDetails)
  | ({ readonly kind: "volume" } & VolumeDetails);

/** The one result shape of every model (semantics §1). Amounts in currency units, unrounded. */
export interface ChargeResult {
  readonly units: Decimal;
  readonly amount: Decimal;
  readonly unit_amount: Decimal;
  readonly amount_details: AmountDetails;
  readonly projected_units?: Decimal | undefined;
  readonly projected_amount?: Decimal | undefined;
}

/** The part of a result a model computes; the dispatcher adds `units` and projections. */
export interface ModelOutput {
  readonly amount: Decimal;
  readonly unit_amount: Decimal;
  readonly amount_details: AmountDetails;
  /** The model's projected amount for `projected_units` at `period_ratio`. */
  readonly project: (projectedUnits: Decimal, ratio: Decimal | null) => Decimal;
}

/** One charge model: its property parser and its rating function, side by side. */
export interface ChargeModelDef<K extends ChargeModelName> {
  readonly name: K;
  /** Validates raw JSON properties (semantics §19); issue paths start with `path`. */
  readonly parse: (properties: unknown, path: Path) => Result<PropertiesByModel[K]>;
  readonly rate: (input: ChargeInput<PropertiesByModel[K]>) => ModelOutput;
  /** Laws the property tests check: graduated amounts never decrease as units grow, volume may. */
  readonly laws: { readonly monotoneInUnits: boolean };
}
