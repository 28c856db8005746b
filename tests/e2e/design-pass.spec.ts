import { expect as baseExpect, test, type Page } from '@playwright/test'
import { WCAG_AA, axe, stopAnimations, violationLines } from './axe.ts'
import { serveProviders } from './providers.ts'

// Issue 28's rest of the design pass: the hourly chart's labels, the radar's place and credits, the roads map
// loading on scroll, and no layout shift on the weather page and the dashboard.

// Two workers beside other runs on a shared machine: islands may take several seconds to fill.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 90_000 })

async function seed(page: Page, language: string, theme = 'light'): Promise<void> {
  await page.addInitScript(
    (s) => {
      localStorage.setItem('porchlight:settings', JSON.stringify({ version: 1, theme: s.theme }))
      localStorage.setItem('i18nextLng', s.language)
    },
    { language, theme },
  )
}

test('the hourly chart shows times, values with their unit and labelled rain chances in Spanish', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await seed(page, 'es')
  await serveProviders(page)
  await page.goto('/es/wa/duvall')
  const hourly = page.locator('#wx-hourly')
  await expect(hourly.locator('.chart-time')).toHaveCount(24)
  // Spanish hours read "21:00" (a bare "21" would be unclear); local midnight reads as the weekday.
  const times = await hourly.locator('.chart-time').allTextContents()
  for (const time of times) expect(time).toMatch(/^(\d{1,2}:00|[a-záéíóú]{3}\.?)$/)
  expect(times.filter((time) => /^\d/.test(time)).length).toBeGreaterThanOrEqual(20)
  await expect(hourly.locator('.chart-temp').first()).toHaveText(/^-?\d+\s°F$/)
  await expect(hourly.locator('.chart-chance').first()).toHaveText(/^\d+\s%$/)
  await expect(hourly.locator('.chart-legend')).toContainText('Temperatura (°F)')
  await expect(hourly.locator('.chart-legend')).toContainText('Probabilidad de precipitación')
  // Screen readers get the chart's name, a summary of its values and the table.
  await expect(hourly.getByRole('img', { name: /próximas 24 horas/ })).toHaveAccessibleDescription(/°F.*%/)
  // Wider than the phone, the chart scrolls inside its card (and takes keyboard focus), never the page.
  const scroller = hourly.locator('.chart-scroll')
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expect(scroller).toHaveAttribute('tabindex', '0')
  // The table says the same hours ("21:00", never a bare "21") and, wider than the phone, scrolls inside the card.
  await hourly.locator('summary').click()
  const rows = await hourly.locator('tbody th').allTextContents()
  expect(rows).toHaveLength(24)
  for (const row of rows) expect(row).toMatch(/^\d{1,2}:00$/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expect(hourly.locator('.table-scroll')).toHaveAttribute('tabindex', '0')
})

test('the chart follows the unit setting: Celsius values', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('porchlight:settings', JSON.stringify({ version: 1, temperature: 'C' }))
    localStorage.setItem('i18nextLng', 'en')
  })
  await serveProviders(page)
  await page.goto('/wa/duvall')
  await expect(page.locator('#wx-hourly .chart-temp').first()).toHaveText(/°C$/)
  await expect(page.locator('#wx-hourly .chart-legend')).toContainText('Temperature (°C)')
})

test('the radar comes after the hourly chart and above the daily list; its credits are readable on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await seed(page, 'es')
  await serveProviders(page)
  await page.goto('/es/wa/duvall')
  const top = async (id: string) => (await page.locator(id).boundingBox())?.y ?? Number.NaN
  expect(await top('#wx-hourly')).toBeLessThan(await top('#wx-radar'))
  expect(await top('#wx-radar')).toBeLessThan(await top('#wx-daily'))
  expect(await top('#wx-radar')).toBeLessThan(await top('#wx-alerts'))
  await page.locator('#wx-radar').scrollIntoViewIfNeeded()
  await expect(page.locator('#wx-radar .leaflet-container')).toBeVisible()
  const credits = page.locator('#wx-radar .map-credits')
  await expect(credits).toContainText('OpenStreetMap')
  await expect(credits).toContainText('IEM')
  const size = await credits.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))
  expect(size).toBeGreaterThanOrEqual(11)
  // Under the map and its controls, overlapping neither; Leaflet's own credit box over the map is gone.
  const creditsBox = await credits.boundingBox()
  const map = await page.locator('#wx-radar .radar-map').boundingBox()
  const controls = await page.locator('#wx-radar .radar-controls').boundingBox()
  expect(creditsBox && map && controls).toBeTruthy()
  expect(creditsBox!.y).toBeGreaterThanOrEqual(map!.y + map!.height)
  expect(creditsBox!.y).toBeGreaterThanOrEqual(controls!.y + controls!.height)
  await expect(page.locator('#wx-radar .leaflet-control-attribution')).toHaveCount(0)
})

for (const theme of ['light', 'dark']) {
  test(`the radar card and the hourly chart pass axe in the ${theme} theme at 360 px`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    await seed(page, 'es', theme)
    await serveProviders(page)
    await page.goto('/es/wa/duvall')
    await page.locator('#wx-radar').scrollIntoViewIfNeeded()
    await expect(page.locator('#wx-radar .leaflet-container')).toBeVisible()
    await expect(page.locator('#wx-hourly .chart-time')).toHaveCount(24)
    await stopAnimations(page)
    const results = await axe(page).include('#wx-hourly').include('#wx-radar').withTags(WCAG_AA).analyze()
    expect(violationLines(results)).toEqual([])
  })
}

test('the roads map comes first, as a strip, and loads after the page, never with its first paint', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 })
  await seed(page, 'en')
  await serveProviders(page)
  await page.goto('/wa/duvall/roads')
  // Issue 38: the map first (it came after about 4,000 px of list), a strip so the list starts on the first screen.
  await expect(page.locator('#roads-list .road').first()).toBeVisible()
  const list = await page.locator('#roads-list').boundingBox()
  const card = await page.locator('#roads-map').boundingBox()
  expect(card!.y).toBeLessThan(list!.y)
  expect(list!.y).toBeLessThan(915)
  await expect(page.locator('#roads-map .radar-map[data-ready]')).toBeVisible()
  // Leaflet and the drawing load once the page's load event has passed.
  const early = await page.evaluate(() => {
    const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart
    const maps = performance.getEntriesByType('resource').filter((entry) => /leaflet|roads-map-draw/i.test(entry.name))
    return { count: maps.length, early: maps.filter((entry) => entry.startTime < load).map((entry) => entry.name) }
  })
  expect(early.count).toBeGreaterThanOrEqual(1)
  expect(early.early).toEqual([])
  await expect(page.locator('#roads-map path.road-marker')).toHaveCount(5)
  // Each entry's stretch of road, coloured by its impact (issue 38): the demo's five lines, SR 203's closure critical.
  await expect(page.locator('#roads-map path.road-line')).toHaveCount(5)
  await expect(page.locator('#roads-map path.road-line.sev-critical')).toHaveCount(1)
  await expect(page.locator('#roads-map path.road-line.sev-warning')).toHaveCount(2)
  await expect(page.locator('#roads-map .map-credits')).toContainText('OpenStreetMap')
})

test('from 1200 px the roads map stands beside the list', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await seed(page, 'en')
  await serveProviders(page)
  await page.goto('/wa/duvall/roads')
  await expect(page.locator('#roads-map .radar-map[data-ready]')).toBeVisible()
  const list = await page.locator('#roads-list').boundingBox()
  const map = await page.locator('#roads-map').boundingBox()
  expect(map!.x).toBeGreaterThan(list!.x + list!.width - 1)
  expect(Math.abs(map!.y - list!.y)).toBeLessThan(2)
})

// The browser may paint a page before its end is parsed: the tab bar with three of its five tabs (360 px, CI
// 2026-11-28), a tab's icon without its label (412 px), the sidebar's account line without its link (1024 px).
// What has arrived must already be in place.
test('the tab bar and the sidebar’s foot stay put while the end of the page is still arriving', async ({ page }) => {
  await seed(page, 'es')
  await serveProviders(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/es/wa/duvall')
  const tab = page.locator('.tabs > a').first()
  const whole = await tab.boundingBox()
  await page.evaluate(() => {
    const tabs = document.querySelector('.tabs')
    while (tabs && tabs.children.length > 3) tabs.lastElementChild?.remove()
  })
  expect(await tab.boundingBox()).toEqual(whole)
  // A tab's icon before its label (412 px, CI).
  const icon = tab.locator('svg')
  const placed = await icon.boundingBox()
  await tab.evaluate((link) => link.querySelector('span')?.remove())
  expect(await icon.boundingBox()).toEqual(placed)

  await page.setViewportSize({ width: 1024, height: 768 })
  const toggle = page.locator('#assistant-toggle')
  const before = await toggle.boundingBox()
  await page.evaluate(() => document.querySelector('.side > .account')?.replaceChildren())
  expect(await toggle.boundingBox()).toEqual(before)
})

/** The page's layout shifts (not after input) from its start, as Lighthouse's CLS counts them. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = []
    ;(window as unknown as { __shifts: typeof shifts }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
      })[]) {
        if (entry.hadRecentInput) continue
        // Each moved node with its box before and after (x,y wxh), so a failure says what moved and how.
        const box = (rect: DOMRectReadOnly): string => `${rect.x},${rect.y} ${rect.width}x${rect.height}`
        const nodes = (entry.sources ?? []).map((source) => {
          const el = source.node instanceof Element ? source.node : source.node?.parentElement
          const name = el ? `${el.tagName.toLowerCase()}#${el.id}.${el.className} "${el.textContent?.slice(0, 40)}"` : '?'
          return `${name} ${box(source.previousRect)} -> ${box(source.currentRect)}`
        })
        shifts.push({ value: entry.value, nodes })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

const CLS_CASES = [
  { name: 'weather', path: '/wa/duvall', ready: ['#wx-current', '#wx-hourly'] },
  { name: 'dashboard', path: '/wa/duvall/page', ready: ['#page-now'] },
]
const SIZES = [
  { width: 360, height: 800, language: 'es' },
  { width: 412, height: 915, language: 'en' },
  { width: 1024, height: 768, language: 'es' },
  { width: 1440, height: 900, language: 'en' },
]
for (const { name, path, ready } of CLS_CASES)
  for (const size of SIZES)
    test(`no layout shift on the ${name} page at ${size.width} px in ${size.language}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height })
      await seed(page, size.language)
      await watchShifts(page)
      await serveProviders(page)
      // The places' warnings come a second late, so their loading state is painted first (the box's text then
      // changes: a shift in 2 of 16 runs before it was a new node).
      if (name === 'dashboard')
        await page.route('https://api.weather.gov/**', (route) =>
          new Promise((done) => setTimeout(done, 1000)).then(() => route.fallback()),
        )
      await page.goto(size.language === 'en' ? path : `/${size.language}${path}`)
      for (const id of ready) await expect(page.locator(id)).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 })
      await page.waitForTimeout(1500)
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts)
      expect(shifts, JSON.stringify(shifts)).toEqual([])
    })
