import { expect, test } from '@playwright/test'

test('searching by keyboard goes to the city and remembers it', async ({ page }) => {
  let citiesRequests = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/data/cities.txt')) citiesRequests++
  })
  await page.goto('/wa/duvall/roads', { waitUntil: 'networkidle' })
  expect(citiesRequests).toBe(0)
  const box = page.getByRole('combobox', { name: 'Search cities' })
  await box.click()
  await box.fill('d')
  await expect(page.getByRole('listbox')).toBeHidden()
  await box.fill('dov')
  const list = page.getByRole('listbox')
  await expect(list.getByRole('option').first()).toContainText('Dover, DE')
  await expect(list.getByRole('option').first()).toContainText('39.16, -75.52')
  await box.press('ArrowDown')
  await expect(box).toHaveAttribute('aria-activedescendant', /opt-0$/)
  await box.press('Enter')
  await expect(page).toHaveURL(/\/de\/dover\/roads$/)
  expect(citiesRequests).toBe(1)
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('porchlight:recentLocations') ?? '[]') as { route: string }[],
  )
  expect(stored[0]?.route).toBe('de/dover')
})

test('no results, Escape, outside click and clearing close the list', async ({ page }) => {
  await page.goto('/wa/duvall')
  const box = page.getByRole('combobox', { name: 'Search cities' })
  await box.fill('zzqx')
  await expect(page.getByRole('listbox')).toContainText('No cities found')
  await box.fill('seat')
  await expect(page.getByRole('option').first()).toContainText('Seattle, WA')
  await box.press('Escape')
  await expect(page.getByRole('listbox')).toBeHidden()
  await box.fill('seatt')
  await expect(page.getByRole('listbox')).toBeVisible()
  await page.getByRole('heading', { level: 1 }).click()
  await expect(page.getByRole('listbox')).toBeHidden()
  // Coming back to the box with text typed shows its results again.
  await box.focus()
  await expect(page.getByRole('option').first()).toContainText('Seattle, WA')
  await page.getByRole('heading', { level: 1 }).click()
  await box.fill('seat')
  await expect(page.getByRole('listbox')).toBeVisible()
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(page.getByRole('listbox')).toBeHidden()
  await expect(box).toHaveValue('')
})

test('a place without its own route opens by coordinates', async ({ page }) => {
  await page.goto('/wa/duvall')
  const box = page.getByRole('combobox', { name: 'Search cities' })
  await box.fill('fairwood, wa')
  // Two places in WA are called Fairwood: the larger has /wa/fairwood, the other opens by coordinates.
  await expect(page.getByRole('option', { name: /Fairwood, WA/ })).toHaveCount(2)
  await page.getByRole('option', { name: /Fairwood, WA.*47\.77, -117\.42/ }).click()
  await expect(page).toHaveURL(/\/z\/47\.77\/-117\.42$/)
  await expect(page.locator('#point-title')).toContainText('Near ')
  await expect(page.locator('#point-near')).toHaveText('Map point 47.77, -117.42')
})

test('search in Spanish stays in Spanish', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'))
  await page.goto('/es/wa/duvall/cameras')
  const box = page.getByRole('combobox')
  await box.fill('seattle')
  await page.getByRole('option').first().click()
  await expect(page).toHaveURL(/\/es\/wa\/seattle\/cameras$/)
})

for (const width of [360, 1280]) {
  test(`the search placeholder is whole in every language at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    for (const prefix of ['', '/es', '/de', '/ja']) {
      await page.goto(`${prefix}/wa/duvall`)
      if (width < 900) await page.locator('#search-toggle').click()
      const box = page.getByRole('combobox').first()
      await expect(box).toBeVisible()
      // The placeholder's drawn width against the room the box gives it.
      const { text, room } = await box.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input)
        const probe = document.createElement('span')
        probe.textContent = input.placeholder
        probe.style.cssText = `position:absolute;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`
        document.body.append(probe)
        const drawn = probe.getBoundingClientRect().width
        probe.remove()
        const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return { text: drawn, room: inner }
      })
      expect(text, `${prefix || '/'} at ${width} px`).toBeLessThanOrEqual(room)
    }
  })
}
