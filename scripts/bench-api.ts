// Benchmarks GET /api/reaction on the real server with 100,000 items: requests per second and p50/p99 latency.
import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { parseCities } from '../src/lib/cities.ts'
import { ASPECTS, PRIORITIES } from '../src/lib/items.ts'
import { openDatabase } from '../server/db/index.ts'
import { cellRows, itemValues } from '../server/db/queries/items.ts'
import { publicView } from '../server/lib/item-view.ts'

const ITEMS = Number(process.env['BENCH_ITEMS'] ?? 100_000)
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20)
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 32)
/** 'towns': visitors ask about any town alike; 'people': in proportion to population (dense metros dominate). */
const VISITORS = process.env['BENCH_VISITORS'] === 'people' ? 'people' : 'towns'
/** Share of items that are county-sized alert polygons (e.g. 0.1) instead of circles. */
const POLYGONS = Math.min(Math.max(Number(process.env['BENCH_POLYGONS'] ?? 0) || 0, 0), 1)
const PORT = 8797
const dataDir = resolve('.build/bench-api')
const databaseUrl = process.env['BENCH_DATABASE_URL'] || null

// A seeded random source, so every run measures the same data.
let seed = 42
const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31

// Every town keeps a few items (about 5 each over the 21,000 places); visitors come in proportion to population,
// so the busiest answers are the dense metros with many small towns around them.
const cities = parseCities(readFileSync('public/data/cities.txt', 'utf8'))
const anyCity = () => cities[Math.floor(random() * cities.length)]!
const weights: number[] = []
let total = 0
for (const city of cities) weights.push((total += Math.max(city.population, 100)))
function visitorCity() {
  const target = random() * total
  let low = 0
  let high = weights.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (weights[middle]! < target) low = middle + 1
    else high = middle
  }
  return cities[low]!
}

/**
 * A county-sized polygon around a point, as NWS zone and county shapes are: 12–22 miles across from
 * the middle, 60–200 vertices with a ragged edge.
 */
function countyPolygon(lat: number, lon: number): string {
  const radius = 12 + random() * 10
  const vertices = 60 + Math.floor(random() * 140)
  const ring: [number, number][] = []
  for (let index = 0; index < vertices; index++) {
    const angle = (index / vertices) * 2 * Math.PI
    const miles = radius * (0.85 + random() * 0.3)
    const dLat = (miles * Math.sin(angle)) / 69.05
    const dLon = (miles * Math.cos(angle)) / (69.05 * Math.cos((lat * Math.PI) / 180))
    ring.push([Math.round((lon + dLon) * 1e5) / 1e5, Math.round((lat + dLat) * 1e5) / 1e5])
  }
  ring.push(ring[0]!)
  return JSON.stringify({ type: 'Polygon', coordinates: [ring] })
}

async function seedItems(): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true })
  const { db } = await openDatabase(databaseUrl, dataDir)
  if (databaseUrl) await sql`TRUNCATE items, item_cells RESTART IDENTITY CASCADE`.execute(db)
  const now = new Date().toISOString()
  const started = performance.now()
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < ITEMS; start += 500) {
      const rows = Array.from({ length: Math.min(500, ITEMS - start) }, (_, index) => {
        const city = anyCity()
        const lat = city.lat + (random() - 0.5) * 0.1
        const lon = city.lon + (random() - 0.5) * 0.1
        const polygon = random() < POLYGONS
        const area = polygon ? 0 : 2 + Math.floor(random() * 14)
        return itemValues({
          geometry: polygon ? countyPolygon(lat, lon) : null,
          data_aspect: ASPECTS[Math.floor(random() * ASPECTS.length)]!,
          priority: PRIORITIES[Math.floor(random() * PRIORITIES.length)]!,
          title: `Bench item ${start + index} near ${city.name}`,
          state: 'open',
          lines: JSON.stringify(['First line of detail', 'Second line']),
          lat,
          lon,
          area_miles: area,
          city_name: city.name,
          page_name: city.route,
          created_at: now,
          updated_at: now,
        })
      })
      const inserted = await trx.insertInto('items').values(rows).returningAll().execute()
      for (const row of inserted)
        await trx
          .updateTable('items')
          .set({ view: publicView(row) })
          .where('id', '=', row.id)
          .execute()
      const cells = inserted.flatMap((row) => cellRows(row.id, row))
      for (let at = 0; at < cells.length; at += 500)
        await trx
          .insertInto('item_cells')
          .values(cells.slice(at, at + 500))
          .execute()
    }
  })
  // Fresh statistics, as a live database has them; on PostgreSQL also without the dead rows of the view updates.
  await sql.raw(databaseUrl ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db)
  console.log(
    `bench:api: seeded ${ITEMS.toLocaleString('en-US')} items in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  await db.destroy()
}

async function waitFor(url: string): Promise<void> {
  // Up to a minute: a loaded machine starts the API slowly.
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`bench:api: server did not start at ${url}`)
}

await seedItems()
const server = spawn(process.execPath, ['server/index.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    API_PORT: String(PORT),
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    JOBS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
})
try {
  await waitFor(`http://localhost:${PORT}/api/health`)
  // Visitors ask about the places they live: 2,000 city points drawn like the items, rounded as the site rounds them.
  const paths = Array.from({ length: 2000 }, () => {
    const city = VISITORS === 'people' ? visitorCity() : anyCity()
    return `/api/reaction?lat=${city.lat.toFixed(2)}&lon=${city.lon.toFixed(2)}${city.route ? `&route=${city.route}` : ''}`
  })
  let next = 0
  let messages = 0
  let answers = 0
  let bytes = 0
  const sample = (await (await fetch(`http://localhost:${PORT}${paths[0]}`)).json()) as object
  console.log(`bench:api: sample answer sections ${Object.keys(sample).join(', ')}`)
  const result = await autocannon({
    url: `http://localhost:${PORT}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    // Browsers call the API cross-origin, so every request carries the site's Origin (and gets CORS headers).
    headers: { origin: 'http://localhost:4321' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
        onResponse: (status, body) => {
          if (status !== 200 || answers >= 500) return
          bytes += body.length
          const reaction = JSON.parse(body) as Record<string, { messages: unknown[] }>
          messages += Object.values(reaction).reduce((sum, section) => sum + section.messages.length, 0)
          answers++
        },
      },
    ],
  })
  const errors = result.errors + result.non2xx + result.timeouts
  console.log(`
bench:api: GET /api/reaction, ${ITEMS.toLocaleString('en-US')} items, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${CONNECTIONS} connections, ${SECONDS} s
  requests/s   ${Math.round(result.requests.average).toLocaleString('en-US')}
  latency p50  ${result.latency.p50} ms
  latency p99  ${result.latency.p99} ms
  latency max  ${result.latency.max} ms
  requests     ${result.requests.total.toLocaleString('en-US')} (${errors} errors)
  visitors     ${VISITORS === 'people' ? 'in proportion to population' : 'any town alike'}; reaction cache ${process.env['REACTION_CACHE_SECONDS'] ?? 5} s
  polygons     ${Math.round(POLYGONS * 100)}% of items county-sized polygons (BENCH_POLYGONS)
  items/answer ${(messages / Math.max(answers, 1)).toFixed(1)}, ${(bytes / Math.max(answers, 1) / 1024).toFixed(1)} KB (sampled)
  target       >= 3,000 requests/s at p99 < 50 ms`)
} finally {
  server.kill('SIGTERM')
}
