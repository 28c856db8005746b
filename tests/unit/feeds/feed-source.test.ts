import { describe, expect, it } from 'vitest'
import { mostSevere, notInStatuses, warningsOf } from '../../../src/lib/dashboard/warnings.ts'
import { itemSource, nwsAlertId } from '../../../src/lib/live/feed-source.ts'
import type { AlertItem } from '../../../src/lib/items.ts'
import type { WeatherAlert } from '../../../src/lib/weather/alerts.ts'
import { feedStatus, leftOutLines, sortFeeds } from '../../../src/lib/stores/feeds.ts'
import type { FeedHealth } from '../../../src/lib/api/porchlight.ts'
import { alertItem } from '../live/alert-item.ts'

const URN = 'urn:oid:2.49.0.1.840.0.b1f6c1a9e0d3d3a87c9d6a0b2a3f1c0e6b9f2d41.001.1'
const withSource = (source: unknown, fields: Partial<AlertItem> = {}): AlertItem =>
  ({ ...alertItem({ id: 1, ...fields }), source }) as AlertItem

describe('itemSource', () => {
  it.each<[unknown, ReturnType<typeof itemSource>]>([
    [
      { name: 'NOAA/National Weather Service', url: 'https://www.weather.gov/' },
      { name: 'NOAA/National Weather Service', url: 'https://www.weather.gov/' },
    ],
    [
      { name: ' Washington State DOT ', url: null },
      { name: 'Washington State DOT', url: null },
    ],
    [
      { name: 'Evil', url: 'javascript:alert(1)' },
      { name: 'Evil', url: null },
    ],
    [{ name: '' }, null],
    [{ url: 'https://x.test/' }, null],
    ['NWS', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (source, expected) => {
    expect(itemSource(withSource(source))).toEqual(expected)
  })
})

describe('nwsAlertId', () => {
  it.each<[Partial<AlertItem> & { sourceId?: unknown }, string | null]>([
    [{ link: `https://api.weather.gov/alerts/${URN}` }, URN],
    [{ sourceId: URN, link: null }, URN],
    [{ sourceId: 'KC-2026-0417', link: 'https://wsdot.wa.gov/' }, null],
    [{ link: `http://api.weather.gov/alerts/${URN}` }, null],
    [{ link: `https://api.weather.gov/alerts/${URN}/extra` }, null],
    [{ link: 'https://www.weather.gov/' }, null],
    [{ link: null }, null],
  ])('%j → %s', (fields, expected) => {
    expect(nwsAlertId({ ...alertItem({ id: 1 }), ...fields })).toBe(expected)
  })
})

describe('one NWS warning counts once on the dashboard', () => {
  const nws = (id: string): WeatherAlert => ({
    id,
    event: 'Flood Warning',
    severity: 'Severe',
    urgency: 'Immediate',
    headline: 'Flood Warning issued November 23',
    description: '',
    instruction: null,
    effective: null,
    expires: null,
    areaDesc: 'King, WA',
    sender: 'NWS Seattle WA',
  })
  const feedStatusItem = alertItem({
    id: 7,
    priority: 'Urgent',
    title: 'Flood Warning: King, WA',
    link: `https://api.weather.gov/alerts/${URN}`,
  })

  it('drops the page’s own NWS alert that the reaction answer carries', () => {
    expect(notInStatuses([nws(URN), nws('urn:oid:other')], [feedStatusItem]).map((alert) => alert.id)).toEqual(['urn:oid:other'])
  })

  it('lists the flood warning once, as the status', () => {
    const warnings = warningsOf([feedStatusItem], [], [nws(URN)])
    expect(warnings.map((warning) => warning.key)).toEqual(['statuses:7'])
    expect(mostSevere([feedStatusItem], [], [nws(URN)])?.more).toBe(0)
  })

  it('keeps the NWS alert when the feed has not brought it (feed off or behind)', () => {
    expect(warningsOf([], [], [nws(URN)]).map((warning) => warning.key)).toEqual([`nws:${URN}`])
  })
})

describe('feed health', () => {
  const feed = (fields: Partial<FeedHealth>): FeedHealth => ({
    id: 'nws-alerts',
    name: 'NWS active alerts',
    adapter: 'nws',
    enabled: true,
    schedule: 90,
    lastRunAt: null,
    lastSuccessAt: '2026-11-23T17:58:00Z',
    lastError: null,
    lastErrorAt: null,
    itemCount: 412,
    nextRunAt: '2026-11-23T18:00:00Z',
    failures: 0,
    stale: false,
    attribution: { name: 'NOAA/National Weather Service', url: 'https://www.weather.gov/' },
    ...fields,
  })

  it.each<[Partial<FeedHealth>, string]>([
    [{}, 'ok'],
    [{ enabled: false, failures: 3 }, 'off'],
    [{ failures: 1, lastError: 'HTTP 503' }, 'failing'],
    [{ failures: 2, stale: true }, 'failing'],
    [{ stale: true }, 'stale'],
    [{ lastSuccessAt: null }, 'waiting'],
  ])('%j is %s', (fields, status) => {
    expect(feedStatus(feed(fields))).toBe(status)
  })

  it('sorts feeds needing attention first, then by name', () => {
    const sorted = sortFeeds([
      feed({ id: 'a', name: 'B ok' }),
      feed({ id: 'b', name: 'A off', enabled: false }),
      feed({ id: 'c', name: 'C failing', failures: 1 }),
      feed({ id: 'd', name: 'A ok' }),
    ])
    expect(sorted.map((f) => f.id)).toEqual(['c', 'd', 'a', 'b'])
  })

  it('names what the last run left out on purpose, most first, without repeating the zone wait', () => {
    expect(leftOutLines({ leftOut: { test: 2, ended: 5, zones: 3, duplicate: 0 }, withheld: 3 })).toEqual([
      { reason: 'ended', count: 5, code: 'ended' },
      { reason: 'test', count: 2, code: 'test' },
    ])
    // A reason the panel has no words for is still counted, under its code; zones without a withheld count shows.
    expect(leftOutLines({ leftOut: { zones: 4, 'no-area': 1 } })).toEqual([
      { reason: 'other', count: 4, code: 'zones' },
      { reason: 'other', count: 1, code: 'no-area' },
    ])
    expect(leftOutLines({})).toEqual([])
  })
})
