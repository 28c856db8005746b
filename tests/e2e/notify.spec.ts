// Web Push end to end (issue 24): a visitor asks to be notified on /wa/duvall, a staff edit raises an item to
// Warning, and the local push service (tests/api/notify-push-fake.ts, :8799) receives one message it decrypts with
// the subscription's keys, in the page's language; quiet hours hold the next one; stopping stops them. The browser's
// push service is stood in for by the same fake: PushManager hands out the fake's subscription.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { serveProviders } from './providers.ts'

const API = process.env['E2E_API'] ?? 'http://localhost:8788'
const PUSH = 'http://127.0.0.1:8799'
const ADMIN = { email: 'staff@duvall.test', password: 'e2e-password-1' }

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } }
type Message = { payload: { title: string; body: string; url: string; lang: string } }

/** "HH:MM" in Duvall, `minutes` from now. */
function duvallTime(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000)
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Los_Angeles',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)
}

async function stubPush(page: Page, subscription: Subscription) {
  await page.addInitScript((sub: Subscription) => {
    type Fake = { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> }
    let current: Fake | null = null
    const pushManager = {
      getSubscription: () => Promise.resolve(current),
      subscribe: () =>
        Promise.resolve(
          (current = {
            endpoint: sub.endpoint,
            toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
            unsubscribe: () => ((current = null), Promise.resolve(true)),
          }),
        ),
    }
    const registration = { pushManager }
    Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', { get: () => Promise.resolve(registration) })
    ServiceWorkerContainer.prototype.getRegistration = () => Promise.resolve(registration as unknown as ServiceWorkerRegistration)
  }, subscription)
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post(`${API}/auth/email`, { data: ADMIN })
  return ((await answer.json()) as { token: string }).token
}

async function createItem(request: APIRequestContext, token: string, title: string): Promise<number> {
  const answer = await request.post(`${API}/items`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      dataAspect: 'statuses',
      title,
      state: 'open',
      priority: 'Info',
      lat: 47.7423,
      lon: -121.9857,
      cityName: 'Duvall',
      pageName: 'wa/duvall',
    },
  })
  expect(answer.status()).toBe(201)
  return ((await answer.json()) as { id: number }).id
}

async function edit(request: APIRequestContext, token: string, id: number, fields: Record<string, unknown>) {
  const answer = await request.post(`${API}/api/manage/${id}?t=${token}`, { data: fields })
  expect(answer.status()).toBe(200)
}

const received = async (request: APIRequestContext, name: string, title: string): Promise<Message[]> =>
  ((await (await request.get(`${PUSH}/_received?name=${name}`)).json()) as Message[]).filter((message) =>
    message.payload.title.includes(title),
  )

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
})

test('notify me on Duvall: one decrypted message on a rise to Warning, held by quiet hours, none after stopping', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const run = Date.now().toString(36)
  const name = `e2e-${run}`
  const subscription = (await (await request.get(`${PUSH}/_new?name=${name}`)).json()) as Subscription
  await context.grantPermissions(['notifications'], { origin: baseURL! })
  await stubPush(page, subscription)
  const token = await staffToken(request)

  await page.goto('/wa/duvall')
  const button = page.getByRole('button', { name: 'Notify me' })
  await button.click()
  const dialog = page.getByRole('dialog', { name: 'Notifications for Duvall, WA' })
  // The dialog's code, store and texts load with this first click (docs/notifications.md): on a busy machine that
  // took more than the default 5 s once in CI.
  await expect(dialog.getByRole('radio', { name: 'Warning', exact: true })).toBeChecked({ timeout: 20_000 })
  // One main action; the result says what was saved, for which place, and how to stop.
  await expect(dialog.locator('.btn-primary')).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Turn on notifications' }).click()
  await expect(dialog.getByRole('status')).toContainText('You will be notified about Duvall, WA.')
  await expect(dialog.getByRole('status')).toContainText('Statuses, Roads · Warning and above')
  await expect(dialog.getByRole('status')).toContainText(
    'press “Notifying” on this place’s page, or open Settings → Notifications',
  )
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Notifying' })).toHaveAttribute('aria-pressed', 'true')
  const saved = await page.evaluate(
    () => JSON.parse(localStorage.getItem('porchlight:notify') ?? 'null') as { id: string; secret: string },
  )
  expect(saved.id).toMatch(/^[\w-]{22}$/)

  // Info tells nothing; raised to Warning it tells once, decrypted by the fake, in English.
  const first = `Schools two hours late ${run}`
  const id = await createItem(request, token, first)
  await edit(request, token, id, { Priority: 'Warning', Lines: ['Buses on snow routes'] })
  await expect.poll(() => received(request, name, first), { timeout: 15_000 }).toHaveLength(1)
  const [message] = await received(request, name, first)
  expect(message!.payload).toMatchObject({
    title: `Duvall, WA: ${first}`,
    body: 'Warning · Open · Buses on snow routes',
    lang: 'en',
  })
  expect(message!.payload.url).toMatch(new RegExp(`/wa/duvall/statuses#item-${id}$`))
  await page.waitForTimeout(2000)
  expect(await received(request, name, first)).toHaveLength(1)

  // Quiet hours around now, in Duvall's time: the next one is held.
  await page.getByRole('button', { name: 'Notifying' }).click()
  await dialog.getByLabel('Quiet hours (the place’s local time)').check()
  await dialog.getByLabel('From', { exact: true }).fill(duvallTime(-60))
  await dialog.getByLabel('To', { exact: true }).fill(duvallTime(60))
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog.getByRole('status')).toContainText(`Quiet hours (the place’s local time): ${duvallTime(-60)}–`)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
  const second = `Water main break ${run}`
  const held = await createItem(request, token, second)
  await edit(request, token, held, { Priority: 'Urgent' })
  await page.waitForTimeout(4000)
  expect(await received(request, name, second)).toEqual([])

  // Stopping deletes the subscription at once; nothing more arrives.
  await page.getByRole('button', { name: 'Notifying' }).click()
  await dialog.getByRole('button', { name: 'Stop notifications' }).click()
  await expect(dialog.getByRole('status')).toContainText('Notifications for Duvall, WA stopped.')
  await expect(page.getByRole('button', { name: 'Notify me' })).toHaveAttribute('aria-pressed', 'false')
  const gone = await request.get(`${API}/api/notify/subscriptions/${saved.id}`, {
    headers: { Authorization: `Bearer ${saved.secret}` },
  })
  expect(gone.status()).toBe(404)
  const third = `Road reopened ${run}`
  await edit(request, token, id, { Title: third, Priority: 'Critical' })
  await page.waitForTimeout(3000)
  expect(await received(request, name, third)).toEqual([])
})

test('Settings lists the places notified and stops one', async ({ page, context, request, baseURL }) => {
  const name = `e2e-settings-${Date.now().toString(36)}`
  const subscription = (await (await request.get(`${PUSH}/_new?name=${name}`)).json()) as Subscription
  await context.grantPermissions(['notifications'], { origin: baseURL! })
  await stubPush(page, subscription)
  await page.goto('/wa/duvall')
  await page.getByRole('button', { name: 'Notify me' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Turn on notifications' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('button', { name: 'Notifying' })).toBeVisible()
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Notifications' })
  await expect(section.getByRole('link', { name: 'Duvall, WA' })).toBeVisible()
  await expect(section).toContainText('Statuses, Roads · Warning and above')
  await section.getByRole('button', { name: 'Stop notifications: Duvall, WA' }).click()
  await expect(section).toContainText('No notifications yet.')
})

test('"Notify me" cannot be clicked before its script can answer, and answers its first click', async ({ page }) => {
  // The button's script held back: the button keeps its room but is not shown. Before, a CSS display rule overrode
  // its hidden attribute, so a click before the script ran did nothing (seen as this spec's flaky dialog in CI).
  let release = (): void => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/_astro\/button\.[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/wa/duvall', { waitUntil: 'domcontentloaded' })
  await expect(page.getByRole('button', { name: 'Pin this place' })).toBeVisible()
  await expect(page.locator('#notify')).toBeHidden()
  release()
  await page.getByRole('button', { name: 'Notify me' }).click()
  await expect(page.getByRole('dialog', { name: 'Notifications for Duvall, WA' })).toBeVisible({ timeout: 20_000 })
})

/** Opens the sheet on a page and waits for its code and texts (loaded with the first click). */
async function openSheet(page: Page, path: string, name: string | RegExp = 'Notify me') {
  await page.goto(path)
  await page.getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.locator('.btn-primary')).toBeVisible({ timeout: 20_000 })
  return dialog
}

test.describe('push failures say the cause and the next step (issue 38)', () => {
  test('a browser without push (or a private window): push is off, and the sheet says so and offers email', async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager
    })
    const dialog = await openSheet(page, '/wa/duvall')
    await expect(dialog.getByRole('radio', { name: /On this device/ })).toBeDisabled()
    await expect(dialog.getByRole('radio', { name: /By email/ })).toBeChecked()
    await expect(dialog).toContainText('This browser cannot receive notifications.')
    await expect(dialog).toContainText('Private windows and some browsers cannot receive notifications.')
    await expect(dialog.getByRole('button', { name: 'Send me a confirmation link' })).toBeDisabled()
  })

  test('a push service that fails (a private window): the browser is named, with a normal window or email as the way on', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL! })
    await page.addInitScript(() => {
      const pushManager = {
        getSubscription: () => Promise.resolve(null),
        subscribe: () => Promise.reject(new DOMException('Registration failed - push service not available', 'AbortError')),
      }
      Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', { get: () => Promise.resolve({ pushManager }) })
    })
    const dialog = await openSheet(page, '/wa/duvall')
    await dialog.getByRole('button', { name: 'Turn on notifications' }).click()
    await expect(dialog.getByRole('alert')).toContainText('This browser could not set up notifications: private windows cannot')
    await expect(dialog.getByRole('alert')).toContainText('Open Porchlight in a normal window, or choose email.')
    await expect(dialog.getByRole('button', { name: 'Turn on notifications' })).toBeEnabled()
  })

  test('the server refuses the subscription: its reason is shown (the API answer), in Spanish', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const subscription = (await (await request.get(`${PUSH}/_new?name=e2e-refused-${Date.now()}`)).json()) as Subscription
    await context.grantPermissions(['notifications'], { origin: baseURL! })
    // A key the API cannot encrypt to: it answers 400 with the field and why.
    await stubPush(page, { ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } })
    const dialog = await openSheet(page, '/es/wa/duvall', 'Avisarme')
    await dialog.getByRole('button', { name: 'Activar notificaciones' }).click()
    await expect(dialog.getByRole('alert')).toContainText(
      'El servidor rechazó esta suscripción: subscription.keys.p256dh must be a P-256 public key (base64url). Prueba con otro navegador o elige el correo.',
    )
    expect(await page.evaluate(() => localStorage.getItem('porchlight:notify'))).toBeNull()
  })

  test('too many subscriptions from one network: the limit and when to try again', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const subscription = (await (await request.get(`${PUSH}/_new?name=e2e-limit-${Date.now()}`)).json()) as Subscription
    await context.grantPermissions(['notifications'], { origin: baseURL! })
    await stubPush(page, subscription)
    await page.route(/\/api\/notify\/subscriptions$/, (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Too many attempts.', code: 'too_many' }),
      }),
    )
    const dialog = await openSheet(page, '/wa/duvall')
    await dialog.getByRole('button', { name: 'Turn on notifications' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(
      'Too many subscriptions from this network in the last hour. Please try again in an hour.',
    )
  })

  test('permission denied: said when the sheet opens, and how to change it (site settings, the lock icon)', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' })
      Notification.requestPermission = () => Promise.resolve('denied')
    })
    const dialog = await openSheet(page, '/wa/duvall')
    await expect(dialog.getByRole('note')).toContainText('Notifications are blocked for this site in your browser’s settings.')
    await dialog.getByRole('button', { name: 'Turn on notifications' }).click()
    await expect(dialog.getByRole('alert')).toContainText('the lock or settings icon beside the address')
    await expect(dialog.getByRole('alert')).toContainText('set Notifications to Allow, reload the page and try again')
  })
})

test('"Notify me" on a map point page follows the point, and Settings lists it', async ({ page, context, request, baseURL }) => {
  const subscription = (await (await request.get(`${PUSH}/_new?name=e2e-point-${Date.now()}`)).json()) as Subscription
  await context.grantPermissions(['notifications'], { origin: baseURL! })
  await stubPush(page, subscription)
  const dialog = await openSheet(page, '/z/47.74/-121.98/statuses')
  await dialog.getByRole('button', { name: 'Turn on notifications' }).click()
  await expect(dialog.getByRole('status')).toContainText('You will be notified about')
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('button', { name: 'Notifying' })).toHaveAttribute('aria-pressed', 'true')
  const saved = await page.evaluate(
    () => JSON.parse(localStorage.getItem('porchlight:notify') ?? 'null') as { places: { place: string }[] },
  )
  expect(saved.places.map((entry) => entry.place)).toEqual(['z/47.74/-121.98'])
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Notifications' })
  await expect(section.getByRole('link', { name: '47.74, -121.98' })).toHaveAttribute('href', '/z/47.74/-121.98')
  await section.getByRole('button', { name: 'Stop notifications: 47.74, -121.98' }).click()
  await expect(section).toContainText('No notifications yet.')
})
