// The feed engine end to end: NWS and WZDx served by tests/e2e/feed-server.ts, read by a second API
// (port 8791, no demo set, see playwright.config.ts), shown on Seattle's pages; then an outage.
import { DatabaseSync } from 'node:sqlite'
import { expect, test, type APIRequestContext } from '@playwright/test'
import type { AlertItem, Reaction } from '../../src/lib/items.ts'
import { FEEDS_API } from './feeds-api.ts'
import { forward } from './forward.ts'
import { serveProviders } from './providers.ts'

const FEED_SERVER = 'http://127.0.0.1:8795'
const DATABASE = '.build/e2e-feeds-api/porchlight.db'
// Seattle's reaction call (the site rounds the point to two decimals).
const SEATTLE = `${FEEDS_API}/api/reaction?lat=47.61&lon=-122.33`
const WIND = 'High Wind Warning: Seattle and Vicinity, Everett and Vicinity'
const WORK_ZONE = 'Work zone: I-5 southbound, Mercer St – James St'

test.describe.configure({ mode: 'serial' })

/** Seattle's answer from the feeds API, once both feeds have been stored. */
async function seattle(request: APIRequestContext): Promise<Reaction> {
  const answer = await request.get(SEATTLE)
  return (await answer.json()) as Reaction
}
const find = (list: AlertItem[], title: string) => list.find((item) => item.title === title)

test.beforeAll(async ({ request }) => {
  await request.post(`${FEED_SERVER}/control?outage=0`)
  // The engine runs at start and every 30 s; both feeds are in within a few seconds.
  await expect
    .poll(
      async () => {
        const answer = await seattle(request)
        return [Boolean(find(answer.statuses.messages, WIND)), Boolean(find(answer.roads.messages, WORK_ZONE))]
      },
      { timeout: 30_000 },
    )
    .toEqual([true, true])
})

test.afterAll(async ({ request }) => {
  await request.post(`${FEED_SERVER}/control?outage=0`)
})

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
  // The test build calls the API on 8788: this spec's pages talk to the feeds API instead.
  await page.route(/^http:\/\/localhost:8788\//, async (route) => {
    const url = route.request().url().replace('http://localhost:8788', FEEDS_API)
    // The page's origin goes along, so the answer carries the CORS headers the browser checks.
    const headers = { ...route.request().headers(), origin: 'http://localhost:4322' }
    await forward(route, { url, headers })
  })
})

test('an NWS warning for Seattle shows in the banner and on the statuses page, with its source', async ({ page }) => {
  await page.goto('/wa/seattle')
  await expect(page.locator('#alert-banner .alert-banner')).toContainText(WIND)
  await page.goto('/wa/seattle/statuses')
  const list = page.locator('#statuses-list')
  await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Weather'])
  const wind = list.locator('.live-item', { hasText: WIND })
  await expect(wind.locator('.tag.prio')).toHaveText('Urgent')
  await expect(wind).toContainText('* WHAT...South winds 30 to 40 mph with gusts up to 60 mph.')
  await expect(wind).toContainText(/Checked (now|\d+ minutes? ago)/)
  const source = wind.getByRole('link', { name: 'Source: NOAA/National Weather Service' })
  await expect(source).toHaveAttribute('href', 'https://www.weather.gov/')
})

test('a WZDx lane closure shows on the roads page, lane by lane, with its source', async ({ page }) => {
  await page.goto('/wa/seattle/roads')
  const road = page.locator('#roads-list .road', { hasText: WORK_ZONE })
  await expect(road).toBeVisible()
  const closed = road.locator('.road-entry', { hasText: 'I-5 southbound: lane 3 closed' })
  await expect(closed.locator('.tag.lane')).toHaveText('Lane closure')
  await expect(closed).toContainText('Southbound')
  await expect(closed.locator('.tag.state')).toHaveText('Closed')
  await expect(road.locator('.road-entry', { hasText: 'I-5 southbound: lane 1 open' }).locator('.tag.lane')).toHaveCount(0)
  await expect(road).toContainText('Reduced speed limit: 45 mph')
  await expect(road.getByRole('link', { name: 'Source: Washington State DOT' })).toHaveAttribute('href', 'https://wsdot.wa.gov/')
  // The work zone that is only upcoming is listed as pending; the one that ended is gone.
  await expect(page.locator('#roads-list')).not.toContainText('I-90 westbound')
})

test('a feed outage keeps the items, marked with their age', async ({ page, request }) => {
  await request.post(`${FEED_SERVER}/control?outage=1`)
  // Three hours pass since the last good fetch, and both feeds are due now: their next runs fail.
  const db = new DatabaseSync(DATABASE)
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    db.prepare('UPDATE feeds SET last_success_at = ?, next_run_at = ?').run(
      new Date(Date.now() - 3 * 3_600_000).toISOString(),
      new Date(Date.now() - 1000).toISOString(),
    )
  } finally {
    db.close()
  }
  await expect
    .poll(
      async () => {
        const answer = await seattle(request)
        return [find(answer.statuses.messages, WIND)?.isOld, find(answer.roads.messages, WORK_ZONE)?.isOld]
      },
      { timeout: 30_000 },
    )
    .toEqual([true, true])

  await page.goto('/wa/seattle/statuses')
  const wind = page.locator('#statuses-list .live-item', { hasText: WIND })
  await expect(wind.locator('.tag-old')).toHaveText('Updated 3 hours ago · source unavailable')
  await page.goto('/wa/seattle/roads')
  const road = page.locator('#roads-list .road', { hasText: WORK_ZONE })
  await expect(road.locator('.tag-old')).toHaveText('Updated 3 hours ago · source unavailable')
  // The banner still warns: stale is not gone.
  await expect(page.locator('#alert-banner .alert-banner')).toContainText(WIND)
})
