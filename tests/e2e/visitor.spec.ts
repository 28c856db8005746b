import { expect, test } from '@playwright/test'

const saveSettings = () => (json: string) => localStorage.setItem('porchlight:settings', json)

test('the theme is dark by default and the saved one applies before first paint', async ({ page }) => {
  await page.goto('/wa/duvall')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.evaluate(saveSettings(), JSON.stringify({ version: 1, theme: 'light', colorTheme: 'forest' }))
  const themes: string[] = []
  page.on('framenavigated', () => undefined)
  await page.reload()
  themes.push((await page.locator('html').getAttribute('data-theme')) ?? '')
  expect(themes).toEqual(['light'])
  await expect(page.locator('html')).toHaveAttribute('data-color', 'forest')
})

test('a saved language is offered, never forced on the page opened', async ({ page }) => {
  await page.goto('/wa/duvall/roads')
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'ja'))
  await page.goto('/wa/duvall/roads?x=1')
  await expect(page).toHaveURL(/\/wa\/duvall\/roads\?x=1$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.locator('#language-offer').getByRole('link', { name: '日本語で表示' })).toHaveAttribute(
    'href',
    '/ja/wa/duvall/roads?x=1',
  )
})

test('the language menu switches language and the choice sticks', async ({ page }) => {
  await page.goto('/de/dover/statuses')
  await page.getByRole('link', { name: 'Español' }).click()
  await expect(page).toHaveURL(/\/es\/de\/dover\/statuses$/)
  // The English URL stays English; the saved choice is offered and the nav's links follow it.
  await page.goto('/de/dover/statuses')
  await expect(page).toHaveURL(/\/de\/dover\/statuses$/)
  await expect(page.locator('#language-offer')).toContainText('Ver en español')
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Roads' })).toHaveAttribute('href', '/es/de/dover/roads')
  await page.goto('/es/de/dover/statuses')
  await page.getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/de\/dover\/statuses$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('a corrupt stored state does not break the page', async ({ page }) => {
  await page.goto('/wa/duvall')
  await page.evaluate(() => {
    localStorage.setItem('porchlight:settings', '{not json')
    localStorage.setItem('porchlight:recentLocations', '"nope"')
    localStorage.setItem('i18nextLng', '<img src=x onerror=alert(1)>')
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.reload()
  await expect(page).toHaveURL(/\/wa\/duvall$/)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.getByRole('combobox').fill('seat')
  await expect(page.getByRole('option').first()).toBeVisible()
  expect(errors).toEqual([])
})
