import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { countiesShape, countyShape } from '../../../server/feeds/counties.ts'
import { distanceToShape, toShape } from '../../../server/feeds/geometry.ts'
import { countVertices, MAX_SHAPE_VERTICES } from '../../../server/feeds/simplify.ts'
import type { FeedGeometry } from '../../../server/feeds/types.ts'

const WESTMINSTER = { lat: 39.575, lon: -76.996 }
const HAMPSTEAD = { lat: 39.60483, lon: -76.84998 }
const BALTIMORE = { lat: 39.29, lon: -76.61 }
const ELLICOTT_CITY = { lat: 39.2673, lon: -76.7983 }
const milesFrom = (point: { lat: number; lon: number }, shape: FeedGeometry) =>
  distanceToShape(point.lat, point.lon, toShape(shape))

describe('county shapes from the packaged Census layer', () => {
  it('gives Carroll County, MD (24013) a shape that holds its towns and not Baltimore', () => {
    const carroll = countyShape('24013')!
    expect(carroll.type).toBe('Polygon')
    expect(milesFrom(WESTMINSTER, carroll)).toBe(0)
    expect(milesFrom(HAMPSTEAD, carroll)).toBe(0)
    expect(milesFrom(BALTIMORE, carroll)).toBeGreaterThan(10)
  })

  it('gives null for a code that is no county of the layer', () => {
    for (const code of ['99999', '24000', '2401', '240130', 'abcde', '', '02063']) expect(countyShape(code)).toBeNull()
  })

  it('merges neighbouring counties along their shared border, and is null when one is unknown', () => {
    const carrollAndHoward = countiesShape(['24013', '24027'])!
    expect(carrollAndHoward.type).toBe('Polygon')
    expect([WESTMINSTER, ELLICOTT_CITY].map((town) => milesFrom(town, carrollAndHoward))).toEqual([0, 0])
    expect(countVertices(carrollAndHoward)).toBeLessThan(
      countVertices(countyShape('24013')!) + countVertices(countyShape('24027')!),
    )
    expect(countiesShape(['24013', '99999'])).toBeNull()
    expect(countiesShape([])).toBeNull()
  })

  it('caps a shape past the vertex limit like every stored shape, its places kept inside', () => {
    // Every county of the layer merged: the nation's outline and islands, 8,936 vertices before the cap.
    const layer = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('us-atlas/counties-10m.json'), 'utf8')) as {
      objects: { counties: { geometries: { id: string }[] } }
    }
    const nation = countiesShape(layer.objects.counties.geometries.map((county) => county.id))!
    expect(countVertices(nation)).toBeLessThanOrEqual(MAX_SHAPE_VERTICES)
    expect([WESTMINSTER, BALTIMORE].map((town) => milesFrom(town, nation))).toEqual([0, 0])
  })
})
