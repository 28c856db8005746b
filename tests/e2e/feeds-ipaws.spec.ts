// IPAWS end to end: tests/e2e/feed-server.ts serves recorded CAP alerts (tests/fixtures/feeds/ipaws/) to the feeds
// API (port 8791): an evacuation order for Duvall in English and Spanish, a boil-water notice by county code, and
// a copy of the NWS wind warning that the NWS feed already shows; then a Cancel of the boil-water notice.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { dueNow, titlesAt, toFeedsApi } from './feeds-api.ts'
import { serveProviders } from './providers.ts'

const FEED_SERVER = 'http://127.0.0.1:8795'
const EVACUATION = 'Evacuation Immediate: Duvall and the lower Snoqualmie Valley'
const EVACUACION = 'Evacuación inmediata: Duvall y el valle bajo del Snoqualmie'
const BOIL = 'Boil Water Advisory: King, WA'
const WIND = 'High Wind Warning: Seattle and Vicinity, Everett and Vicinity'

test.describe.configure({ mode: 'serial' })

const statusTitles = (request: APIRequestContext, lat: number, lon: number) => titlesAt(request, 'statuses', lat, lon)

test.beforeAll(async ({ request }) => {
  // The feeds API's first runs come within a minute of its start.
  test.setTimeout(90_000)
  await request.post(`${FEED_SERVER}/control/ipaws?body=recent`)
  // Both alert feeds run at start and every 30 s; the county zone is fetched in the IPAWS run.
  await expect
    .poll(async () => (await statusTitles(request, 47.74, -121.99)).sort(), { timeout: 60_000 })
    .toEqual([BOIL, EVACUATION].sort())
})

test.afterAll(async ({ request }) => {
  await request.post(`${FEED_SERVER}/control/ipaws?body=recent`)
})

test.beforeEach(async ({ page }) => {
  await serveProviders(page)
  await toFeedsApi(page)
})

test('an evacuation order for a point inside its polygon shows in Spanish on the Spanish pages', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'))
  await page.goto('/es/wa/duvall')
  await expect(page.locator('#alert-banner .alert-banner')).toContainText(EVACUACION, { timeout: 20_000 })
  await page.goto('/es/wa/duvall/statuses')
  const item = page.locator('#statuses-list .live-item', { hasText: EVACUACION })
  await expect(item).toContainText('Evacúe ahora: rotura del dique del río Snoqualmie cerca de Duvall')
  await expect(item).toContainText('Salga ahora por Duvall-Monroe Road.')
  await expect(page.locator('#statuses-list')).not.toContainText(EVACUATION)
  // The sender is named beside it.
  await expect(item.getByRole('link', { name: /King County Office of Emergency Management via FEMA IPAWS/ })).toBeVisible()
})

test('the same order shows in English on the English pages, and not in Seattle', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/wa/duvall')
  await expect(page.locator('#alert-banner .alert-banner')).toContainText(EVACUATION, { timeout: 20_000 })
  await page.goto('/wa/duvall/statuses')
  await expect(page.locator('#statuses-list .live-item', { hasText: EVACUATION })).toContainText(
    'Evacuate now: Snoqualmie River levee breach near Duvall',
  )
  expect(await statusTitles(request, 47.61, -122.33)).not.toContain(EVACUATION)
})

test('a warning that both NWS and IPAWS send shows once', async ({ page, request }) => {
  expect((await statusTitles(request, 47.61, -122.33)).filter((title) => title === WIND)).toHaveLength(1)
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/wa/seattle/statuses')
  await expect(page.locator('#statuses-list .live-item', { hasText: WIND })).toHaveCount(1)
})

test('a cancelled alert leaves the page', async ({ page, request }) => {
  // The IPAWS feed runs every 30 s; made due at once, it reads the Cancel at the engine's next tick.
  test.setTimeout(90_000)
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/wa/duvall/statuses')
  await expect(page.locator('#statuses-list .live-item', { hasText: BOIL })).toHaveCount(1)
  await request.post(`${FEED_SERVER}/control/ipaws?body=cancel`)
  dueNow('ipaws-public')
  await expect.poll(async () => statusTitles(request, 47.74, -121.99), { timeout: 60_000 }).toEqual([EVACUATION])
  await page.reload()
  await expect(page.locator('#statuses-list .live-item', { hasText: EVACUATION })).toHaveCount(1)
  await expect(page.locator('#statuses-list .live-item', { hasText: BOIL })).toHaveCount(0)
})
