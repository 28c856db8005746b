import { expect, test } from '@playwright/test'

// The same dist/ on a host that has no redirect rules: the 404 page resolves routes in the browser.
test.use({ baseURL: 'http://localhost:4323' })

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'es'))
})

test('aliases redirect from the 404 page', async ({ page }) => {
  await page.goto('/roads/wa/duvall')
  await expect(page).toHaveURL(/\/wa\/duvall\/roads$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Duvall, WA')
})

test('coordinate routes show their shell and keep the URL', async ({ page }) => {
  await page.goto('/es/z/47.75/-121.98/cameras')
  await expect(page).toHaveURL(/\/es\/z\/47\.75\/-121\.98\/cameras$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.locator('#point-title')).toContainText('Duvall, WA')
  await expect(page.locator('#cameras-grid')).toBeVisible()
})

test('the root goes to Duvall', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/wa\/duvall$/)
})
