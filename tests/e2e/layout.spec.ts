// Issue 28's layout guard: no page type scrolls sideways at 360, 412, 1024 or 1440 px, no tab label
// is cut in any language, and neither the alert banner nor the language offer covers the heading.
import { expect, test, type Page } from '@playwright/test'
import { scrollThrough } from './axe.ts'
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
