// Staff sign-in, sign-out, forgot and reset password against the real API server (user made by user:create).
import { createHash, randomBytes } from 'node:crypto'
import { DatabaseSync } from 'node:sqlite'
import { expect, test } from '@playwright/test'
import { serveProviders } from './providers.ts'

const EMAIL = 'staff@duvall.test'
const PASSWORD = 'e2e-password-1'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
})

test('email sign-in checks its input, signs in to the editor and signs out', async ({ page }) => {
  await page.goto('/login')
  const form = page.locator('#app-login')
  await form.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(form.getByRole('alert')).toHaveText('Email and password are required')
  await form.getByLabel('Email').fill(EMAIL)
  await form.getByLabel('Password').fill('wrong password')
  await form.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(form.getByRole('alert')).toHaveText('Invalid email or password')
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/editor$/)
  await expect(page.locator('.nav a[href$="/editor"]')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('porchlight:token'))).toMatch(/^"ey/)
  await page.goto('/login')
  await expect(form).toContainText('Signed in as Dana Staff')
  await form.getByRole('button', { name: 'Sign out' }).click()
  await expect(form.getByLabel('Email')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('porchlight:token'))).toBe('null')
  await expect(page.locator('.nav a[href$="/editor"]')).toBeHidden()
})

test('an expired stored token is removed at start', async ({ page }) => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const expired = `${b64({ alg: 'HS256' })}.${b64({ EntityType: 1, exp: 1 })}.x`
  await page.addInitScript((token) => localStorage.setItem('porchlight:token', JSON.stringify(token)), expired)
  await page.goto('/wa/duvall')
  await expect.poll(() => page.evaluate(() => localStorage.getItem('porchlight:token'))).toBe('null')
})

test('forgot password answers the same for any address', async ({ page }) => {
  await page.goto('/login')
  const form = page.locator('#app-login')
  await form.getByRole('button', { name: 'Forgot your password?' }).click()
  await form.getByLabel('Email').fill('nobody@example.org')
  await form.getByRole('button', { name: 'Send reset link' }).click()
  await expect(form.getByRole('status')).toHaveText('If that address has an account, a reset link is on its way.')
})

test('a reset link sets a new password, then moves on to settings', async ({ page }) => {
  // The API prints reset links to its log when SMTP is unset; the test files one straight into its database.
  const token = randomBytes(32).toString('base64url')
  const db = new DatabaseSync('.build/e2e-api/porchlight.db')
  const user = db.prepare('SELECT id FROM users WHERE email = ?').get(EMAIL) as { id: number }
  const hash = createHash('sha256').update(token).digest('hex')
  db.prepare('INSERT INTO password_resets (token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)').run(
    hash,
    user.id,
    new Date(Date.now() + 3600_000).toISOString(),
    new Date().toISOString(),
  )
  db.close()

  await page.goto(`/reset/${token}`)
  const form = page.locator('#app-reset')
  await form.getByLabel('New password', { exact: true }).fill('one password')
  await form.getByLabel('Repeat the new password').fill('another one')
  await form.getByRole('button', { name: 'Set password' }).click()
  await expect(form.getByRole('alert')).toHaveText('Passwords do not match')
  await form.getByLabel('New password', { exact: true }).fill('short')
  await form.getByLabel('Repeat the new password').fill('short')
  await form.getByRole('button', { name: 'Set password' }).click()
  await expect(form.getByRole('alert')).toHaveText('Password must be at least 8 characters')
  await form.getByLabel('New password', { exact: true }).fill(PASSWORD)
  await form.getByLabel('Repeat the new password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Set password' }).click()
  await expect(form.getByRole('status')).toHaveText('Password changed. Taking you to settings…')
  await expect(page).toHaveURL(/\/settings$/, { timeout: 5000 })

  await page.goto(`/reset/${token}`)
  await form.getByLabel('New password', { exact: true }).fill(PASSWORD)
  await form.getByLabel('Repeat the new password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Set password' }).click()
  await expect(form.getByRole('alert')).toHaveText('Invalid or missing reset token')
})

test('a reset page without a token says so', async ({ page }) => {
  await page.goto('/reset/abc')
  await expect(page.locator('#app-reset').getByRole('alert')).toHaveText('Invalid or missing reset token')
})

test('GitHub sign-in leaves with a state, comes back and signs in', async ({ page }) => {
  await page.goto('/login')
  await page.locator('#app-login').getByRole('button', { name: 'Sign in with GitHub' }).click()
  // The local GitHub sends the visitor straight back to /auth/callback with a code and the state.
  await expect(page).toHaveURL(/\/editor$/)
  await page.goto('/login')
  await expect(page.locator('#app-login')).toContainText('Signed in as Octo Cat')
})

test('a callback whose state does not match is refused', async ({ page }) => {
  await page.goto('/auth/callback?code=good&state=forged')
  await expect(page.locator('#app-auth-callback').getByRole('alert')).toHaveText('Invalid state parameter - possible CSRF attack')
  expect(await page.evaluate(() => localStorage.getItem('porchlight:token'))).toBeNull()
})
