// The feeds API of the end-to-end tests (port 8791, playwright.config.ts): real feeds from tests/e2e/feed-server.ts,
// no demo set. Shared by the feed specs: what it answers at a point, and a page pointed at it.
import type { APIRequestContext, Page } from '@playwright/test'
import type { Reaction } from '../../src/lib/items.ts'

export const FEEDS_API = 'http://localhost:8791'

/** Titles of one section's items at a point, as the feeds API answers them. */
export async function titlesAt(
  request: APIRequestContext,
  section: 'statuses' | 'roads',
  lat: number,
  lon: number,
): Promise<string[]> {
  const answer = await request.get(`${FEEDS_API}/api/reaction?lat=${lat}&lon=${lon}`)
  return ((await answer.json()) as Reaction)[section].messages.map((item) => item.title)
}

/** The page talks to the feeds API instead of the test build's own (8788), with its origin for CORS. */
export async function toFeedsApi(page: Page): Promise<void> {
  await page.route(/^http:\/\/localhost:8788\//, async (route) => {
    const url = route.request().url().replace('http://localhost:8788', FEEDS_API)
    const headers = { ...route.request().headers(), origin: 'http://localhost:4322' }
    await route.fulfill({ response: await route.fetch({ url, headers }) })
  })
}
