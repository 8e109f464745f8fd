/**
 * SPEC.md §4: BMI is weight (kg) divided by height in metres squared, to 2 decimals, empty if
 * weight or height is missing. A zero or negative measurement counts as missing: it is not a
 * body to divide by.
 */
export function computeBmi(weightKg: unknown, heightCm: unknown): number | null {
  if (!isPositive(weightKg) || !isPositive(heightCm)) return null;
  const metres = heightCm / 100;
  const bmi = Math.round((weightKg / (metres * metres)) * 100) / 100;
  return Number.isFinite(bmi) ? bmi : null;
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
