import { describe, expect, it } from 'vitest'
import { alertsUrl, decodeAlerts } from '../../../src/lib/weather/alerts.ts'
import { ProviderError } from '../../../src/lib/weather/errors.ts'
import { fixture, UNUSABLE } from './fixtures.ts'

const alert = (id: string, properties: Record<string, unknown>) => ({
  id: `https://api.weather.gov/alerts/${id}`,
  type: 'Feature',
  geometry: null,
  properties: { id, event: 'Test', severity: 'Minor', effective: '2026-01-15T10:00:00-08:00', ...properties },
})
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features })

describe('alertsUrl', () => {
  it('asks for actual alerts at the point, with no other parameter', () => {
    expect(alertsUrl({ lat: 47.74, lon: -121.99 })).toBe(
      'https://api.weather.gov/alerts/active?point=47.74,-121.99&status=actual',
    )
  })

  it.each([
    [{ lat: 47.7412345, lon: -121.9898765 }, '47.7412,-121.9899'],
    [{ lat: 40, lon: -74.006 }, '40,-74.006'],
  ])('keeps at most 4 decimals in %j', (point, expected) => {
    const url = new URL(alertsUrl(point, 'https://nws.test/alerts/active'))
    expect(url.searchParams.get('point')).toBe(expected)
    expect([...url.searchParams.keys()]).toEqual(['point', 'status'])
  })
})

describe('decodeAlerts on the fixtures', () => {
  const alerts = decodeAlerts(fixture('alerts-duvall.json'))

  it('orders by severity, most severe first', () => {
    expect(alerts.map((a) => [a.severity, a.event])).toEqual([
      ['Severe', 'High Wind Warning'],
      ['Moderate', 'Wind Advisory'],
      ['Minor', 'Hydrologic Outlook'],
    ])
  })

  it('reads every field as plain values', () => {
    const warning = alerts[0]
    expect(warning).toMatchObject({
      id: 'urn:oid:2.49.0.1.840.0.8c2d6a7e41f05b39d0e8c7f6a5b4c3d2e1f0a9b8.002.1',
      urgency: 'Expected',
      headline: 'High Wind Warning issued January 15 at 2:05PM PST until January 16 at 4:00PM PST by NWS Seattle WA',
      effective: Date.UTC(2026, 0, 15, 22, 5),
      expires: Date.UTC(2026, 0, 16, 12),
      areaDesc: 'Snoqualmie Valley; Eastside; Seattle and Vicinity',
      sender: 'NWS Seattle WA',
    })
    expect(warning?.description).toMatch(/^\* WHAT\.\.\.South winds/)
    expect(warning?.instruction).toMatch(/^People should avoid/)
  })

  it('keeps a null headline and instruction as null', () => {
    expect(alerts[2]).toMatchObject({ headline: null, instruction: null })
  })

  it('reads an empty collection', () => {
    expect(decodeAlerts(fixture('alerts-empty.json'))).toEqual([])
  })
})

describe('decodeAlerts ordering and bad input', () => {
  it('orders equal severities by effective time, newest first, unknown times last', () => {
    const alerts = decodeAlerts(
      collection(
        alert('old', { effective: '2026-01-14T10:00:00-08:00' }),
        alert('none', { effective: null }),
        alert('unknown', { severity: 'Catastrophic', effective: '2026-01-16T10:00:00-08:00' }),
        alert('new', { effective: '2026-01-15T10:00:00-08:00' }),
        alert('extreme', { severity: 'Extreme', effective: '2026-01-01T00:00:00Z' }),
      ),
    )
    expect(alerts.map((a) => [a.id, a.severity])).toEqual([
      ['extreme', 'Extreme'],
      ['new', 'Minor'],
      ['old', 'Minor'],
      ['none', 'Minor'],
      ['unknown', 'Unknown'],
    ])
  })

  it('keeps texts as given, never as HTML', () => {
    const [decoded] = decodeAlerts(collection(alert('a', { description: '<b>Take cover</b> &amp; wait', headline: '<i>x</i>' })))
    expect(decoded?.description).toBe('<b>Take cover</b> &amp; wait')
    expect(decoded?.headline).toBe('<i>x</i>')
  })

  it('fills missing fields and skips features it cannot identify', () => {
    const decoded = decodeAlerts(
      collection(
        { id: 'https://api.weather.gov/alerts/x', properties: { severity: 7, sender: 'w-nws.webmaster@noaa.gov' } },
        { id: 'no-properties' },
        { properties: { event: 'No id' } },
        null,
        [],
      ),
    )
    expect(decoded).toEqual([
      {
        id: 'https://api.weather.gov/alerts/x',
        event: '',
        severity: 'Unknown',
        urgency: 'Unknown',
        headline: null,
        description: '',
        instruction: null,
        effective: null,
        expires: null,
        areaDesc: '',
        sender: 'w-nws.webmaster@noaa.gov',
      },
    ])
  })

  it('throws the NWS problem detail', () => {
    const problem = {
      correlationId: 'abc',
      title: 'Bad Request',
      type: 'https://api.weather.gov/problems/BadRequest',
      status: 400,
      detail: 'Query parameter "limit" is not recognized',
    }
    expect(() => decodeAlerts(problem)).toThrow(new ProviderError('alerts', 'Query parameter "limit" is not recognized'))
  })

  it.each([...UNUSABLE, ['an empty object', {}], ['features of a wrong type', { features: 'none' }]])(
    'throws a ProviderError for %s',
    (_, json) => {
      expect(() => decodeAlerts(json)).toThrow(ProviderError)
    },
  )
})
