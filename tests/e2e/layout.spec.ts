// Issue 28's layout guard: no page type scrolls sideways at 360, 412, 1024 or 1440 px, no tab label
// is cut in any language, and neither the alert banner nor the language offer covers the heading.
import { expect, test, type Page } from '@playwright/test'
import { scrollThrough } from './axe.ts'
import type { Reaction } from '../../src/lib/items.ts'
import { forward } from './forward.ts'
import { serveProviders } from './providers.ts'

const WIDTHS = [360, 412, 1024, 1440]
const PAGES = [
  '/',
  '/wa/duvall',
  '/wa/duvall/statuses',
  '/wa/duvall/cameras',
  '/wa/duvall/roads',
  '/wa/duvall/local',
  '/wa/duvall/page',
  '/z/47.74/-121.98',
  '/settings',
  '/login',
  '/coverage',
  '/widget',
  '/no/such/page/here',
]

/** What overflows: the page's sideways scroll, and every tab label cut short. */
async function overflow(page: Page): Promise<{ scroll: number; client: number; cut: string[] }> {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    cut: [...document.querySelectorAll<HTMLElement>('.tabs a > span:not(.badge), .tab-more > summary > span:not(.badge)')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth)
      .map((label) => label.textContent ?? ''),
  }))
}

async function expectFits(page: Page, what: string): Promise<void> {
  const { scroll, client, cut } = await overflow(page)
  expect.soft(scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(client)
  expect.soft(cut, `${what} cuts tab labels`).toEqual([])
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
})

for (const width of WIDTHS) {
  test(`every page type fits ${width} px`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    for (const path of PAGES) {
      await page.goto(path)
      // Lazy islands fill in as they scroll into view; what they draw must fit too.
      await scrollThrough(page)
      await page.waitForLoadState('networkidle')
      await expectFits(page, `${path} at ${width} px`)
    }
  })
}

test('the editor and the users admin fit every width, signed in', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/login')
  const form = page.locator('#app-login')
  await form.getByLabel('Email').fill('staff@duvall.test')
  await form.getByLabel('Password').fill('e2e-password-1')
  await form.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/editor$/)
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await page.reload()
    await expect(page.locator('.editor-table tbody tr').first()).toBeVisible()
    await scrollThrough(page)
    await expect(page.locator('#app-users').getByRole('heading', { name: 'Users', level: 2 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expectFits(page, `/editor at ${width} px`)
    // "New item" stays on screen, not past the right edge.
    const box = await page.getByRole('button', { name: 'New item' }).first().boundingBox()
    if (box) expect.soft(box.x + box.width, `"New item" at ${width} px`).toBeLessThanOrEqual(width)
  }
})

test('every tab label is whole at 360 px in every language, and "More" opens the rest', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  for (const prefix of ['', '/es', '/de', '/ja']) {
    await page.goto(`${prefix}/wa/duvall/local`)
    await expectFits(page, `${prefix || '/en'} tabs`)
    const more = page.locator('.tab-more > summary')
    // The page is one of "More"'s sections: the tab shows it is current.
    await expect(page.locator('.tab-more')).toHaveAttribute('data-current', '')
    await more.focus()
    await page.keyboard.press('Enter')
    await expect(page.locator('.tab-menu a[aria-current="page"]')).toBeVisible()
    await expect(page.locator('.tab-menu a')).toHaveCount(3)
  }
})

test('the banner sits in the flow: it covers nothing and the page does not move when it arrives', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 })
  await page.goto('/wa/duvall/statuses')
  const heading = page.getByRole('heading', { level: 1 })
  const before = await heading.boundingBox()
  const banner = page.locator('#alert-banner .alert-banner')
  await expect(banner).toContainText('Flood warning')
  expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('static')
  const after = await heading.boundingBox()
  expect(after!.y).toBe(before!.y)
  const box = await banner.boundingBox()
  expect(box!.y + box!.height).toBeLessThanOrEqual(after!.y)
})

test('the language offer does not cover the heading on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 })
  await page.goto('/ja/wa/duvall')
  const offer = page.locator('#language-offer')
  await expect(offer).toBeVisible()
  const a = (await offer.boundingBox())!
  const h = (await page.getByRole('heading', { level: 1 }).boundingBox())!
  const overlaps = a.x < h.x + h.width && h.x < a.x + a.width && a.y < h.y + h.height && h.y < a.y + a.height
  expect(overlaps).toBe(false)
})

// Issue 38: the offer sat over the first item above the phone's tab bar on /es and /ja.
for (const prefix of ['/es', '/ja']) {
  test(`the language offer covers no item and moves nothing on ${prefix} statuses at 360 px`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    await page.addInitScript(() => {
      ;(window as { shifts?: number }).shifts = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) (window as { shifts?: number }).shifts! += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(`${prefix}/wa/duvall/statuses`)
    const offer = page.locator('#language-offer')
    // Its texts load after the page (i18n/lazy.ts): on a loaded machine that took more than 5 s once.
    await expect(offer).toBeVisible({ timeout: 15_000 })
    const item = page.locator('.item-title').first()
    await expect(item).toBeVisible()
    await page.waitForLoadState('networkidle')
    const a = (await offer.boundingBox())!
    for (const other of [item, page.getByRole('heading', { level: 1 }), page.locator('.tabs')]) {
      const b = (await other.boundingBox())!
      const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
      expect(overlaps, `the offer over ${await other.evaluate((el: Element) => el.className || el.tagName)}`).toBe(false)
    }
    expect(await offer.evaluate((el) => getComputedStyle(el).position)).toBe('static')
    expect(await page.evaluate(() => (window as { shifts?: number }).shifts)).toBeLessThan(0.01)
    // Dismissed, it frees its room.
    await offer.getByRole('button').click()
    await expect(offer).toHaveCount(0)
    expect(await page.locator('#lang-offer-slot').evaluate((el) => el.getBoundingClientRect().height)).toBe(0)
  })
}

test('the footer language links are targets of 44 px on a phone and at least 24 px on a desktop', async ({ page }) => {
  for (const [width, least] of [
    [360, 44],
    [1440, 24],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/wa/duvall')
    const links = page.locator('.foot .langs a')
    await expect(links).toHaveCount(6)
    for (const box of await links.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
      expect.soft(box.height, `${width} px: height`).toBeGreaterThanOrEqual(least)
      expect.soft(box.width, `${width} px: width`).toBeGreaterThanOrEqual(least)
    }
    // Still a compact footer: the six links take at most two rows.
    const rows = new Set(await links.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top))))
    expect(rows.size, `${width} px: rows of language links`).toBeLessThanOrEqual(2)
  }
})

test('the notify sheet: a bottom sheet at 360 px, a centred dialog over a backdrop at 1440 px, 44 px targets', async ({
  page,
}) => {
  for (const [width, height] of [
    [360, 800],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.goto('/wa/duvall')
    await page.getByRole('button', { name: 'Notify me' }).click()
    const dialog = page.getByRole('dialog', { name: 'Notifications for Duvall, WA' })
    await expect(dialog.locator('.btn-primary')).toBeVisible({ timeout: 20_000 })
    const box = (await dialog.boundingBox())!
    if (width === 360) {
      expect(box.x).toBe(0)
      expect(box.width).toBe(width)
      expect(Math.round(box.y + box.height)).toBe(height)
    } else {
      expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThanOrEqual(1)
      expect(box.width).toBeLessThanOrEqual(640)
      expect(box.y).toBeGreaterThan(0)
    }
    expect(await dialog.evaluate((el) => getComputedStyle(el, '::backdrop').backgroundColor)).not.toBe('rgba(0, 0, 0, 0)')
    // One main action; every option and button a target of at least 44 px; the whole sheet on screen.
    await expect(dialog.locator('.btn-primary')).toHaveCount(1)
    const targets = await dialog
      .locator('label.notify-option, .sheet-foot button, .sheet-head button')
      .evaluateAll((els) => els.map((el) => ({ text: el.textContent, height: el.getBoundingClientRect().height })))
    expect(targets.length).toBeGreaterThanOrEqual(10)
    for (const target of targets) expect.soft(target.height, target.text ?? '').toBeGreaterThanOrEqual(44)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
})

test('the installed app (start_url with ?source=pwa) opens the last place in the same section; with none, the default place', async ({
  page,
}) => {
  await page.goto('/wa/duvall/roads?source=pwa')
  await expect(page).toHaveURL(/\/wa\/duvall\/roads$/)
  await expect(page.locator('html')).not.toHaveAttribute('data-resolving')
  await page.goto('/wa/carnation')
  await expect.poll(() => page.evaluate(() => localStorage.getItem('porchlight:recentLocations') ?? '')).toContain('wa/carnation')
  await page.goto('/wa/duvall/statuses?source=pwa')
  await expect(page).toHaveURL(/\/wa\/carnation\/statuses$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carnation, WA')
  await expect(page.locator('body')).toBeVisible()
})

// Issue 38, the place pages' live sections: the list on the first screen, the banner whole and dismissible, the
// roads map first, the width used on a wide screen.

/** The layout shifts the visitor did not cause, from the page's start (as in design-pass.spec.ts). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = []
    ;(window as unknown as { __shifts: string[] }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
      })[]) {
        if (entry.hadRecentInput) continue
        const box = (rect: DOMRectReadOnly): string => `${rect.x},${rect.y} ${rect.width}x${rect.height}`
        const nodes = (entry.sources ?? []).map(({ node, previousRect, currentRect }) => {
          const el = node instanceof Element ? node : node?.parentElement
          const name = el ? `${el.tagName.toLowerCase()}#${el.id}.${el.className} "${el.textContent?.slice(0, 30)}"` : '?'
          return `${name} ${box(previousRect)} -> ${box(currentRect)}`
        })
        shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nodes.join(', ')}`)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}
const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)

test('at 360 px the first status starts on the first screen, in a full-width row under one heading', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  // Every covering source answered (the test API's feeds do not: their note is checked after this loop).
  await page.route(/localhost:8788\/api\/reaction/, (route) =>
    forward<Reaction>(route, undefined, (answer) => {
      for (const section of [answer.statuses, answer.roads, answer.cameras, answer.local])
        Object.assign(section, { health: { status: 'ok', missing: [] } })
      return answer
    }),
  )
  for (const prefix of ['', '/es']) {
    // A Spanish visitor on the Spanish page (an English one there also gets the language offer's 44 px slot above).
    if (prefix) await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'))
    await page.goto(`${prefix}/wa/duvall/statuses`)
    const first = page.locator('#statuses-list .live-item').first()
    await expect(first).toBeVisible()
    // Before issue 38 the first item started about 390 px down (heading, description, a card in a card).
    const title = (await first.locator('.live-title').boundingBox())!
    expect(title.y, `${prefix || '/en'}: first title's top`).toBeLessThan(250)
    // No card around the list on a phone: the row takes the width (a 240 px text column before).
    const row = (await first.boundingBox())!
    expect(row.width).toBeGreaterThanOrEqual(320)
    // One visible heading (the top bar's): the page's h1 and the card's h2 stay for screen readers.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Duvall, WA')
    for (const heading of [page.locator('h1'), page.locator('#statuses-list-h')])
      expect(await heading.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1)
  }
  // When sources do not answer, the list says so first, and its first item is still on the first screen.
  await page.unrouteAll()
  await serveProviders(page)
  await page.goto('/wa/duvall/statuses')
  await expect(page.locator('#statuses-list .health-note')).toBeVisible()
  expect((await page.locator('#statuses-list .live-title').first().boundingBox())!.y).toBeLessThan(560)
  // The other list sections start the same way.
  for (const [path, item] of [
    ['/wa/duvall/cameras', '#cameras-grid .camera-grid > li'],
    ['/wa/duvall/local', '#local-list .business'],
  ] as const) {
    await page.goto(path)
    await expect(page.locator(item).first()).toBeVisible()
    expect((await page.locator(item).first().boundingBox())!.y, path).toBeLessThan(400)
  }
})

test('the banner shows its headline on two lines, and a dismissal frees its room on every section without a shift', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await watchShifts(page)
  await page.goto('/wa/duvall/statuses')
  const title = page.locator('#alert-banner .alert-banner strong')
  await expect(title).toHaveText('[Demo] Flood warning: Snoqualmie River near Duvall')
  // Whole, on two lines (it was cut to "[Demo] Flood warning: Snoq…" on one).
  const lines = await title.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    line: parseFloat(getComputedStyle(el).lineHeight),
    cut: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
  }))
  expect(Math.round(lines.height / lines.line)).toBe(2)
  expect(lines.cut).toBe(false)
  // Its slot holds it: the box ends inside the slot.
  const slot = (await page.locator('#alert-banner').boundingBox())!
  const box = (await page.locator('#alert-banner .alert-banner').boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(slot.y + slot.height + 0.5)
  await page.locator('#statuses-list .live-item').first().waitFor()
  expect(await shiftsOf(page)).toEqual([])
  // Dismissed: the room is freed (a shift the visitor caused), here and on the place's other sections.
  const before = (await page.locator('#statuses-list .live-item').first().boundingBox())!.y
  await page.getByRole('button', { name: 'Dismiss alert' }).click()
  await expect(page.locator('#alert-banner')).toBeHidden()
  expect((await page.locator('#statuses-list .live-item').first().boundingBox())!.y).toBeLessThan(before - 50)
  for (const path of ['/wa/duvall/roads', '/es/wa/duvall', '/wa/duvall/cameras']) {
    await page.goto(path)
    await expect(page.locator('#alert-banner')).toBeHidden()
    await page.locator('.card[aria-busy="false"]').first().waitFor()
    await page.waitForTimeout(500)
    await expect(page.locator('#alert-banner')).toBeHidden()
    expect(await shiftsOf(page), path).toEqual([])
  }
})

test('roads on a phone: the map first as a strip with a legend, larger on request, a message when tiles fail', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await watchShifts(page)
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'))
  await page.goto('/wa/duvall/roads')
  const map = page.locator('#roads-map')
  const list = page.locator('#roads-list')
  await expect(list.locator('.road').first()).toBeVisible({ timeout: 20_000 })
  // The map before the list (it came after about 4,000 px of list), and the list still on the first screen.
  expect((await map.boundingBox())!.y).toBeLessThan((await list.boundingBox())!.y)
  expect((await list.locator('.road').first().boundingBox())!.y).toBeLessThan(800)
  await expect(map.getByRole('list', { name: 'Impact' }).getByRole('listitem')).toHaveText(['Critical', 'Warning', 'Info'])
  const region = map.getByRole('region', { name: 'Map of road conditions' })
  await expect(region).toHaveAttribute('data-ready', 'true')
  // Every marker says what it is, in words as well as colour.
  const markers = region.locator('path.road-marker')
  await expect(markers.first()).toBeVisible()
  for (const label of await markers.evaluateAll((paths) => paths.map((path) => path.getAttribute('aria-label'))))
    expect(label).toMatch(/ · (Critical|Warning|Info)$/)
  await expect(map.locator('.map-error')).toHaveText('The map could not load; every road is in the list.')
  expect(await shiftsOf(page)).toEqual([])
  // One entry says "Critical" once (its priority), not again as its state.
  const closed = list.locator('.road-entry', { hasText: 'NE 124th St closed' })
  await expect(closed.getByText('Critical', { exact: true })).toHaveCount(1)
  const strip = (await region.boundingBox())!.height
  const toggle = map.getByRole('button', { name: 'Larger map' })
  await toggle.click()
  await expect(map.getByRole('button', { name: 'Smaller map' })).toHaveAttribute('aria-expanded', 'true')
  expect((await region.boundingBox())!.height).toBeGreaterThan(strip + 80)
})

test('a wide screen uses its width: content and top strip to the edge, weather in two columns, the roads map beside', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/wa/duvall')
  const content = (await page.locator('.content').boundingBox())!
  // The content stopped at about 1,030 px of 1440 and its top strip 80 px short of the edge.
  expect(content.x + content.width).toBeGreaterThanOrEqual(1439)
  // The strip is the content's first line, as wide as it.
  const strip = await page.locator('.content').evaluate((el) => parseFloat(getComputedStyle(el, '::before').width))
  expect(Math.abs(strip - content.width)).toBeLessThan(1)
  const current = (await page.locator('#wx-current').boundingBox())!
  const hourly = (await page.locator('#wx-hourly').boundingBox())!
  expect(hourly.y).toBe(current.y)
  expect(hourly.x).toBeGreaterThan(current.x + current.width)
  await page.goto('/wa/duvall/roads')
  const map = (await page.locator('#roads-map').boundingBox())!
  const list = (await page.locator('#roads-list').boundingBox())!
  expect(map.x).toBeGreaterThan(list.x + list.width)
  await expect(page.locator('#roads-map .map-toggle')).toBeHidden()
})
