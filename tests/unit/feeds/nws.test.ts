import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeNws, LINE_MAX, LINES_MAX, NWS_ATTRIBUTION, nwsPriority, shortArea } from '../../../server/feeds/adapters/nws.ts'
import type { DecodeContext } from '../../../server/feeds/types.ts'

const body = readFileSync(new URL('../../fixtures/feeds/nws/alerts-active.json', import.meta.url), 'utf8')
const at = (iso: string): DecodeContext => ({ feedId: 'nws', now: new Date(iso), options: {} })
const context = at('2026-11-23T18:00:00Z')
const URN = 'urn:oid:2.49.0.1.840.0.'

/** A minimal alert feature; each test overrides what it is about. */
const feature = (properties: Record<string, unknown>, geometry: unknown = square) => ({
  id: `https://api.weather.gov/alerts/${typeof properties['id'] === 'string' ? properties['id'] : `${URN}x.001.1`}`,
  type: 'Feature',
  geometry,
  properties: {
    id: `${URN}x.001.1`,
    status: 'Actual',
    messageType: 'Alert',
    event: 'Flood Watch',
    severity: 'Moderate',
    urgency: 'Future',
    areaDesc: 'King, WA',
    effective: '2026-11-23T10:00:00Z',
    expires: '2026-11-24T10:00:00Z',
    affectedZones: [],
    references: [],
    ...properties,
  },
})
const square = {
  type: 'Polygon',
  coordinates: [
    [
      [-122, 47],
      [-121, 47],
      [-121, 48],
      [-122, 48],
      [-122, 47],
    ],
  ],
}
const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features })

describe('nwsPriority', () => {
  it.each([
    ['Extreme', 'Immediate', 'Critical'],
    ['Extreme', 'Future', 'Critical'],
    ['Severe', 'Immediate', 'Urgent'],
    ['Severe', 'Expected', 'Urgent'],
    ['Severe', 'Future', 'Warning'],
    ['Severe', 'Unknown', 'Warning'],
    ['Moderate', 'Immediate', 'Warning'],
    ['Moderate', 'Expected', 'Warning'],
    ['Moderate', 'Future', 'Medium'],
    ['Minor', 'Immediate', 'Info'],
    ['Unknown', 'Immediate', 'Normal'],
    [null, null, 'Normal'],
    ['severe', 'Immediate', 'Normal'],
  ])('%s and %s is %s', (severity, urgency, priority) => {
    expect(nwsPriority(severity, urgency)).toBe(priority)
  })
})

describe('shortArea', () => {
  it.each([
    ['King, WA', 'King, WA'],
    ['King, WA; Snohomish, WA', 'King, WA, Snohomish, WA'],
    [' ; ', null],
    [null, null],
    [
      'Southwest Interior; Hood Canal Area; Seattle and Vicinity; Everett and Vicinity; Tacoma Area; Eastside; Lowlands',
      'Southwest Interior, Hood Canal Area, Seattle and Vicinity, Everett and Vicinity +3',
    ],
  ])('%s → %s', (area, short) => {
    expect(shortArea(area)).toBe(short)
  })
})

describe('decodeNws on the national fixture', () => {
  const result = decodeNws(body, context)
  const byEvent = new Map(result.items.map((item) => [item.title.split(':')[0], item]))

  it('keeps the live alerts and counts the malformed ones', () => {
    expect(result.items.map((item) => item.title)).toEqual([
      'Flood Warning: King, WA, Snohomish, WA',
      'Winter Storm Warning: West Slopes of the North Cascades and Passes +1',
      'Tornado Warning: Oklahoma, OK, Cleveland, OK',
      'Wind Advisory: Callahan, TX',
    ])
    expect(result.skipped).toBe(2)
    expect(result.errors).toEqual(['feature 9: feature without properties', 'feature 10: alert without geometry or zones'])
  })

  it('lets an Update replace the alert it references', () => {
    const floods = result.items.filter((item) => item.title.startsWith('Flood Warning'))
    expect(floods).toHaveLength(1)
    expect(floods[0]?.sourceId).toBe(`${URN}b1f6c1a9e0d3d3a87c9d6a0b2a3f1c0e6b9f2d41.001.1`)
  })

  it('leaves out tests, cancellations, what they cancel and expired alerts', () => {
    const titles = result.items.map((item) => item.title).join('\n')
    for (const gone of ['Test Message', 'Special Weather Statement', 'Dense Fog Advisory']) expect(titles).not.toContain(gone)
  })

  it('fills a status item from the alert', () => {
    const flood = byEvent.get('Flood Warning')
    expect(flood).toMatchObject({
      aspect: 'statuses',
      priority: 'Urgent',
      dataCategory: 'weather',
      category: 'Weather alert',
      state: 'active',
      link: `https://api.weather.gov/alerts/${URN}b1f6c1a9e0d3d3a87c9d6a0b2a3f1c0e6b9f2d41.001.1`,
      startsAt: '2026-11-23T15:41:00.000Z',
      endsAt: '2026-11-25T12:00:00.000Z',
      areaMiles: 0,
      attribution: NWS_ATTRIBUTION,
      lat: 47.75,
      lon: -121.965,
    })
    expect(flood?.geometry?.type).toBe('Polygon')
    expect(flood?.zones).toBeUndefined()
    expect(flood?.lines[0]).toMatch(/^Flood Warning issued November 23/)
    // Hard-wrapped paragraphs become one line each.
    expect(flood?.lines).toContain(
      '* IMPACTS...At 58.0 feet, the river will flood roads in the Snoqualmie Valley, including NE 124th St and Woodinville-Duvall Road.',
    )
    // What to do comes right after the headline; the areas close the message.
    expect(flood?.lines[1]).toBe("Turn around, don't drown when encountering flooded roads. Most flood deaths occur in vehicles.")
    expect(flood?.lines.at(-1)).toBe('King, WA, Snohomish, WA')
  })

  it('names the zones of an alert without a polygon', () => {
    const storm = byEvent.get('Winter Storm Warning')
    expect(storm?.geometry).toBeNull()
    expect(storm?.zones).toEqual([
      'https://api.weather.gov/zones/forecast/WAZ567',
      'https://api.weather.gov/zones/forecast/WAZ568',
    ])
    expect(storm).toMatchObject({ priority: 'Warning', state: 'pending', endsAt: '2026-11-25T00:00:00.000Z' })
  })

  it('maps Extreme to Critical and Minor to Info, keeping MultiPolygons', () => {
    expect(byEvent.get('Tornado Warning')).toMatchObject({ priority: 'Critical', geometry: { type: 'MultiPolygon' } })
    expect(byEvent.get('Wind Advisory')).toMatchObject({
      priority: 'Info',
      state: 'pending',
      lines: [expect.stringMatching(/^\* WHAT/), expect.any(String)],
    })
  })

  it('drops everything once it has ended', () => {
    expect(decodeNws(body, at('2026-11-26T00:00:00Z')).items).toEqual([])
  })
})

describe('decodeNws on single alerts', () => {
  it.each<[string, unknown[], number, number]>([
    ['an Exercise', [feature({ status: 'Exercise' })], 0, 0],
    ['a Draft', [feature({ status: 'Draft' })], 0, 0],
    ['urgency Past', [feature({ urgency: 'Past' })], 0, 0],
    ['expired by expires when ends is missing', [feature({ expires: '2026-11-23T17:59:00Z' })], 0, 0],
    ['a feature that is a string', ['feature'], 0, 1],
    ['an alert without an event', [feature({ event: '  ' })], 0, 1],
    ['a Point geometry and no zones', [feature({}, { type: 'Point', coordinates: [-122, 47] })], 0, 1],
    ['a javascript: zone only', [feature({ affectedZones: ['javascript:alert(1)'] }, null)], 0, 1],
    ['the same alert twice', [feature({}), feature({})], 1, 0],
    ['a good one beside a bad one', [feature({}), null], 1, 1],
  ])('%s', (_, features, kept, skipped) => {
    const result = decodeNws(collection(...features), context)
    expect([result.items.length, result.skipped]).toEqual([kept, skipped])
  })

  it('a Cancel removes the alert it references even when listed first', () => {
    const original = feature({ id: `${URN}a.001.1` })
    const cancel = feature({ id: `${URN}b.001.1`, messageType: 'Cancel', references: [{ identifier: `${URN}a.001.1` }] })
    expect(decodeNws(collection(cancel, original), context).items).toEqual([])
  })

  it('caps lines and their number, and cleans control characters', () => {
    const long = 'word '.repeat(1000)
    const description = Array.from({ length: LINES_MAX + 10 }, (_, i) => `Paragraph ${i}\u0007 ${long}`).join('\n\n')
    const [item] = decodeNws(collection(feature({ headline: 'Head\u0000line', description, areaDesc: null })), context).items
    expect(item?.lines).toHaveLength(LINES_MAX)
    expect(item?.lines[0]).toBe('Headline')
    for (const line of item?.lines ?? []) expect(line.length).toBeLessThanOrEqual(LINE_MAX)
    expect(item?.lines[1]).toMatch(/^Paragraph 0 word word .*…$/)
  })

  it('does not link to anything but http(s)', () => {
    const [item] = decodeNws(collection({ ...feature({ '@id': 'javascript:alert(1)' }), id: 'data:text/html,x' }), context).items
    expect(item?.link).toBeNull()
  })

  it.each([
    ['not JSON', '<html>Service Unavailable</html>'],
    ['a problem+json error', JSON.stringify({ type: 'https://api.weather.gov/problems/Unexpected', status: 500 })],
    ['a FeatureCollection without features', JSON.stringify({ type: 'FeatureCollection' })],
    ['an array', '[]'],
  ])('throws on %s', (_, text) => {
    expect(() => decodeNws(text, context)).toThrow(/NWS alerts/)
  })
})
