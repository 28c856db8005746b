import { expect, test } from '@playwright/test'

test.describe('granted', () => {
  test.use({ permissions: ['geolocation'], geolocation: { latitude: 47.7412, longitude: -121.9861 }, locale: 'es-ES' })

  test('the GPS button goes to the point for the current section', async ({ page }) => {
    await page.goto('/es/wa/duvall/local')
    await page.setViewportSize({ width: 390, height: 800 })
    await page.getByRole('button', { name: 'Usar mi ubicación actual' }).click()
    await expect(page).toHaveURL(/\/es\/z\/47\.74\/-121\.99\/local$/)
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('porchlight:currentLocation') ?? 'null') as { lat: number },
    )
    expect(stored).toMatchObject({ method: 'geolocation', lat: 47.74, lon: -121.99 })
  })

  test('the location toggle uses the device location', async ({ page }) => {
    await page.goto('/es/settings')
    const panel = page.locator('.location-now')
    await expect(panel).toContainText('Sin ubicación')
    await page.locator('input[type=radio][value=gps]').check()
    await expect(panel).toContainText('47.74, -121.99')
    await page.locator('input[type=radio][value=select]').check()
    // Back to a chosen place with none chosen: the last place known, not "No Location Set" (issue 38).
    await expect(panel).toContainText('Último lugar que abriste: 47.74, -121.99')
    await expect(panel).not.toContainText('Sin ubicación')
  })
})

test.describe('denied', () => {
  test.use({ permissions: [], locale: 'de-DE' })

  test('the GPS button explains a refusal where the visitor reads it', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
    await page.goto('/wa/duvall')
    await page.setViewportSize({ width: 390, height: 800 })
    await page.getByRole('button', { name: 'Use my current location' }).click()
    const toast = page.locator('#gps-status')
    await expect(toast).toContainText('Location permission denied')
    await toast.getByRole('button', { name: 'Dismiss' }).click()
    await expect(toast).toBeHidden()
    await expect(page).toHaveURL(/\/wa\/duvall$/)
  })

  test('the settings panel shows the refusal', async ({ page }) => {
    await page.goto('/de/settings')
    await page.getByRole('radio', { name: 'Gerätestandort (GPS)' }).check()
    await expect(page.locator('.location-now .error')).not.toBeEmpty()
  })
})

test.describe('a Spanish browser', () => {
  test.use({ locale: 'es-ES' })

  test('stays on the page it opened on its first visit, and offers Spanish', async ({ page }) => {
    await page.goto('/wa/duvall/roads')
    // The URL's language wins (issue 18); the detected language is saved and offered.
    await expect(page).toHaveURL(/\/wa\/duvall\/roads$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es')
    await expect(page.locator('#language-offer').getByRole('link', { name: 'Ver en español' })).toHaveAttribute(
      'href',
      '/es/wa/duvall/roads',
    )
    // Only offered: until the visitor takes it, the site's links keep the page's language.
    const nav = page.getByRole('complementary').getByRole('navigation', { name: 'Sections' })
    await expect(nav.getByRole('link', { name: 'Statuses' })).toHaveAttribute('href', '/wa/duvall/statuses')
    await expect(page.locator('.tabs a[data-section="weather"]')).toHaveAttribute('href', '/wa/duvall')
    const search = page.getByRole('complementary').getByRole('combobox')
    await search.fill('Carnation')
    await page
      .getByRole('option', { name: /Carnation, WA/ })
      .first()
      .click()
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/wa\/carnation\/roads$/)
  })

  test('ignores a stored value that is not a language', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', '"><script>alert(1)</script>'))
    await page.goto('/ja/wa/duvall')
    await expect(page).toHaveURL(/\/ja\/wa\/duvall$/)
    await expect(page.locator('#language-offer')).toHaveAttribute('lang', 'es')
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es')
  })
})
