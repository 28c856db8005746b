/** Small helpers the forecast answers share: extremes of values that may be missing, and day names. */
import type { Context } from './context.ts'
import { localTime, weekdayName } from './time.ts'

/**
 * The largest known value, or null when none is known.
 * @example max([3, null, 5]) // 5
 */
export const max = (values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null)
  return known.length ? Math.max(...known) : null
}
/**
 * The smallest known value, or null when none is known.
 * @example min([3, null, 5]) // 3
 */
export const min = (values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null)
  return known.length ? Math.min(...known) : null
}
/**
 * The total, missing values counting as 0.
 * @example sum([0.2, null, 0.3]) // 0.5
 */
export const sum = (values: (number | null)[]): number => values.reduce<number>((total, value) => total + (value ?? 0), 0)

/**
 * The most notable condition of a stretch: WMO codes grow with severity, so the highest.
 * @example worstCode([3, 61, null]) // 61
 */
export const worstCode = (codes: (number | null)[]): number | null => max(codes)

/**
 * The day's name: "today" for today, else its weekday, in the visitor's language.
 * @example dayLabel(c, '2026-01-16') // 'Friday'
 */
export function dayLabel(c: Context, date: string): string {
  return date === localTime(c.now, c.timeZone).date
    ? c.t('weather.today').toLocaleLowerCase(c.locale)
    : weekdayName(date, c.locale)
}

/**
 * The answer for a time the forecast no longer covers.
 * @example noTime(c) // 'The forecast does not cover that time any more.'
 */
export function noTime(c: Context): string {
  return c.t('assistant.noTime')
}
