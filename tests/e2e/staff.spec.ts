// Staff sign-in, sign-out, forgot and reset password against the real API server (user made by user:create).
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { serveProviders } from './providers.ts'

const EMAIL = 'staff@duvall.test'
const PASSWORD = 'e2e-password-1'
// With SMTP unset the API prints each mail to its log, which playwright.config.ts also writes here.
const API_LOG = '.build/e2e-api/api.log'

/** Paths of the reset links the API has printed for an address, oldest first. */
const resetPaths = (email: string): string[] =>
  readFileSync(API_LOG, 'utf8')
    .split('mail (SMTP_URL unset, so printed here) to ')
    .filter((mail) => mail.startsWith(`${email}:`))
    .flatMap((mail) => mail.match(/\/reset\/[\w-]+/)?.[0] ?? [])

/** What the fake Google Identity Services (tests/e2e/oauth-server.ts) puts in the ID token. */
const googleAccount = (page: Page, claims: { email: string; aud?: string }) =>
  page.addInitScript((gsiTest) => Object.assign(window, { gsiTest }), claims)

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

test('forgot password confirms in the page language, not in the server English', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'))
  await page.goto('/es/login')
  const form = page.locator('#app-login')
  await form.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click()
  await form.getByLabel('Correo electrónico').fill('nobody@example.org')
  await form.getByRole('button', { name: 'Enviar enlace de restablecimiento' }).click()
  await expect(form.getByRole('status')).toHaveText(
    'Si esa dirección tiene una cuenta, te enviaremos un enlace de restablecimiento.',
  )
})

test('a reset link from the printed mail sets a new password, then moves on to settings', async ({ page }) => {
  const before = resetPaths(EMAIL).length
  await page.goto('/login')
  const login = page.locator('#app-login')
  await login.getByRole('button', { name: 'Forgot your password?' }).click()
  await login.getByLabel('Email').fill(EMAIL)
  await login.getByRole('button', { name: 'Send reset link' }).click()
  await expect(login.getByRole('status')).toHaveText('If that address has an account, a reset link is on its way.')
  await expect.poll(() => resetPaths(EMAIL).length).toBeGreaterThan(before)
  const link = resetPaths(EMAIL).at(-1) ?? ''

  await page.goto(link)
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

  await page.goto(link)
  await form.getByLabel('New password', { exact: true }).fill(PASSWORD)
  await form.getByLabel('Repeat the new password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Set password' }).click()
  await expect(form.getByRole('alert')).toHaveText('Invalid or missing reset token')

  await page.goto('/login')
  await login.getByLabel('Email').fill(EMAIL)
  await login.getByLabel('Password').fill(PASSWORD)
  await login.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/editor$/)
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

test('Google sign-in signs a known address in to the editor', async ({ page }) => {
  await googleAccount(page, { email: EMAIL })
  await page.goto('/login')
  const button = page.locator('#app-login').getByRole('button', { name: 'Sign in with Google (test)' })
  await expect(button).toHaveAttribute('data-locale', 'en')
  await button.click()
  await expect(page).toHaveURL(/\/editor$/)
  await page.goto('/login')
  await expect(page.locator('#app-login')).toContainText('Signed in as Dana Staff')
})

test('a Google token for another client is refused in the page language', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'))
  await googleAccount(page, { email: EMAIL, aud: 'someone-else' })
  await page.goto('/es/login')
  const form = page.locator('#app-login')
  const button = form.getByRole('button', { name: 'Sign in with Google (test)' })
  await expect(button).toHaveAttribute('data-locale', 'es')
  await button.click()
  await expect(form.getByRole('alert')).toHaveText('Falló la autenticación con Google')
  expect(await page.evaluate(() => localStorage.getItem('porchlight:token'))).toBeNull()
})

test('Google sign-in says so when Google’s script cannot load', async ({ page }) => {
  await page.route('http://localhost:8789/gsi/client', (route) => route.abort('internetdisconnected'))
  await page.goto('/login')
  await expect(page.locator('#app-login').getByRole('alert')).toHaveText('Google authentication failed')
})
