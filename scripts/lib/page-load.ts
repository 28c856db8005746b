// Serves a built site and opens its pages in Chromium, to see which scripts a page loads before any interaction.
import { spawn } from 'node:child_process'
import { chromium, devices, type Browser } from '@playwright/test'
import { findChromium } from './browser.ts'

export type Site = { origin: string; scriptsBeforeInteraction: (path: string, warm?: boolean) => Promise<string[]> }

/**
 * Runs `use` with the built site `root` served on `port` (scripts/serve.ts) and a Chromium, then
 * stops both.
 * @example await withSite('.build/test-dist', 4335, async (site) => site.scriptsBeforeInteraction('/wa/duvall'))
 */
export async function withSite<T>(root: string, port: number, use: (site: Site) => Promise<T>): Promise<T> {
  const origin = `http://localhost:${port}`
  const server = spawn(process.execPath, ['scripts/serve.ts'], {
    env: { ...process.env, PORT: String(port), SERVE_DIR: root },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--disable-gpu'] })
  try {
    await waitForServer(origin)
    return await use({
      origin,
      scriptsBeforeInteraction: (path, warm) => scriptsBeforeInteraction(browser, origin, path, warm),
    })
  } finally {
    await browser.close()
    server.kill()
  }
}

/**
 * The site's own scripts a page fetches until the network is quiet, on a phone-sized screen, with
 * nothing else reachable (API, providers, telemetry ingestion) and Global Privacy Control on, so
 * the telemetry SDK, which loads only with consent after the page is interactive, is not counted.
 * In the order they were asked for. `warm`: counted on a second visit, once the service worker the
 * first one registered is active (docs/offline.md).
 */
export async function scriptsBeforeInteraction(browser: Browser, origin: string, path: string, warm = false): Promise<string[]> {
  const context = await browser.newContext({ ...devices['Pixel 7'] })
  await context.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }))
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  )
  const page = await context.newPage()
  if (warm) {
    await page.goto(`${origin}${path}`, { waitUntil: 'load' })
    await page.evaluate(() => navigator.serviceWorker.ready)
  }
  const scripts = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === origin && url.pathname.endsWith('.js')) scripts.add(url.pathname)
  })
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' })
  // Islands hydrate at idle (at most 2 s later); wait until nothing new has been asked for a while.
  let count = -1
  while (count !== scripts.size) {
    count = scripts.size
    await page.waitForTimeout(1500)
    await page.waitForLoadState('networkidle')
  }
  await context.close()
  return [...scripts]
}

async function waitForServer(origin: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`${origin}/`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`the static server did not start on ${origin}`)
}
