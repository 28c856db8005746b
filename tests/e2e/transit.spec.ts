// Transit alerts end to end: tests/e2e/feed-server.ts serves Snoqualmie Valley Transportation's GTFS-realtime alerts
// (a detour on the Snoqualmie – North Bend route) and its static GTFS zip to the feeds API (port 8791, feed gtfs-rt-svt
// of tests/fixtures/feeds/e2e/feeds.json). Snoqualmie, on the route, shows the detour; Fall City, off it, does not.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { titlesAt, toFeedsApi } from './feeds-api.ts'
import { serveProviders } from './providers.ts'

const DETOUR = 'Detour: SN Snoqualmie – North Bend'
const DESVIO = 'Desvío: SN Snoqualmie – North Bend'

test.describe.configure({ mode: 'serial' })

const statusTitles = (request: APIRequestContext, lat: number, lon: number) => titlesAt(request, 'statuses', lat, lon)

test.beforeAll(async ({ request }) => {
  // The feed runs at start and every 30 s; its first run reads the static zip.
  await expect.poll(async () => statusTitles(request, 47.53, -121.83), { timeout: 60_000 }).toContain(DETOUR)
})

test.beforeEach(async ({ page }) => {
  await serveProviders(page)
  await toFeedsApi(page)
})

test('a city on a bus route with a detour shows the detour, with the agency named and linked', async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/wa/snoqualmie/statuses')
  const item = page.locator('#statuses-list .live-item', { hasText: DETOUR })
  await expect(item).toContainText('SN buses detoured via Meadowbrook Way in Snoqualmie')
  await expect(item).toContainText('Cause: Construction')
  await expect(item.getByRole('link', { name: 'Source: Snoqualmie Valley Transportation' })).toHaveAttribute(
    'href',
    'https://www.svtbus.org/',
  )
  // Fall City is in the same valley but not on the route: no detour there.
  await page.goto('/wa/fall-city/statuses')
  await expect(page.locator('#statuses-list')).toBeVisible()
  await expect(page.locator('#statuses-list')).not.toContainText(DETOUR)
})

test('the detour shows in Spanish on the Spanish pages, from the feed’s own translation', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'))
  await page.goto('/es/wa/snoqualmie/statuses')
  const item = page.locator('#statuses-list .live-item', { hasText: DESVIO })
  await expect(item).toContainText('Los autobuses SN se desvían por Meadowbrook Way en Snoqualmie')
  await expect(item).toContainText('Causa: Obras')
})
