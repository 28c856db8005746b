// The editor, the edit controls and the edit dialog against the real API server: each role sees and edits
// exactly what canEdit allows; saving, locking, validation and failed saves as staff meet them.
import { axe } from './axe.ts'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { canEdit } from '../../src/lib/can-edit.ts'
import type { Reaction } from '../../src/lib/items.ts'
import { decodeToken } from '../../src/lib/decode/token.ts'
import { serveProviders } from './providers.ts'

/** The editor's item list (the feed-health panel below it is a table too). */
const ITEMS_TABLE = '#app-editor table[aria-describedby="editor-range"]'

const API = 'http://localhost:8788'
const PASSWORD = 'e2e-password-1'
const USERS = {
  admin: 'staff@duvall.test',
  superadmin: 'root@duvall.test',
  page: 'page@duvall.test',
  area: 'area@duvall.test',
  one: 'one@duvall.test',
} as const
type Who = keyof typeof USERS
type Session = { token: string; user: { roleName: string; email: string; name: string } }

// One sign-in per role and worker: the API limits sign-ins per address and minute.
const sessions = new Map<Who, Session>()
async function session(request: APIRequestContext, who: Who): Promise<Session> {
  const known = sessions.get(who)
  if (known) return known
  const response = await request.post(`${API}/auth/email`, { data: { email: USERS[who], password: PASSWORD } })
  expect(response.status()).toBe(200)
  const fresh = (await response.json()) as Session
  sessions.set(who, fresh)
  return fresh
}

/** Signs the page in as a role before it loads, the way the login page leaves the browser. */
async function signInAs(page: Page, who: Who): Promise<string> {
  const { token, user } = await session(page.request, who)
  await page.addInitScript(
    ([token, auth]) => {
      localStorage.setItem('porchlight:token', JSON.stringify(token))
      localStorage.setItem('porchlight:editorAuth', JSON.stringify(auth))
    },
    [token, { role: user.roleName, email: user.email, name: user.name }] as const,
  )
  return token
}

/** An item of this test's own, far from the demo set (Yakima, 2 miles), so parallel tests never meet. */
async function createItem(request: APIRequestContext, fields: Record<string, unknown>) {
  const { token } = await session(request, 'admin')
  const response = await request.post(`${API}/items`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { dataAspect: 'statuses', lat: 46.6, lon: -120.51, areaMiles: 2, cityName: 'Yakima', pageName: 'wa/yakima', ...fields },
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as { id: number; title: string }
}

/** An item's staff record (anonymous callers get only the public item). */
async function readItem(request: APIRequestContext, id: number): Promise<Record<string, unknown>> {
  const { token } = await session(request, 'admin')
  return (await (await request.get(`${API}/items/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Record<
    string,
    unknown
  >
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
})

test('signed-out visitors get a way to sign in, not an empty editor, and no edit controls', async ({ page }) => {
  await page.goto('/editor')
  const editor = page.locator('#app-editor')
  await expect(editor.getByRole('heading', { name: 'Sign in to edit' })).toBeVisible()
  await editor.getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/wa/duvall/statuses')
  await expect(page.locator('#statuses-list .live-item').first()).toBeVisible()
  await expect(page.locator('.edit-button')).toHaveCount(0)
})

for (const who of ['admin', 'page', 'area', 'one'] as const) {
  test(`${who}: the editor lists exactly the items the API lets them edit, and the live pages offer edit only on those`, async ({
    page,
  }) => {
    const token = await signInAs(page, who)
    const user = decodeToken(token, Date.now())
    // Admins see everything, and other tests add statuses meanwhile: their check holds to cameras, which none add.
    const section = who === 'admin' ? 'cameras' : ''
    const mine = await page.request.get(`${API}/items?limit=20${section ? `&dataAspect=${section}` : ''}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const { items, total } = (await mine.json()) as {
      items: { title: string; pageName: string | null; cityName: string | null; id: number }[]
      total: number
    }
    expect(total).toBeGreaterThan(0)
    expect(items.every((item) => canEdit(user, item))).toBe(true)

    await page.goto('/editor')
    if (section) await page.getByLabel('Section', { exact: true }).selectOption(section)
    const table = page.locator(ITEMS_TABLE)
    await expect(table.locator('tbody tr')).toHaveCount(Math.min(total, 20))
    await expect(table.locator('tbody th')).toHaveText(
      items.map((item) => new RegExp(`^${item.title.replace(/[[\]().*+?^$|\\]/g, '\\$&')}`)),
    )
    await expect(page.locator('#app-editor')).toContainText(`1–${Math.min(total, 20)} of ${total}`)
    await expect(page.getByRole('button', { name: 'New item' })).toHaveCount(who === 'one' ? 0 : 1)

    // The same canEdit decides the live pages' edit controls.
    const reaction = (await (
      await page.request.get(`${API}/api/reaction?lat=47.74&lon=-121.99&route=wa/duvall`)
    ).json()) as Reaction
    const editable = reaction.statuses.messages.filter((item) => canEdit(user, item))
    await page.goto('/wa/duvall/statuses')
    await expect(page.locator('#statuses-list .live-item').first()).toBeVisible()
    await expect(page.locator('#statuses-list .edit-button')).toHaveCount(editable.length)
    for (const item of editable.slice(0, 3))
      await expect(page.getByRole('button', { name: `Edit ${item.title}`, exact: true })).toBeVisible()
  })
}

test('admin edits a status from the public page, the page changes; superadmin locks its result', async ({ page, browser }) => {
  const title = unique('Yakima Valley school')
  const item = await createItem(page.request, { title, state: 'open', lines: ['Normal schedule'], dataCategory: 'school' })
  await signInAs(page, 'admin')
  await page.goto('/wa/yakima/statuses')
  const row = page.locator('#statuses-list .live-item', { hasText: title })
  await expect(row).toContainText('Normal schedule')
  await row.getByRole('button', { name: `Edit ${title}` }).click()

  const dialog = page.getByRole('dialog', { name: 'Edit item' })
  await expect(dialog.getByLabel('Title')).toHaveValue(title)
  await expect(dialog.getByLabel('Advanced mode')).toHaveCount(0)
  await dialog.getByLabel('State').fill('closed')
  await dialog.getByLabel('Details').fill('Closed today for snow\nNo buses')
  await dialog.getByLabel('Priority').selectOption('Urgent')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText('Closed today for snow')
  await expect(row.locator('.tag.prio')).toHaveText('Urgent')
  await expect(row.getByRole('button', { name: `Edit ${title}` })).toBeFocused()

  // A visitor who is not signed in sees the change too.
  const visitor = await browser.newPage()
  await visitor.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(visitor)
  await visitor.goto('/wa/yakima/statuses')
  await expect(visitor.locator('#statuses-list .live-item', { hasText: title })).toContainText('No buses')
  await visitor.close()

  // Superadmin: advanced mode, result override with a 4-hour lock, then the template tab's note.
  await page.evaluate(() => localStorage.clear())
  await signInAs(page, 'superadmin')
  await page.goto('/wa/yakima/statuses')
  await row.getByRole('button', { name: `Edit ${title}` }).click()
  await dialog.getByLabel('Advanced mode').check()
  await expect(dialog.getByRole('tab')).toHaveText(['Result override', 'Template', 'JSON'])
  await expect(dialog.getByRole('tab', { name: 'Result override' })).toHaveAttribute('aria-selected', 'true')
  await expect(dialog.getByLabel('Lock until')).toHaveValue('1day')
  await expect(dialog.getByLabel('Lock until').locator('option')).toHaveText([
    '1 hour',
    '4 hours',
    '1 day',
    '2 days',
    '1 week',
    'Custom date and time',
  ])
  await dialog.getByLabel('Details').fill('Held by staff')
  await dialog.getByLabel('Lock until').selectOption('4hours')
  const before = Date.now()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText('Held by staff')
  const stored = (await readItem(page.request, item.id)) as { lockResultUntil: string }
  const lockedFor = Date.parse(stored.lockResultUntil) - before
  expect(lockedFor).toBeGreaterThan(4 * 3600_000 - 60_000)
  expect(lockedFor).toBeLessThan(4 * 3600_000 + 60_000)

  await row.getByRole('button', { name: `Edit ${title}` }).click()
  await dialog.getByLabel('Advanced mode').check()
  await expect(dialog).toContainText(/Result locked until/)
  await dialog.getByRole('tab', { name: 'Result override' }).press('ArrowRight')
  await expect(dialog.getByRole('tab', { name: 'Template' })).toBeFocused()
  await expect(dialog.getByRole('note')).toHaveText('Template changes are processed by a background job within 5 minutes.')
  await dialog.getByLabel('Parsing rules (JSON)').fill('{"source": "html"')
  await expect(dialog.getByText(/Invalid template/)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('the dialog checks input with the SPEC messages, keeps it on a failed save, and traps focus', async ({ page }) => {
  await signInAs(page, 'admin')
  await page.goto('/editor')
  await page.getByRole('button', { name: 'New item' }).click()
  const dialog = page.getByRole('dialog', { name: 'New item' })
  await dialog.getByLabel('Link (web address)').fill('javascript:alert(1)')
  await dialog.getByLabel('City').fill('Yakima')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Title is required, Invalid link URL')
  await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText('Title is required', { exact: true })).toBeVisible()

  const title = unique('Yakima failed save')
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Link (web address)').fill('https://example.org/news')
  await dialog.getByLabel('Details').fill('Line one\nLine two')
  // The server fails without a message, then with one: the form keeps everything typed.
  await page.route(`${API}/api/manage/**`, (route) => route.fulfill({ status: 500, body: '' }))
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Failed to save changes')
  await expect(dialog.getByLabel('Title')).toHaveValue(title)
  await expect(dialog.getByLabel('Details')).toHaveValue('Line one\nLine two')
  await page.unroute(`${API}/api/manage/**`)
  await page.route(`${API}/api/manage/**`, (route) => route.abort('internetdisconnected'))
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Network error. Please check your connection.')
  await page.unroute(`${API}/api/manage/**`)

  // Tab never leaves the modal dialog.
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press('Tab')
    expect(
      await page.evaluate(() => !!document.activeElement?.closest('dialog') || document.activeElement === document.body),
    ).toBe(true)
  }
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await page.getByLabel('Search titles').fill(title)
  await expect(page.locator(`${ITEMS_TABLE} tbody tr`)).toHaveCount(1)
  await expect(page.locator(`${ITEMS_TABLE} tbody th`)).toHaveText(title)
})

test('a local business is edited through its own form: category, hours per day, links', async ({ page }) => {
  const title = unique('Yakima bakery')
  const special = { category: 'retail', hoursM: '9am-5pm', web: 'https://bakery.example', _Notes: 'owner prefers email' }
  const item = await createItem(page.request, { dataAspect: 'local', title, specialData: JSON.stringify(special) })
  await signInAs(page, 'admin')
  await page.goto('/editor')
  await page.getByLabel('Search titles').fill(title)
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit item' })
  await expect(dialog.getByLabel('Business category')).toHaveValue('retail')
  await dialog.getByLabel('Business category').selectOption('restaurant')
  await dialog.getByLabel('Monday').fill('7am-3pm')
  await dialog.getByLabel('Tuesday').fill('whenever we like')
  await expect(dialog.getByText('Visitors will see this as written, without open or closed.')).toBeVisible()
  await dialog.getByLabel('Menu').fill('not a link')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Enter a web address starting with http:// or https://.')
  await dialog.getByLabel('Menu').fill('https://bakery.example/menu')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  const stored = (await readItem(page.request, item.id)) as { specialData: string }
  expect(JSON.parse(stored.specialData)).toEqual({
    ...special,
    category: 'restaurant',
    hoursM: '7am-3pm',
    hoursTu: 'whenever we like',
    menu: 'https://bakery.example/menu',
  })
})

test('search, section filter, paging and delete with a confirmation', async ({ page }) => {
  const label = unique('Yakima paging')
  for (let index = 0; index < 22; index++) await createItem(page.request, { title: `${label} ${String(index).padStart(2, '0')}` })
  await signInAs(page, 'admin')
  await page.goto('/editor')
  await page.getByLabel('Search titles').fill(label)
  await expect(page.locator('#app-editor')).toContainText('1–20 of 22')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.locator(`${ITEMS_TABLE} tbody tr`)).toHaveCount(2)
  await expect(page.locator('#app-editor')).toContainText('21–22 of 22')
  await page.getByLabel('Section', { exact: true }).selectOption('cameras')
  await expect(page.locator('#app-editor')).toContainText('No items match these filters.')
  // Businesses: their own categories in the filter, each shown by its one label ('eatery' is Restaurant).
  await page.getByLabel('Search titles').fill('Riverbend')
  await page.getByLabel('Section', { exact: true }).selectOption('local')
  const categories = page.getByLabel('Category', { exact: true })
  await expect(categories.locator('option')).toContainText(['All categories', 'Restaurant', 'Café'])
  await expect(categories.locator('option', { hasText: 'Schools' })).toHaveCount(0)
  const row = page.locator(`${ITEMS_TABLE} tbody tr`, { hasText: 'Riverbend Café' })
  await expect(row).toContainText('Restaurant')
  await expect(row).not.toContainText('eatery')
  await page.getByLabel('Search titles').fill(label)
  await page.getByLabel('Section', { exact: true }).selectOption('statuses')
  const first = `${label} 21`
  await page.getByRole('button', { name: `Delete ${first}` }).click()
  await page
    .getByRole('group', { name: `Delete ${first}` })
    .getByRole('button', { name: 'Yes, delete' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: `Deleted “${first}”.` })).toBeVisible()
  await expect(page.locator('#app-editor')).toContainText('of 21')
})

test('the editor with its dialog open has no axe violations', async ({ page }) => {
  await signInAs(page, 'superadmin')
  await page.goto('/editor')
  await expect(page.locator(`${ITEMS_TABLE} tbody tr`).first()).toBeVisible()
  await page.getByRole('button', { name: 'New item' }).click()
  const dialog = page.getByRole('dialog', { name: 'New item' })
  await dialog.getByLabel('Section', { exact: true }).selectOption('local')
  await expect(dialog.getByLabel('Business category')).toBeVisible()
  const results = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([])
})

test('admins see each feed’s health, and the business fetcher’s requests against its daily budget', async ({ page }) => {
  await signInAs(page, 'admin')
  await page.goto('/editor')
  const feeds = page.locator('.feed-table')
  // This API runs no jobs: configured feeds are listed as never run yet.
  await expect(feeds.locator('tbody tr', { hasText: 'nws-alerts' })).toContainText('Never')
  await expect(feeds.locator('tbody tr', { hasText: 'caltrans-d04' })).toBeVisible()
  // The OpenStreetMap business fetcher says how many of its daily Overpass requests it used (off here: no jobs).
  await expect(feeds.locator('tbody tr', { hasText: 'OpenStreetMap' })).toContainText('Requests today: 0 of 0 · areas: 0')
})
