// Usage telemetry against a local ingestion endpoint (tests/e2e/ingest-server.ts on :8790, which the
// test build's connection string points at): what arrives, with which ids, and that GPC and Do Not
// Track keep everything in the page.
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { serveProviders } from './providers.ts'

const INGEST = 'http://localhost:8790'
const EMAIL = 'staff@duvall.test'
const PASSWORD = 'e2e-password-1'
const DAY = 86_400
/** The SDK's chunk (src/lib/client/telemetry-sdk.ts and the package). */
const SDK_CHUNK = /telemetry-sdk|applicationinsights/i

type Envelope = {
  name: string
  tags: Record<string, string>
  data: { baseType: string; baseData: Record<string, unknown> & { properties?: Record<string, string> } }
}

/** The anonymous user id the SDK keeps in its ai_user cookie (`id|acquired`), once it has loaded. */
async function anonymousId(context: BrowserContext): Promise<string> {
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'ai_user')).toBe(true)
  const cookie = (await context.cookies()).find((c) => c.name === 'ai_user')
  return cookie?.value.split('|')[0] ?? ''
}

const received = async (page: Page, user: string): Promise<Envelope[]> =>
  (await (await page.request.get(`${INGEST}/envelopes?user=${encodeURIComponent(user)}`)).json()) as Envelope[]

const baseData = (envelopes: Envelope[], type: string, match: (data: Envelope['data']['baseData']) => boolean) =>
  envelopes.find((envelope) => envelope.data.baseType === type && match(envelope.data.baseData))

/** Throws an uncaught error in the page and waits until the page has seen it. */
async function throwInPage(page: Page): Promise<void> {
  const thrown = page.waitForEvent('pageerror', (error) => error.message.includes('telemetry e2e error'))
  await page.evaluate(() =>
    setTimeout(() => {
      throw new TypeError('telemetry e2e error')
    }),
  )
  await thrown
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
})

test('page views, a search, a location, a sign-in, calls and an error arrive with the user ids', async ({ page, context }) => {
  const scripts: string[] = []
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()))
  await page.goto('/wa/duvall')
  const user = await anonymousId(context)
  expect(scripts.filter((url) => SDK_CHUNK.test(url))).toHaveLength(1)
  const cookie = (await context.cookies()).find((c) => c.name === 'ai_user')
  // The user cookie lasts a year (SPEC section 7).
  expect(Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / DAY)).toBe(365)
  expect((await context.cookies()).some((c) => c.name === 'ai_session')).toBe(true)

  const box = page.getByRole('combobox', { name: 'Search cities' })
  await box.fill('dov')
  await expect(page.getByRole('option').first()).toContainText('Dover, DE')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/de\/dover$/)
  // Its page view is recorded by the layout's module script, which has run by the load event.
  await page.waitForLoadState('load')

  await page.goto('/login')
  const form = page.locator('#app-login')
  await form.getByLabel('Email').fill(EMAIL)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/editor$/)
  // Module scripts (and so the recorder) have run by the load event.
  await page.waitForLoadState('load')
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('porchlight:token') ?? 'null') as string)
  const subject = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub

  await page.evaluate(() => setTimeout(() => void Promise.reject(new RangeError('telemetry e2e rejection'))))
  await throwInPage(page)
  await page.goto('/settings')
  await expect(page.locator('[data-telemetry]')).toHaveText('Usage data is on for this site in this browser.')
  // The SDK takes over the queue of the editor page (left before it loaded) and sends it in its next batch.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('porchlight:telemetryQueue'))).toBeNull()

  let envelopes: Envelope[] = []
  // Delivery is at least once, not in order: an envelope a page sent as it was left (a beacon) may fail
  // and come again from the SDK's session buffer with a later page's batch. Wait for all of them.
  await expect
    .poll(
      async () => {
        envelopes = await received(page, user)
        return [
          baseData(envelopes, 'ExceptionData', (d) => JSON.stringify(d).includes('telemetry e2e error')),
          baseData(envelopes, 'PageviewData', (d) => d['url'] === 'http://localhost:4322/wa/duvall'),
          baseData(envelopes, 'PageviewData', (d) => d['url'] === 'http://localhost:4322/de/dover'),
        ].every((found) => found !== undefined)
      },
      { timeout: 20_000 },
    )
    .toBe(true)

  const pageView = baseData(envelopes, 'PageviewData', (d) => d['url'] === 'http://localhost:4322/wa/duvall')
  expect(pageView?.data.baseData['name']).toBe('Duvall, WA weather: forecast, radar and air quality | Porchlight')
  expect(baseData(envelopes, 'PageviewData', (d) => d['url'] === 'http://localhost:4322/de/dover')).toBeDefined()

  const search = baseData(envelopes, 'EventData', (d) => d['name'] === 'Search')?.data.baseData
  expect(search?.['properties']).toEqual({ route: 'de/dover' })
  expect(search?.['measurements']).toMatchObject({ queryLength: 3, position: 1 })
  expect((search?.['measurements'] as { resultCount: number }).resultCount).toBeGreaterThan(0)

  const moved = baseData(envelopes, 'EventData', (d) => d['name'] === 'LocationChanged')?.data.baseData
  expect(moved?.['properties']).toEqual({ method: 'selected', store: 'selected', lat: '39.16', lon: '-75.52', route: 'de/dover' })

  const signedIn = envelopes.find((e) => e.data.baseData['name'] === 'SignedIn')
  expect(signedIn?.data.baseData['properties']).toEqual({ provider: 'email' })

  const dependency = (target: string, name: string | RegExp) =>
    baseData(envelopes, 'RemoteDependencyData', (d) => d['target'] === target && new RegExp(name).test(String(d['name'])))
  expect(dependency('localhost:8788', '^GET /api/reaction$')?.data.baseData).toMatchObject({
    resultCode: '200',
    success: true,
    type: 'Fetch',
  })
  expect(dependency('localhost:8788', '^POST /auth/email$')?.data.baseData).toMatchObject({
    resultCode: '200',
    success: true,
  })
  expect(dependency('api.open-meteo.com', '^GET /v1/forecast$')?.data.baseData).toMatchObject({ resultCode: '200' })
  expect(dependency('api.weather.gov', '^GET /alerts/active$')).toBeDefined()

  const error = baseData(envelopes, 'ExceptionData', (d) => JSON.stringify(d).includes('telemetry e2e error'))
  expect(JSON.stringify(error)).toContain('TypeError')
  expect(baseData(envelopes, 'ExceptionData', (d) => JSON.stringify(d).includes('telemetry e2e rejection'))).toBeDefined()

  // After sign-in every envelope carries the account's number as the authenticated user id, validated.
  expect(subject).toMatch(/^\d+$/)
  expect(error?.tags['ai.user.authUserId']).toBe(subject)
  expect(pageView?.tags['ai.user.authUserId']).toBeUndefined()
  // Nothing personal or secret travels: no email, password, token, query strings or the typed search.
  const all = JSON.stringify(envelopes)
  for (const secret of [EMAIL, PASSWORD, token, '_t=', 'latitude=']) expect(all).not.toContain(secret)
})

for (const [signal, script] of [
  ['Global Privacy Control', () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })],
  ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
] as const) {
  test(`with ${signal} nothing is loaded or sent`, async ({ page, context }) => {
    await page.addInitScript(script)
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto('/wa/duvall', { waitUntil: 'networkidle' })
    const box = page.getByRole('combobox', { name: 'Search cities' })
    await box.fill('dov')
    await expect(page.getByRole('option').first()).toContainText('Dover, DE')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/de\/dover$/)
    await throwInPage(page)
    await page.goto('/settings', { waitUntil: 'networkidle' })
    const off = signal === 'Do Not Track' ? 'Do Not Track' : 'Global Privacy Control'
    await expect(page.locator('[data-telemetry]')).toHaveText(`Usage data is off in this browser, because it sends ${off}.`)

    // The page did fetch its API and providers: only the telemetry is missing.
    expect(requests.some((url) => url.startsWith('http://localhost:8788/api/reaction'))).toBe(true)
    expect(requests.filter((url) => url.startsWith(INGEST))).toEqual([])
    expect(requests.filter((url) => SDK_CHUNK.test(url))).toEqual([])
    expect((await context.cookies()).map((cookie) => cookie.name).filter((name) => name.startsWith('ai_'))).toEqual([])
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => /telemetry|AI_/i.test(key)))).toEqual([])
  })
}
