// OSM opening hours: evaluated on the server in the place's zone, read in the browser. Run under several TZ values.
import { describe, expect, it } from 'vitest'
import { precomputeHours, type HoursPlace } from '../../../server/feeds/overpass/hours.ts'
import { osmHoursAt, readOsmHours } from '../../../src/lib/live/opening-hours.ts'

const LA: HoursPlace = { lat: 34.05, lon: -118.24, state: 'CA', timeZone: 'America/Los_Angeles' }
const BOSTON: HoursPlace = { lat: 42.36, lon: -71.06, state: 'MA', timeZone: 'America/New_York' }

/** The full path: precomputed at `fetched`, then read at `now`, as a visitor's browser would. */
function stateAt(value: string, place: HoursPlace, fetched: string, now: string) {
  const pre = precomputeHours(value, place, new Date(fetched))
  if (!pre) return null
  const hours = readOsmHours({ hoursFrom: pre.from, hoursDays: pre.days })
  return hours ? osmHoursAt(hours, new Date(now), place.timeZone) : null
}

describe('precomputeHours', () => {
  it('starts the day before, in the place’s zone, whatever the runtime zone', () => {
    // 2026-11-24T06:30Z is still the 23rd (Monday) in Los Angeles.
    const pre = precomputeHours('Mo-Fr 09:00-17:00', LA, new Date('2026-11-24T06:30:00Z'))
    expect(pre?.from).toBe('2026-11-22')
    expect(pre?.days.slice(0, 3)).toEqual(['', '540-1020', '540-1020'])
    expect(pre?.days).toHaveLength(15)
  })

  it('closes on a US public holiday with PH off (Thanksgiving 2026-11-26)', () => {
    const pre = precomputeHours('Mo-Fr 09:00-17:00; PH off', LA, new Date('2026-11-23T18:00:00Z'))
    // From Sunday the 22nd: Su, Mo, Tu, We, Th (holiday), Fr.
    expect(pre?.days.slice(0, 6)).toEqual(['', '540-1020', '540-1020', '540-1020', '', '540-1020'])
  })

  it('knows state holidays: Patriots’ Day in Massachusetts, not in California', () => {
    const fetched = new Date('2026-04-19T16:00:00Z')
    expect(precomputeHours('Mo-Fr 09:00-17:00; PH off', BOSTON, fetched)?.days[2]).toBe('')
    expect(precomputeHours('Mo-Fr 09:00-17:00; PH off', LA, fetched)?.days[2]).toBe('540-1020')
  })

  it('splits ranges past midnight and keeps multiple ranges, overrides and 24/7', () => {
    const night = precomputeHours('Mo-Sa 11:30-14:00,17:00-02:00; We off', LA, new Date('2026-11-23T18:00:00Z'))
    // Sunday gets Saturday night's tail; "We off" clears all of Wednesday, as the reference library reads it.
    expect(night?.days.slice(0, 5)).toEqual([
      '0-120',
      '690-840,1020-1440',
      '0-120,690-840,1020-1440',
      '',
      '0-120,690-840,1020-1440',
    ])
    expect(precomputeHours('24/7', LA, new Date('2026-11-23T18:00:00Z'))?.days.every((day) => day === '0-1440')).toBe(true)
  })

  it('marks "maybe open" (comments, unknown) with ?', () => {
    expect(precomputeHours('Mo 10:00-12:00 "by appointment"', LA, new Date('2026-11-23T18:00:00Z'))?.days[1]).toBe('600-720?')
  })

  it('returns null for values the library cannot parse', () => {
    expect(precomputeHours('Mo-Fr 25:00-99:00', LA, new Date())).toBeNull()
    expect(precomputeHours('ask the owner', LA, new Date())).toBeNull()
  })
})

describe('open state at a fixed clock', () => {
  const HOURS = 'Mo-Fr 09:00-17:00; Sa 10:00-14:00; Su off; PH off'

  it.each([
    ['Monday 10:00 PST', '2026-11-23T18:00:00Z', { state: 'open', closesAt: 1020, closingSoon: false }],
    ['Monday 16:45 PST, closing soon', '2026-11-24T00:45:00Z', { state: 'open', closesAt: 1020, closingSoon: true }],
    ['Monday 17:00 PST', '2026-11-24T01:00:00Z', { state: 'closed', opensAt: { day: 'Tu', minutes: 540 } }],
    ['Wednesday evening before the holiday', '2026-11-26T02:00:00Z', { state: 'closed', opensAt: { day: 'F', minutes: 540 } }],
    ['Thanksgiving noon', '2026-11-26T20:00:00Z', { state: 'closed', opensAt: { day: 'F', minutes: 540 } }],
  ])('%s', (_, now, expected) => {
    expect(stateAt(HOURS, LA, '2026-11-23T17:00:00Z', now)?.open).toEqual(expected)
  })

  it('shows the real week: the holiday closed, weekdays open', () => {
    const week = stateAt(HOURS, LA, '2026-11-23T17:00:00Z', '2026-11-23T18:00:00Z')?.week
    expect(week?.Th).toEqual({ kind: 'closed' })
    expect(week?.W).toEqual({ kind: 'open', intervals: [{ open: 540, close: 1020 }] })
    expect(week?.Su).toEqual({ kind: 'closed' })
  })

  it('is right across the autumn DST change (2026-11-01, UTC-7 → UTC-8)', () => {
    const value = 'Su 10:00-14:00'
    // Fetched the Friday before, still on PDT; evaluated on Sunday after the change.
    expect(stateAt(value, LA, '2026-10-30T18:00:00Z', '2026-11-01T17:30:00Z')?.open.state).toBe('closed') // 09:30 PST
    expect(stateAt(value, LA, '2026-10-30T18:00:00Z', '2026-11-01T18:30:00Z')?.open).toEqual({
      state: 'open',
      closesAt: 840,
      closingSoon: false,
    }) // 10:30 PST
  })

  it('is right across the spring DST change (2026-03-08, UTC-8 → UTC-7)', () => {
    const value = 'Su 10:00-14:00'
    expect(stateAt(value, LA, '2026-03-06T18:00:00Z', '2026-03-08T16:30:00Z')?.open.state).toBe('closed') // 09:30 PDT
    expect(stateAt(value, LA, '2026-03-06T18:00:00Z', '2026-03-08T17:30:00Z')?.open.state).toBe('open') // 10:30 PDT
  })

  it('stays open past midnight and shows the range on the day it starts', () => {
    const result = stateAt('Fr-Sa 18:00-02:00', LA, '2026-11-23T18:00:00Z', '2026-11-28T09:30:00Z') // Sat 01:30
    expect(result?.open).toEqual({ state: 'open', closesAt: 120, closingSoon: true })
    // Today keeps the early hours it is in; the other days show the night on the day it starts.
    expect(result?.week.Sa).toEqual({
      kind: 'open',
      intervals: [
        { open: 0, close: 120 },
        { open: 1080, close: 1560 },
      ],
    })
    expect(result?.week.F).toEqual({ kind: 'open', intervals: [{ open: 1080, close: 1560 }] })
    expect(result?.week.Su).toEqual({ kind: 'closed' })
  })

  it('24/7 is open with no close in sight', () => {
    const result = stateAt('24/7', LA, '2026-11-23T18:00:00Z', '2026-11-25T12:00:00Z')
    expect(result?.open.state).toBe('open')
    expect(result?.week.M).toEqual({ kind: 'open', intervals: [{ open: 0, close: 1440 }] })
  })

  it('a "maybe open" time is unknown, not open', () => {
    expect(stateAt('Mo 10:00-12:00 "by appointment"', LA, '2026-11-23T17:00:00Z', '2026-11-23T18:30:00Z')?.open).toEqual({
      state: 'unknown',
    })
  })

  it('gives up when the days no longer cover this week (data too old)', () => {
    expect(stateAt(HOURS, LA, '2026-11-23T17:00:00Z', '2026-12-03T18:00:00Z')).toBeNull()
  })
})

describe('readOsmHours rejects tampered data', () => {
  it.each([
    [{}],
    [{ hoursFrom: '2026-11-22', hoursDays: 'x' }],
    [{ hoursFrom: 'yesterday', hoursDays: [] }],
    [{ hoursFrom: '2026-11-22', hoursDays: ['600-500'] }],
    [{ hoursFrom: '2026-11-22', hoursDays: ['0-2000'] }],
    [{ hoursFrom: '2026-11-22', hoursDays: [5] }],
    [{ hoursFrom: '2026-11-22', hoursDays: new Array(40).fill('') }],
  ])('%j', (special) => {
    expect(readOsmHours(special)).toBeNull()
  })
})
