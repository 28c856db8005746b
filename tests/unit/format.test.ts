import { describe, expect, it, vi } from 'vitest'
import { formatAgo, formatDateTime, safeZone, zonedParts } from '../../src/lib/format.ts'

const now = Date.UTC(2026, 10, 22, 12, 0)
describe('formatAgo', () => {
  it.each([
    [5 * 60_000, 'en', '5 minutes ago'],
    [60_000, 'en', '1 minute ago'],
    [0, 'en', 'now'],
    [3 * 3_600_000, 'en', '3 hours ago'],
    [26 * 3_600_000, 'en', 'yesterday'],
    [3 * 86_400_000, 'en', '3 days ago'],
    [5 * 60_000, 'es', 'hace 5 minutos'],
    [5 * 60_000, 'de', 'vor 5 Minuten'],
    [5 * 60_000, 'ja', '5 分前'],
  ])('%d ms ago in %s → %s', (ago, locale, text) => expect(formatAgo(now - ago, now, locale)).toBe(text))
})

describe('formatDateTime', () => {
  it("uses the place's own time zone", () => {
    expect(formatDateTime(now, 'en', 'America/Los_Angeles')).toBe('Nov 22, 4:00 AM')
    expect(formatDateTime(now, 'en', 'America/New_York')).toBe('Nov 22, 7:00 AM')
    expect(formatDateTime(now, 'de', 'Pacific/Honolulu')).toBe('22. Nov., 2:00')
  })
  it('follows daylight saving time', () => {
    expect(formatDateTime(Date.UTC(2026, 6, 1, 12), 'en', 'America/Los_Angeles')).toBe('Jul 1, 5:00 AM')
  })
  it('falls back to UTC for an unknown zone', () => {
    expect(safeZone('Mars/Olympus')).toBe('UTC')
    expect(formatDateTime(now, 'en', 'Mars/Olympus')).toBe('Nov 22, 12:00 PM')
  })
  it('builds one formatter per language, zone and options, however many times a list asks', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    const clock = { month: undefined, day: undefined } as const
    try {
      expect(formatDateTime(now, 'fr', 'America/Denver', clock)).toBe('5:00')
      expect(formatDateTime(now, 'fr', 'America/Denver')).toBe('22 nov., 5:00')
      // At most the zone's check and one formatter for each of the two shapes.
      const first = made.mock.calls.length
      expect(first).toBeLessThanOrEqual(3)
      for (let hour = 0; hour < 40; hour++) {
        formatDateTime(now + hour * 3_600_000, 'fr', 'America/Denver')
        formatDateTime(now + hour * 3_600_000, 'fr', 'America/Denver', clock)
      }
      expect(made).toHaveBeenCalledTimes(first)
    } finally {
      made.mockRestore()
    }
  })
})

describe('zonedParts', () => {
  it('reads the wall clock in the given zone, across a date line and a DST change', () => {
    expect(zonedParts(Date.UTC(2026, 0, 16, 5, 20), 'America/Los_Angeles')).toEqual({
      date: '2026-01-15',
      weekday: 'Thu',
      hour: 21,
      minute: 20,
    })
    // 2026-03-08 10:30 UTC is 03:30 PDT, just after the spring-forward gap.
    expect(zonedParts(Date.UTC(2026, 2, 8, 10, 30), 'America/Los_Angeles')).toEqual({
      date: '2026-03-08',
      weekday: 'Sun',
      hour: 3,
      minute: 30,
    })
    expect(zonedParts(Date.UTC(2026, 0, 1, 0, 0), 'Asia/Tokyo')).toEqual({
      date: '2026-01-01',
      weekday: 'Thu',
      hour: 9,
      minute: 0,
    })
  })
  it('reads an unknown zone as UTC and a non-number as the epoch', () => {
    expect(zonedParts(Date.UTC(2026, 0, 1, 23, 59), 'Mars/Olympus')).toEqual({
      date: '2026-01-01',
      weekday: 'Thu',
      hour: 23,
      minute: 59,
    })
    expect(zonedParts(NaN, 'UTC')).toEqual({ date: '1970-01-01', weekday: 'Thu', hour: 0, minute: 0 })
  })
})
