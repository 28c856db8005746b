import { describe, expect, it } from 'vitest'
import { formatAgo, formatDateTime, safeZone } from '../../src/lib/format.ts'

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
})
