/** EPA UV index categories. */
export type UvLevel = 'low' | 'moderate' | 'high' | 'veryHigh' | 'extreme'

/**
 * The EPA category of a UV index. The EPA index is a whole number, so the model's decimal value is
 * rounded first: 2.5 shows as 3 and is 'moderate', as the number beside it says. NaN and negatives are 'low'.
 * @example uvLevel(7.6) // 'veryHigh' (rounds to 8)
 */
export function uvLevel(uv: number): UvLevel {
  const index = Math.round(uv)
  // Written as !(x >= n) so NaN lands in 'low' rather than falling through to 'extreme'.
  if (!(index >= 3)) return 'low'
  if (index < 6) return 'moderate'
  if (index < 8) return 'high'
  if (index < 11) return 'veryHigh'
  return 'extreme'
}

/**
 * Whether to suggest sunscreen: EPA advises protection from 'moderate' up when outside 30+ minutes.
 * @example sunscreenAdvised('low') // false
 */
export function sunscreenAdvised(level: UvLevel): boolean {
  return level !== 'low'
}

/**
 * The UV value to show. At night it is the current value (0), never the day's maximum: showing the
 * maximum after dark is a bug several weather apps shipped (DATA_SOURCES 1.7). By day the current
 * value, or the day's maximum when the current one is missing.
 * @example uvToShow(0, 2.1, false) // 0
 */
export function uvToShow(currentUv: number | null, dailyMax: number | null, isDay: boolean): number | null {
  if (!isDay) return currentUv
  return currentUv ?? dailyMax
}
