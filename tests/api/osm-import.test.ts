// npm run import:osm on SQLite and PostgreSQL: generated .osm.pbf extracts (server/osm-import/pbf-writer.ts) imported
// into a fresh database: kept and skipped elements, way centres, the Overpass mapping, upsert on re-import, removal of
// vanished businesses per extract, and hostile files that fail without removing good rows.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Store } from '../../server/db/index.ts'
import { businessItem } from '../../server/feeds/overpass/decode.ts'
import { storeFeedItems } from '../../server/feeds/store.ts'
import { MAX_WAY_REFS, importOsm, type ImportOptions } from '../../server/osm-import/import.ts'
import { startRun } from '../../server/db/queries/osm-import.ts'
import { longestWay, readBlocks } from '../../server/osm-import/pbf.ts'
import { frameBlock, headerBlock, writePbf, type NodeInput, type WayInput } from '../../server/osm-import/pbf-writer.ts'
import { backends } from './backends.ts'

const NOW = new Date('2026-11-25T18:00:00Z')
const SEATTLE = { lat: 47.6062, lon: -122.3321, state: 'WA', timeZone: 'America/Los_Angeles' }
const place = () => SEATTLE

const cafe: NodeInput = {
  id: 1,
  lat: 47.6101,
  lon: -122.3421,
  tags: {
    amenity: 'cafe',
    name: 'Moonlight Coffee',
    opening_hours: 'Mo-Fr 07:00-15:00; PH off',
    website: 'https://moonlight.example/',
    phone: '+1 206 555 0101',
    'addr:housenumber': '12',
    'addr:street': 'Pike Street',
    cuisine: 'coffee_shop',
  },
}
const bench: NodeInput = { id: 2, lat: 47.61, lon: -122.34, tags: { amenity: 'bench', name: 'Memorial bench' } }
const unnamed: NodeInput = { id: 3, lat: 47.61, lon: -122.34, tags: { shop: 'bakery' } }
const hotel: NodeInput = { id: 4, lat: 47.6205, lon: -122.3493, tags: { tourism: 'hotel', name: 'Space Needle Inn' } }
const corners: NodeInput[] = [
  { id: 5, lat: 47.6, lon: -122.33 },
  { id: 6, lat: 47.6, lon: -122.32 },
  { id: 7, lat: 47.604, lon: -122.32 },
  { id: 8, lat: 47.604, lon: -122.33 },
]
const market: WayInput = {
  id: 100,
  refs: [5, 6, 7, 8, 5],
  tags: { shop: 'supermarket', name: 'Pike Grocery', opening_hours: '24/7' },
}
const road: WayInput = { id: 101, refs: [5, 6], tags: { highway: 'residential', name: 'Pike Street' } }
const broken: WayInput = { id: 102, refs: [5, 999], tags: { office: 'lawyer', name: 'Half & Way LLP' } }
const relation = {
  id: 200,
  members: [{ type: 'way' as const, ref: 100, role: 'outer' }],
  tags: { type: 'multipolygon', amenity: 'restaurant', name: 'Big Hall' },
}

const BASE = { nodes: [cafe, bench, unnamed, hotel, ...corners], ways: [market, road, broken], relations: [relation] }

describe.each(await backends())('import:osm on $name', (backend) => {
  let store: Store
  let drop: () => Promise<void>
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'osm-import-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  beforeEach(async () => {
    const fresh = await backend.fresh()
    store = await openDatabase(fresh.url, join(dir, 'unused'))
    drop = async () => {
      await store.db.destroy()
      await fresh.drop()
    }
    return () => drop()
  })

  const file = (name: string, elements: Parameters<typeof writePbf>[1]): string => {
    const path = join(dir, `${name}.osm.pbf`)
    writePbf(path, elements)
    return path
  }
  const run = (path: string, options: Partial<ImportOptions> = {}) =>
    importOsm(store.db, { path, now: NOW, places: place, ...options })
  const rows = () =>
    store.db
      .selectFrom('items')
      .select(['id', 'source_id', 'title', 'lat', 'lon', 'special_data', 'view', 'category', 'link'])
      .where('feed_id', '=', 'osm')
      .orderBy('source_id')
      .execute()

  it('keeps named businesses (nodes and ways), skips the rest, and centres ways on their nodes’ box', async () => {
    const result = await run(file('base', BASE))
    expect(result.elements).toEqual({ nodes: 8, ways: 3, relations: 1 })
    expect(result.kept).toEqual({ nodes: 2, ways: 1 })
    expect(result.skipped).toMatchObject({ incompleteWays: 1, relations: 1 })
    expect(result.nodeIndex).toMatchObject({ wanted: 5, found: 4 })
    expect(result).toMatchObject({ added: 3, changed: 0, unchanged: 0, removed: 0 })
    const stored = await rows()
    expect(stored.map((row) => row.source_id)).toEqual(['node/1', 'node/4', 'way/100'])
    const way = stored.find((row) => row.source_id === 'way/100')!
    expect(way.lat).toBeCloseTo(47.602, 6)
    expect(way.lon).toBeCloseTo(-122.325, 6)
    expect(way.title).toBe('Pike Grocery')
    // Reaction lookups find it: its grid cells were written.
    const cells = await store.db.selectFrom('item_cells').select('item_id').where('item_id', '=', way.id).execute()
    expect(cells.length).toBeGreaterThan(0)
    expect(JSON.parse(way.view)).toMatchObject({
      id: way.id,
      title: 'Pike Grocery',
      source: { name: 'OpenStreetMap contributors' },
    })
  })

  it('stores a business exactly as the Overpass mapping does (name, kind, hours, links, phone, address)', async () => {
    await run(file('same', BASE))
    const row = (await rows()).find((stored) => stored.source_id === 'node/1')!
    const expected = businessItem('node/1', cafe.tags!, cafe.lat, cafe.lon, SEATTLE, NOW)
    expect(JSON.parse(row.special_data!)).toEqual(JSON.parse(expected.specialData!))
    expect(JSON.parse(row.special_data!)).toMatchObject({
      category: 'cafe',
      phone: '+1 206 555 0101',
      web: 'https://moonlight.example/',
      address: '12 Pike Street',
      hoursText: 'Mo-Fr 07:00-15:00; PH off',
      hoursDays: expect.any(Array),
      service: ['Coffee shop'],
      source: 'osm',
    })
    expect(row).toMatchObject({ category: 'cafe', link: 'https://moonlight.example/', lat: 47.6101, lon: -122.3421 })
  })

  it('upserts by OSM id on re-import and removes the businesses of its extract that vanished', async () => {
    const path = file('wa', BASE)
    await run(path)
    const before = await rows()
    const again = await run(path)
    expect(again).toMatchObject({ added: 0, changed: 0, unchanged: 3, removed: 0 })
    // The next extract: the café renamed, the hotel gone.
    const renamed = { ...cafe, tags: { ...cafe.tags, name: 'Moonlight Coffee & Tea' } }
    writePbf(path, { ...BASE, nodes: [renamed, bench, unnamed, ...corners] })
    const next = await run(path)
    expect(next).toMatchObject({ added: 0, changed: 1, unchanged: 1, removed: 1 })
    const after = await rows()
    expect(after.map((row) => row.source_id)).toEqual(['node/1', 'way/100'])
    expect(after[0]!.id).toBe(before[0]!.id)
    expect(after[0]!.title).toBe('Moonlight Coffee & Tea')
  })

  it('removes only its own extract’s businesses: another state’s import leaves them', async () => {
    await run(file('washington', BASE))
    const oregon = file('oregon', { nodes: [{ id: 50, lat: 45.52, lon: -122.68, tags: { shop: 'books', name: 'Powell’s' } }] })
    const result = await run(oregon)
    expect(result).toMatchObject({ added: 1, removed: 0 })
    expect((await rows()).map((row) => row.source_id)).toEqual(['node/1', 'node/4', 'node/50', 'way/100'])
    // A business on the border seen by both extracts belongs to the last one that saw it.
    await run(file('oregon', { nodes: [{ id: 50, lat: 45.52, lon: -122.68, tags: { shop: 'books', name: 'Powell’s' } }, hotel] }))
    await run(file('washington', { nodes: [cafe, ...corners], ways: [market] }), { minKeptShare: 0 })
    expect((await rows()).map((row) => row.source_id)).toEqual(['node/1', 'node/4', 'node/50', 'way/100'])
  })

  it('updates a business Overpass already stored instead of adding a second one', async () => {
    const fromOverpass = businessItem('node/1', { ...cafe.tags, name: 'Old name' }, cafe.lat, cafe.lon, SEATTLE, NOW)
    await storeFeedItems(store.db, 'osm', [fromOverpass], NOW, { removeMissing: false })
    const result = await run(file('overpass', BASE))
    expect(result).toMatchObject({ added: 2, changed: 1 })
    const stored = await rows()
    expect(stored.filter((row) => row.source_id === 'node/1').map((row) => row.title)).toEqual(['Moonlight Coffee'])
  })

  it('a truncated file fails clearly, and no good row is removed', async () => {
    const path = file('cut', BASE)
    await run(path)
    writePbf(path, { ...BASE, nodes: [bench, ...corners] }) // the café and the hotel would be removed…
    truncateSync(path, readFileSync(path).length - 20) // …but the file ends early
    await expect(run(path)).rejects.toThrow(/truncated file/)
    expect((await rows()).map((row) => row.source_id)).toEqual(['node/1', 'node/4', 'way/100'])
    const state = await store.db
      .withTables<{ osm_imports: { extract: string; last_error: string | null; finished_at: string | null } }>()
      .selectFrom('osm_imports')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(state.last_error).toMatch(/truncated file/)
  })

  it('huge tag values are cut, not stored whole, and do not stop the import', async () => {
    const huge = 'x'.repeat(1_000_000)
    const result = await run(
      file('huge', {
        nodes: [
          {
            ...cafe,
            tags: {
              ...cafe.tags,
              name: `Huge ${huge}`,
              opening_hours: huge,
              website: `https://a.example/${huge}`,
              description: huge,
            },
          },
        ],
      }),
    )
    expect(result).toMatchObject({ added: 1, capped: 1 })
    const [row] = await rows()
    expect(row!.title.length).toBeLessThanOrEqual(200)
    expect(row!.special_data!.length).toBeLessThan(5000)
  })

  it('a block that claims more than the format allows, or is not a PBF file, fails before anything is removed', async () => {
    await run(file('big', BASE))
    const path = join(dir, 'big.osm.pbf')
    // A data block whose header declares 64 MiB.
    const length = Buffer.alloc(4)
    const header = Buffer.from([0x0a, 7, ...Buffer.from('OSMData'), 0x18, 0x80, 0x80, 0x80, 0x20])
    length.writeUInt32BE(header.length)
    writeFileSync(path, Buffer.concat([headerBlock(), length, header, Buffer.alloc(100)]))
    await expect(run(path)).rejects.toThrow(/declares 67108864 bytes \(at most 33554432\)/)
    writeFileSync(path, '<?xml version="1.0"?><osm></osm>')
    await expect(run(path)).rejects.toThrow(/not an OSM PBF file/)
    // A block that inflates past 32 MiB (a zip bomb).
    writeFileSync(path, Buffer.concat([headerBlock(), frameBlock('OSMData', Buffer.alloc(40 * 1024 * 1024))]))
    await expect(run(path)).rejects.toThrow(/does not inflate|inflates to/)
    writeFileSync(path, Buffer.concat([headerBlock(['OsmSchema-V0.6', 'HistoricalInformation'])]))
    await expect(run(path)).rejects.toThrow(/HistoricalInformation/)
    expect(await rows()).toHaveLength(3)
  })

  it('refuses a way with more nodes than OSM allows, and more way nodes than the cap, before removing anything', async () => {
    await run(file('refs', BASE))
    // The review's file: 40 KB, ten blocks each a way of 4 million refs (74 s and 909 MB before; 0.8 s now).
    const long: WayInput = { id: 300, refs: new Array<number>(MAX_WAY_REFS + 1).fill(5), tags: { building: 'yes' } }
    const started = Date.now()
    await expect(run(file('refs', { ...BASE, ways: [market, long] }))).rejects.toThrow(
      /way 300 in the block at byte \d+ has 2001 nodes; OSM allows at most 2000/,
    )
    expect(Date.now() - started).toBeLessThan(5000)
    await expect(run(file('refs', BASE), { maxWayNodeIds: 4 })).rejects.toThrow(
      /the business ways name more than 4 nodes \(at way 100, byte \d+\): import a smaller extract/,
    )
    expect(await rows()).toHaveLength(3)
  })

  it('counts a block’s longest way without decoding it, as the decoder would read it', async () => {
    const long: WayInput = { id: 301, refs: [5, 6, 7, 300_000_000_000, 8, -1, 5], tags: { building: 'yes' } }
    const found = []
    for await (const block of readBlocks(file('longest', { ...BASE, ways: [market, long, road] })))
      if (block.type === 'data') found.push(longestWay(block.data))
    expect(found.filter(Boolean)).toEqual([{ id: 301, refs: 7 }])
    expect(longestWay(Buffer.from([0x12, 0xff, 0xff, 0xff, 0xff, 0x0f]))).toBeNull()
  })

  it('refuses a file that lists nodes after ways (unsorted), before writing anything', async () => {
    const path = join(dir, 'unsorted.osm.pbf')
    const ways = join(dir, 'ways-only.osm.pbf')
    const nodes = join(dir, 'nodes-only.osm.pbf')
    writePbf(ways, { ways: [market] })
    writePbf(nodes, { nodes: [cafe, ...corners] })
    // The header, the ways' block, then the nodes' block.
    const header = headerBlock().length
    writeFileSync(path, Buffer.concat([readFileSync(ways), readFileSync(nodes).subarray(header)]))
    await expect(run(path)).rejects.toThrow(/nodes after ways at byte \d+: the file is not sorted \(osmium sort/)
    expect(await rows()).toHaveLength(0)
  })

  it('refuses to remove when a run keeps far fewer businesses than the last complete one (a wrong file)', async () => {
    const path = file('shrink', BASE)
    await run(path)
    writePbf(path, { nodes: [bench] })
    await expect(run(path)).rejects.toThrow(
      /kept 0 businesses where the last complete import of "shrink" kept 3: nothing was removed/,
    )
    expect(await rows()).toHaveLength(3)
    const forced = await run(path, { minKeptShare: 0 })
    expect(forced.removed).toBe(3)
    expect(await rows()).toHaveLength(0)
  })

  it('waits for a run of the same extract still going, and a run overtaken by another removes nothing', async () => {
    const path = file('twice', BASE)
    await run(path)
    await startRun(store.db, 'twice', 'another-run', NOW) // as if another import had just started
    await expect(run(path)).rejects.toThrow(/an import of "twice" has been running since 2026-11-25T18:00:00.000Z/)
    writePbf(path, { ...BASE, nodes: [cafe, bench, unnamed, ...corners] }) // the hotel would go
    await run(path, { force: true })
    expect(await rows()).toHaveLength(2)
    // A run that another one overtakes while it reads leaves removal to the newer run.
    writePbf(path, { ...BASE, nodes: [bench, unnamed, ...corners] }) // the café would go
    let overtaken: Promise<void> | null = null
    const overtake = (line: string): void => {
      if (line.startsWith('pass 2/2')) overtaken ??= startRun(store.db, 'twice', 'newer-run', NOW)
    }
    await expect(run(path, { onProgress: overtake, progressIntervalMs: 0, minKeptShare: 0 })).rejects.toThrow(
      /another import of "twice" started meanwhile: this one removed nothing/,
    )
    expect((await rows()).map((row) => row.source_id)).toEqual(['node/1', 'way/100'])
  })

  it('writes in batches and reports progress lines with rates and an ETA', async () => {
    const nodes: NodeInput[] = Array.from({ length: 1200 }, (_, index) => ({
      id: index + 1,
      lat: 47.5 + index / 10_000,
      lon: -122.3,
      tags: { shop: 'convenience', name: `Shop ${index}` },
    }))
    const lines: string[] = []
    const result = await run(file('many', { nodes }), {
      batch: 100,
      onProgress: (line) => lines.push(line),
      progressIntervalMs: 0,
    })
    expect(result.added).toBe(1200)
    expect(lines.some((line) => line.startsWith('pass 1/2'))).toBe(true)
    expect(lines.at(-1)).toMatch(
      /^pass 2\/2 · [\d.]+ of [\d.]+ MB \(100%\) · 1,200 elements \([\d,]+\/s\) · 1,200 businesses · [\d.]+ MB\/s · ETA 0:00$/,
    )
  })
})
