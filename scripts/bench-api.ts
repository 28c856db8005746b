// Benchmarks GET /api/reaction on the real server with 100,000 items: requests per second, p50/p99 latency and the
// server's CPU time per request, for circles only and with a share of county-sized polygons, with and without the
// reaction cache, all in one run so the figures share the machine's load.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import pg from 'pg'
import { parseCities } from '../src/lib/cities.ts'
import { ASPECTS, PRIORITIES } from '../src/lib/items.ts'
import { openDatabase } from '../server/db/index.ts'
import { insertItemRows, itemValues } from '../server/db/queries/items.ts'
import { mixedRequests } from './lib/mixed.ts'

const ITEMS = Number(process.env['BENCH_ITEMS'] ?? 100_000)
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 15)
const WARMUP_SECONDS = Number(process.env['BENCH_WARMUP'] ?? 3)
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 32)
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 1) || 1)
/** 'towns': visitors ask about any town alike; 'people': in proportion to population (dense metros dominate). */
const VISITORS = process.env['BENCH_VISITORS'] === 'people' ? 'people' : 'towns'
const list = (value: string | undefined, fallback: string): number[] =>
  (value ?? fallback)
    .split(',')
    .filter(Boolean)
    .map((part) => Math.max(Number(part) || 0, 0))
/** Shares of items that are county-sized alert polygons (0: circles only; 0.1: 10%), each its own database. */
const POLYGONS = list(process.env['BENCH_POLYGONS'], '0,0.1').map((share) => Math.min(share, 1))
/** Reaction cache seconds to run each database with (0: every answer is built afresh). */
const CACHES = list(process.env['BENCH_CACHE'], '5,0')
/** Accept-Encoding the visitors send: none by default (autocannon does not decompress); 'gzip' or 'br' to measure compression. */
const ENCODING = process.env['BENCH_ENCODING'] ?? ''
const PORT = Number(process.env['BENCH_PORT'] ?? 8797)
/**
 * Share of hostile requests in a mixed load (issue 26's review: 5%). 0, the default, measures the reaction alone;
 * above 0 the visitors also search cities and read items, and that share of requests is hostile (see mixed.ts).
 */
const HOSTILE = Math.min(Math.max(Number(process.env['BENCH_HOSTILE'] ?? 0) || 0, 0), 1)
const root = resolve(process.env['BENCH_DIR'] ?? '.build/bench-api')
const databaseUrl = process.env['BENCH_DATABASE_URL'] || null
/** PostgreSQL databases are named <prefix>_p0, <prefix>_p10 beside BENCH_DATABASE_URL's. */
const PG_PREFIX = process.env['BENCH_PG_PREFIX'] ?? 'porchlight_bench'
/** A folder for V8 CPU profiles of the server (node --cpu-prof), one per configuration. */
const PROFILE = process.env['BENCH_PROFILE'] ? resolve(process.env['BENCH_PROFILE']) : null
/** Bump when the seeded data or the schema it is written through changes: a kept database is then seeded again. */
const SEED_VERSION = 4

// Seeded random sources, so every run measures the same data and the same visitors.
const seeded = (start: number) => {
  let seed = start
  return (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
}

const cities = parseCities(readFileSync('public/data/cities.txt', 'utf8'))

/**
 * A county-sized polygon around a point, as NWS zone and county shapes are: 12–22 miles across from
 * the middle, 60–200 vertices with a ragged edge.
 */
function countyPolygon(random: () => number, lat: number, lon: number): string {
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

/** One database per polygon share: a folder for SQLite, a database beside BENCH_DATABASE_URL's for PostgreSQL. */
function target(share: number): { url: string | null; dir: string; name: string } {
  const name = `p${Math.round(share * 100)}`
  const dir = resolve(root, name)
  if (!databaseUrl) return { url: null, dir, name }
  const url = new URL(databaseUrl)
  url.pathname = `/${PG_PREFIX}_${name}`
  return { url: url.toString(), dir, name }
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl! })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Seeds 100,000 items into a fresh database (or keeps the one seeded before with the same settings). */
async function seedItems(share: number): Promise<void> {
  const { url, dir, name } = target(share)
  const marker = resolve(dir, `seeded-${databaseUrl ? 'pg' : 'sqlite'}.json`)
  const settings = JSON.stringify({ SEED_VERSION, ITEMS, share })
  if (process.env['BENCH_RESEED'] !== '1' && existsSync(marker) && readFileSync(marker, 'utf8') === settings) {
    console.log(`bench:api: keeping the ${name} database (BENCH_RESEED=1 seeds it again)`)
    return
  }
  // The folder holds the SQLite database and both markers: only a SQLite seeding starts it afresh.
  if (!url) rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  if (url) {
    await admin(`DROP DATABASE IF EXISTS ${PG_PREFIX}_${name} WITH (FORCE)`)
    await admin(`CREATE DATABASE ${PG_PREFIX}_${name}`)
  }
  const { db } = await openDatabase(url, dir)
  const random = seeded(42)
  const anyCity = () => cities[Math.floor(random() * cities.length)]!
  const now = new Date().toISOString()
  const started = performance.now()
  // Every town keeps a few items (about 5 each over the 21,000 places).
  for (let start = 0; start < ITEMS; start += 500) {
    const rows = Array.from({ length: Math.min(500, ITEMS - start) }, (_, index) => {
      const city = anyCity()
      const lat = city.lat + (random() - 0.5) * 0.1
      const lon = city.lon + (random() - 0.5) * 0.1
      const polygon = random() < share
      const area = polygon ? 0 : 2 + Math.floor(random() * 14)
      return itemValues({
        geometry: polygon ? countyPolygon(random, lat, lon) : null,
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
    await insertItemRows(db, rows)
  }
  // Fresh statistics, as a live database has them; on PostgreSQL also without the dead rows of the view updates.
  await sql.raw(url ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db)
  console.log(
    `bench:api: seeded ${ITEMS.toLocaleString('en-US')} items (${Math.round(share * 100)}% polygons) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  await db.destroy()
  writeFileSync(marker, settings)
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

/** CPU milliseconds used so far by each PostgreSQL backend serving `database` (its command line names it), by pid. */
function postgresCpuMs(database: string): Map<string, number> {
  const used = new Map<string, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) continue
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')
      used.set(entry, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100)
    } catch {
      // Ended meanwhile.
    }
  }
  return used
}

/** What the backends used between two readings (one that ended meanwhile is left out: the pool rarely closes one). */
const postgresCpuSince = (before: Map<string, number>, after: Map<string, number>): number =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0)

/** A process's resident memory in MB, from /proc. */
const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

/** CPU milliseconds a process has used so far (user + system), from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

// Visitors ask about the places they live: 2,000 city points, rounded as the site rounds them, the same for every database.
const visitors = seeded(7)
let weightTotal = 0
const weights = cities.map((city) => (weightTotal += Math.max(city.population, 100)))
function visitorCity() {
  if (VISITORS === 'towns') return cities[Math.floor(visitors() * cities.length)]!
  const wanted = visitors() * weightTotal
  let low = 0
  let high = weights.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (weights[middle]! < wanted) low = middle + 1
    else high = middle
  }
  return cities[low]!
}
const paths = Array.from({ length: 2000 }, () => {
  const city = visitorCity()
  return `/api/reaction?lat=${city.lat.toFixed(2)}&lon=${city.lon.toFixed(2)}${city.route ? `&route=${city.route}` : ''}`
})

type Row = {
  round: number
  /** Answers of 500 and above: a hostile request must never reach one. */
  serverErrors: number
  polygons: number
  cache: number
  load: string
  rps: number
  p50: number
  p99: number
  max: number
  errors: number
  cpuUs: number
  dbCpuUs: number
  rss: number
  items: number
  kb: number
  /** Bytes per answer as sent (headers included, compressed when BENCH_ENCODING asks for it). */
  wireKb: number
}

const counted = { serverErrors: 0 }

function load(duration: number, sampled: { messages: number; answers: number; bytes: number } | null) {
  let next = 0
  const headers: Record<string, string> = { origin: 'http://localhost:4321' }
  if (ENCODING) headers['accept-encoding'] = ENCODING
  if (HOSTILE > 0) {
    const requests = mixedRequests(paths, HOSTILE)
    return autocannon({
      url: `http://localhost:${PORT}`,
      connections: CONNECTIONS,
      duration,
      headers,
      requests: [
        {
          setupRequest: (request) => ({ ...request, ...requests[next++ % requests.length]! }),
          onResponse: (status) => {
            if (status >= 500) counted.serverErrors++
          },
        },
      ],
    })
  }
  return autocannon({
    url: `http://localhost:${PORT}`,
    connections: CONNECTIONS,
    duration,
    // Browsers call the API cross-origin, so every request carries the site's Origin (and gets CORS headers).
    headers,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
        onResponse: (status, body) => {
          if (status >= 500) counted.serverErrors++
          if (!sampled || status !== 200 || sampled.answers >= 500 || ENCODING) return
          sampled.bytes += body.length
          const reaction = JSON.parse(body) as Record<string, { messages: unknown[] }>
          sampled.messages += Object.values(reaction).reduce((sum, section) => sum + section.messages.length, 0)
          sampled.answers++
        },
      },
    ],
  })
}

async function measure(round: number, share: number, cache: number): Promise<Row> {
  const { url, dir, name } = target(share)
  const server: ChildProcess = spawn(
    process.execPath,
    [
      ...(PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`, `--cpu-prof-name=${name}-cache${cache}-${round}.cpuprofile`]
        : []),
      'server/index.ts',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        API_PORT: String(PORT),
        DATA_DIR: dir,
        DEMO_DATA: '0',
        JOBS: '0',
        REACTION_CACHE_SECONDS: String(cache),
        ...(url ? { DATABASE_URL: url } : {}),
      },
    },
  )
  const exited = new Promise((done) => server.once('exit', done))
  try {
    await waitFor(`http://localhost:${PORT}/api/health`)
    if (WARMUP_SECONDS > 0) await load(WARMUP_SECONDS, null)
    const sampled = { messages: 0, answers: 0, bytes: 0 }
    const before = cpuMs(server.pid!)
    const databaseName = url ? new URL(url).pathname.slice(1) : ''
    const databaseBefore = url ? postgresCpuMs(databaseName) : new Map<string, number>()
    const loadBefore = loadavg()[0]!
    counted.serverErrors = 0
    const result = await load(SECONDS, sampled)
    const used = cpuMs(server.pid!) - before
    const databaseUsed = url ? postgresCpuSince(databaseBefore, postgresCpuMs(databaseName)) : 0
    const row: Row = {
      round,
      serverErrors: counted.serverErrors,
      polygons: share,
      cache,
      load: `${loadBefore.toFixed(1)}–${loadavg()[0]!.toFixed(1)}`,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      // In a mixed load refusals (4xx) are the right answers; only failures and 5xx count as errors there.
      errors: result.errors + result.timeouts + (HOSTILE > 0 ? counted.serverErrors : result.non2xx),
      cpuUs: Math.round((used * 1000) / Math.max(result.requests.total, 1)),
      dbCpuUs: Math.round((databaseUsed * 1000) / Math.max(result.requests.total, 1)),
      rss: Math.round(rssMb(server.pid!)),
      items: sampled.messages / Math.max(sampled.answers, 1),
      kb: sampled.bytes / Math.max(sampled.answers, 1) / 1024,
      wireKb: result.throughput.total / Math.max(result.requests.total, 1) / 1024,
    }
    console.log(`bench:api: ${describe(row)}`)
    return row
  } finally {
    server.kill('SIGTERM')
    await exited
  }
}

const describe = (row: Row): string =>
  `round ${row.round}, ${Math.round(row.polygons * 100)}% polygons, cache ${row.cache} s: ${row.rps.toLocaleString('en-US')} req/s, ` +
  `p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.cpuUs} µs server CPU/request${databaseUrl ? ` (+${row.dbCpuUs} µs PostgreSQL)` : ''}, load ${row.load}`

for (const share of POLYGONS) await seedItems(share)
const rows: Row[] = []
for (let round = 1; round <= ROUNDS; round++) {
  // Alternating order across rounds, so neither configuration always runs first.
  const order = POLYGONS.flatMap((share) => CACHES.map((cache) => [share, cache] as const))
  for (const [share, cache] of round % 2 ? order : order.toReversed()) rows.push(await measure(round, share, cache))
}
console.log(`
bench:api: ${HOSTILE > 0 ? `mixed load, ${Math.round(HOSTILE * 100)}% hostile` : 'GET /api/reaction'}, ${ITEMS.toLocaleString('en-US')} items, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${CONNECTIONS} connections, ${SECONDS} s each (after ${WARMUP_SECONDS} s warm-up)
  visitors ${VISITORS === 'people' ? 'in proportion to population' : 'any town alike'}; Accept-Encoding ${ENCODING || 'none'}; ${new Date().toISOString()}

| round | polygons | cache | load avg  | requests/s | p50    | p99    | max     | server CPU/request | PostgreSQL CPU/request | server RSS | answer              | sent    | errors |
| ----- | -------- | ----- | --------- | ---------- | ------ | ------ | ------- | ------------------ | ---------------------- | ---------- | ------------------- | ------- | ------ |
${rows
  .map(
    (row) =>
      `| ${row.round} | ${Math.round(row.polygons * 100)}% | ${row.cache} s | ${row.load} | ${row.rps.toLocaleString('en-US')} | ${row.p50} ms | ${row.p99} ms | ${row.max} ms | ${row.cpuUs} µs | ${databaseUrl ? `${row.dbCpuUs} µs` : '–'} | ${row.rss} MB | ${HOSTILE > 0 ? '(mixed)' : ENCODING ? '(compressed)' : `${row.items.toFixed(1)} items, ${row.kb.toFixed(1)} KB`} | ${row.wireKb.toFixed(1)} KB | ${row.errors} |`,
  )
  .join('\n')}
  targets: 3,000 requests/s uncached and 10,000 cached, p99 under 20 ms (issue 16); polygons at the circles' figures (issue 13)`)
