// The dashboard (/page): weather fixtures and the real API with its Duvall demo set.
import { axe, stopAnimations } from './axe.ts'
import { expect, test, type Page } from '@playwright/test'
import type { Reaction } from '../../src/lib/items.ts'
import { forward } from './forward.ts'
import { serveProviders } from './providers.ts'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
const reactionRoute = /localhost:8788\/api\/reaction/
/** The demo set's critical status (titles of demo items start with '[Demo] '). */
const FLOOD = /Flood warning: Snoqualmie River near Duvall$/
// Tuesday 2026-11-24 at 10:00 in Duvall (18:00 UTC): some businesses open, some not.
const TUESDAY_MORNING = new Date('2026-11-24T18:00:00Z')

const place = (city: string, lat: number, lon: number) => ({
  method: 'selected',
  lat,
  lon,
  route: `wa/${city.toLowerCase()}`,
  city,
  state: 'WA',
  zip: null,
})
const seattle = place('Seattle', 47.60621, -122.33207)
const redmond = place('Redmond', 47.67399, -122.12151)
const carnation = place('Carnation', 47.64788, -121.91401)

/** Stores what a visitor would have saved, before the page's own scripts run. */
async function store(page: Page, values: Record<string, unknown>, language = 'en'): Promise<void> {
  await page.addInitScript(
    ([entries, lang]) => {
      localStorage.setItem('i18nextLng', lang)
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value))
    },
    [values, language] as const,
  )
}

/** Every request the page makes, by URL, for counting calls. */
function requests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  return urls
}

test.beforeEach(async ({ page }) => {
  await serveProviders(page)
  // The demo cameras' stills live on other hosts; the tests answer them with a tiny picture.
  await page.route(/^https:\/\/(images\.wsdot\.wa\.gov|kingcounty\.gov)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: PNG }),
  )
})

test('the city dashboard shows the weather, the critical status, counts that match the sections and a camera', async ({
  page,
}) => {
  await page.clock.install({ time: TUESDAY_MORNING })
  await store(page, {})
  const urls = requests(page)
  await page.goto('/wa/duvall/page')
  const now = page.locator('#page-now')
  await expect(now.locator('.dash-temp')).toHaveText('37°F')
  await expect(now).toContainText('Overcast')
  await expect(now).toContainText('Today: high 46°F, low 35°F')
  await expect(now).toContainText('80% chance of rain')
  const alert = now.locator('.dash-alert')
  await expect(alert.locator('strong')).toHaveText(FLOOD)
  await expect(alert.locator('.tag')).toHaveText('Critical')
  await expect(alert).toContainText(/\(\+\d+ more\)/)
  await expect(alert.getByRole('link', { name: 'View details' })).toHaveAttribute('href', '/wa/duvall/statuses')
  await expect(now).toHaveAttribute('aria-busy', 'false')
  // "Right now" is the dashboard's banner: the headline is said once, with one count.
  await expect(page.getByText(FLOOD)).toHaveCount(1)
  await expect(page.locator('#alert-banner')).toBeEmpty()

  const tile = (label: string) => now.locator('.dash-count', { hasText: label }).locator('strong')
  // The open-now count comes with its own small module, after the others.
  await expect(tile('Businesses open now')).toHaveText(/^\d+$/)
  const counts = {
    statuses: Number(await tile('Statuses').textContent()),
    cameras: Number(await tile('Cameras').textContent()),
    roads: Number(await tile('Road conditions').textContent()),
    openNow: Number(await tile('Businesses open now').textContent()),
  }
  expect(counts.cameras).toBe(6)
  expect(counts.openNow).toBeGreaterThan(0)
  await expect(now.locator('.dash-count', { hasText: 'Road conditions' })).toHaveAttribute('href', '/wa/duvall/roads')

  const camera = now.locator('.dash-camera img')
  await expect(camera).toHaveAttribute('src', /^https:\/\//)
  await expect(camera).toHaveAttribute('alt', (await now.locator('.dash-camera figcaption strong').textContent()) ?? 'missing')
  await expect.poll(() => camera.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await expect(now.locator('.dash-camera a')).toHaveAttribute('href', '/wa/duvall/cameras')

  // One request each for the forecast, the NWS alerts and the live sections: the banner, badges and cards share them.
  expect(urls.filter((url) => url.startsWith('https://api.open-meteo.com/') && url.includes('hourly='))).toHaveLength(1)
  expect(urls.filter((url) => url.startsWith('https://api.weather.gov/'))).toHaveLength(1)
  expect(urls.filter((url) => reactionRoute.test(url))).toHaveLength(1)
  // Only Duvall is among the places (a recent visit): its card reads the page's data, so no batch request.
  await expect(page.locator('#page-places .dash-place-card')).toHaveCount(1)
  expect(urls.filter((url) => url.includes('current=temperature_2m,weather_code,is_day'))).toEqual([])

  await page.goto('/wa/duvall/statuses')
  await expect(page.locator('#statuses-list .live-item')).toHaveCount(counts.statuses)
  await page.goto('/wa/duvall/cameras')
  await expect(page.locator('#cameras-grid .camera-grid > li')).toHaveCount(counts.cameras)
  await page.goto('/wa/duvall/roads')
  await expect(page.locator('#roads-list .road-entry')).toHaveCount(counts.roads)
  await page.goto('/wa/duvall/local')
  await expect(page.locator('#local-list .business').first()).toBeVisible()
  await page.getByLabel('Open now').check()
  await expect(page.locator('#local-list .business')).toHaveCount(counts.openNow)
})

test('your places: home, pinned and recent in pinned-first order, switched from another tab', async ({ page, context }) => {
  await store(page, {
    'porchlight:settings': {
      version: 1,
      homeLocation: { lat: seattle.lat, lon: seattle.lon, route: seattle.route, name: 'Seattle, WA' },
    },
    'porchlight:pinnedLocations': [redmond],
    'porchlight:recentLocations': [
      { ...carnation, lastVisited: 2 },
      { ...redmond, lastVisited: 1 },
    ],
  })
  const urls = requests(page)
  await page.goto('/wa/duvall/page')
  const cards = page.locator('#page-places .dash-place-card')
  await expect(cards.locator('.dash-place-name')).toHaveText(['Seattle, WA', 'Redmond, WA', 'Duvall, WA', 'Carnation, WA'])
  await expect(cards.locator('.dash-place-kinds')).toHaveText(['Home', 'PinnedRecent', 'Recent', 'Recent'])
  // Temperatures: Duvall's from the page's forecast, the others' from one batched request (fixture order).
  await expect(cards.locator('.dash-place-value')).toHaveText(['42°F', '39°F', '37°F', '28°F'])
  const batches = urls.filter((url) => url.includes('current=temperature_2m,weather_code,is_day'))
  expect(batches).toHaveLength(1)
  expect(new URL(batches[0] ?? 'http://x').searchParams.get('latitude')).toBe('47.6062,47.674,47.6479')
  expect(urls.filter((url) => url.startsWith('https://api.open-meteo.com/') && url.includes('hourly='))).toHaveLength(1)
  // Duvall's count is the dashboard's own: the leading warning and the others.
  const more = Number((await page.locator('.dash-alert').textContent())?.match(/\(\+(\d+) more\)/)?.[1])
  await expect(cards.nth(2).locator('.dash-place-warnings')).toHaveText(`Warnings: ${more + 1}`)
  for (const i of [0, 1, 3]) await expect(cards.nth(i).locator('.dash-place-warnings')).toHaveText(/^Warnings: \d+$/)
  expect(urls.filter((url) => reactionRoute.test(url))).toHaveLength(4)
  await expect(cards.first().getByRole('link')).toHaveAttribute('href', '/wa/seattle/page')

  const settings = await context.newPage()
  await settings.goto('/settings')
  await settings.getByRole('checkbox', { name: 'Show pinned places first' }).uncheck()
  await expect(cards.locator('.dash-place-name')).toHaveText(['Seattle, WA', 'Duvall, WA', 'Carnation, WA', 'Redmond, WA'])
  await expect(cards.locator('.dash-place-kinds')).toHaveText(['Home', 'Recent', 'Recent', 'RecentPinned'])
  // Nothing new to fetch for the same places.
  expect(urls.filter((url) => url.includes('current=temperature_2m,weather_code,is_day'))).toHaveLength(1)
})

test('plain /page is about the home location, else the current one, else Duvall', async ({ page }) => {
  await store(page, {})
  const urls = requests(page)
  await page.goto('/page')
  const now = page.locator('#page-now')
  await expect(now.locator('.dash-place a')).toHaveText('Duvall, WA')
  await expect(now.locator('.dash-place a')).toHaveAttribute('href', '/wa/duvall')
  await expect(now.locator('.dash-temp')).toHaveText('37°F')
  await expect(now.locator('.dash-alert strong')).toHaveText(FLOOD)
  expect(urls.some((url) => url.includes('latitude=47.7423&'))).toBe(true)
  // No saved place yet: a hint that leads to the search and the settings.
  const places = page.locator('#page-places')
  await expect(places).toContainText('No saved places yet')
  await expect(places.getByRole('link', { name: 'Open settings' })).toHaveAttribute('href', '/settings')
  await places.getByRole('link', { name: 'Search for a city' }).click()
  await expect(page.locator('#search-panel input')).toBeFocused()

  await store(page, { 'porchlight:currentLocation': { method: 'geolocation', lat: 47.61, lon: -122.33 } })
  await page.reload()
  await expect(now.locator('.dash-place a')).toHaveText('Map point 47.61, -122.33')
  await expect(now.locator('.dash-count', { hasText: 'Statuses' })).toHaveAttribute('href', '/z/47.61/-122.33/statuses')
  expect(urls.some((url) => url.includes('latitude=47.61&longitude=-122.33&current=temperature_2m,apparent'))).toBe(true)

  await store(page, {
    'porchlight:settings': {
      version: 1,
      homeLocation: { lat: redmond.lat, lon: redmond.lon, route: redmond.route, name: 'Redmond, WA' },
    },
  })
  await page.reload()
  await expect(now.locator('.dash-place a')).toHaveText('Redmond, WA')
  await expect(now.locator('.dash-count', { hasText: 'Cameras' })).toHaveAttribute('href', '/wa/redmond/cameras')
  await expect(page.locator('#page-places .dash-place-name')).toHaveText(['Redmond, WA'])
})

test('a map point’s dashboard and a Spanish one', async ({ page }) => {
  await store(page, {}, 'es')
  // A page's own URL decides its language (the saved Spanish only offers a link on English pages): open the Spanish shell.
  await page.goto('/es/z/47.74/-121.98/page')
  await expect(page).toHaveURL(/\/es\/z\/47\.74\/-121\.98\/page$/)
  await expect(page.locator('#page-now .dash-temp')).toHaveText(/^37\s°F$/)
  const statuses = page.locator('#page-now .dash-count', { hasText: 'Avisos' })
  await expect(statuses).toHaveAttribute('href', '/es/z/47.74/-121.98/statuses')
  await page.goto('/es/wa/duvall/page')
  await expect(page.locator('#page-now')).toContainText(/Hoy: máxima 46\s°F, mínima 35\s°F/)
  await expect(page.locator('#page-now')).toContainText('Cámara más cercana')
  await expect(page.locator('#page-now .dash-count', { hasText: 'Cámaras' })).toHaveAttribute('href', '/es/wa/duvall/cameras')
})

test('untrusted item text stays text and unsafe pictures are not loaded', async ({ page }) => {
  const script = '<img src=x onerror="window.__pwned=1">Flood'
  await page.route(reactionRoute, (route) =>
    forward<Reaction>(route, undefined, (answer) => {
      answer.statuses.messages.unshift({ ...answer.statuses.messages[0]!, id: 990, title: script, priority: 'Critical' })
      answer.cameras.messages = answer.cameras.messages.map((camera) => ({
        ...camera,
        image: 'javascript:alert(1)',
        dataLink: null,
      }))
      return answer
    }),
  )
  await store(page, {})
  await page.goto('/wa/duvall/page')
  await expect(page.locator('.dash-alert strong')).toHaveText(script)
  await expect(page.locator('.dash-alert img')).toHaveCount(0)
  await expect(page.locator('.dash-camera img')).toHaveCount(0)
  await expect(page.locator('.dash-camera')).toContainText('Image unavailable')
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
})

test('a failing forecast breaks only the weather part, and retry recovers', async ({ page }) => {
  await serveProviders(page, { forecast: 500 })
  await store(page, {})
  await page.goto('/wa/duvall/page')
  const now = page.locator('#page-now')
  await expect(now).toContainText('Error loading weather data', { timeout: 20_000 })
  await expect(now.locator('.dash-alert strong')).toHaveText(FLOOD)
  await serveProviders(page)
  await now.getByRole('button', { name: 'Try again' }).click()
  await expect(now.locator('.dash-temp')).toHaveText('37°F')
})

for (const theme of ['dark', 'light']) {
  test(`the dashboard with places has no axe violations (${theme})`, async ({ page }) => {
    await store(page, {
      'porchlight:settings': {
        version: 1,
        theme,
        homeLocation: { lat: seattle.lat, lon: seattle.lon, route: seattle.route, name: 'Seattle, WA' },
      },
      'porchlight:pinnedLocations': [redmond],
    })
    await page.goto('/wa/duvall/page')
    await expect(page.locator('#page-places .dash-place-value')).toHaveText(['42°F', '39°F', '37°F'])
    await expect(page.locator('#page-now .dash-alert')).toBeVisible()
    await stopAnimations(page)
    const results = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
}
