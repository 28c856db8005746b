import { expect, test, type Page } from '@playwright/test'

const settingsOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('porchlight:settings') ?? '{}') as Record<string, unknown>)

test('theme, colour theme and auto apply at once and survive a reload', async ({ page }) => {
  await page.goto('/settings')
  const html = page.locator('html')
  await page.getByRole('radio', { name: 'Light' }).check()
  await expect(html).toHaveAttribute('data-theme', 'light')
  await page.getByRole('radio', { name: 'Ocean' }).check()
  await expect(html).toHaveAttribute('data-color', 'ocean')
  await page.getByRole('button', { name: 'Switch dark and light' }).click()
  await expect(html).toHaveAttribute('data-theme', 'dark')
  await page.getByRole('radio', { name: 'Auto (follow the system)' }).check()
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(html).toHaveAttribute('data-theme', 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(html).toHaveAttribute('data-theme', 'dark')
  await page.reload()
  await expect(page.getByRole('radio', { name: 'Auto (follow the system)' })).toBeChecked()
  await expect(html).toHaveAttribute('data-color', 'ocean')
})

test('a change shows at once on another open page', async ({ page, context }) => {
  await page.goto('/settings')
  const other = await context.newPage()
  await other.goto('/wa/duvall')
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.getByRole('radio', { name: 'Light' }).check()
  await page.getByRole('radio', { name: 'Sunset' }).check()
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(other.locator('html')).toHaveAttribute('data-color', 'sunset')
})

test('units are saved and restored', async ({ page }) => {
  await page.goto('/settings')
  await page.getByRole('radio', { name: 'Celsius (°C)' }).check()
  await page.getByRole('radio', { name: 'Kilometres per hour (km/h)' }).check()
  await page.getByRole('radio', { name: 'Kilometres (km)' }).check()
  await page.getByRole('checkbox', { name: 'Show test items (test layer)' }).check()
  await page.getByRole('checkbox', { name: 'Hide the Editor tab' }).check()
  expect(await settingsOf(page)).toMatchObject({
    version: 1,
    temperature: 'C',
    windSpeed: 'kmh',
    distance: 'km',
    testLayer: 1,
    hideEditorTab: true,
  })
  await page.reload()
  await expect(page.getByRole('radio', { name: 'Celsius (°C)' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Kilometres (km)' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Show test items (test layer)' })).toBeChecked()
})

test('changing the language moves to the localized settings and back', async ({ page }) => {
  await page.goto('/settings')
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
  await expect(page).toHaveURL(/\/es\/settings$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración')
  // An English URL stays English (the URL is a choice); the site's own links and a one-line offer lead to Spanish.
  await page.goto('/wa/duvall')
  await expect(page).toHaveURL(/\/wa\/duvall$/)
  await expect(page.locator('#language-offer').getByRole('link', { name: 'Ver en español' })).toHaveAttribute(
    'href',
    '/es/wa/duvall',
  )
  await page.goto('/es/settings')
  await page.locator('.settings select').selectOption('en')
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('recent and pinned places: visit, pin, make home, remove, unpin', async ({ page }) => {
  await page.goto('/wa/carnation')
  await page.goto('/de/dover/roads')
  await page.goto('/settings')
  const recent = page.locator('.places').last()
  await expect(recent.getByRole('link')).toHaveText(['Dover, DE', 'Carnation, WA'])
  await expect(recent).toContainText('Visited now')
  await page.getByRole('button', { name: 'Pin: Carnation, WA' }).click()
  await expect(page.locator('.places').first().getByRole('link')).toHaveText(['Carnation, WA'])
  await page.getByRole('button', { name: 'Make home: Dover, DE' }).first().click()
  await expect(page.getByRole('link', { name: 'Dover, DE' }).first()).toHaveAttribute('href', '/de/dover')
  await page.getByRole('button', { name: 'Remove: Dover, DE' }).click()
  await expect(recent.getByRole('link')).toHaveText(['Carnation, WA'])
  await page.getByRole('checkbox', { name: 'Show pinned places first' }).uncheck()
  await expect(page.locator('h3').nth(1)).toHaveText('Recent places')
  await page.getByRole('button', { name: 'Unpin: Carnation, WA' }).first().click()
  await expect(page.getByText('No pinned places yet.')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Clear home location' })).toBeVisible()
})

test('reset restores every default', async ({ page }) => {
  await page.goto('/wa/carnation')
  await page.goto('/settings')
  await page.getByRole('radio', { name: 'Light' }).check()
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Reset all settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Settings restored' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.getByText('No recent places yet. Places you open appear here.')).toBeVisible()
})

test('the Editor tab shows for admins unless hidden', async ({ page }) => {
  await page.goto('/wa/duvall')
  const editor = page.getByRole('complementary').getByRole('link', { name: 'Editor' })
  await expect(editor).toBeHidden()
  await page.evaluate(() =>
    localStorage.setItem('porchlight:editorAuth', JSON.stringify({ role: 'admin', email: 'a@example.com', name: 'A' })),
  )
  await page.reload()
  await expect(editor).toBeVisible()
  await page.goto('/settings')
  await page.getByRole('checkbox', { name: 'Hide the Editor tab' }).check()
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Editor' })).toBeHidden()
})

test('after a visit, Settings shows the last place opened instead of "No Location Set"', async ({ page }) => {
  await page.goto('/settings')
  await expect(page.getByRole('region', { name: 'Your location' })).toContainText('No Location Set')
  await page.goto('/wa/duvall/statuses')
  await expect.poll(() => page.evaluate(() => localStorage.getItem('porchlight:recentLocations') ?? '')).toContain('wa/duvall')
  await page.goto('/settings')
  const location = page.getByRole('region', { name: 'Your location' })
  await expect(location.getByRole('link', { name: 'Last place you opened: Duvall, WA' })).toHaveAttribute('href', '/wa/duvall')
  await expect(location).not.toContainText('No Location Set')
})
