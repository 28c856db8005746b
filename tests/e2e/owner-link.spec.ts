// Business-owner edit links end to end against the real API: staff create one (voiding the old),
// the owner opens it, is signed in for that business only, saves a change that visitors then see,
// and a change to another item is refused.
import { axe } from './axe.ts'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { serveProviders } from './providers.ts'

// The API the test build calls (E2E_API when a run uses other ports).
const API = process.env['E2E_API'] ?? 'http://localhost:8788'
const ADMIN = { email: 'staff@duvall.test', password: 'e2e-password-1' }

/** A business of this test's own in Dover, DE (2 miles), so the Duvall demo tests never meet it. */
async function createBusiness(request: APIRequestContext, token: string, title: string) {
  const special = { category: 'cafe', description: 'Espresso and pastries', hoursText: 'Daily 7am-3pm' }
  const response = await request.post(`${API}/items`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      dataAspect: 'local',
      title,
      lat: 39.16,
      lon: -75.52,
      areaMiles: 2,
      cityName: 'Dover',
      pageName: 'de/dover',
      specialData: JSON.stringify(special),
    },
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as { id: number }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
})

test('staff create an owner link, the owner edits that business only', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const title = `Owner café ${Date.now().toString(36)}`
  const signIn = await page.request.post(`${API}/auth/email`, { data: ADMIN })
  const { token, user } = (await signIn.json()) as { token: string; user: { roleName: string; email: string; name: string } }
  const item = await createBusiness(page.request, token, title)
  const other = await createBusiness(page.request, token, `${title} (not yours)`)
  await page.addInitScript((value) => localStorage.setItem('porchlight:token', JSON.stringify(value)), token)

  // Staff: the action says that a new link voids the old one before it creates anything.
  await page.goto('/editor')
  await page.getByLabel('Search titles').fill(title)
  const create = page.getByRole('button', { name: `Create owner link for ${title}`, exact: true })
  await create.click()
  const confirm = page.getByRole('group', { name: `Create owner link for ${title}`, exact: true })
  await expect(confirm).toContainText('A new link replaces the previous one: the old link stops working at once.')
  await confirm.getByRole('button', { name: 'Create the link' }).click()
  const first = await page.getByLabel('Owner link', { exact: true }).first().inputValue()
  expect(first).toMatch(new RegExp(`^${new URL(page.url()).origin}/editor#h=[\\w-]{40,}&rx=${item.id}$`))
  await page.reload()
  await page.getByLabel('Search titles').fill(title)
  await create.click()
  await confirm.getByRole('button', { name: 'Create the link' }).click()
  const link = await page.getByLabel('Owner link', { exact: true }).first().inputValue()
  expect(link).not.toBe(first)
  expect(user.roleName).toBe('admin')

  // The owner's own browser: the old link no longer works.
  const owner = await (await browser.newContext({ locale: 'en-US' })).newPage()
  await serveProviders(owner)
  const telemetry: string[] = []
  owner.on('request', (request) => telemetry.push(request.url() + (request.postData() ?? '')))
  await owner.goto(first)
  await expect(owner.locator('#app-editor')).toContainText('This owner link is not valid.')
  expect((await owner.evaluate(() => localStorage.getItem('porchlight:token'))) ?? 'null').toBe('null')

  // The new one signs in as role one for this business; the key leaves the address bar and the network log.
  await owner.goto(link)
  await expect(owner).toHaveURL(/\/editor$/)
  const editor = owner.locator('#app-editor')
  await expect(editor).toContainText(`You are editing “${title}” with an owner link.`)
  await expect(editor).toContainText('You can change this business only')
  await expect(editor.locator('tbody th')).toHaveText([title])
  await expect(editor.getByRole('button', { name: /Create owner link/ })).toHaveCount(0)
  await expect(owner.locator('.side [data-account]')).toContainText('Business owner · Your item')
  const key = new URL(link).hash.slice(3, 20)
  expect(telemetry.filter((entry) => !entry.includes('/api/login?') && entry.includes(key))).toEqual([])
  expect(
    await axe(owner)
      .include('#app-editor')
      .analyze()
      .then((r) => r.violations),
  ).toEqual([])

  await editor.getByRole('button', { name: `Edit ${title}` }).click()
  const dialog = owner.getByRole('dialog', { name: 'Edit item' })
  // The dialog shows the owner only the business's own fields (src/lib/field-permission.ts).
  await expect(dialog.getByLabel('Description')).toBeVisible()
  for (const id of ['edit-title', 'edit-link', 'edit-image', 'biz-description', 'biz-phone', 'biz-web', 'biz-hoursM'])
    await expect(dialog.locator(`#${id}`), id).toHaveCount(1)
  for (const id of [
    'edit-aspect',
    'edit-priority',
    'edit-state',
    'edit-lines',
    'edit-page',
    'edit-city',
    'edit-lat',
    'edit-area',
    'edit-active',
    'biz-category',
    'biz-lat',
    'edit-advanced',
  ])
    await expect(dialog.locator(`#${id}`), id).toHaveCount(0)
  await dialog.getByLabel('Description').fill('Now with a wood-fired oven')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()

  // Visitors see the change.
  await owner.goto('/de/dover/local')
  await expect(owner.locator('#local-list')).toContainText('Now with a wood-fired oven')

  // Another item is refused, whatever the owner tries.
  const ownerToken = await owner.evaluate(() => JSON.parse(localStorage.getItem('porchlight:token') ?? 'null') as string)
  const refused = await owner.request.post(`${API}/api/manage/${other.id}`, {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: { Id: other.id, Title: 'Taken over' },
  })
  expect(refused.status()).toBe(403)
  // And on its own item, any field beyond the business's own.
  const critical = await owner.request.post(`${API}/api/manage/${item.id}`, {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: { Id: item.id, Priority: 'Critical', DataAspect: 'statuses' },
  })
  expect(critical.status()).toBe(403)
  expect(((await critical.json()) as { code: string }).code).toBe('field_not_allowed')
  const stored = (await (await page.request.get(`${API}/items/${other.id}`)).json()) as { title: string }
  expect(stored.title).toBe(`${title} (not yours)`)
  await owner.context().close()
})
