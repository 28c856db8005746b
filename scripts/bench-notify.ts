// Benchmarks Web Push fan-out (issues 24 and 39): two national alerts reaching 100,000 subscriptions over 5,000
// places: half follow statuses from Info up and get an Info alert, half follow roads from Warning up and get a
// Warning alert written when the Info fan-out's first message arrives (so during it). The real API runs as a child
// process with its notifier on (the default 30 s burst, NOTIFY_BURST_SECONDS to change); a fake push service here
// counts what arrives per group (decrypting a sample with the subscription's keys); visitors ask GET /api/reaction
// all along. Reports, per priority, the time from the item being stored (the feed poll is not in it) to the first,
// median and last message handed to the push service, the server's peak memory, and the reaction p99 before and
// during. BENCH_SUBSCRIPTIONS, BENCH_PLACES, BENCH_CONNECTIONS, BENCH_PORT, BENCH_PUSH_PORT to change.
import { spawn } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { resolve } from 'node:path'
import autocannon from 'autocannon'
import ece from 'http_ece'
import { parseCities } from '../src/lib/cities.ts'
import { LOCALES } from '../src/lib/routing/routes.ts'
import { openDatabase } from '../server/db/index.ts'
import { storeFeedItems } from '../server/feeds/store.ts'
import type { FeedItem } from '../server/feeds/types.ts'
import { notifyDb } from '../server/db/queries/notify-tables.ts'

const SUBSCRIPTIONS = Number(process.env['BENCH_SUBSCRIPTIONS'] ?? 100_000)
const PLACES = Number(process.env['BENCH_PLACES'] ?? 5_000)
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 8)
const PORT = Number(process.env['BENCH_PORT'] ?? 8780)
const PUSH_PORT = Number(process.env['BENCH_PUSH_PORT'] ?? 8781)
const BASELINE_SECONDS = Number(process.env['BENCH_BASELINE'] ?? 10)
const TIMEOUT_MS = Number(process.env['BENCH_TIMEOUT_MS'] ?? 600_000)
const dir = resolve(process.env['BENCH_DIR'] ?? '.build/bench-notify')
/** BENCH_SPLIT=1: the notifier runs in its own instance (NOTIFY_JOBS=1, JOBS=0) and the visitors' API without it. */
const SPLIT = process.env['BENCH_SPLIT'] === '1'

// Contiguous states only: the national alert's rectangle holds them all.
const cities = parseCities(readFileSync('public/data/cities.txt', 'utf8'))
  .filter((city) => city.route && !['AK', 'HI', 'PR'].includes(city.state))
  .sort((a, b) => b.population - a.population)
  .slice(0, PLACES)

// One key pair for every subscription (making 100,000 costs the bench, not the server); the fake decrypts a sample.
const ecdh = createECDH('prime256v1')
ecdh.generateKeys()
const auth = randomBytes(16)

console.log(`bench:notify: ${SUBSCRIPTIONS} subscriptions over ${cities.length} places, seeding ${dir}`)
rmSync(dir, { recursive: true, force: true })
const store = await openDatabase(null, dir)
const db = notifyDb(store.db)
const stamp = new Date().toISOString()
for (let at = 0; at < SUBSCRIPTIONS; at += 500) {
  const ids = Array.from(
    { length: Math.min(500, SUBSCRIPTIONS - at) },
    // Even: Info followers of statuses (I); odd: Warning followers of roads (W). The fake tells them apart by id.
    (_, index) => `bench${(at + index) % 2 ? 'W' : 'I'}${String(at + index).padStart(16, '0')}`,
  )
  await db
    .insertInto('push_subscriptions')
    .values(
      ids.map((id) => ({
        id,
        secret_hash: 'bench',
        endpoint: `http://127.0.0.1:${PUSH_PORT}/push/${id}`,
        p256dh: ecdh.getPublicKey('base64url'),
        auth: auth.toString('base64url'),
        lang: LOCALES[at % LOCALES.length]!,
        created_at: stamp,
        updated_at: stamp,
        last_sent_at: null,
      })),
    )
    .execute()
  await db
    .insertInto('push_places')
    .values(
      ids.map((id, index) => {
        const city = cities[(at + index) % cities.length]!
        return {
          subscription_id: id,
          place: city.route!,
          lat: city.lat,
          lon: city.lon,
          timezone: city.timezone,
          sections: (at + index) % 2 ? 'roads' : 'statuses',
          min_rank: (at + index) % 2 ? 3 : 6,
          quiet_start: null,
          quiet_end: null,
        }
      }),
    )
    .execute()
}

// The fake push service: counts, answers 201, decrypts every 5,000th message.
let received = 0
let decrypted = 0
/** Arrival times (performance.now) per group. */
const arrivals: Record<'I' | 'W', number[]> = { I: [], W: [] }
const failures: string[] = []
const push = createServer((request, response) => {
  const parts: Buffer[] = []
  request.on('data', (part: Buffer) => parts.push(part))
  request.on('end', () => {
    received++
    arrivals[request.url?.startsWith('/push/benchW') ? 'W' : 'I'].push(performance.now())
    if (received % 5000 === 1) {
      try {
        const payload = JSON.parse(
          ece
            .decrypt(Buffer.concat(parts), { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') })
            .toString(),
        ) as { title: string }
        if (payload.title.includes('Extreme Cold')) decrypted++
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error))
      }
    }
    response.writeHead(201).end()
  })
})
push.listen(PUSH_PORT, '127.0.0.1')

const start = (port: number, notifier: boolean) =>
  spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      API_PORT: String(port),
      DATA_DIR: dir,
      DEMO_DATA: '0',
      JOBS: '0',
      NOTIFY_JOBS: notifier ? '1' : '0',
      NOTIFY_BURST_SECONDS: process.env['NOTIFY_BURST_SECONDS'] ?? '30',
      NOTIFY_POLL_MS: '200',
      NOTIFY_ALLOW_PRIVATE: '1',
      REACTION_CACHE_SECONDS: '5',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
const server = start(PORT, !SPLIT)
const worker = SPLIT ? start(PORT + 2, true) : null
const pid = (worker ?? server).pid!
for (let tries = 0; ; tries++) {
  try {
    const up = await Promise.all([PORT, ...(SPLIT ? [PORT + 2] : [])].map((port) => fetch(`http://localhost:${port}/api/health`)))
    if (up.every((answer) => answer.ok)) break
  } catch {
    if (tries > 100) throw new Error('the API did not start')
  }
  await new Promise((done) => setTimeout(done, 200))
}

const paths = cities
  .slice(0, 2000)
  .map((city) => `/api/reaction?lat=${city.lat.toFixed(2)}&lon=${city.lon.toFixed(2)}&route=${city.route}`)
/** Visitors asking for the live sections of the 2,000 largest places, until `stop` (or `seconds`). */
function load(seconds: number): { stop: () => void; result: Promise<autocannon.Result> } {
  let next = 0
  let finish: (result: autocannon.Result) => void = () => undefined
  const result = new Promise<autocannon.Result>((done) => (finish = done))
  const instance = autocannon(
    {
      url: `http://localhost:${PORT}`,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
    },
    (error, outcome) => (error ? console.error(error) : finish(outcome)),
  )
  return { stop: () => instance.stop(), result }
}
/** The notifier's process's peak resident memory (the API's when they are one). */
const peakMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

console.log(`bench:notify: reaction load alone for ${BASELINE_SECONDS} s`)
const baseline = await load(BASELINE_SECONDS).result
const before = peakMb()

// The national alerts: feed items whose shape holds the contiguous states, written as a feed run writes them.
const alert: FeedItem = {
  sourceId: 'national-1',
  aspect: 'statuses',
  title: 'Extreme Cold Advisory',
  priority: 'Info',
  category: 'weather',
  dataCategory: null,
  state: 'active',
  stateType: null,
  lines: ['Dangerously cold wind chills nationwide'],
  link: null,
  image: null,
  specialData: null,
  lat: 39,
  lon: -98,
  areaMiles: 0,
  startsAt: null,
  endsAt: null,
  attribution: { name: 'Bench', url: null },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-125, 24],
        [-66, 24],
        [-66, 50],
        [-125, 50],
        [-125, 24],
      ],
    ],
  },
}
const warning: FeedItem = {
  ...alert,
  sourceId: 'national-2',
  aspect: 'roads',
  title: 'Extreme Cold Warning: roads icing',
  priority: 'Warning',
}
const half = { I: Math.ceil(SUBSCRIPTIONS / 2), W: Math.floor(SUBSCRIPTIONS / 2) }
const during = load(Math.ceil(TIMEOUT_MS / 1000))
const wroteAt = performance.now()
await storeFeedItems(store.db, 'bench-info', [alert], new Date(), { removeMissing: false })
const written = performance.now() - wroteAt
let warnedAt = 0
while (received < SUBSCRIPTIONS && performance.now() - wroteAt < TIMEOUT_MS) {
  if (!warnedAt && arrivals.I.length) {
    warnedAt = performance.now()
    await storeFeedItems(store.db, 'bench-warning', [warning], new Date(), { removeMissing: false })
  }
  await new Promise((done) => setTimeout(done, 100))
}
const lastAt = [...arrivals.I, ...arrivals.W].reduce((last, at) => Math.max(last, at), 0)
during.stop()
const duringResult = await during.result
/** First, median and last arrival of a group, in seconds from its alert's write, and how many arrived. */
const spread = (times: number[], from: number, expected: number) => {
  const sorted = times.map((at) => at - from).sort((a, b) => a - b)
  const at = (ms: number | undefined) => (ms === undefined ? null : Number((ms / 1000).toFixed(1)))
  return {
    received: sorted.length,
    expected,
    firstS: at(sorted[0]),
    p50S: at(sorted[Math.floor(sorted.length / 2)]),
    maxS: at(sorted.at(-1)),
  }
}
const seconds = (ms: number) => (ms / 1000).toFixed(1)
console.log(
  JSON.stringify(
    {
      notifier: SPLIT ? 'its own instance' : 'in the API process',
      subscriptions: SUBSCRIPTIONS,
      places: cities.length,
      received,
      decryptedSamples: decrypted,
      decryptFailures: failures.length,
      burstSeconds: Number(process.env['NOTIFY_BURST_SECONDS'] ?? 30),
      writeMs: Math.round(written),
      info: spread(arrivals.I, wroteAt, half.I),
      warning: warnedAt ? spread(arrivals.W, warnedAt, half.W) : null,
      warningWrittenS: seconds(warnedAt - wroteAt),
      lastSendS: seconds(lastAt - wroteAt),
      perSecond: Math.round(received / ((lastAt - (arrivals.I[0] ?? wroteAt)) / 1000)),
      serverPeakMb: Math.round(peakMb()),
      serverPeakBeforeMb: Math.round(before),
      reaction: {
        before: {
          rps: Math.round(baseline.requests.average),
          p50: baseline.latency.p50,
          p99: baseline.latency.p99,
          max: baseline.latency.max,
        },
        during: {
          rps: Math.round(duringResult.requests.average),
          p50: duringResult.latency.p50,
          p99: duringResult.latency.p99,
          max: duringResult.latency.max,
        },
      },
    },
    null,
    2,
  ),
)
server.kill('SIGTERM')
worker?.kill('SIGTERM')
push.close()
await store.db.destroy()
process.exit(received === SUBSCRIPTIONS && !failures.length ? 0 : 1)
