// User admin on /editor against the real API: list, add, assign a scoped role, remove, and the SPEC's error messages.
import { axe, stopAnimations } from './axe.ts'
import { expect, test, type Page, type Route } from '@playwright/test'
import { serveProviders } from './providers.ts'

const PASSWORD = 'e2e-password-1'
const API_USERS = /:8788\/admin\/users(\?.*)?$/

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
})

/** Signs in through the /login form and waits for the editor, where sign-in leads. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login')
  const form = page.locator('#app-login')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/editor$/)
}

/** The user admin section, scrolled into view so its island hydrates. */
async function usersSection(page: Page) {
  const section = page.locator('#app-users')
  await section.scrollIntoViewIfNeeded()
  await expect(section.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible()
  return section
}

const unique = (what: string): string =>
  `${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@duvall.test`

/** Adds a user with the add form; returns its table row. */
async function addUser(page: Page, name: string, email: string) {
  const section = page.locator('#app-users')
  const form = section.getByRole('form', { name: 'Add a user' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Name').fill(name)
  await form.getByRole('button', { name: 'Add user' }).click()
  await expect(section.getByRole('status')).toHaveText(`${name} was added.`)
  const row = section.getByRole('row').filter({ hasText: email })
  await expect(row).toBeVisible()
  return row
}

/** Answers the browser's calls to /admin/users as the test says, with CORS headers for the page's origin. */
const fake = (route: Route, status: number, body: unknown) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify(body),
    headers: { 'access-control-allow-origin': 'http://localhost:4322', 'access-control-allow-credentials': 'true' },
  })

test('an admin adds a user and gives them a page', async ({ page }) => {
  await signIn(page, 'staff@duvall.test')
  const section = await usersSection(page)
  const table = section.getByRole('table')
  await expect(table.getByRole('row').filter({ hasText: 'staff@duvall.test' })).toContainText('(you)')
  await expect(table.getByLabel('Page route for Pat Page')).toHaveValue('wa/carnation')

  const email = unique('pat')
  const name = `Pat ${email.slice(4, 12)}`
  const row = await addUser(page, name, email)
  await expect(row).toContainText('No access')
  await row.getByLabel(`Role for ${name}`).selectOption({ label: 'Page editor' })
  const scope = row.getByLabel(`Page route for ${name}`)
  await scope.fill('duvall')
  await row.getByRole('button', { name: /^Save/ }).click()
  await expect(row.getByRole('alert')).toHaveText('A page route is a two-letter state and a city, like wa/duvall.')
  await scope.fill('WA/Duvall')
  await row.getByRole('button', { name: /^Save/ }).click()
  await expect(section.getByRole('status')).toHaveText(`Role saved for ${name}.`)
  await expect(scope).toHaveValue('wa/duvall')

  await page.reload()
  const again = (await usersSection(page)).getByRole('row').filter({ hasText: email })
  await expect(again.getByLabel(`Role for ${name}`)).toHaveValue('page')
  await expect(again.getByLabel(`Page route for ${name}`)).toHaveValue('wa/duvall')
})

test('only a superadmin may make a superadmin', async ({ page }) => {
  await signIn(page, 'staff@duvall.test')
  let section = await usersSection(page)
  await expect(section.getByLabel('Role', { exact: true }).locator('option')).toHaveText([
    'No access',
    'One item',
    'Page editor',
    'Area editor',
    'Admin',
  ])
  await expect(section.getByRole('row').filter({ hasText: 'root@duvall.test' })).toContainText(
    'Only a superadmin can change this user.',
  )

  await page.goto('/login')
  await page.locator('#app-login').getByRole('button', { name: 'Sign out' }).click()
  await signIn(page, 'root@duvall.test')
  section = await usersSection(page)
  const email = unique('sup')
  const name = `Sup ${email.slice(4, 12)}`
  const row = await addUser(page, name, email)
  await row.getByLabel(`Role for ${name}`).selectOption({ label: 'Superadmin' })
  await row.getByRole('button', { name: /^Save/ }).click()
  await expect(section.getByRole('status')).toHaveText(`Role saved for ${name}.`)
})

test('removing a user asks first', async ({ page }) => {
  await signIn(page, 'staff@duvall.test')
  const section = await usersSection(page)
  await expect(section.getByRole('row').filter({ hasText: 'staff@duvall.test' }).getByRole('button')).toHaveCount(0)
  const email = unique('rem')
  const name = `Rem ${email.slice(4, 12)}`
  const row = await addUser(page, name, email)

  await row.getByRole('button', { name: /^Remove/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Remove this user?' })
  await expect(dialog).toContainText(`${name} (${email}) will no longer be able to sign in.`)
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(row.getByRole('button', { name: /^Remove/ })).toBeFocused()

  // A refusal from the server shows in the dialog.
  await page.route(/:8788\/admin\/users\/\d+$/, (route) =>
    fake(route, 403, { error: 'You do not have permission to remove users.' }),
  )
  await row.getByRole('button', { name: /^Remove/ }).click()
  await dialog.getByRole('button', { name: 'Remove user' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('You do not have permission to remove users.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page.unroute(/:8788\/admin\/users\/\d+$/)

  await row.getByRole('button', { name: /^Remove/ }).click()
  await dialog.getByRole('button', { name: 'Remove user' }).click()
  await expect(section.getByRole('status')).toHaveText(`${name} was removed.`)
  await expect(section.getByRole('row').filter({ hasText: email })).toHaveCount(0)
})

test('a page editor does not see user admin', async ({ page }) => {
  await signIn(page, 'page@duvall.test')
  await page.waitForLoadState('networkidle')
  await expect(page.locator('#app-users')).toBeHidden()
})

test('list failures show the SPEC messages and can be retried', async ({ page }) => {
  await signIn(page, 'staff@duvall.test')
  const cases: [string, (route: Route) => Promise<void>][] = [
    [
      'You do not have permission to view users.',
      (route) => fake(route, 403, { error: 'You do not have permission to view users.' }),
    ],
    ['User management API not yet implemented. Contact backend team.', (route) => fake(route, 404, { error: 'Not found' })],
    ['User management API not available. Backend implementation required.', (route) => route.abort('connectionrefused')],
    ['Failed to list users: Internal Server Error', (route) => fake(route, 500, {})],
  ]
  for (const [message, answer] of cases) {
    await page.route(API_USERS, (route) => (route.request().method() === 'GET' ? answer(route) : route.fallback()))
    await page.reload()
    const section = await usersSection(page)
    await expect(section.getByRole('alert')).toHaveText(message)
    await page.unroute(API_USERS)
  }
  const section = page.locator('#app-users')
  await section.getByRole('button', { name: 'Try again' }).click()
  await expect(section.getByRole('table')).toContainText('staff@duvall.test')
})

for (const theme of ['dark', 'light']) {
  test(`user admin has no axe violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('porchlight:settings', JSON.stringify({ version: 1, theme: t })), theme)
    await signIn(page, 'staff@duvall.test')
    const section = await usersSection(page)
    await expect(section.getByRole('table')).toBeVisible()
    // The open confirmation is checked too.
    await section
      .getByRole('row')
      .filter({ hasText: 'one@duvall.test' })
      .getByRole('button', { name: /^Remove/ })
      .click()
    await stopAnimations(page)
    const results = await axe(page).include('#app-users').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
}
