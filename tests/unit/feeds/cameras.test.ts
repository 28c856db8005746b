import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeAtis511 } from '../../../server/feeds/adapters/cameras/atis511.ts'
import { decodeCaltrans } from '../../../server/feeds/adapters/cameras/caltrans.ts'
import { direction, httpUrl } from '../../../server/feeds/adapters/cameras/camera.ts'
import { decodeWsdot } from '../../../server/feeds/adapters/cameras/wsdot.ts'
import { decodeWzdxCameras } from '../../../server/feeds/adapters/cameras/wzdx-devices.ts'
import type { DecodeContext } from '../../../server/feeds/types.ts'

const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/feeds/cameras/${name}`, import.meta.url), 'utf8')
const context = (options: Record<string, unknown> = {}): DecodeContext => ({
  feedId: 'test',
  now: new Date('2026-11-23T18:00:00Z'),
  options,
})

describe('Caltrans CWWP2', () => {
  const result = decodeCaltrans(fixture('caltrans-d04.json'), context({ district: 4 }))

  it('keeps in-service cameras with an http(s) image and a position', () => {
    expect(result.items.map((item) => item.sourceId)).toEqual(['d4-1', 'd4-5'])
    expect(result.skipped).toBe(5)
  })

  it('makes a camera item with road, direction, image and its own small area', () => {
    expect(result.items[0]).toMatchObject({
      aspect: 'cameras',
      title: 'TV501 -- I-80 : West of Treasure Island Tunnel (San Francisco)',
      lines: ['I-80 · West'],
      lat: 37.80946,
      lon: -122.37172,
      areaMiles: 4,
      geometry: null,
      attribution: { name: 'Caltrans', url: 'https://cwwp2.dot.ca.gov/' },
    })
    expect(result.items[0]?.image).toMatch(/^https:\/\/cwwp2\.dot\.ca\.gov\/data\/d4\/cctv\/image\/.+\.jpg$/)
  })

  it('drops "false" inService, javascript: images and missing positions, saying why', () => {
    expect(result.errors).toEqual(
      expect.arrayContaining(['camera d4-2: out of service', 'camera d4-3: no http(s) image', 'camera d4-4: no position']),
    )
  })

  it('throws when the body is not the format', () => {
    expect(() => decodeCaltrans('<html>', context())).toThrow(/not JSON/)
    expect(() => decodeCaltrans('{"items":[]}', context())).toThrow(/no data array/)
  })
})

describe('WSDOT', () => {
  const result = decodeWsdot(fixture('wsdot.json'), context())

  it('keeps active cameras and drops inactive, position-less and non-http ones', () => {
    expect(result.items.map((item) => item.sourceId)).toEqual(['9801', '1234', '7777'])
    expect(result.skipped).toBe(3)
  })

  it('falls back to the survey position when the display one is 0,0', () => {
    expect(result.items[2]).toMatchObject({ lat: 47.4, lon: -121.4 })
  })

  it('cleans markup from titles and links partner cameras to their owner', () => {
    expect(result.items[1]).toMatchObject({ title: 'Spokane St & 5th Ave', link: 'https://www.seattle.gov/transportation' })
    expect(result.items[0]).toMatchObject({
      lines: ['SR 203 · North'],
      link: 'https://wsdot.com/travel/real-time/map/?featuretype=camera&featureid=9801',
      attribution: { name: 'WSDOT' },
    })
  })

  it('throws on a non-array body (an error page in JSON)', () => {
    expect(() => decodeWsdot('{"Message":"Invalid access code"}', context())).toThrow(/expected an array/)
  })
})

describe('511 platform', () => {
  it('reads v1 flat records and drops disabled or blocked cameras', () => {
    const result = decodeAtis511(fixture('511-v1.json'), context({ publisher: '511NY', publisherUrl: 'https://511ny.org/' }))
    expect(result.items.map((item) => item.sourceId)).toEqual(['NYSDOT_1001'])
    expect(result.items[0]).toMatchObject({
      title: 'I-87 at Exit 4 (Albany Shaker Rd)',
      lines: ['I-87 - Adirondack Northway · North'],
      image: 'https://s51.nysdot.skyvdn.com/thumbs/R1_001.flv.png',
      attribution: { name: '511NY', url: 'https://511ny.org/' },
    })
    expect(result.skipped).toBe(3)
  })

  it('reads v2 Views, skipping disabled views and cameras with none enabled', () => {
    const result = decodeAtis511(fixture('511-v2.json'), context({ publisher: '511 Georgia' }))
    expect(result.items.map((item) => [item.sourceId, item.image])).toEqual([
      ['1456', 'https://sfs-msc-pub-lq-01.navigator.dot.ga.gov/snapshots/ATL-CCTV-0001.jpg'],
      ['1457', 'https://sfs-msc-pub-lq-01.navigator.dot.ga.gov/snapshots/ATL-CCTV-0002b.jpg'],
    ])
    expect(result.items[0]).toMatchObject({ title: 'I-75 at Northside Dr', lines: ['I-75 · South'] })
    expect(result.skipped).toBe(2)
  })
})

describe('WZDx device feed', () => {
  const result = decodeWzdxCameras(fixture('wzdx-devices.geojson'), context())

  it('keeps cameras that are not in error, ignoring other devices', () => {
    expect(result.items.map((item) => item.sourceId)).toEqual([
      '2c9e1f6a-0b63-4f3e-9a59-6b8f4c8a1d01',
      '2c9e1f6a-0b63-4f3e-9a59-6b8f4c8a1d04',
    ])
    // The camera without an image and the feature without core details; not the arrow board, and not the
    // camera in error: out of service is a valid record meaning "not shown" (issue 22).
    expect(result.skipped).toBe(2)
  })

  it('takes the publisher from feed_info and the position from the Point', () => {
    expect(result.items[1]).toMatchObject({
      title: 'I-35/I-80 mixmaster',
      lines: ['I-35 / I-80 · South'],
      lat: 41.64,
      lon: -93.7,
      attribution: { name: 'Iowa DOT', url: null },
    })
  })
})

describe('shared rules', () => {
  it.each([
    ['https://a.example/x.jpg', 'https://a.example/x.jpg'],
    ['http://a.example/x.jpg', 'http://a.example/x.jpg'],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AA', null],
    ['/relative.jpg', null],
    [42, null],
  ])('httpUrl(%s) is %s', (input, expected) => {
    expect(httpUrl(input)).toBe(expected)
  })

  it.each([
    ['NB', 'North'],
    ['westbound', 'West'],
    ['Both Directions', 'Both directions'],
    ['Unknown', null],
    ['Looking at the bridge', 'Looking at the bridge'],
  ])('direction(%s) is %s', (input, expected) => {
    expect(direction(input)).toBe(expected)
  })
})
