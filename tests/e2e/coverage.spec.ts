// Coverage, told honestly, end to end: the feeds API (port 8791) runs a WZDx registry fixture listing five feeds (Missouri
// and Delaware good, Colorado keyed, Kansas inactive, Nebraska down, tests/e2e/feed-server.ts); the coverage page lists
// each under its state with its health, and an empty roads section in Colorado names Colorado's sources.
import { expect, test } from '@playwright/test'
import { FEEDS_API, toFeedsApi } from './feeds-api.ts'
import { serveProviders } from './providers.ts'

type Coverage = { sources: { id: string; status: string }[] }

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000)
  // The answer is kept a minute: wait for one made after the listed feeds ran (Nebraska's has failed by then).
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`${FEEDS_API}/api/coverage`)).json()) as Coverage
        const status = (id: string) => body.sources.find((source) => source.id === id)?.status
        return [status('wzdx-mo-modot-wzdx'), status('wzdx-ne-nebraska-511-wzdx')]
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toEqual(['ok', 'failing'])
})

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
  await toFeedsApi(page)
})

test('the coverage page lists each feed of the registry under its state, with its health', async ({ page }) => {
  await page.goto('/wa/seattle')
  await page.locator('footer').getByRole('link', { name: 'Coverage' }).click()
  await expect(page).toHaveURL(/\/coverage$/)
  const source = (state: string, name: string) => page.locator(`#state-${state} [data-section="roads"] li`, { hasText: name })
  await expect(source('mo', 'MoDOT WZDx (Missouri)')).toContainText('Working')
  await expect(source('de', 'DelDOT WZDx (Delaware)')).toContainText('Working')
  await expect(source('co', 'CDOT Planned Events (Colorado)')).toContainText('Off: needs a key')
  await expect(source('ks', 'KanDrive WZDx (Kansas)')).toContainText('Off: inactive at its publisher')
  await expect(source('ne', 'Nebraska 511 WZDx (Nebraska)')).toContainText('Failing')
  await expect(page.locator('#state-mo [data-section="roads"] li')).toContainText(/items now: [1-9]/)
  // Nationwide sources once, above the table; the registry itself apart; no error text or key anywhere.
  await expect(page.locator('[data-section="statuses"] li', { hasText: 'NWS active alerts (test)' }).first()).toBeVisible()
  await expect(page.locator('[data-section="registries"] li', { hasText: 'WZDx Feed Registry (test)' })).toContainText('Working')
  await expect(page.locator('#coverage-report')).not.toContainText(/HTTP 503|FEED_WZDX|\{key\}/)
})

test('an empty roads section says why and names the sources of its state', async ({ page }) => {
  await page.goto('/co/canon-city/roads')
  const list = page.locator('#roads-list')
  await expect(list.locator('.empty-title')).toHaveText('No Road Conditions')
  await expect(list).toContainText('No road data is published for this area yet.')
  await expect(list).toContainText('These sources cover Colorado:')
  await expect(list.locator('li', { hasText: 'CDOT Planned Events (Colorado)' })).toContainText('Off: needs a key')
  await list.getByRole('link', { name: 'Coverage of every state' }).click()
  await expect(page).toHaveURL(/\/coverage#state-co$/)
  await expect(page.locator('#state-co')).toContainText('CDOT Planned Events (Colorado)')
})
