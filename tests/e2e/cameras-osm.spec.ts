// Cameras and OpenStreetMap businesses end to end: a third API (port 8792, see playwright.config.ts) reads
// Caltrans and Overpass from tests/e2e/cameras-osm-server.ts; the pages are routed to it.
import { expect, test } from '@playwright/test'
import { forward } from './forward.ts'
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
    await forward(route, { url })
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

type FakeCall = { path: string; status: number; userAgent: string }

/**
 * Next Wednesday at 22:40 in Snoqualmie's zone, as an instant: within the two weeks of hours the
 * server evaluates at fetch time, and not a public holiday (the Wednesday before Thanksgiving is not).
 */
function nextWednesdayEvening(): Date {
  const wall = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  /** 'Wed 16:40': the parts themselves, as the literal between them differs between ICU versions. */
  const at = (time: number): string =>
    wall
      .formatToParts(new Date(time))
      .filter((part) => part.type !== 'literal')
      .map((part) => part.value)
      .join(' ')
  const start = Math.ceil(Date.now() / 600_000) * 600_000 + 86_400_000
  for (let time = start; time < start + 8 * 86_400_000; time += 600_000) if (at(time) === 'Wed 22 40') return new Date(time)
  throw new Error('no Wednesday 22:40 ahead')
}

test('a place without businesses shows them loading through an Overpass 429, then open now at a fixed clock', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  // The next Overpass request answers 429: the server waits it out (30 s against a real Overpass; 1 s for this
  // loopback fake, OVERPASS_429_WAIT_MS, and the fake's Retry-After of 2 s) without the visitor seeing an error.
  await request.post(`${FAKE}/control?overpass429=1`)
  const wednesday = nextWednesdayEvening()
  await page.clock.setFixedTime(wednesday)
  await page.goto('/z/47.53/-121.83/local')
  await expect(page.getByText('Loading businesses for this area…')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Error Loading Businesses')).toHaveCount(0)

  const list = page.locator('.businesses')
  // The page asks again every 15 s while loading.
  await expect(list.getByText('Railyard Taproom')).toBeVisible({ timeout: 40_000 })
  await expect(page.getByText('Error Loading Businesses')).toHaveCount(0)
  const calls = (await (await request.get(`${FAKE}/log`)).json()) as FakeCall[]
  const overpass = calls.filter((call) => call.path === '/api/interpreter')
  expect(overpass.map((call) => call.status)).toEqual([429, 200])
  expect(overpass.every((call) => call.userAgent.includes('porchlight'))).toBe(true)

  // Wednesday 22:40: the café (weekdays 06:00-15:00) has closed and opens tomorrow, the taproom (Mo-Th 15:00-23:00)
  // closes within 30 minutes, the market is open all day; the law office (weekdays 09:00-17:00, "by appointment")
  // is closed, and its hours are shown as written too.
  const row = (name: string) => list.locator('li', { hasText: name })
  await expect(row('Falls Espresso')).toContainText('Closed')
  // Its hours say `PH off`: when that Thursday is Thanksgiving (the fourth Thursday of November), it opens on Friday.
  const thursday = new Date(wednesday.getTime() + 86_400_000)
  const thanksgiving = thursday.getUTCMonth() === 10 && thursday.getUTCDate() >= 22 && thursday.getUTCDate() <= 28
  await expect(row('Falls Espresso')).toContainText(`Opens ${thanksgiving ? 'Friday' : 'Thursday'} at 6:00 AM`)
  await expect(row('Railyard Taproom')).toContainText('Closing soon')
  await expect(row('Railyard Taproom')).toContainText('Closes at 11:00 PM')
  await expect(row('Valley Market')).toContainText('Open 24 hours')
  await expect(row('Cedar & Pine Law')).toContainText('Closed')
  await expect(row('Cedar & Pine Law')).toContainText('Mo-Fr 09:00-17:00 "by appointment"')
  // Hours that cannot be read still show, as written.
  await expect(row('Odd Hours Diner')).toBeVisible()
  await expect(page.getByRole('link', { name: '© OpenStreetMap contributors' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/copyright',
  )

  await page.getByLabel('Open now').check()
  await expect(row('Railyard Taproom')).toBeVisible()
  await expect(row('Valley Market')).toBeVisible()
  await expect(row('Cedar & Pine Law')).toHaveCount(0)
  await expect(row('Falls Espresso')).toHaveCount(0)
  await expect(row('Odd Hours Diner')).toHaveCount(0)
})
