export const weightUnits = ['kg', 'gr', 'lb', 'oz'] as const;
export type WeightUnit = (typeof weightUnits)[number];

const gramsPer: Record<WeightUnit, number> = { kg: 1000, gr: 1, lb: 453.59237, oz: 28.349523125 };

/** A weight in the given unit as whole grams, the unit of every cart and order total. */
export function toGrams(weight: number | null, unit: WeightUnit): number {
  return weight === null ? 0 : Math.round(weight * gramsPer[unit]);
}

/** Whole grams in the given unit, to three decimals: enough that `toGrams` gives the same grams back. */
export function fromGrams(grams: number, unit: WeightUnit): number {
  return Math.round((grams / gramsPer[unit]) * 1000) / 1000;
}
