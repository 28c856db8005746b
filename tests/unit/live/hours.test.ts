import { describe, expect, it } from 'vitest'
import {
  DAYS,
  formatTime,
  localClock,
  openState,
  parseDayHours,
  parseWeek,
  weekFrom,
  type DayKey,
  type WeekHours,
} from '../../../src/lib/live/hours.ts'

const LA = 'America/Los_Angeles'
const range = (open: number, close: number) => ({ open, close })

/** A week from per-day text; days left out are empty fields. */
function week(days: Partial<Record<DayKey, string>>): WeekHours {
  return parseWeek(Object.fromEntries(Object.entries(days).map(([day, text]) => [`hours${day}`, text])))
}
const every = (text: string): WeekHours => week(Object.fromEntries(DAYS.map((day) => [day, text])))

describe('parseDayHours accepts the common forms', () => {
  it.each([
    ['9am-5pm', [range(540, 1020)]],
    ['9 am - 5 pm', [range(540, 1020)]],
    ['  9AM  -  5PM  ', [range(540, 1020)]],
    ['9:00 AM - 9:00 PM', [range(540, 1260)]],
    ['9:00 a.m. – 5:30 p.m.', [range(540, 1050)]],
    ['9am—5pm', [range(540, 1020)]],
    ['9am to 5pm', [range(540, 1020)]],
    ['Open 9am-5pm', [range(540, 1020)]],
    ['09:00-17:00', [range(540, 1020)]],
    ['9:00-17:00', [range(540, 1020)]],
    ['noon-midnight', [range(720, 1440)]],
    ['midnight-6am', [range(0, 360)]],
    ['12am-12pm', [range(0, 720)]],
    ['12pm-11pm', [range(720, 1380)]],
    ['00:00-24:00', [range(0, 1440)]],
    ['24 hours', [range(0, 1440)]],
    ['24h', [range(0, 1440)]],
    ['open 24 hours', [range(0, 1440)]],
    ['Open 24 Hours', [range(0, 1440)]],
    ['24/7', [range(0, 1440)]],
    ['11:00-14:00, 17:00-21:00', [range(660, 840), range(1020, 1260)]],
    ['11:00-14:00; 17:00-21:00', [range(660, 840), range(1020, 1260)]],
    ['11am-2pm & 5pm-9pm', [range(660, 840), range(1020, 1260)]],
    ['11am-2pm and 5pm-9pm', [range(660, 840), range(1020, 1260)]],
    ['17:00-21:00, 11:00-14:00', [range(660, 840), range(1020, 1260)]],
    ['11:00-15:00, 14:00-18:00', [range(660, 1080)]],
    ['5pm-1am', [range(1020, 1500)]],
    ['17:00-01:00', [range(1020, 1500)]],
    ['22:00-2:00', [range(1320, 1560)]],
    ['3-10 pm', [range(900, 1320)]],
    ['11-2 pm', [range(660, 840)]],
    ['4:30-9 pm', [range(990, 1260)]],
    ['6-midnight', [range(1080, 1440)]],
  ])('%j', (text, intervals) => expect(parseDayHours(text)).toEqual({ kind: 'open', intervals }))

  it.each(['closed', 'Closed', ' CLOSED '])('%j is closed', (text) => expect(parseDayHours(text)).toEqual({ kind: 'closed' }))
  it.each(['', '   ', null, undefined])('%j is none', (text) => expect(parseDayHours(text)).toEqual({ kind: 'none' }))
})

describe('parseDayHours keeps what it cannot read as unknown', () => {
  it.each([
    '9-5',
    '9am-5',
    '9:00-5:00',
    '25:00-26:00',
    '24:00-02:00',
    '9:60-17:00',
    '13pm-5pm',
    '0am-5pm',
    '9am-9am',
    '9am-5pm, whenever',
    'by appointment',
    'Mon–Fri 6 am–3 pm',
    '<script>alert(1)</script>',
  ])('%j', (text) => expect(parseDayHours(text)).toEqual({ kind: 'unknown', text: text.trim() }))

  it('shows a number as written and other types as nothing', () => {
    expect(parseDayHours(9)).toEqual({ kind: 'unknown', text: '9' })
    expect(parseDayHours({ open: 9 })).toEqual({ kind: 'unknown', text: '' })
  })
})

describe('localClock', () => {
  it.each([
    // 2026-03-08: 2:00 PST jumps to 3:00 PDT in Los Angeles.
    ['2026-03-08T09:30:00Z', LA, 'Su', 90],
    ['2026-03-08T10:30:00Z', LA, 'Su', 210],
    // 2026-11-01: 2:00 PDT falls back to 1:00 PST, so 1:30 happens twice.
    ['2026-11-01T08:30:00Z', LA, 'Su', 90],
    ['2026-11-01T09:30:00Z', LA, 'Su', 90],
    ['2026-01-15T04:30:00Z', 'America/New_York', 'W', 1410],
    ['2026-01-15T04:30:00Z', 'Asia/Tokyo', 'Th', 810],
    ['2026-01-15T00:00:00Z', 'Mars/Olympus', 'Th', 0],
  ])('%s in %s', (iso, zone, day, minutes) => expect(localClock(new Date(iso), zone)).toEqual({ day, minutes }))
})

describe('openState', () => {
  const nineToFive = every('09:00-17:00')
  // Valley Hop Taproom: Friday and Saturday nights run past midnight.
  const taproom = week({ M: '15:00-22:00', F: '14:00-01:00', Sa: '12:00-01:00', Su: '12:00-20:00' })
  const pizza = week({ M: '11:00-14:00, 16:30-21:00' })
  const dental = week({ Th: '07:30-17:00', F: '07:30-13:00', Sa: 'closed', Su: 'closed', M: '07:30-17:00' })

  it('uses the business’s zone: one instant is open in Los Angeles and closed in New York', () => {
    const instant = new Date('2026-01-14T23:30:00Z') // Wednesday 15:30 PST, 18:30 EST
    expect(openState(nineToFive, instant, LA)).toEqual({ state: 'open', closesAt: 1020, closingSoon: false })
    expect(openState(nineToFive, instant, 'America/New_York')).toEqual({ state: 'closed', opensAt: { day: 'Th', minutes: 540 } })
  })

  it.each([
    // The same 14:30 UTC is 07:30 on the Sunday DST starts but 06:30 the day before.
    ['2026-03-07T14:30:00Z', { state: 'closed', opensAt: { day: 'Sa', minutes: 420 } }],
    ['2026-03-08T14:30:00Z', { state: 'open', closesAt: 900, closingSoon: false }],
    // And the other way round on the Sunday DST ends.
    ['2026-10-31T14:30:00Z', { state: 'open', closesAt: 900, closingSoon: false }],
    ['2026-11-01T14:30:00Z', { state: 'closed', opensAt: { day: 'Su', minutes: 420 } }],
  ])('follows daylight saving time at %s', (iso, state) =>
    expect(openState(every('07:00-15:00'), new Date(iso), LA)).toEqual(state),
  )

  it.each([
    ['2026-07-11T07:10:00Z', { state: 'open', closesAt: 60, closingSoon: false }], // Sat 00:10
    ['2026-07-11T07:30:00Z', { state: 'open', closesAt: 60, closingSoon: true }], // Sat 00:30
    ['2026-07-11T08:30:00Z', { state: 'closed', opensAt: { day: 'Sa', minutes: 720 } }], // Sat 01:30
    ['2026-07-11T06:45:00Z', { state: 'open', closesAt: 1500, closingSoon: false }], // Fri 23:45
    ['2026-07-12T07:30:00Z', { state: 'open', closesAt: 60, closingSoon: true }], // Sun 00:30, still Saturday night
    ['2026-07-13T07:30:00Z', { state: 'closed', opensAt: { day: 'M', minutes: 900 } }], // Mon 00:30: Sunday ends at 20:00
  ])('counts a range past midnight for the next morning at %s', (iso, state) =>
    expect(openState(taproom, new Date(iso), LA)).toEqual(state),
  )

  it.each([
    ['2026-07-14T03:45:00Z', { state: 'open', closesAt: 1260, closingSoon: true }], // Mon 20:45
    ['2026-07-14T03:00:00Z', { state: 'open', closesAt: 1260, closingSoon: false }], // Mon 20:00
    ['2026-07-13T20:45:00Z', { state: 'open', closesAt: 840, closingSoon: true }], // Mon 13:45
    ['2026-07-13T21:30:00Z', { state: 'closed', opensAt: { day: 'M', minutes: 990 } }], // Mon 14:30, between lunch and dinner
    ['2026-07-14T04:30:00Z', { state: 'closed', opensAt: { day: 'M', minutes: 660 } }], // Mon 21:30: next Monday
  ])('closing soon and reopening at %s', (iso, state) => expect(openState(pizza, new Date(iso), LA)).toEqual(state))

  it('uses a custom closing-soon window', () => {
    expect(openState(pizza, new Date('2026-07-14T03:00:00Z'), LA, 60)).toMatchObject({ closingSoon: true })
  })

  it('finds the next opening across closed and unknown days', () => {
    const friday = new Date('2026-07-17T21:00:00Z') // Fri 14:00
    expect(openState(dental, friday, LA)).toEqual({ state: 'closed', opensAt: { day: 'M', minutes: 450 } })
    const odd = week({ F: '07:30-13:00', Sa: 'by appointment', Su: '', M: 'closed', Tu: '10:00-12:00' })
    expect(openState(odd, friday, LA)).toEqual({ state: 'closed', opensAt: { day: 'Tu', minutes: 600 } })
    expect(openState(week({ F: 'closed' }), friday, LA)).toEqual({ state: 'closed', opensAt: null })
  })

  it('keeps a 24-hour business open, closing soon only before a closed day', () => {
    const late = new Date('2026-07-14T06:45:00Z') // Mon 23:45
    expect(openState(every('00:00-24:00'), late, LA)).toEqual({ state: 'open', closesAt: 1440, closingSoon: false })
    expect(openState(week({ M: '24 hours', Tu: 'closed' }), late, LA)).toEqual({
      state: 'open',
      closesAt: 1440,
      closingSoon: true,
    })
    expect(openState(week({ M: '18:00-24:00', Tu: '00:00-02:00' }), late, LA)).toMatchObject({ closingSoon: false })
  })

  it('is unknown when no day can be read, or today cannot', () => {
    const monday = new Date('2026-07-13T18:00:00Z')
    expect(openState(every('call us'), monday, LA)).toEqual({ state: 'unknown' })
    expect(openState(week({}), monday, LA)).toEqual({ state: 'unknown' })
    expect(openState(week({ M: 'call us', Tu: '09:00-17:00' }), monday, LA)).toEqual({ state: 'unknown' })
    expect(openState(nineToFive, new Date(Number.NaN), LA)).toEqual({ state: 'unknown' })
  })

  it('treats an empty day as closed when other days are filled in', () => {
    expect(openState(week({ Tu: '09:00-17:00' }), new Date('2026-07-13T18:00:00Z'), LA)).toEqual({
      state: 'closed',
      opensAt: { day: 'Tu', minutes: 540 },
    })
  })

  it('falls back to UTC for an invalid zone', () => {
    const instant = new Date('2026-07-13T16:30:00Z') // Mon 16:30 UTC, 09:30 in Los Angeles
    const closesSoon = every('09:00-17:00')
    expect(openState(closesSoon, instant, 'Mars/Olympus')).toEqual({ state: 'open', closesAt: 1020, closingSoon: true })
    expect(openState(closesSoon, instant, 'Mars/Olympus')).toEqual(openState(closesSoon, instant, 'UTC'))
  })
})

describe('formatTime and weekFrom', () => {
  it.each([
    [540, 'en', '9:00 AM'],
    [540, 'de', '09:00'],
    [1260, 'en', '9:00 PM'],
    [1260, 'fr', '21:00'],
    [0, 'en', '12:00 AM'],
    [1440, 'de', '00:00'],
    [1500, 'en', '1:00 AM'],
    [990, 'not a locale!', '4:30 PM'],
  ])('%d in %s → %s', (minutes, locale, text) => expect(formatTime(minutes, locale).replace(/\s/g, ' ')).toBe(text))

  it('starts the week today', () => {
    expect(weekFrom('M')).toEqual(['M', 'Tu', 'W', 'Th', 'F', 'Sa', 'Su'])
    expect(weekFrom('Sa')).toEqual(['Sa', 'Su', 'M', 'Tu', 'W', 'Th', 'F'])
  })
})
