import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeWfigs, FIRE_REACH_MILES, WFIGS_ATTRIBUTION } from '../../../server/feeds/adapters/wfigs.ts'
import type { DecodeContext } from '../../../server/feeds/types.ts'

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/feeds/wfigs/${name}`, import.meta.url), 'utf8')
const context: DecodeContext = { feedId: 'wfigs', now: new Date('2026-11-23T18:00:00Z'), options: {} }

describe('WFIGS wildfires', () => {
  it('makes a status per burning wildfire; prescribed burns, contained and out fires leave', () => {
    const { items, skipped, errors } = decodeWfigs(fixture('incidents.json'), context)
    expect(items.map((item) => item.sourceId)).toEqual(['2026-WAMSF-000412', '2026-WASPS-000533'])
    // The record without a location is skipped and counted.
    expect(skipped).toBe(1)
    expect(errors[0]).toContain('without a usable geometry')
  })

  it('reads an incident point: name, state, acres, containment, discovery, and a reach for its size', () => {
    const [bolt, tolt] = decodeWfigs(fixture('incidents.json'), context).items
    expect(bolt).toMatchObject({
      aspect: 'statuses',
      title: 'Wildfire: Bolt Creek, WA',
      category: 'Wildfire',
      dataCategory: 'weather',
      stateType: 'fire',
      priority: 'Warning',
      lines: ['14,518 acres, 35% contained', 'Timber fire on steep terrain north of US 2 near Index.'],
      lat: 47.9312,
      lon: -121.2841,
      geometry: null,
      startsAt: '2026-11-21T10:00:00.000Z',
      endsAt: null,
      attribution: WFIGS_ATTRIBUTION,
    })
    // 14,518 acres is a circle of 2.7 miles radius.
    expect(bolt!.areaMiles).toBeCloseTo(FIRE_REACH_MILES + 2.7, 1)
    expect(tolt).toMatchObject({ priority: 'Medium', lines: ['85 acres, 60% contained'] })
  })

  it('reads a perimeter: its polygon is the geometry, its mapped acres and the incident fields (attr_)', () => {
    const { items } = decodeWfigs(fixture('perimeters.json'), context)
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      sourceId: '2026-WAMSF-000412',
      title: 'Wildfire: Bolt Creek, WA',
      lines: ['14,873 acres, 35% contained'],
      areaMiles: FIRE_REACH_MILES,
      geometry: { type: 'Polygon' },
    })
  })

  it('throws on an ArcGIS error answer or a body that is not GeoJSON, and notes a truncated answer', () => {
    expect(() => decodeWfigs('{"error":{"code":400,"message":"Invalid query parameters"}}', context)).toThrow(
      /ArcGIS error Invalid query/,
    )
    expect(() => decodeWfigs('<html></html>', context)).toThrow(/not JSON/)
    expect(() => decodeWfigs('{"features": 3}', context)).toThrow(/FeatureCollection/)
    const truncated = JSON.stringify({ ...JSON.parse(fixture('perimeters.json')), properties: { exceededTransferLimit: true } })
    expect(decodeWfigs(truncated, context)).toMatchObject({ skipped: 1, errors: [expect.stringContaining('record limit')] })
  })
})
