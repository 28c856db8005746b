// The embeddable widget (docs/embedding.md) on another site's page: Duvall's statuses in the asked
// language and theme, a link back, and neither page able to read the other's storage.
import { expect, test } from '@playwright/test'

const EMBEDDER = 'http://localhost:4326'
const widget = (query: Record<string, string>): string =>
  `http://localhost:4322/embed/statuses?${new URLSearchParams({ place: 'wa/duvall', lat: '47.74', lon: '-121.99', name: 'Duvall, WA', ...query })}`
const embedded = (query: Record<string, string>, frame: { w?: number; h?: number } = {}): string =>
  `${EMBEDDER}/page?${new URLSearchParams({ widget: widget(query), ...(frame.w ? { w: String(frame.w) } : {}), ...(frame.h ? { h: String(frame.h) } : {}) })}`

test('another site embeds Duvall’s statuses, in its language and theme, with a link back', async ({ page }) => {
  await page.goto(embedded({ lang: 'es', theme: 'dark', size: 'full', roads: '1' }))
  const frame = page.frameLocator('#porchlight')
  await expect(frame.locator('li', { hasText: 'Flood warning: Snoqualmie River' })).toBeVisible()
  await expect(frame.locator('h2').first()).toHaveText('Avisos')
  await expect(frame.locator('h2').nth(1)).toHaveText('Carreteras')
  await expect(frame.locator('html')).toHaveAttribute('lang', 'es')
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await frame.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(20, 18, 31)')
  const back = frame.getByRole('link', { name: 'Duvall, WA en Porchlight' })
  await expect(back).toHaveAttribute('href', 'http://localhost:4322/es/wa/duvall/statuses')
  await expect(back).toHaveAttribute('target', '_blank')

  await page.goto(embedded({ lang: 'en', theme: 'light', size: 'compact' }))
  await expect(frame.locator('h2')).toHaveText(['Statuses'])
  // Three items and the row that says how many more wait behind the link back.
  await expect(frame.locator('li')).toHaveCount(4)
  await expect(frame.locator('li').last()).toHaveText(/^\+\d+ more$/)
  expect(await frame.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(255, 255, 255)')
})

test('the documented 360 x 220 frame keeps its link back in view, each row says its priority in words', async ({ page }) => {
  await page.goto(embedded({ lang: 'es', size: 'compact' }, { w: 360, h: 220 }))
  const frame = page.frameLocator('#porchlight')
  const flood = frame.locator('li', { hasText: 'Flood warning: Snoqualmie River' })
  await expect(flood).toBeVisible()
  // Colour is never the only sign: the red bar comes with its word, in the widget's language.
  await expect(flood.locator('.widget-tag')).toHaveText('Crítico')
  const back = frame.getByRole('link', { name: 'Duvall, WA en Porchlight' })
  await expect(back).toBeInViewport({ ratio: 1 })
  // The list scrolls inside the frame; the page itself never needs to.
  expect(await frame.locator('html').evaluate((html) => html.scrollHeight <= html.clientHeight)).toBe(true)
})

test('the Spanish widget says states in Spanish, and full with roads at 600 px shows both lists', async ({ page }) => {
  await page.goto(embedded({ lang: 'es', size: 'full', roads: '1' }, { w: 600, h: 420 }))
  const frame = page.frameLocator('#porchlight')
  await expect(frame.locator('li', { hasText: 'Flood warning: Snoqualmie River' }).locator('small')).toHaveText('Activo')
  const states = await frame.locator('li small').allTextContents()
  expect(states.length).toBeGreaterThan(3)
  for (const state of states) expect(['active', 'pending', 'closed', 'open', 'blocked']).not.toContain(state)
  // Roads beside the statuses, in the first screen of the frame.
  await expect(frame.locator('h2').nth(1)).toHaveText('Carreteras')
  await expect(frame.locator('h2').nth(1)).toBeInViewport()
  await expect(frame.locator('section').nth(1).locator('li').first()).toBeInViewport()
  await expect(frame.getByRole('link', { name: 'Duvall, WA en Porchlight' })).toBeInViewport({ ratio: 1 })
})

test('the widget and the page that embeds it cannot read each other, and the widget sets no cookies', async ({
  page,
  context,
}) => {
  // Counts every storage use of the widget's page. (This browser does not partition a frame's storage by
  // the site that embeds it, as browsers now do by default: the widget must not depend on that.)
  await context.addInitScript(() => {
    if (!location.pathname.startsWith('/embed/')) return
    for (const name of ['getItem', 'setItem', 'removeItem', 'key', 'clear'] as const) {
      const original = Object.getOwnPropertyDescriptor(Storage.prototype, name)?.value as (...args: unknown[]) => unknown
      Object.defineProperty(Storage.prototype, name, {
        value(this: Storage, ...args: unknown[]) {
          const root = document.documentElement
          root.dataset['storageUses'] = String(Number(root.dataset['storageUses'] ?? 0) + 1)
          return original.apply(this, args)
        },
      })
    }
  })
  // The visitor's Porchlight state, on Porchlight's own origin.
  await page.goto('/wa/duvall')
  await page.evaluate(() => localStorage.setItem('porchlight:pinnedLocations', '[{"method":"selected","lat":1,"lon":2}]'))
  // Porchlight's own pages may set their telemetry cookies (docs/telemetry.md): gone before the widget loads.
  await page.goto('about:blank')
  await context.clearCookies()
  await page.goto(embedded({}))
  const frame = page.frameLocator('#porchlight')
  await expect(frame.locator('li').first()).toBeVisible()
  // The embedding page reaches neither the widget's document nor its storage.
  const reach = await page.evaluate(() => {
    const frameWindow = document.querySelector<HTMLIFrameElement>('#porchlight')?.contentWindow
    let storage = 'blocked'
    try {
      storage = String(frameWindow?.localStorage.length)
    } catch {
      // A cross-origin frame's storage is out of reach.
    }
    return { document: document.querySelector<HTMLIFrameElement>('#porchlight')?.contentDocument ?? null, storage }
  })
  expect(reach).toEqual({ document: null, storage: 'blocked' })
  // The widget reaches neither the embedding page nor its storage, and reads no Porchlight state of its own.
  // The widget never touched storage: none of the visitor's Porchlight state is read into it.
  await expect(frame.locator('html')).not.toHaveAttribute('data-storage-uses', /.*/)
  const inside = await frame.locator('body').evaluate(() => {
    let parent = 'blocked'
    try {
      parent = window.parent.document.title
    } catch {
      // The embedding page is another origin.
    }
    return { parent, secret: localStorage.getItem('town-secret') }
  })
  expect(inside).toEqual({ parent: 'blocked', secret: null })
  const cookies = await context.cookies('http://localhost:4322')
  expect(cookies).toEqual([])
})

test('only the widget may be framed by other sites', async ({ request }) => {
  const framable = await request.get(widget({}))
  expect(framable.headers()['content-security-policy']).toContain('frame-ancestors *')
  expect(framable.headers()['x-frame-options']).toBeUndefined()
  for (const path of ['/wa/duvall', '/wa/duvall/statuses', '/widget', '/editor']) {
    const answer = await request.get(path)
    expect(answer.headers()['x-frame-options'], path).toBe('DENY')
    expect(answer.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'")
  }
})

test('“Put this on your website” previews the widget and gives the line to copy', async ({ page }) => {
  await page.goto('/wa/carnation')
  await page.getByRole('link', { name: 'Put this on your website' }).click()
  await expect(page).toHaveURL(/\/widget$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Put this on your website')
  // The last place visited comes first.
  await expect(page.locator('#widget-place-choice')).toHaveValue(/^wa\/carnation\|/)
  await page.locator('#widget-place-choice').selectOption({ label: 'Duvall, WA' })
  await page.getByLabel('Dark').check()
  await page.getByLabel('Full').check()
  await page.locator('select[name="lang"]').selectOption('de')
  const code = await page.locator('#widget-code').inputValue()
  expect(code).toMatch(
    /^<iframe src="http:\/\/localhost:4322\/embed\/statuses\?place=wa%2Fduvall&amp;lat=47\.74&amp;lon=-121\.99&amp;lang=de&amp;theme=dark&amp;size=full" /,
  )
  const preview = page.frameLocator('#widget-preview iframe')
  await expect(preview.locator('h2').first()).toHaveText('Meldungen')
  await expect(preview.locator('li', { hasText: 'Flood warning: Snoqualmie River' })).toBeVisible()
})

test('“Put this on your website” on a phone: no nav entry marked as this page, Copy above the tab bar, 44 px controls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/widget')
  await expect(page.locator('.tabs [aria-current="page"], .sidebar [aria-current="page"]')).toHaveCount(0)
  await expect(page.locator('.tab-more')).not.toHaveAttribute('data-current', /.*/)
  const copy = page.getByRole('button', { name: 'Copy' })
  // Reached by the keyboard (focus scrolls it into view), the button stops above the fixed tab bar, not under it.
  await copy.focus()
  const [shown, bar] = await Promise.all([copy.boundingBox(), page.locator('.tabs').boundingBox()])
  expect(shown!.y + shown!.height).toBeLessThanOrEqual(bar!.y)
  for (const control of [page.locator('#widget-place-choice'), page.getByText('Dark', { exact: true }), copy])
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44)
})
