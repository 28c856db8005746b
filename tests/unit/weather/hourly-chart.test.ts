import { describe, expect, it } from 'vitest'
import { formatHour } from '../../../src/lib/format.ts'
import { CHART_COLUMN, CHART_ROWS, chartPoints, hourLabel } from '../../../src/lib/weather/hourly-chart.ts'

describe('chartPoints', () => {
  it('spans the temperature rows from the lowest to the highest value', () => {
    const points = chartPoints([10, 20, 15], [0, 100, 50])
    expect(points.map((p) => p.x)).toEqual([CHART_COLUMN / 2, CHART_COLUMN * 1.5, CHART_COLUMN * 2.5])
    expect(points[0]?.y).toBe(CHART_ROWS.tempBottom)
    expect(points[1]?.y).toBe(CHART_ROWS.tempTop)
    expect(points[2]?.y).toBe((CHART_ROWS.tempTop + CHART_ROWS.tempBottom) / 2)
    expect(points[1]?.bar).toEqual({ y: CHART_ROWS.barBottom - CHART_ROWS.barMax, height: CHART_ROWS.barMax })
    expect(points[0]?.bar).toEqual({ y: CHART_ROWS.barBottom, height: 0 })
  })
  it('puts a flat day in the middle and leaves unknown values out', () => {
    const points = chartPoints([5, null, 5], [null, 30, Number.NaN])
    expect(points[0]?.y).toBe((CHART_ROWS.tempTop + CHART_ROWS.tempBottom) / 2)
    expect(points[1]?.y).toBeNull()
    expect(points[0]?.bar).toBeNull()
    expect(points[2]?.bar).toBeNull()
  })
  it('clamps rain chances outside 0-100', () => {
    const [over, under] = chartPoints([1, 2], [250, -5])
    expect(over?.bar?.height).toBe(CHART_ROWS.barMax)
    expect(under?.bar?.height).toBe(0)
  })
})

describe('hourLabel', () => {
  // 23:00 UTC on Saturday 3 January 2026 is 3 PM in Los Angeles; 08:00 UTC on Sunday is midnight there.
  const afternoon = Date.UTC(2026, 0, 3, 23)
  const midnight = Date.UTC(2026, 0, 4, 8)
  it('marks the hour in each language, with minutes where a bare number would be unclear', () => {
    const label = (locale: string) => hourLabel(afternoon, locale, 'America/Los_Angeles').text.replace(/\s/g, ' ')
    expect(label('en')).toBe('3 PM')
    expect(label('es')).toBe('15:00')
    expect(label('de')).toBe('15 Uhr')
    expect(label('ja')).toBe('15時')
    expect(label('fr')).toBe('15 h')
  })
  it("uses the place's time zone", () => {
    expect(hourLabel(afternoon, 'en', 'America/New_York').text.replace(/\s/g, ' ')).toBe('6 PM')
    expect(hourLabel(afternoon, 'en', 'Not/AZone').text.replace(/\s/g, ' ')).toBe('11 PM')
  })
  it('shows the weekday at local midnight', () => {
    expect(hourLabel(midnight, 'en', 'America/Los_Angeles')).toEqual({ text: 'Sun', day: true })
    expect(hourLabel(midnight, 'es', 'America/Los_Angeles')).toEqual({ text: 'dom', day: true })
  })
})

describe('the hour as a time in every language', () => {
  // 05:00 UTC on Sunday 4 January 2026 is 9 PM on Saturday in Los Angeles.
  const evening = Date.UTC(2026, 0, 4, 5)
  const times: [string, string][] = [
    ['en', '9 PM'],
    ['es', '21:00'],
    ['fr', '21 h'],
    ['de', '21 Uhr'],
    ['ja', '21時'],
    ['zh', '21时'],
  ]
  it.each(times)('the table and the chart say the hour in %s as %s, never a bare number', (locale, text) => {
    const table = formatHour(evening, locale, 'America/Los_Angeles').replace(/\s/g, ' ')
    const chart = hourLabel(evening, locale, 'America/Los_Angeles')
    expect(table).toBe(text)
    expect({ ...chart, text: chart.text.replace(/\s/g, ' ') }).toEqual({ text, day: false })
    expect(table).not.toMatch(/^\d+$/)
  })
})
