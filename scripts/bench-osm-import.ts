// Benchmarks `npm run import:osm` on a synthetic state-sized extract (scripts/make-osm-fixture.ts) while the API
// answers /api/reaction from the same SQLite file: the import's time and peak memory, and the reaction's p99 idle and
// during the import. BENCH_OSM_NODES (default 5,000,000), BENCH_PORT (8779), BENCH_DIR (.build/bench-osm),
// BENCH_SECONDS (idle load, 10).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import autocannon from 'autocannon'
import { parseCities } from '../src/lib/cities.ts'

const NODES = Number(process.env['BENCH_OSM_NODES'] ?? 5_000_000)
const PORT = Number(process.env['BENCH_PORT'] ?? 8779)
const IDLE_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10)
const dataDir = resolve(process.env['BENCH_DIR'] ?? '.build/bench-osm')
const extract = resolve(`.build/osm/synthetic-${NODES}.osm.pbf`)

if (!existsSync(extract)) {
  const made = spawnSync(process.execPath, ['scripts/make-osm-fixture.ts', '--nodes', String(NODES), '--out', extract], {
    stdio: 'inherit',
  })
  if (made.status !== 0) throw new Error('bench:osm: the extract was not written')
}
rmSync(dataDir, { recursive: true, force: true })
const env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: '0', JOBS: '0', REACTION_CACHE_SECONDS: '0' }

// The API first, so the database exists and is migrated before the import opens it.
const api = spawn(process.execPath, ['server/index.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...env, API_PORT: String(PORT) },
})
async function waitForApi(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`http://localhost:${PORT}/api/health`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error('bench:osm: the API did not start')
}

// Washington's places: the synthetic businesses are spread over the state.
const places = parseCities(readFileSync('public/data/cities.txt', 'utf8')).filter((city) => city.state === 'WA')
const paths = places.map((city) => `/api/reaction?lat=${city.lat.toFixed(3)}&lon=${city.lon.toFixed(3)}`)
function load(seconds: number): { stop: () => void; done: Promise<autocannon.Result> } {
  let next = 0
  let finish: (result: autocannon.Result) => void = () => undefined
  const done = new Promise<autocannon.Result>((resolve) => (finish = resolve))
  const instance = autocannon(
    {
      url: `http://localhost:${PORT}`,
      connections: 8,
      duration: seconds,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
    },
    (_, result) => finish(result),
  )
  return { stop: () => instance.stop(), done }
}
const describe = (result: autocannon.Result): string =>
  `${Math.round(result.requests.average).toLocaleString('en-US')}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, errors ${result.errors + result.non2xx}`

try {
  await waitForApi()
  const idle = await load(IDLE_SECONDS).done
  const during = load(3600)
  const started = performance.now()
  const output = await new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, ['scripts/import-osm.ts', extract], { stdio: ['ignore', 'pipe', 'ignore'], env })
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.on('exit', (code) => (code === 0 ? done(text) : fail(new Error(`import:osm exited with ${code}`))))
  })
  const seconds = (performance.now() - started) / 1000
  during.stop()
  const busy = await during.done
  // A second run over the same file: every business unchanged (the weekly re-import of a quiet week).
  const againStarted = performance.now()
  const again = spawnSync(process.execPath, ['scripts/import-osm.ts', extract], { env, encoding: 'utf8' })
  const againSeconds = (performance.now() - againStarted) / 1000
  console.log(`bench:osm: ${extract}
${output.trim()}
  import wall time ${seconds.toFixed(1)} s (process included); re-import, nothing changed: ${againSeconds.toFixed(1)} s, ${/peak memory (\d+ MB)/.exec(again.stdout)?.[1] ?? '?'}
  /api/reaction idle:          ${describe(idle)}
  /api/reaction during import: ${describe(busy)}`)
} finally {
  api.kill('SIGTERM')
}
