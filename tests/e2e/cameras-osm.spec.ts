// Cameras end to end (the OpenStreetMap business flow is covered by tests/api/businesses.test.ts): a third API (port 8792, see playwright.config.ts) reads
// Caltrans and Overpass from tests/e2e/cameras-osm-server.ts; the pages are routed to it.
import { expect, test } from '@playwright/test'
import { serveProviders } from './providers.ts'

const API = 'http://localhost:8792'
const FAKE = 'http://127.0.0.1:8796'

test.describe.configure({ mode: 'serial' })

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
  // The test build's API calls go to this spec's API instead (whatever port the build was given).
  await page.route(/^http:\/\/localhost:(?!8792)\d+\/api\//, async (route) => {
    const url = route
      .request()
      .url()
      .replace(/^http:\/\/localhost:\d+/, API)
    await route.fulfill({ response: await route.fetch({ url }) })
  })
})

test('a California point shows Caltrans cameras, their publisher, and a placeholder for a missing still', async ({
  page,
  request,
}) => {
  await page.goto('/z/37.81/-122.37/cameras')
  const grid = page.locator('.camera-grid')
  const first = grid.locator('li', { hasText: 'West of Treasure Island Tunnel' })
  await expect(first).toBeVisible({ timeout: 30_000 })
  // The still stays on the publisher's host (here the fake): the answer carries its URL as published.
  const answer = (await (await request.get(`${API}/api/reaction?lat=37.81&lon=-122.37`)).json()) as {
    cameras: { messages: { title: string; image: string }[] }
  }
  expect(answer.cameras.messages.find((item) => item.title.includes('Treasure Island'))?.image).toBe(
    `${FAKE}/still/tv501i80westoftreasureislandtunnel/tv501i80westoftreasureislandtunnel.jpg`,
  )
  await expect(first).toContainText('I-80 · West')
  await expect(first.getByRole('link', { name: 'Source: Caltrans' })).toHaveAttribute('href', 'https://cwwp2.dot.ca.gov/')
  const broken = grid.locator('li', { hasText: 'Yerba Buena Island' })
  await expect(broken.locator('.camera-missing')).toHaveText('Image unavailable')
  // Out of service (TV516) and far away (Caldecott, 9 miles) are not shown.
  await expect(grid.locator('li')).toHaveCount(2)
})
