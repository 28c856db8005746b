// The feeds API of the end-to-end tests (port 8791, playwright.config.ts): real feeds from tests/e2e/feed-server.ts,
// no demo set. Shared by the feed specs: what it answers at a point, and a page pointed at it.
import { DatabaseSync } from 'node:sqlite'
import type { APIRequestContext, Page } from '@playwright/test'
import type { Reaction } from '../../src/lib/items.ts'
import { forward } from './forward.ts'

export const FEEDS_API = 'http://localhost:8791'
/** The feeds API's SQLite file (DATA_DIR in playwright.config.ts). */
const DATABASE = '.build/e2e-feeds-api/porchlight.db'

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
    await forward(route, { url, headers })
  })
}

/**
 * Makes a feed due now, so the engine's next tick (every 5 s) runs it instead of waiting out its
 * schedule (30 s at least): what a test changed at the fake source is read within seconds. A run
 * under way when this is called sets its own next time; the feed then runs on schedule, only later.
 */
export function dueNow(feedId: string): void {
  const db = new DatabaseSync(DATABASE)
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    db.prepare('UPDATE feeds SET next_run_at = ? WHERE id = ?').run(new Date(Date.now() - 1000).toISOString(), feedId)
  } finally {
    db.close()
  }
}
