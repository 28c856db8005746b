// bench:feeds' lanes phase (issue 36): a 3,000-row WZDx registry on a host that holds every request 2 s, beside the
// NWS alert feed; prints when NWS was due and when it ran, round by round, and how the listed lane went.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { slowRegistryBody, startSlowHost } from './lib/slow-registry.ts'
import { openDatabase } from '../server/db/index.ts'
import { MAX_REGISTRY_ROWS } from '../server/feeds/adapters/wzdx-registry.ts'
import { parseFeedsConfig } from '../server/feeds/config.ts'
import { LISTED_LANE } from '../server/feeds/lanes.ts'
import { startFeedEngine } from '../server/feeds/scheduler.ts'

const ROWS = Number(process.env['BENCH_REGISTRY_ROWS'] ?? 3000)
const SLOW_MS = 2000
const ROUNDS = 6
/** Each round the clock moves 61 s (NWS due again) and waits this long in real time. */
const ROUND_MS = 1500

const alert = {
  sourceId: 'bench-flood-1',
  aspect: 'statuses',
  title: 'Flood Warning',
  priority: 'Warning',
  category: 'weather',
  dataCategory: null,
  state: 'Flood Warning',
  stateType: null,
  lines: ['Rivers rising'],
  link: null,
  image: null,
  specialData: null,
  lat: 47.7423,
  lon: -121.9857,
  areaMiles: 5,
  geometry: null,
  startsAt: null,
  endsAt: null,
  attribution: { name: 'NWS', url: null },
}

/** Runs the phase on its own SQLite database and loopback servers; the report's lines. */
export async function lanesBench(): Promise<string> {
  const slow = await startSlowHost(SLOW_MS)
  const registry = slowRegistryBody(slow.origin, ROWS, 'Slow DOT')
  const fast = createServer((request, response) => {
    const body = request.url === '/registry' ? registry : JSON.stringify({ items: [alert] })
    response.writeHead(200, { 'content-type': 'application/json' }).end(body)
  })
  await new Promise<void>((done) => fast.listen(0, '127.0.0.1', done))
  const origin = `http://127.0.0.1:${(fast.address() as AddressInfo).port}`
  const dir = mkdtempSync(join(tmpdir(), 'bench-lanes-'))
  const store = await openDatabase(null, dir)
  const attribution = { name: 'Bench', url: null }
  const config = parseFeedsConfig(
    {
      groups: {
        alerts: [
          {
            id: 'nws-alerts',
            name: 'NWS',
            adapter: 'items-json',
            url: `${origin}/nws`,
            enabled: true,
            scheduleSeconds: 60,
            attribution,
          },
        ],
        roads: [
          {
            id: 'wzdx-registry',
            name: 'Registry',
            adapter: 'wzdx-registry',
            url: `${origin}/registry`,
            enabled: true,
            scheduleSeconds: 86_400,
            maxBytes: 20_000_000,
            attribution,
          },
        ],
      },
    },
    {},
  )
  const t0 = Date.now()
  let clock = new Date(t0)
  const nwsRuns: number[] = []
  let registryAt = 0
  const engine = startFeedEngine(store.db, config, {
    allowPrivate: true,
    tickMs: 50,
    now: () => clock,
    onRun: (id) => {
      if (id === 'nws-alerts') nwsRuns.push(performance.now())
      if (id === 'wzdx-registry') registryAt ||= performance.now()
    },
  })
  const lines: string[] = []
  try {
    const started = performance.now()
    while (!registryAt || slow.hits() < LISTED_LANE.concurrency) {
      if (performance.now() - started > 60_000) throw new Error('the registry did not run in 60 s')
      await new Promise((done) => setTimeout(done, 20))
    }
    const kept = await store.db
      .selectFrom('feed_registry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
    lines.push(
      `  registry        ${ROWS.toLocaleString('en-US')} rows on a host holding each request ${SLOW_MS / 1000} s: ${Number(kept?.n ?? 0)} kept (cap ${MAX_REGISTRY_ROWS}), read in ${((registryAt - started) / 1000).toFixed(1)} s`,
    )
    for (let round = 1; round <= ROUNDS; round++) {
      const before = nwsRuns.length
      clock = new Date(t0 + round * 61_000)
      const due = performance.now()
      while (nwsRuns.length === before && performance.now() - due < 30_000) await new Promise((done) => setTimeout(done, 5))
      const ran = nwsRuns[before]
      lines.push(
        `  NWS round ${round}     due at +${round * 61} s (clock), ran ${ran === undefined ? 'not within 30 s' : `${(ran - due).toFixed(0)} ms after due`}`,
      )
      await new Promise((done) => setTimeout(done, ROUND_MS))
    }
    lines.push(
      `  listed lane     ${slow.hits()} slow requests in ${((performance.now() - started) / 1000).toFixed(1)} s, at most ${slow.mostOpen()} open at once (concurrency ${LISTED_LANE.concurrency}); one lane (before) would have held NWS ${((ROWS * SLOW_MS) / 60_000).toFixed(0)} min per pass of the list, ${((Math.min(ROWS, MAX_REGISTRY_ROWS) * SLOW_MS) / 60_000).toFixed(0)} min with the cap alone`,
    )
  } finally {
    await engine.stop()
    await store.db.destroy()
    await slow.close()
    fast.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return `bench:feeds lanes: a hostile registry beside the alert feed, ${new Date(t0).toISOString().slice(0, 10)}\n${lines.join('\n')}`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(await lanesBench())
