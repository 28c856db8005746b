// Installable and offline (docs/offline.md): the manifest and service worker, kept pages with their
// data and its age, the offline page, refresh when back online, and an update of the service worker.
import { spawn, type ChildProcess } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { serveProviders } from './providers.ts'

// The rest of the suite blocks service workers (playwright.config.ts): its request mocks are per page.
test.use({ serviceWorkers: 'allow' })
// One browser context walks through online, offline and online again: one at a time.
test.describe.configure({ mode: 'serial' })

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  // The service worker's own requests (weather answers it keeps) pass the context's routes, not a page's.
  await serveProviders(context as unknown as Page)
})

/** Waits until the page is under an active service worker. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 }).toBe(true)
}

async function statusesShown(page: Page): Promise<void> {
  await expect(page.locator('#statuses-list .live-item', { hasText: 'Flood warning: Snoqualmie River' })).toBeVisible()
}

async function weatherShown(page: Page): Promise<void> {
  await expect(page.locator('#wx-current .now-temp')).toHaveText(/°F$/)
  await expect(page.locator('#wx-current')).toContainText('Feels like')
}

async function installabilityErrors(context: BrowserContext, page: Page): Promise<string[]> {
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[]
  }
  await cdp.detach()
  return installabilityErrors.map((error) => error.errorId)
}

test('Chromium’s install criteria are met: manifest, icons, a service worker with a fetch handler', async ({
  playwright,
  baseURL,
}) => {
  // A profile on disk: Chromium never offers to install from an incognito window, which a test context is.
  const profile = mkdtempSync(join(tmpdir(), 'porchlight-install-'))
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    ...(baseURL ? { baseURL } : {}),
  })
  try {
    const page = await context.newPage()
    await serveProviders(page)
    await page.goto('/wa/duvall')
    await controlled(page)
    await page.reload()
    await expect.poll(() => installabilityErrors(context, page), { timeout: 15_000 }).toEqual([])
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('kept pages open offline with their data and its age; others say what they need', async ({ context, page }) => {
  // Eight loads under a service worker, three of them offline: over 30 s on the slow CI machine (both tries, once).
  test.slow()
  await page.goto('/wa/duvall')
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    name: string
    start_url: string
    display: string
    icons: { sizes: string; purpose?: string }[]
  }
  // The installed app starts at the last place (issue 38): a page every host serves, resolved by app-start.ts.
  expect(manifest).toMatchObject({ name: 'Porchlight', start_url: '/wa/duvall?source=pwa', display: 'standalone' })
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true)
  await controlled(page)

  // Online, under the worker: the weather page and the statuses page, each with its data.
  await page.reload()
  await weatherShown(page)
  await page.goto('/wa/duvall/statuses')
  await statusesShown(page)

  await context.setOffline(true)
  await page.reload()
  await statusesShown(page)
  await expect(page.locator('#offline-notice')).toHaveText(/^Offline · statuses as of \d{1,2}:\d{2}\s?[AP]M$/)
  await page.goto('/wa/duvall')
  await weatherShown(page)
  await expect(page.locator('#offline-notice')).toHaveText(/^Offline · weather as of \d{1,2}:\d{2}\s?[AP]M$/)
  // The same event on a kept page leaves the notice: the browser is not online.
  await page.evaluate(() => dispatchEvent(new Event('online')))
  await expect(page.locator('#offline-notice')).toBeVisible()

  // A city never opened: the offline page, which lists the kept pages.
  await page.goto('/wa/carnation/statuses')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline')
  await expect(page.locator('main')).toContainText('This page needs a connection')
  const kept = page.locator('#offline-kept a')
  await expect(kept.filter({ hasText: /Duvall/ })).toHaveCount(2)
  await expect(kept.first()).toHaveAttribute('href', /^\/wa\/duvall/)
  // Chromium sends 'online' while still offline (under its offline emulation, as a navigation starts): the
  // offline page does not reload on it, which cancelled the visitor's next navigation (CI, 2026-11-28).
  const reloaded = (): Promise<boolean> =>
    page.evaluate(async () => {
      const marked = window as { kept?: boolean }
      marked.kept = true
      dispatchEvent(new Event('online'))
      await new Promise((resolve) => setTimeout(resolve, 500))
      return !marked.kept
    })
  expect(await reloaded().catch(() => true)).toBe(false)
  // In the address's language.
  await page.goto('/es/wa/carnation')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Estás sin conexión')

  // Back online, a kept page refreshes its data by itself and the notice goes.
  await page.goto('/wa/duvall/statuses')
  await expect(page.locator('#offline-notice')).toBeVisible()
  const refreshed = page.waitForResponse((response) => /\/api\/reaction\?/.test(response.url()) && response.ok())
  await context.setOffline(false)
  await refreshed
  await expect(page.locator('#offline-notice')).toHaveCount(0)
  await statusesShown(page)
})

test('an update waits for the old tabs, then serves kept pages with the new worker', async ({ context, page }) => {
  // Two deploys, two servers and three page loads under a service worker: more than one test's time.
  test.slow()
  // A deploy of its own: a copy of the test build served on another port, changed and served again.
  const dist = mkdtempSync(join(tmpdir(), 'porchlight-deploy-'))
  cpSync('.build/test-dist', dist, { recursive: true })
  const origin = 'http://localhost:4327'
  let server = serve(dist)
  try {
    await waitFor(origin)
    await page.goto(`${origin}/wa/duvall`)
    await controlled(page)
    await page.reload()
    await weatherShown(page)
    // The next deploy: another service worker at the same address.
    server.kill()
    appendFileSync(join(dist, 'sw.js'), '\n// the next deploy\n')
    server = serve(dist)
    await waitFor(origin)
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()))
    await expect
      .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting), { timeout: 20_000 })
      .toBe(true)
    // The open tab keeps its worker, and works.
    await page.reload()
    await weatherShown(page)
    // Every old tab closed: the next visit has the new worker, and kept pages still open offline.
    await page.close()
    const next = await context.newPage()
    await next.goto(`${origin}/wa/duvall`)
    await expect
      .poll(
        () =>
          next.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration()
            return !!registration?.active && !registration.waiting
          }),
        { timeout: 20_000 },
      )
      .toBe(true)
    await weatherShown(next)
    await context.setOffline(true)
    await next.reload()
    await weatherShown(next)
    await expect(next.locator('#offline-notice')).toContainText('Offline · weather as of')
  } finally {
    server.kill()
    rmSync(dist, { recursive: true, force: true })
  }
})

/** `npm run serve` on a folder, on port 4327. */
function serve(dir: string): ChildProcess {
  return spawn(process.execPath, ['scripts/serve.ts'], { env: { ...process.env, PORT: '4327', SERVE_DIR: dir }, stdio: 'ignore' })
}

async function waitFor(origin: string): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(`${origin}/wa/duvall`)
          .then((response) => response.status)
          .catch(() => 0),
      { timeout: 15_000 },
    )
    .toBe(200)
}
