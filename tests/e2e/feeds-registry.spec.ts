// The WZDx Feed Registry end to end: tests/e2e/feed-server.ts serves a registry listing five feeds (Missouri and Delaware
// good, Colorado keyed, Kansas inactive, Nebraska down) and a bad row; the feeds API (port 8791) runs them, the roads
// pages of St. Louis and Wilmington fill from them, and the editor's feed-health panel lists each.
import { execFileSync } from 'node:child_process'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { FEEDS_API, titlesAt, toFeedsApi } from './feeds-api.ts'
import { serveProviders } from './providers.ts'

const ADMIN = 'registry-admin@feeds.test'
const PASSWORD = 'e2e-password-1'
const MISSOURI_ZONE = 'Work zone: I-64 eastbound, Jefferson Ave – Broadway'
const DELAWARE_ZONE = 'Work zone: I-95 southbound, Concord Ave – Maryland Ave'

test.describe.configure({ mode: 'serial' })

const roadTitles = (request: APIRequestContext, lat: number, lon: number) => titlesAt(request, 'roads', lat, lon)

test.beforeAll(async ({ request }) => {
  // The registry is read at start; the feeds it lists run on the engine's next turns.
  await expect
    .poll(
      async () => [
        (await roadTitles(request, 38.63, -90.2)).includes(MISSOURI_ZONE),
        (await roadTitles(request, 39.75, -75.55)).includes(DELAWARE_ZONE),
      ],
      { timeout: 45_000 },
    )
    .toEqual([true, true])
})

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
  await toFeedsApi(page)
})

test('the roads pages of two states fill from the feeds the registry lists, each crediting its publisher', async ({ page }) => {
  await page.goto('/mo/st-louis/roads')
  const missouri = page.locator('#roads-list .road', { hasText: MISSOURI_ZONE })
  await expect(missouri).toBeVisible()
  await expect(missouri.locator('.road-entry', { hasText: 'I-64 eastbound: right lane closed' }).locator('.tag.lane')).toHaveText(
    'Lane closure',
  )
  await expect(missouri.getByRole('link', { name: 'Source: Missouri DOT' })).toBeVisible()

  await page.goto('/de/wilmington/roads')
  const delaware = page.locator('#roads-list .road', { hasText: DELAWARE_ZONE })
  await expect(delaware).toBeVisible()
  await expect(delaware.getByRole('link', { name: 'Source: Delaware DOT' })).toBeVisible()
})

test('the feed-health panel lists the registry and each feed it lists, on, off or failing', async ({ page }) => {
  // An admin of the feeds API's own database (it has no users of its own).
  execFileSync(process.execPath, ['server/cli/user-create.ts', '--email', ADMIN, '--role', 'admin', '--password', PASSWORD], {
    env: { ...process.env, DATA_DIR: '.build/e2e-feeds-api' },
    stdio: 'ignore',
  })
  const signIn = await page.request.post(`${FEEDS_API}/auth/email`, { data: { email: ADMIN, password: PASSWORD } })
  expect(signIn.status()).toBe(200)
  const { token, user } = (await signIn.json()) as { token: string; user: { roleName: string; email: string; name: string } }
  await page.addInitScript(
    ([token, auth]) => {
      localStorage.setItem('porchlight:token', JSON.stringify(token))
      localStorage.setItem('porchlight:editorAuth', JSON.stringify(auth))
    },
    [token, { role: user.roleName, email: user.email, name: user.name }] as const,
  )
  await page.goto('/editor')
  const feeds = page.locator('.feed-table')
  const row = (id: string) => feeds.locator('tbody tr', { hasText: id })
  // The editor hydrates, signs in from the stored token and loads the panel: slow on a busy machine.
  await expect(row('wzdx-feed-registry')).toBeVisible({ timeout: 30_000 })
  await expect(row('wzdx-mo-modot-wzdx')).toContainText('MoDOT WZDx (Missouri)')
  await expect(row('wzdx-de-deldot-wzdx')).toContainText('DelDOT WZDx (Delaware)')
  await expect(row('wzdx-co-cdot-planned-events')).toContainText('off: needs a key: set FEED_WZDX_CO_CDOT_PLANNED_EVENTS_KEY')
  await expect(row('wzdx-ks-kandrive-wzdx')).toContainText('off: inactive in the registry')
  await expect(row('wzdx-ne-nebraska-511-wzdx')).toContainText('HTTP 503')
})
