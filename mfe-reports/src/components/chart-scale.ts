/**
 * The value axis of a bar or column chart runs past the longest bar by a fifth (at least one count),
 * so the value label drawn at the end of that bar stays inside the plot instead of being clipped.
 */
export function valueAxisMax(counts: readonly number[]): number {
  const longest = Math.max(0, ...counts);
  return longest + Math.max(1, Math.ceil(longest * 0.2));
}
