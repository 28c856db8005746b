import { describe, expect, it } from 'vitest'
import {
  RADAR_FRAMES,
  floorToFrame,
  latestFrameTime,
  radarCovers,
  radarFrames,
  radarStamp,
  radarTileUrl,
  refreshedIndex,
} from '../../../src/lib/weather/radar.ts'

const MIN = 60_000
const now = Date.UTC(2026, 2, 4, 12, 7, 31)
const fallback = Date.UTC(2026, 2, 4, 12, 0)
const tms = (utcValid: unknown) => ({
  services: [
    { id: 'ridge_uscomp_n0r', layername: 'ridge::USCOMP-N0R-202603041150', utc_valid: '2026-03-04T11:50:00Z' },
    { id: 'ridge_uscomp_n0q', layername: 'ridge::USCOMP-N0Q-202603041205', utc_valid: utcValid },
  ],
  generated_at: '2026-03-04T12:07:00Z',
})

describe('radar stamps', () => {
  it('are UTC YYYYMMDDHHMI, zero padded', () => {
    expect(radarStamp(Date.UTC(2026, 0, 2, 3, 5))).toBe('202601020305')
    expect(radarStamp(Date.UTC(2026, 11, 31, 23, 55))).toBe('202612312355')
  })
  it('floor to five minutes', () => {
    expect(floorToFrame(Date.UTC(2026, 0, 2, 3, 9, 59))).toBe(Date.UTC(2026, 0, 2, 3, 5))
    expect(radarTileUrl(Date.UTC(2026, 0, 2, 3, 9))).toBe(
      'https://mesonet.agron.iastate.edu/c/tile.py/1.0.0/ridge::USCOMP-N0Q-202601020305/{z}/{x}/{y}.png',
    )
  })
})

describe('radarFrames', () => {
  it('gives about the last hour, oldest first, five minutes apart', () => {
    const frames = radarFrames(Date.UTC(2026, 2, 4, 12, 5))
    expect(frames).toHaveLength(RADAR_FRAMES)
    expect(frames[0]?.time).toBe(Date.UTC(2026, 2, 4, 11, 10))
    expect(frames.at(-1)?.time).toBe(Date.UTC(2026, 2, 4, 12, 5))
    for (let i = 1; i < frames.length; i++) expect((frames[i]?.time ?? 0) - (frames[i - 1]?.time ?? 0)).toBe(5 * MIN)
    expect(frames[0]?.url).toContain('ridge::USCOMP-N0Q-202603041110/{z}/{x}/{y}.png')
    expect(frames.at(-1)?.url).toContain('ridge::USCOMP-N0Q-202603041205/')
  })
  it('floors the times and takes a count', () => {
    const frames = radarFrames(Date.UTC(2026, 2, 4, 0, 3, 12), 3)
    expect(frames.map((frame) => frame.time)).toEqual([
      Date.UTC(2026, 2, 3, 23, 50),
      Date.UTC(2026, 2, 3, 23, 55),
      Date.UTC(2026, 2, 4, 0, 0),
    ])
    expect(frames[0]?.url).toContain('-202603032350/')
    expect(radarFrames(now, 0)).toEqual([])
  })
})

describe('latestFrameTime', () => {
  it('reads utc_valid of ridge_uscomp_n0q', () => {
    expect(latestFrameTime(tms('2026-03-04T12:05:00Z'), now)).toBe(Date.UTC(2026, 2, 4, 12, 5))
    expect(latestFrameTime(tms('2026-03-04T11:57:00Z'), now)).toBe(Date.UTC(2026, 2, 4, 11, 55))
  })
  it('reads a stamp without a zone as UTC', () => {
    expect(latestFrameTime(tms('2026-03-04T12:05:00'), now)).toBe(Date.UTC(2026, 2, 4, 12, 5))
  })
  it.each([
    ['null', null],
    ['a string', 'ERROR'],
    ['no services', {}],
    ['services not a list', { services: 'x' }],
    ['no n0q service', { services: [{ id: 'ridge_uscomp_n0r', utc_valid: '2026-03-04T12:05:00Z' }] }],
    ['garbage time', tms('soon')],
    ['a number', tms(1772625900000)],
    ['a future time', tms('2026-03-04T12:10:00Z')],
  ])('falls back to the previous five-minute mark on %s', (_, value) => {
    expect(latestFrameTime(value, now)).toBe(fallback)
  })
})

describe('refreshedIndex', () => {
  const before = radarFrames(Date.UTC(2026, 2, 4, 12, 0))
  const after = radarFrames(Date.UTC(2026, 2, 4, 12, 5))
  it('stays on the newest frame', () => expect(refreshedIndex(before, 11, after)).toBe(11))
  it('keeps the time shown otherwise', () => expect(refreshedIndex(before, 5, after)).toBe(4))
  it('moves to the newest when the shown frame is gone', () => expect(refreshedIndex(before, 0, after)).toBe(11))
  it('starts on the newest', () => expect(refreshedIndex([], 0, after)).toBe(11))
})

describe('radarCovers', () => {
  it.each([
    ['Duvall WA', 47.74, -121.99, true],
    ['Miami FL', 25.77, -80.19, true],
    ['Bangor ME', 44.8, -68.77, true],
    ['Anchorage AK', 61.22, -149.9, false],
    ['Honolulu HI', 21.31, -157.86, false],
    ['San Juan PR', 18.47, -66.11, false],
  ])('%s → %s', (_, lat, lon, covered) => expect(radarCovers({ lat, lon })).toBe(covered))
})
