import { expect, test } from '@playwright/test'

test('a city page has its place, sections, alternates and structured data', async ({ page }) => {
  await page.goto('/wa/duvall')
  await expect(page).toHaveTitle('Duvall, WA weather: forecast, radar and air quality | Porchlight')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Duvall, WA')
  for (const id of ['wx-current', 'wx-hourly', 'wx-daily', 'wx-radar', 'wx-air', 'wx-marine', 'wx-quakes', 'wx-alerts'])
    await expect(page.locator(`#${id}`)).toBeVisible()
  // No pollen forecast covers the US: the card is not shown rather than saying "not available" on every page.
  await expect(page.locator('#wx-pollen')).toBeHidden()
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/wa\/duvall$/)
  await expect(page.locator('link[rel=alternate][hreflang]')).toHaveCount(7)
  await expect(page.locator('link[hreflang=ja]')).toHaveAttribute('href', /\/ja\/wa\/duvall$/)
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
    string,
    unknown
  >
  expect(ld).toMatchObject({ '@type': 'City', name: 'Duvall', geo: { latitude: 47.74232, longitude: -121.98568 } })
  await expect(page.getByRole('navigation', { name: 'Nearby cities' }).getByRole('link')).not.toHaveCount(0)
  await expect(page.getByRole('link', { name: 'GeoNames' })).toBeVisible()
})

test('nav links go to the sections of the same city and mark the current one', async ({ page }) => {
  await page.goto('/wa/duvall/roads')
  const nav = page.getByRole('complementary').getByRole('navigation', { name: 'Sections' })
  await expect(nav.getByRole('link', { name: 'Roads' })).toHaveAttribute('aria-current', 'page')
  await nav.getByRole('link', { name: 'Cameras' }).click()
  await expect(page).toHaveURL(/\/wa\/duvall\/cameras$/)
  await expect(page.locator('body')).toHaveAttribute('data-section', 'cameras')
})

test('Delaware pages and German pages live side by side under /de', async ({ page }) => {
  await page.goto('/de/dover')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dover, DE')
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'))
  await page.goto('/de/de/dover')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page).toHaveTitle(/Dover, DE/)
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Wetter' })).toBeVisible()
})

test('a coordinate page names the nearest city and keeps its URL', async ({ page }) => {
  const files: string[] = []
  page.on('request', (request) => files.push(new URL(request.url()).pathname))
  await page.goto('/z/47.75/-121.98/roads')
  await expect(page).toHaveURL(/\/z\/47\.75\/-121\.98\/roads$/)
  // Named by its nearest place, the numbers under it (a GPS visitor recognises the place, not the numbers).
  await expect(page.locator('#point-title')).toHaveText('Near Duvall, WA')
  await expect(page.locator('#point-near')).toHaveText('Map point 47.75, -121.98')
  await expect(page).toHaveTitle(/^Near Duvall, WA · Roads/)
  await expect(page.locator('#roads-map')).toBeVisible()
  const nav = page.getByRole('complementary').getByRole('navigation', { name: 'Sections' })
  await expect(nav.getByRole('link', { name: 'Cameras' })).toHaveAttribute('href', '/z/47.75/-121.98/cameras')
  // The place is named from its cell of the nearest-place index; the city file waits for the search box.
  expect(files).toContain('/data/near/47_-122.json')
  expect(files).not.toContain('/data/cities.txt')
  const cityFile = page.waitForRequest('**/data/cities.txt')
  await page.getByRole('combobox', { name: 'Search cities' }).pressSequentially('Duv')
  await cityFile
})

test('a coordinate page far from any city shows just the point', async ({ page }) => {
  await page.goto('/z/40/-140')
  await expect(page.locator('#point-title')).toHaveText('Map point 40.00, -140.00')
  await expect(page.locator('#point-near')).toHaveText('Weather')
})

for (const path of ['/z/999/5', '/z/abc/def/statuses', '/z/45/-181']) {
  test(`a malformed point ${path} shows a clear error`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('alert')).toContainText('This map point is not valid')
    await expect(page.locator('#point-body')).toBeHidden()
  })
}

test('a 404 page offers the search box and resolves mixed-case routes', async ({ page }) => {
  await page.goto('/no/such/place/here')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await expect(page.getByRole('combobox', { name: 'Search cities' })).toBeVisible()
  await page.goto('/WA/Duvall/Roads')
  await expect(page).toHaveURL(/\/wa\/duvall\/roads$/)
})

test('a city page loads only the layout, the search island and React', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/wa/duvall', { waitUntil: 'networkidle' })
  // The search island hydrates when the page is idle (hydrate.ts: requestIdleCallback, 2 s at most), which on a
  // loaded machine can come after the network went quiet: wait for it rather than read the list at that moment.
  await expect.poll(() => scripts.some((path) => /CitySearch/.test(path)), { timeout: 15_000 }).toBe(true)
  await page.waitForLoadState('networkidle')
  expect(scripts.every((path) => path.startsWith('/_astro/'))).toBe(true)
  expect(scripts.filter((path) => /Coord|NotFound/.test(path))).toEqual([])
})
