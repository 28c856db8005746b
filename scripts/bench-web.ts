// Measures the built weather page on a throttled mobile (Lighthouse) with recorded provider fixtures,
// then the JavaScript sent before and after the radar loads (Playwright, mobile emulation).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { chromium, devices } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { findChromium } from './lib/browser.ts'

const SITE = 4330
const FIXTURES = 4331
const API = 4332
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
  BUILD_LOCALES: 'en',
  BUILD_DIST: '.build/bench-web-dist',
  PUBLIC_OPEN_METEO_URL: `${base}/forecast`,
  PUBLIC_OPEN_METEO_AIR_URL: `${base}/air`,
  PUBLIC_OPEN_METEO_MARINE_URL: `${base}/marine`,
  PUBLIC_USGS_URL: `${base}/quakes`,
  PUBLIC_NWS_URL: `${base}/alerts`,
  PUBLIC_API_URL: `http://localhost:${API}`,
}
if (spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit', env }).status !== 0) process.exit(1)

/** The LCP element's selector as Lighthouse reports it. */
function lcpElement(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const details = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {})
  if (process.env['DEBUG_LCP']) console.log(details.slice(0, 1500))
  return /"snippet":"((?:[^"\\]|\\.){0,120})/.exec(details)?.[1] ?? 'n/a'
}

// The providers, answered locally from the recorded fixtures the tests use.
const fixtureServer = createServer((req, res) => {
  const name = fixtures[(req.url ?? '').split(/[/?]/)[1] ?? '']
  res.setHeader('access-control-allow-origin', '*')
  if (!name) return void res.writeHead(404).end()
  res.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(`tests/fixtures/weather/${name}.json`))
}).listen(FIXTURES)
// The real API with its demo set, so the banner, badges and live data cost what they cost in use.
rmSync('.build/bench-web-api', { recursive: true, force: true })
const apiServer: ChildProcess = spawn(process.execPath, ['server/index.ts'], {
  env: {
    ...process.env,
    API_PORT: String(API),
    DATA_DIR: '.build/bench-web-api',
    ALLOWED_ORIGINS: `http://localhost:${SITE}`,
    JOBS: '0',
  },
  stdio: 'ignore',
})
const site: ChildProcess = spawn(process.execPath, ['scripts/serve.ts'], {
  env: { ...process.env, PORT: String(SITE), SERVE_DIR: '.build/bench-web-dist' },
  stdio: 'ignore',
})
await new Promise((done) => setTimeout(done, 1500))
const url = `http://localhost:${SITE}/wa/duvall`
const chromePath = findChromium()

try {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const runs = []
  for (let i = 0; i < 3; i++) {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' })
    if (result) runs.push(result.lhr)
  }
  chrome.kill()
  const median = <T>(values: T[], key: (v: T) => number): T =>
    [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)] as T
  const lhr = median(runs, (r) => r.categories['performance']?.score ?? 0)
  const metric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN

  // JavaScript bytes as sent (compressed) before and after the radar card comes into view.
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--disable-background-networking', '--disable-gpu'],
  })
  const page = await browser.newPage({ ...devices['Pixel 7'] })
  await page.route('https://mesonet.agron.iastate.edu/json/tms.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ services: [{ id: 'ridge_uscomp_n0q', utc_valid: new Date().toISOString() }] }),
    }),
  )
  await page.route(/\.png$/, (route) => route.fulfill({ status: 204 }))
  let js = 0
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return
    void request.sizes().then((sizes) => (js += sizes.responseBodySize))
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  const before = js
  await page.locator('#wx-radar').scrollIntoViewIfNeeded()
  await page.locator('.leaflet-container').waitFor()
  await page.waitForLoadState('networkidle')
  const after = js
  await browser.close()

  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
  console.log(`
bench:web  ${url}, Lighthouse ${lhr.lighthouseVersion} mobile (simulated throttling), median of ${runs.length} runs
  performance score      ${Math.round((lhr.categories['performance']?.score ?? 0) * 100)}
  first contentful paint ${(metric('first-contentful-paint') / 1000).toFixed(2)} s
  largest contentful     ${(metric('largest-contentful-paint') / 1000).toFixed(2)} s
  cumulative layout shift ${metric('cumulative-layout-shift').toFixed(3)}
  total blocking time    ${Math.round(metric('total-blocking-time'))} ms
  speed index            ${(metric('speed-index') / 1000).toFixed(2)} s
  LCP element            ${lcpElement(lhr)}
  JavaScript (gzip)      ${kb(before)} before the radar loads, ${kb(after)} after`)
} finally {
  apiServer.kill()
  site.kill()
  fixtureServer.close()
}
