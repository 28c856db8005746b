import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeGenericCameras, readPath } from '../../../server/feeds/adapters/cameras/generic.ts'
import type { DecodeContext } from '../../../server/feeds/types.ts'

const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/feeds/cameras/${name}`, import.meta.url), 'utf8')
const context = (options: Record<string, unknown>): DecodeContext => ({ feedId: 'city-cams', now: new Date(0), options })

const JSON_MAPPING = {
  list: 'result.cameras',
  fields: {
    id: 'cam_id',
    title: 'label',
    image: 'media.still',
    lat: 'pos.lat',
    lon: 'pos.lng',
    direction: 'facing',
    road: 'street',
    inService: 'status',
  },
  inServiceValue: 'online',
  publisher: 'Example City Traffic',
  publisherUrl: 'https://traffic.example.gov/',
}

describe('camera mapping (JSON)', () => {
  const result = decodeGenericCameras(fixture('generic-json.json'), context(JSON_MAPPING))

  it('maps the named fields, case-insensitive in-service value, strings as numbers', () => {
    expect(result.items).toHaveLength(1)
    expect(result.items[0]).toMatchObject({
      sourceId: 'A1',
      title: 'Main St at 1st Ave',
      image: 'https://traffic.example.gov/cams/A1.jpg',
      lat: 44.9778,
      lon: -93.265,
      lines: ['Main St · East'],
      attribution: { name: 'Example City Traffic', url: 'https://traffic.example.gov/' },
    })
  })

  it('skips out-of-service, partial and bad records and counts them', () => {
    expect(result.skipped).toBe(5)
    expect(result.errors).toEqual([
      'camera A2: out of service',
      'camera A3: no position',
      'camera A4: no http(s) image',
      'record 4: no id',
      'record 5: not an object',
    ])
  })
})

describe('camera mapping (GeoJSON)', () => {
  it('reads features and their Point when no lat/lon path is given', () => {
    const options = {
      fields: {
        id: 'properties.id',
        title: 'properties.name',
        image: 'properties.image',
        inService: 'properties.active',
        road: 'properties.route',
      },
    }
    const result = decodeGenericCameras(fixture('generic-geojson.geojson'), context(options))
    expect(result.items.map((item) => [item.sourceId, item.lat, item.lon])).toEqual([['11', 39.7392, -104.9903]])
    expect(result.errors).toEqual(['camera 12: out of service', 'camera 13: no position'])
    expect(result.items[0]?.attribution).toEqual({ name: 'city-cams', url: null })
  })
})

describe('mapping errors fail the feed clearly', () => {
  it.each([
    [{}, /options.fields is missing/],
    [{ fields: { id: 'id' } }, /fields.id and fields.image are required/],
    [{ fields: { id: 'id', image: 'img', colour: 'c' } }, /unknown field "colour"/],
    [{ list: 'nope', fields: { id: 'id', image: 'img' } }, /no list at "nope"/],
  ])('%j', (options, message) => {
    expect(() => decodeGenericCameras('{"a":1}', context(options))).toThrow(message)
  })
})

it('readPath walks objects and array indexes, never the prototype', () => {
  expect(readPath({ a: { b: [1, 2] } }, 'a.b.1')).toBe(2)
  expect(readPath({ a: {} }, 'a.constructor')).toBeUndefined()
  expect(readPath([{ x: 1 }], '0.x')).toBe(1)
})
