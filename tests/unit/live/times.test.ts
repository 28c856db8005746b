import { describe, expect, it } from 'vitest'
import { useTranslations } from '../../../src/i18n/index.ts'
import { formatMoment, itemTimes } from '../../../src/lib/live/times.ts'
import type { Locale } from '../../../src/lib/routing/routes.ts'

const LA = 'America/Los_Angeles'
// Sunday 22 November 2026, noon in Los Angeles.
const now = Date.UTC(2026, 10, 22, 20)
const iso = (time: number): string => new Date(time).toISOString()
// Monday 9 pm and Friday 6 am in Los Angeles.
const mondayNine = Date.UTC(2026, 10, 24, 5)
const fridaySix = Date.UTC(2026, 10, 27, 14)

/** The line as a visitor reads it, through the real dictionaries. */
function line(item: { startsAt?: string | null; endsAt?: string | null }, locale: Locale, zone = LA, at = now): string | null {
  const times = itemTimes(item, at, locale, zone)
  return times ? useTranslations(locale)(times.key, times.values) : null
}

describe('itemTimes', () => {
  it('says when a pending item starts and an active one ends', () => {
    expect(line({ startsAt: iso(mondayNine), endsAt: null }, 'en')).toBe('from Mon 9 PM')
    expect(line({ startsAt: iso(now - 3_600_000), endsAt: iso(fridaySix) }, 'en')).toBe('until Fri 6 AM')
    expect(line({ startsAt: iso(mondayNine), endsAt: iso(fridaySix) }, 'en')).toBe('from Mon 9 PM until Fri 6 AM')
  })

  it.each([
    ['es', 'desde lun, 21:00 hasta vie, 6:00'],
    ['de', 'ab Mo, 21 Uhr bis Fr, 06 Uhr'],
    ['fr', 'à partir de lun. 21 h jusqu’à ven. 06 h'],
    ['ja', '月 21時から金 6時まで'],
    ['zh', '周一 21时起至周五 6时'],
  ] as const)('speaks %s', (locale, text) => {
    expect(line({ startsAt: iso(mondayNine), endsAt: iso(fridaySix) }, locale)).toBe(text)
  })

  it("uses the place's time zone, not the browser's", () => {
    // The test process may run in any zone: the same moment reads as the place's wall clock.
    expect(line({ endsAt: iso(fridaySix) }, 'en', 'America/New_York')).toBe('until Fri 9 AM')
    expect(line({ endsAt: iso(fridaySix) }, 'en', 'Pacific/Honolulu')).toBe('until Fri 4 AM')
    // 23:30 in Los Angeles on Sunday is already Monday in New York: a weekday there, today here.
    const lateSunday = Date.UTC(2026, 10, 23, 7, 30)
    expect(line({ endsAt: iso(lateSunday) }, 'en', LA)).toBe('until 11:30 PM')
    expect(line({ endsAt: iso(lateSunday) }, 'en', 'America/New_York')).toBe('until Mon 2:30 AM')
  })

  it('follows daylight saving time', () => {
    // Saturday 31 October 2026 noon in LA (PDT); the end is Monday 2 November 9 am, after the change to PST.
    const before = Date.UTC(2026, 9, 31, 19)
    expect(line({ endsAt: iso(Date.UTC(2026, 10, 2, 17)) }, 'en', LA, before)).toBe('until Mon 9 AM')
    // Spring forward: 8 March 2026. Tuesday 10 March 9 am PDT is 16:00 UTC.
    expect(line({ endsAt: iso(Date.UTC(2026, 2, 10, 16)) }, 'en', LA, Date.UTC(2026, 2, 7, 20))).toBe('until Tue 9 AM')
  })

  it('gives the date for moments a week or more away', () => {
    expect(line({ startsAt: iso(Date.UTC(2026, 11, 10, 5)) }, 'en')).toBe('from Wed, Dec 9, 9 PM')
  })

  it('says nothing for items without times, ended items, or times that are not dates', () => {
    expect(line({}, 'en')).toBeNull()
    expect(line({ startsAt: null, endsAt: null }, 'en')).toBeNull()
    expect(line({ startsAt: iso(now - 7_200_000), endsAt: iso(now - 60_000) }, 'en')).toBeNull()
    expect(line({ startsAt: 'soon', endsAt: '<script>' }, 'en')).toBeNull()
    // An end before the start is not told; the start still is.
    expect(line({ startsAt: iso(fridaySix), endsAt: iso(mondayNine) }, 'en')).toBe('from Fri 6 AM')
  })

  it('survives an unknown zone (UTC)', () => {
    expect(formatMoment(fridaySix, now, 'en', 'Mars/Olympus')).toBe('Fri 2 PM')
  })
})
