// The import's pure parts: which tags are businesses, the node index and way centres, the place grid against the
// city file's linear search, progress lines, and the PBF reader on files it must refuse.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { nearestCity } from '../../../src/lib/cities.ts'
import { cityIndex } from '../../../server/lib/cities.ts'
import { boundedTags, isBusiness, MAX_TAG_CHARS } from '../../../server/osm-import/filter.ts'
import { hoursCache } from '../../../server/osm-import/hours-cache.ts'
import { IdList, NodeIndex, wayCentre } from '../../../server/osm-import/node-index.ts'
import { blockElements, blockKinds, readBlocks, type Block } from '../../../server/osm-import/pbf.ts'
import { frameBlock, headerBlock, writePbf } from '../../../server/osm-import/pbf-writer.ts'
import { nearestOnGrid, PLACE_RADIUS_KM } from '../../../server/osm-import/places.ts'
import { duration, progressLine, progressReporter } from '../../../server/osm-import/progress.ts'

const dir = mkdtempSync(join(tmpdir(), 'osm-unit-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('isBusiness', () => {
  it.each([
    [{ amenity: 'cafe', name: 'A' }, true],
    [{ amenity: 'pharmacy', name: 'A' }, true],
    [{ shop: 'anything_at_all', name: 'A' }, true],
    [{ office: 'lawyer', name: 'A' }, true],
    [{ craft: 'brewery', name: 'A' }, true],
    [{ tourism: 'hotel', name: 'A' }, true],
    [{ tourism: 'museum', name: 'A' }, true],
    [{ tourism: 'viewpoint', name: 'A' }, false],
    [{ amenity: 'bench', name: 'A' }, false],
    [{ amenity: 'parking', name: 'A' }, false],
    [{ shop: 'bakery' }, false],
    [{ shop: 'bakery', name: '   ' }, false],
    [{ highway: 'residential', name: 'Main St' }, false],
  ])('%j → %s', (tags, expected) => expect(isBusiness(tags)).toBe(expected))
  it('is false without tags', () => expect(isBusiness(undefined)).toBe(false))
})

describe('boundedTags', () => {
  it('cuts huge values and too many tags', () => {
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`k${index}`, 'v']))
    const { tags, capped } = boundedTags({ name: 'x'.repeat(10_000), ...many })
    expect(capped).toBe(true)
    expect(tags['name']).toHaveLength(MAX_TAG_CHARS)
    expect(Object.keys(tags)).toHaveLength(200)
    expect(boundedTags({ name: 'Shop' })).toEqual({ tags: { name: 'Shop' }, capped: false })
  })
})

describe('node index', () => {
  it('sorts and dedupes ids, grows past its first size, and keeps positions at the file’s precision', () => {
    const list = new IdList()
    for (let index = 0; index < 5000; index++) list.push(5000 - (index % 2500))
    list.push(2 ** 52 + 1)
    const ids = list.sortedUnique()
    expect(ids).toHaveLength(2501)
    expect(ids[0]).toBe(2501)
    expect(ids.at(-1)).toBe(2 ** 52 + 1)
    const index = new NodeIndex(ids)
    expect(index.bytes).toBe(2501 * 16)
    index.set(2501, 47.1234567, -122.7654321)
    index.set(1, 10, 10) // not wanted: ignored
    index.set(2 ** 52 + 1, -33.5, 151.25)
    expect(index.found).toBe(2)
    expect(index.get(2501)).toEqual([47.1234567, -122.7654321])
    expect(index.get(2 ** 52 + 1)).toEqual([-33.5, 151.25])
    expect(index.get(1)).toBeNull()
    expect(index.get(2600)).toBeNull() // wanted, never seen
  })

  it('centres a way on its nodes’ bounding box, as Overpass’s out center does, or gives null when a node is missing', () => {
    const index = new NodeIndex(Float64Array.from([1, 2, 3, 4]))
    index.set(1, 47.0, -122.0)
    index.set(2, 47.0, -121.9)
    index.set(3, 47.3, -121.9)
    // An L-shaped way: the box centre, not the mean of its nodes.
    expect(wayCentre([1, 2, 3], index)).toEqual({ lat: 47.15, lon: -121.95 })
    expect(wayCentre([1, 2, 4], index)).toBeNull()
    expect(wayCentre([], index)).toBeNull()
  })
})

describe('places', () => {
  it('finds the same nearest city as the linear search of the city file', () => {
    const cities = cityIndex().cities
    const nearest = nearestOnGrid(cities)
    let seed = 7
    const random = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    for (let index = 0; index < 300; index++) {
      const lat = 25 + random() * 24
      const lon = -124 + random() * 57
      expect(nearest(lat, lon)?.timezone ?? null, `${lat},${lon}`).toBe(
        nearestCity(cities, lat, lon, PLACE_RADIUS_KM)?.timezone ?? null,
      )
    }
    // Mid-Pacific: nothing within reach.
    expect(nearest(30, -150)).toBeNull()
  })
})

describe('hours cache', () => {
  it('evaluates a value once per state and zone, but solar values every time', () => {
    let calls = 0
    const cached = hoursCache(() => {
      calls++
      return { from: '2026-11-24', days: [] }
    })
    const place = { lat: 47.6, lon: -122.3, state: 'WA', timeZone: 'America/Los_Angeles' }
    const now = new Date('2026-11-25T18:00:00Z')
    cached('Mo-Fr 09:00-17:00', place, now)
    cached('Mo-Fr 09:00-17:00', { ...place, lat: 47.7 }, now)
    expect(calls).toBe(1)
    cached('Mo-Fr 09:00-17:00', { ...place, state: 'OR' }, now)
    cached('sunrise-sunset', place, now)
    cached('sunrise-sunset', place, now)
    expect(calls).toBe(4)
  })
})

describe('progress', () => {
  it('says the pass, bytes of both passes, rates and the time left', () => {
    const MB = 1024 * 1024
    expect(progressLine({ pass: 2, position: 50 * MB, fileBytes: 100 * MB, elements: 3e6, kept: 1200, elapsedMs: 15_000 })).toBe(
      'pass 2/2 · 150.0 of 200.0 MB (75%) · 3,000,000 elements (200,000/s) · 1,200 businesses · 10.0 MB/s · ETA 0:15',
    )
    // The second pass's own speed: 50 MB in its 5 s, 50 MB left.
    expect(
      progressLine({
        pass: 2,
        position: 50 * MB,
        fileBytes: 100 * MB,
        elements: 3e6,
        kept: 0,
        elapsedMs: 15_000,
        passElapsedMs: 5000,
      }),
    ).toMatch(/ETA 0:05$/)
    // The first pass counts the second at its own speed: 90 MB left at 10 MB/s.
    expect(progressLine({ pass: 1, position: 10 * MB, fileBytes: 50 * MB, elements: 0, kept: 0, elapsedMs: 1000 })).toMatch(
      /ETA 0:09$/,
    )
    expect(progressLine({ pass: 1, position: 0, fileBytes: MB, elements: 0, kept: 0, elapsedMs: 0 })).toMatch(/ETA \?$/)
    expect(duration(3909)).toBe('1:05:09')
    expect(duration(249)).toBe('4:09')
  })
  it('writes at most once per interval, and always the final line', () => {
    let clock = 0
    const lines: string[] = []
    const report = progressReporter(
      (line) => lines.push(line),
      1000,
      () => clock,
    )
    const figures = { pass: 1 as const, position: 10, fileBytes: 100, elements: 0, kept: 0 }
    report(figures)
    clock = 500
    report(figures)
    clock = 1200
    report(figures)
    report(figures, true)
    expect(lines).toHaveLength(3)
  })
})

describe('PBF reader', () => {
  const collect = async (path: string): Promise<Block[]> => {
    const blocks: Block[] = []
    for await (const block of readBlocks(path)) blocks.push(block)
    return blocks
  }

  it('reads a written file back: header, block kinds and elements', async () => {
    const path = join(dir, 'round.osm.pbf')
    writePbf(path, {
      nodes: [
        { id: 1, lat: 47.5, lon: -122.1, tags: { name: 'Café ☕', amenity: 'cafe' } },
        { id: 3, lat: -33.9, lon: 151.2 },
      ],
      ways: [{ id: 10, refs: [1, 3], tags: { highway: 'path' } }],
      relations: [{ id: 7, members: [{ type: 'way', ref: 10 }], tags: { type: 'route' } }],
    })
    const positions: number[] = []
    const blocks: Block[] = []
    for await (const block of readBlocks(path, (position) => positions.push(position))) blocks.push(block)
    expect(blocks[0]).toMatchObject({ type: 'header', header: { required_features: ['OsmSchema-V0.6', 'DenseNodes'] } })
    const data = blocks.filter((block) => block.type === 'data')
    expect(data.map((block) => blockKinds(block.data))).toEqual([
      { nodes: true, ways: false, relations: false },
      { nodes: false, ways: true, relations: false },
      { nodes: false, ways: false, relations: true },
    ])
    const [nodes, ways] = data.map((block) => blockElements(block.data, block.at, { nodes: true, ways: true }))
    expect(nodes).toEqual([
      { type: 'node', id: 1, lat: 47.5, lon: -122.1, tags: { name: 'Café ☕', amenity: 'cafe' } },
      { type: 'node', id: 3, lat: -33.9, lon: 151.2 },
    ])
    expect(ways).toEqual([{ type: 'way', id: 10, refs: [1, 3], tags: { highway: 'path' } }])
    expect(positions).toHaveLength(4)
    expect(positions.every((position, index) => !index || position > positions[index - 1]!)).toBe(true)
  })

  it.each([
    ['an empty file', Buffer.alloc(0), /empty file/],
    [
      'a file cut inside a block',
      headerBlock().subarray(0, 20),
      /truncated file: the OSMHeader block of \d+ bytes at byte 17 ends after 3/,
    ],
    ['a file cut inside a block header', headerBlock().subarray(0, 6), /truncated file: a block header/],
    ['a data block before the header', frameBlock('OSMData', Buffer.alloc(10)), /first block is "OSMData"/],
    [
      'an uncompressed block of garbage',
      Buffer.concat([headerBlock(), frameBlock('OSMData', Buffer.from([0xff, 0xff, 0xff]), false)]),
      null,
    ],
  ])('refuses %s', async (_, bytes, message) => {
    const path = join(dir, 'bad.osm.pbf')
    writeFileSync(path, bytes)
    if (message) {
      await expect(collect(path)).rejects.toThrow(message)
      return
    }
    const blocks = await collect(path)
    const last = blocks.at(-1)!
    expect(last.type).toBe('data')
    if (last.type === 'data')
      expect(() => blockElements(last.data, last.at, { nodes: true, ways: true })).toThrow(/does not decode/)
  })
})
