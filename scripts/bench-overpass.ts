// Replays the Overpass abuse of issue 26 against the API in-process, with a fake Overpass on loopback: 1,500 distinct
// cells from one address (fast upstream), then 3,000 from many addresses (slow upstream), each followed by a real
// visitor in Sacramento. Prints cells created, queue length, requests spent, whether the visitor's cell is fetched
// and the reaction p99. The fetcher's clock is simulated (it starts at 00:05 UTC and runs with real time during the
// attack, faster while waiting for the visitor), so waits of minutes take seconds; nothing leaves this machine.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/index.ts'
import { cellRow, requestsOn } from '../server/db/queries/osm-cells.ts'
import { cellOf } from '../server/feeds/overpass/query.ts'
import { WEEK_MS, startBusinesses } from '../server/feeds/overpass/start.ts'
import { createMicroCache } from '../server/lib/micro-cache.ts'

const SLOW_MS = Number(process.env['BENCH_SLOW_MS'] ?? 1000)
/** Simulated seconds per real second while waiting for the visitor's cell. */
const FAST_FORWARD = 120
/** Longest simulated wait for the visitor's cell, and the real-time cap on it. */
const VISITOR_WAIT_MS = 30 * 60_000
const REAL_CAP_MS = 30_000
const CONCURRENCY = 32
const VISITOR = { lat: 38.5816, lon: -121.4944, ip: '203.0.113.50' }
const EMPTY = JSON.stringify({ version: 0.6, generator: 'bench', elements: [] })

/** A clock that runs `speed` times real time from a start; sleeping waits on it. */
function simulatedClock(startIso: string) {
  let base = Date.parse(startIso)
  let realBase = performance.now()
  let speed = 1
  const now = (): number => base + (performance.now() - realBase) * speed
  return {
    now: () => new Date(now()),
    setSpeed(next: number) {
      base = now()
      realBase = performance.now()
      speed = next
    },
    sleep: async (ms: number): Promise<void> => {
      const until = now() + ms
      for (let polls = 0; now() < until && polls < 200_000; polls++) await new Promise((resolve) => setTimeout(resolve, 5))
    },
  }
}

/** The fake Overpass: an empty answer for every cell after `delayMs`; counts requests. */
async function fakeOverpass(delayMs: number): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0
  const server = createServer((request, response) => {
    calls++
    request.resume()
    setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(EMPTY), delayMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, url: `http://127.0.0.1:${port}/api/interpreter`, calls: () => calls }
}

/** Distinct 0.05° cells in a block west of Fresno (all within 50 km of a listed place). */
function attackPoints(count: number): { lat: number; lon: number }[] {
  const side = Math.ceil(Math.sqrt(count))
  return Array.from({ length: count }, (_, index) => ({
    lat: Math.round((36.2 + Math.floor(index / side) * 0.05 + 0.025) * 1e4) / 1e4,
    lon: Math.round((-120.9 + (index % side) * 0.05 + 0.025) * 1e4) / 1e4,
  }))
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0
}

async function scenario(name: string, options: { calls: number; sources: number; delayMs: number }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'porchlight-bench-overpass-'))
  const store = await openDatabase(null, dataDir)
  const clock = simulatedClock('2026-11-27T00:05:00Z')
  const upstream = await fakeOverpass(options.delayMs)
  const app = createApp({
    store,
    config: loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789', TRUST_PROXY: '1' }),
    mailer: { send: () => Promise.resolve() },
    now: clock.now,
    reactionCache: createMicroCache(5, 5000),
  })
  const { fetcher, stop } = startBusinesses(store.db, {
    url: upstream.url,
    userAgent: 'Porchlight/1.0 (bench)',
    dailyBudget: 1000,
    refreshMs: WEEK_MS,
    allowPrivate: true,
    timeoutMs: 60_000,
    now: clock.now,
    sleep: clock.sleep,
  })
  const ask = async (lat: number, lon: number, ip: string): Promise<number> => {
    const started = performance.now()
    const response = await app.request(`/api/reaction?lat=${lat}&lon=${lon}`, { headers: { 'x-forwarded-for': ip } })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`reaction answered ${response.status}`)
    return performance.now() - started
  }

  const points = attackPoints(options.calls)
  const timings: number[] = []
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let index = next++; index < points.length; index = next++) {
        const source = index % options.sources
        const ip = `198.18.${Math.floor(source / 250)}.${(source % 250) + 1}`
        timings.push(await ask(points[index]!.lat, points[index]!.lon, ip))
      }
    }),
  )
  const attackSeconds = (performance.now() - started) / 1000
  // Let the fetcher work for two real seconds, as the attack would go on being served.
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const day = clock.now().toISOString().slice(0, 10)
  const countCells = async (): Promise<number> =>
    Number(
      (
        await store.db
          .withTables<{ osm_cells: { cell: string } }>()
          .selectFrom('osm_cells')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    )
  const cells = await countCells()
  // The fetcher's own figure where it has one; else the cells stored but neither fetched nor failed (each queued).
  const queue =
    (fetcher as { queueLength?: number }).queueLength ??
    Number(
      (
        await store.db
          .withTables<{ osm_cells: { cell: string; fetched_at: string | null; last_error: string | null } }>()
          .selectFrom('osm_cells')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('fetched_at', 'is', null)
          .where('last_error', 'is', null)
          .executeTakeFirstOrThrow()
      ).count,
    )
  const spent = await requestsOn(store.db, day)
  const sent = upstream.calls()

  // The real visitor, at 00:06 UTC.
  const visitorTimes: number[] = []
  for (let round = 0; round < 5; round++) visitorTimes.push(await ask(VISITOR.lat, VISITOR.lon + round * 1e-5, VISITOR.ip))
  const askedAt = clock.now().getTime()
  clock.setSpeed(FAST_FORWARD)
  const key = cellOf(VISITOR.lat, VISITOR.lon).key
  const realStart = performance.now()
  let row = await cellRow(store.db, key)
  while (!row?.fetched_at && !row?.last_error && clock.now().getTime() - askedAt < VISITOR_WAIT_MS) {
    if (performance.now() - realStart > REAL_CAP_MS) break
    await new Promise((resolve) => setTimeout(resolve, 20))
    row = await cellRow(store.db, key)
  }
  const waited = Math.round((clock.now().getTime() - askedAt) / 1000)
  const served = row?.fetched_at
    ? `yes, after ${waited} s (simulated)`
    : row?.last_error
      ? `no: ${row.last_error}`
      : `no, not within ${waited} s (simulated)`

  console.log(`\n${name}`)
  console.log(`  reaction calls       ${options.calls} from ${options.sources} address(es) in ${attackSeconds.toFixed(1)} s`)
  console.log(`  reaction p99         ${percentile(timings, 99).toFixed(1)} ms (p50 ${percentile(timings, 50).toFixed(1)} ms)`)
  console.log(`  cells created        ${cells}`)
  console.log(`  queue length         ${queue}`)
  console.log(`  requests spent       ${spent} of 1000 (upstream saw ${sent})`)
  console.log(`  visitor's cell       ${served}`)
  console.log(`  visitor reaction     max ${Math.max(...visitorTimes).toFixed(1)} ms`)
  stop()
  upstream.server.closeAllConnections()
  upstream.server.close()
  await store.db.destroy()
  rmSync(dataDir, { recursive: true, force: true })
}

await scenario('1. 1,500 distinct cells from one address, fast upstream', { calls: 1500, sources: 1, delayMs: 0 })
await scenario(`2. 3,000 distinct cells from 500 addresses, upstream answering in ${SLOW_MS} ms`, {
  calls: 3000,
  sources: 500,
  delayMs: SLOW_MS,
})
process.exit(0)
