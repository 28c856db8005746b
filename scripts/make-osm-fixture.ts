// Writes a synthetic OpenStreetMap extract for the import benchmark: npm run … node scripts/make-osm-fixture.ts
// [--nodes 3000000] [--out .build/osm/synthetic.osm.pbf]. Shaped like a US state extract: nodes on roads (ways of
// about 10 nodes, 1 way per 10 nodes), about 1 node in 150 a tagged business, 1 way in 200 a business building
// (5 nodes, closed), a few relations; spread over Washington State's box. Deterministic (a seeded generator).
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { PbfFileWriter, type Tags } from '../server/osm-import/pbf-writer.ts'

const { values } = parseArgs({
  options: { nodes: { type: 'string', default: '3000000' }, out: { type: 'string', default: '.build/osm/synthetic.osm.pbf' } },
})
const total = Number(values.nodes)
if (!Number.isSafeInteger(total) || total < 100) throw new Error('--nodes: a whole number of at least 100')
const out = values.out

let seed = 22
/** mulberry32 */
const random = (): number => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!

const KINDS: [string, string][] = [
  ['amenity', 'restaurant'],
  ['amenity', 'cafe'],
  ['amenity', 'fast_food'],
  ['amenity', 'pharmacy'],
  ['amenity', 'bank'],
  ['amenity', 'fuel'],
  ['shop', 'supermarket'],
  ['shop', 'hairdresser'],
  ['shop', 'convenience'],
  ['office', 'lawyer'],
  ['craft', 'carpenter'],
  ['tourism', 'motel'],
]
const HOURS = ['Mo-Fr 09:00-17:00', 'Mo-Sa 08:00-20:00; Su 10:00-18:00', '24/7', 'Mo-Fr 07:00-15:00; PH off', 'Tu-Su 11:00-22:00']

function businessTags(index: number): Tags {
  const [key, value] = pick(KINDS)
  const tags: Tags = { [key]: value, name: `Business ${index}` }
  if (random() < 0.4) tags['opening_hours'] = pick(HOURS)
  if (random() < 0.3) tags['website'] = `https://business-${index}.example.com/`
  if (random() < 0.3) tags['phone'] = `+1 206 555 ${String(index % 10000).padStart(4, '0')}`
  if (random() < 0.5)
    Object.assign(tags, { 'addr:housenumber': String(index % 900), 'addr:street': 'Main Street', 'addr:city': 'Seattle' })
  return tags
}

mkdirSync(dirname(out), { recursive: true })
const writer = new PbfFileWriter(out)
const started = Date.now()
// Nodes in road-like runs across Washington's box (45.6..49.0 N, 124.7..116.9 W).
let lat = 47.6
let lon = -122.3
let businesses = 0
for (let id = 1; id <= total; id++) {
  if (id % 10 === 1) {
    lat = 45.6 + random() * 3.4
    lon = -124.7 + random() * 7.8
  } else {
    lat += (random() - 0.5) * 0.002
    lon += (random() - 0.5) * 0.002
  }
  const business = random() < 1 / 150
  if (business) businesses++
  writer.node({
    id,
    lat,
    lon,
    ...(business ? { tags: businessTags(id) } : random() < 0.02 ? { tags: { highway: 'crossing' } } : {}),
  })
}
// Roads: 10 nodes each; every 200th way a closed business building of 5 nodes of its run.
let ways = 0
let businessWays = 0
for (let first = 1; first + 9 <= total; first += 10) {
  ways++
  if (ways % 200 === 0) {
    businessWays++
    writer.way({
      id: ways,
      refs: [first, first + 1, first + 2, first + 3, first],
      tags: { building: 'retail', ...businessTags(1e9 + ways) },
    })
  } else {
    const refs = Array.from({ length: 10 }, (_, offset) => first + offset)
    writer.way({ id: ways, refs, tags: { highway: pick(['residential', 'service', 'tertiary']), name: `Road ${ways}` } })
  }
}
for (let id = 1; id <= Math.ceil(total / 5000); id++)
  writer.relation({
    id,
    members: [{ type: 'way', ref: id * 7, role: 'outer' }],
    tags: { type: 'multipolygon', landuse: 'forest' },
  })
writer.close()
console.log(
  `${out}: ${total.toLocaleString('en-US')} nodes (${businesses.toLocaleString('en-US')} businesses), ${ways.toLocaleString('en-US')} ways (${businessWays.toLocaleString('en-US')} businesses), ${(writer.bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)
