// Times a visitor can act on: a feed item's end on a roads page and a statuses page, in the page's language and the
// place's time zone, read from the feeds API (port 8791) and its recorded feeds moved to today.
import { expect, test } from '@playwright/test'
import { titlesAt, toFeedsApi } from './feeds-api.ts'
import { serveProviders } from './providers.ts'

const MISSOURI_ZONE = 'Work zone: I-64 eastbound, Jefferson Ave – Broadway'
const WIND = 'High Wind Warning: Seattle and Vicinity, Everett and Vicinity'

test.beforeAll(async ({ request }) => {
  await expect
    .poll(
      async () => [
        (await titlesAt(request, 'roads', 38.63, -90.2)).includes(MISSOURI_ZONE),
        (await titlesAt(request, 'statuses', 47.61, -122.33)).includes(WIND),
      ],
      { timeout: 60_000 },
    )
    .toEqual([true, true])
})

test.beforeEach(async ({ page }) => {
  await serveProviders(page)
  await toFeedsApi(page)
})

// The browser's own zone is far from every place of these pages: the text follows the place's.
test.use({ timezoneId: 'Asia/Tokyo' })

test('a work zone on a roads page says until when, in the place’s time zone', async ({ page }) => {
  await page.goto('/mo/st-louis/roads')
  const times = page.locator('#roads-list .road', { hasText: MISSOURI_ZONE }).locator('.live-times')
  await expect(times).toHaveText(/^until \S.*\d\s(AM|PM)$/)
  // The hour St. Louis (America/Chicago) reads at the item's end, not Tokyo's.
  const hours = await page.evaluate(async (title) => {
    const answer = (await (await fetch('http://localhost:8788/api/reaction?lat=38.63&lon=-90.20')).json()) as {
      roads: { messages: { title: string; endsAt: string | null }[] }
    }
    const end = Date.parse(answer.roads.messages.find((item) => item.title === title)!.endsAt!)
    const hour = (timeZone: string) => new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone }).format(end)
    return { place: hour('America/Chicago'), browser: hour('Asia/Tokyo') }
  }, MISSOURI_ZONE)
  const text = (await times.textContent())!.replace(/\s/g, ' ')
  expect(text).toContain(hours.place.replace(/\s/g, ' ').replace(':00', ''))
  expect(text).not.toContain(hours.browser.replace(/\s/g, ' ').replace(':00', ''))
})

test('an alert on a statuses page says until when, in English and in Spanish', async ({ page }) => {
  await page.goto('/wa/seattle/statuses')
  const wind = page.locator('#statuses-list .live-item', { hasText: WIND })
  await expect(wind.locator('.live-times')).toHaveText(/^until \S/)
  await page.goto('/es/wa/seattle/statuses')
  await expect(page.locator('#statuses-list .live-item').first().locator('.live-times')).toHaveText(/^hasta \S/)
})
