import { formatHour, safeZone, zonedParts } from '../format.ts'

/** Width of one hour's column in the hourly chart, in CSS pixels (the chart scrolls sideways when wider than its card). */
export const CHART_COLUMN = 56
/** The chart's height in CSS pixels: times, icons, the temperature line with its values, rain chance bars with theirs. */
export const CHART_HEIGHT = 184

/** Rows of the chart, top to bottom (y in CSS pixels). */
export const CHART_ROWS = {
  /** Baseline of the time labels. */
  time: 16,
  /** Top of the weather icons (28 px). */
  icon: 26,
  /** Highest and lowest point of the temperature line; each value sits 8 px above its point. */
  tempTop: 86,
  tempBottom: 124,
  /** Bottom of the rain chance bars (a 100 % bar is `barMax` tall) and the baseline of their labels. */
  barBottom: 164,
  barMax: 26,
  barLabel: 180,
} as const

export type ChartPoint = {
  /** Centre of the hour's column. */
  x: number
  /** The temperature's point, or null when unknown. */
  y: number | null
  /** The rain chance bar's top and height, or null when unknown. */
  bar: { y: number; height: number } | null
}

/**
 * Where each hour's point and bar sit. `values` are the temperatures in the shown unit; the line spans
 * the rows between the day's lowest and highest, a flat day sits in the middle.
 * @example chartPoints([10, 20], [0, 100])[1] // { x: 84, y: 86, bar: { y: 138, height: 26 } }
 */
export function chartPoints(values: readonly (number | null)[], chances: readonly (number | null)[]): ChartPoint[] {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value))
  const low = Math.min(...known)
  const high = Math.max(...known)
  const { tempTop, tempBottom, barBottom, barMax } = CHART_ROWS
  const y = (value: number) =>
    high === low ? (tempTop + tempBottom) / 2 : tempBottom - ((value - low) / (high - low)) * (tempBottom - tempTop)
  return values.map((value, i) => {
    const chance = chances[i]
    const bar =
      chance === null || chance === undefined || !Number.isFinite(chance)
        ? null
        : {
            y: barBottom - (Math.min(100, Math.max(0, chance)) / 100) * barMax,
            height: (Math.min(100, Math.max(0, chance)) / 100) * barMax,
          }
    return {
      x: i * CHART_COLUMN + CHART_COLUMN / 2,
      y: value === null || !Number.isFinite(value) ? null : Math.round(y(value) * 10) / 10,
      bar: bar && { y: Math.round(bar.y * 10) / 10, height: Math.round(bar.height * 10) / 10 },
    }
  })
}

/**
 * An hour on the chart's axis in the visitor's language and the place's time zone, as a time in every
 * language ("3 PM", "15 h", "15 Uhr", "15時"; Spanish, whose bare hour would read "15", gets "15:00").
 * Local midnight shows the weekday instead ("Sat"), the day's start.
 * @example hourLabel(Date.UTC(2026, 0, 3, 23), 'en', 'America/Los_Angeles') // { text: '3 PM', day: false }
 * @example hourLabel(Date.UTC(2026, 0, 3, 23), 'es', 'America/Los_Angeles') // { text: '15:00', day: false }
 */
export function hourLabel(time: number, locale: string, timeZone: string): { text: string; day: boolean } {
  const zone = safeZone(timeZone)
  if (zonedParts(time, zone).hour === 0) {
    return { text: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: zone }).format(time), day: true }
  }
  return { text: formatHour(time, locale, zone), day: false }
}
