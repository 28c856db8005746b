// Measures every page type of a built site on a throttled phone (Lighthouse mobile, simulated throttling),
// with the real API and its demo data live and the weather providers answered from recorded fixtures.
// Prints one row per page type: the median of BENCH_RUNS (default 5) runs of each figure. Five, not three: on this
// 2-core machine one page's blocking time ranges over 20-820 ms from run to run (docs/performance.md).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { findChromium } from './lib/browser.ts'

// BENCH_PORT moves the three servers (site, fixtures, API) and the build folder, for a second run beside another.
const SITE = Number(process.env['BENCH_PORT'] ?? 4330)
const FIXTURES = SITE + 1
const API = SITE + 2
const DIST = process.env['BENCH_PORT'] ? `.build/bench-web-dist-${SITE}` : '.build/bench-web-dist'
const DATA = `${DIST}-api`
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5)
/**
 * Lighthouse's CPU slowdown, calibrated to this machine (docs/benchmarks.md, "Calibrating the CPU slowdown" in
 * Lighthouse's docs/throttling.md): its default 4x turns a high-end desktop (benchmark index 1,500-2,000) into a
 * mid-tier phone, so on a slower host the same 4x emulates a slower phone than Lighthouse means. 'auto' (the
 * default) divides the host's benchmark index, measured by Lighthouse itself, by that target (1,750 / 4 = 437.5),
 * never below 1x; BENCH_CPU_MULTIPLIER=4 gives Lighthouse's default whatever the host.
 */
const TARGET_BENCHMARK_INDEX = 437.5
const MULTIPLIER = process.env['BENCH_CPU_MULTIPLIER'] ?? 'auto'
const PAGES: [string, string][] = [
  ['weather', '/wa/duvall'],
  ['statuses', '/wa/duvall/statuses'],
  ['cameras', '/wa/duvall/cameras'],
  ['roads', '/wa/duvall/roads'],
  ['local', '/wa/duvall/local'],
  ['dashboard', '/wa/duvall/page'],
  ['settings', '/settings'],
  ['editor', '/editor'],
  ['coordinate', '/z/47.74/-121.99/statuses'],
  ['localized (es)', '/es/wa/duvall'],
  ['widget', `/embed/statuses?place=wa/duvall&lat=47.74&lon=-121.99&name=${encodeURIComponent('Duvall, WA')}`],
  // A returning visitor: the service worker installed by a first visit (docs/offline.md), storage kept between runs.
  ['weather (worker installed)', '/wa/duvall'],
]
/** Page types measured with the service worker a first visit installed: Lighthouse keeps their storage. */
const WARM = new Set(['weather (worker installed)'])
const only = process.env['BENCH_PAGES']?.split(',')
const fixtures: Record<string, string> = {
  forecast: 'forecast-duvall',
  air: 'air-duvall',
  marine: 'marine-inland',
  quakes: 'quakes-duvall',
  alerts: 'alerts-duvall',
}
const base = `http://localhost:${FIXTURES}`
const env = {
  ...process.env,
  BUILD_STATES: 'wa',
  BUILD_LOCALES: 'en,es',
  BUILD_DIST: DIST,
  PUBLIC_OPEN_METEO_URL: `${base}/forecast`,
  PUBLIC_OPEN_METEO_AIR_URL: `${base}/air`,
  PUBLIC_OPEN_METEO_MARINE_URL: `${base}/marine`,
  PUBLIC_USGS_URL: `${base}/quakes`,
  PUBLIC_NWS_URL: `${base}/alerts`,
  PUBLIC_API_URL: `http://localhost:${API}`,
}
if (!process.env['BENCH_NO_BUILD'] && spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit', env }).status !== 0)
  process.exit(1)

// The providers, answered locally from the recorded fixtures the tests use (JSON: no JavaScript of theirs).
const fixtureServer = createServer((req, res) => {
  const name = fixtures[(req.url ?? '').split(/[/?]/)[1] ?? '']
  res.setHeader('access-control-allow-origin', '*')
  if (!name) return void res.writeHead(404).end()
  res.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(`tests/fixtures/weather/${name}.json`))
}).listen(FIXTURES)
// The real API with its demo set, so the banner, badges and live sections cost what they cost in use.
rmSync(DATA, { recursive: true, force: true })
const apiServer: ChildProcess = spawn(process.execPath, ['server/index.ts'], {
  env: {
    ...process.env,
    API_PORT: String(API),
    DATA_DIR: DATA,
    ALLOWED_ORIGINS: `http://localhost:${SITE}`,
    JOBS: '0',
  },
  stdio: 'ignore',
})
const site: ChildProcess = spawn(process.execPath, ['scripts/serve.ts'], {
  env: { ...process.env, PORT: String(SITE), SERVE_DIR: DIST },
  stdio: 'ignore',
})
await new Promise((done) => setTimeout(done, 2000))

type Row = { performance: number; lcp: number; cls: number; tbt: number; js: number; lcpElement: string }
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** The page's scripts as sent (compressed), from Lighthouse's network record. */
function scriptBytes(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []
  return items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
}

/** The LCP element as Lighthouse 13 names it (its selector's last part and first words): static text is the aim. */
function lcpElement(details: unknown): string {
  type Part = { type?: string; selector?: string; nodeLabel?: string }
  const node = ((details as { items?: Part[] } | undefined)?.items ?? []).find((part) => part.type === 'node')
  if (!node) return '?'
  return `${node.selector?.split(/\s*>\s*/).pop() ?? ''} "${(node.nodeLabel ?? '').slice(0, 40)}"`
}

const rows: [string, string, Row][] = []
// Lighthouse multiplies the main-thread time it observes: a busy machine inflates LCP, TBT and the score.
const loadBefore = loadavg()[0] ?? 0
const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
/** The host's benchmark index, as Lighthouse measures it at the start of each run: the median of three. */
async function benchmarkIndex(): Promise<number> {
  const indexes: number[] = []
  for (let i = 0; i < 3; i++) {
    const result = await lighthouse(`http://localhost:${SITE}/settings`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      blockedUrlPatterns: ['https://*'],
    })
    indexes.push(result?.lhr.environment.benchmarkIndex ?? Number.NaN)
  }
  return median(indexes)
}

const hostIndex = await benchmarkIndex()
const cpuSlowdownMultiplier =
  MULTIPLIER === 'auto' ? Math.max(1, Math.round((hostIndex / TARGET_BENCHMARK_INDEX) * 100) / 100) : Number(MULTIPLIER)
console.log(
  `bench:web: host benchmark index ${hostIndex.toFixed(0)}; CPU slowdown ${cpuSlowdownMultiplier}x (${MULTIPLIER === 'auto' ? `calibrated: index / ${TARGET_BENCHMARK_INDEX}` : 'BENCH_CPU_MULTIPLIER'})`,
)
try {
  for (const [name, path] of PAGES.filter(([name]) => !only || only.includes(name))) {
    const runs: Row[] = []
    const warm = WARM.has(name)
    // The first visit, unmeasured: it registers the service worker, which installs in the seconds after.
    if (warm) {
      await lighthouse(`http://localhost:${SITE}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        blockedUrlPatterns: ['https://*'],
      })
      await new Promise((done) => setTimeout(done, 5000))
    }
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(
        `http://localhost:${SITE}${path}`,
        // Everything outside this machine is HTTPS (radar, tiles, fonts): blocked, so only Porchlight's own bytes count.
        {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          blockedUrlPatterns: ['https://*'],
          disableStorageReset: warm,
          throttling: { cpuSlowdownMultiplier },
        },
        undefined,
      )
      if (!result) continue
      const { audits, categories } = result.lhr
      if (process.env['BENCH_DEBUG']) {
        const m = (audits['metrics']?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {}
        console.log(
          `debug ${path}: fcp ${Math.round(m['firstContentfulPaint'] ?? 0)} lcp ${Math.round(m['largestContentfulPaint'] ?? 0)} observed fcp ${Math.round(m['observedFirstContentfulPaint'] ?? 0)} lcp ${Math.round(m['observedLargestContentfulPaint'] ?? 0)} dcl ${Math.round(m['observedDomContentLoaded'] ?? 0)}`,
        )
        // The main thread's long tasks as Lighthouse saw them (observed, unthrottled), by script.
        type Task = { url?: string; duration?: number; startTime?: number }
        for (const task of (audits['long-tasks']?.details as { items?: Task[] } | undefined)?.items ?? [])
          console.log(
            `debug   long task ${Math.round(task.startTime ?? 0)} ms +${Math.round(task.duration ?? 0)} ms ${task.url ?? ''}`,
          )
      }
      runs.push({
        performance: Math.round((categories['performance']?.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        js: scriptBytes(audits['network-requests']?.details),
        lcpElement: lcpElement(audits['lcp-breakdown-insight']?.details),
      })
    }
    const row: Row = {
      performance: median(runs.map((run) => run.performance)),
      lcp: median(runs.map((run) => run.lcp)),
      cls: median(runs.map((run) => run.cls)),
      tbt: median(runs.map((run) => run.tbt)),
      js: median(runs.map((run) => run.js)),
      lcpElement: [...new Set(runs.map((run) => run.lcpElement))].join(' / '),
    }
    rows.push([name, path, row])
    console.log(`bench:web ${name} ${path}: ${JSON.stringify(row)}`)
  }
} finally {
  chrome.kill()
  apiServer.kill()
  site.kill()
  fixtureServer.close()
}

console.log(`
bench:web, Lighthouse mobile (simulated throttling), median of ${RUNS} runs per page, ${new Date().toISOString().slice(0, 16)} UTC,
host benchmark index ${hostIndex.toFixed(0)}, CPU slowdown ${cpuSlowdownMultiplier}x (${MULTIPLIER === 'auto' ? 'calibrated' : 'as set'}; Lighthouse's default is 4x), load average ${loadBefore.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end on ${availableParallelism()} cores

| page | performance | LCP | CLS | TBT | JS on the wire |
| --- | --- | --- | --- | --- | --- |`)
for (const [name, path, row] of rows)
  console.log(
    `| ${path} (${name}) | ${row.performance} | ${(row.lcp / 1000).toFixed(2)} s | ${row.cls.toFixed(3)} | ${Math.round(row.tbt)} ms | ${(row.js / 1024).toFixed(1)} KB |`,
  )
