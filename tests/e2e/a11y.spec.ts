import { expect, test, type Page } from '@playwright/test'
import { WCAG_AA, axe, networkQuiet, scrollThrough, stopAnimations, violationLines } from './axe.ts'
import { serveProviders } from './providers.ts'

// Each test loads its page once per theme: dark first, then light by a reload with the setting
// changed (the same fresh load as before, minus a new browser context). A violation in one theme
// does not hide the other's: both are soft assertions, named by theme.
const THEMES = ['dark', 'light'] as const
type Seed = { language: string; night?: boolean; token?: string | null }

/**
 * Seeds the visitor state before every load of the page, as a first visit with these settings:
 * the theme comes from this tab’s session, so a reload can switch it (see `open`).
 */
async function seed(page: Page, seed: Seed): Promise<void> {
  await page.addInitScript((s) => {
    const theme = sessionStorage.getItem('e2e:theme') ?? 'dark'
    const settings = s.night === undefined ? { version: 1, theme } : { version: 1, theme, nightMode: s.night }
    localStorage.setItem('porchlight:settings', JSON.stringify(settings))
    localStorage.setItem('i18nextLng', s.language)
    if (s.token) localStorage.setItem('porchlight:token', JSON.stringify(s.token))
  }, seed)
}

/**
 * Opens the page in a theme (the first call navigates, the next reloads with the new theme) and
 * returns a watch on its requests: settled once none has been open for 500 ms, like `networkidle`
 * after a load, but also counting what the page asks for after it (islands hydrating on scroll).
 */
async function open(page: Page, path: string, theme: (typeof THEMES)[number]): Promise<{ settled: () => Promise<void> }> {
  const quiet = networkQuiet(page)
  if (theme === 'dark') await page.goto(path)
  else {
    await page.evaluate((t) => sessionStorage.setItem('e2e:theme', t), theme)
    await page.reload()
  }
  return quiet
}

async function expectNoViolations(page: Page, theme: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  // The skeleton shimmer animates colours; axe reads contrast from a settled page.
  await stopAnimations(page)
  expect.soft(violationLines(await axe(page).withTags(WCAG_AA).analyze()), `axe, ${theme} theme`).toEqual([])
}

const pages = [
  '/wa/duvall',
  '/wa/duvall/statuses',
  '/wa/duvall/cameras',
  '/wa/duvall/roads',
  '/wa/duvall/local',
  '/wa/duvall/page',
  '/ja/wa/duvall',
  '/z/47.74/-121.98/roads',
  '/z/999/0',
  '/settings',
  '/editor',
  '/login',
  '/reset/abc',
  '/page',
  '/no/such/page/here',
  '/widget',
  '/offline',
]
for (const path of pages) {
  test(`${path} has no axe violations (dark and light)`, async ({ page }) => {
    await seed(page, { language: path.startsWith('/ja/') ? 'ja' : 'en' })
    await serveProviders(page)
    for (const theme of THEMES) {
      const quiet = await open(page, path, theme)
      // Bring every lazy island into view so axe checks what visitors see, not skeletons,
      // and wait until what they fetched has arrived.
      await scrollThrough(page)
      await quiet.settled()
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
      await expectNoViolations(page, theme)
    }
  })
}

// What issue 18 added: the signed-in account line, the language offer, night mode, a city not found.
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = `${b64({ alg: 'HS256' })}.${b64({ EntityType: 2, name: 'Pat Page', pageName: 'wa/carnation', exp: 4102444800 })}.sig`
const states = [
  { name: 'signed-in nav', path: '/wa/duvall/roads', language: 'en', token, night: false },
  { name: 'language offer', path: '/ja/wa/duvall/cameras', language: 'en', token: null, night: false },
  { name: 'night mode', path: '/wa/duvall/local', language: 'en', token: null, night: true },
  { name: 'city not found', path: '/wa/nowhereville', language: 'en', token: null, night: false },
]
for (const state of states) {
  test(`${state.name} has no axe violations (dark and light)`, async ({ page }) => {
    await seed(page, state)
    await serveProviders(page)
    for (const theme of THEMES) {
      await (await open(page, state.path, theme)).settled()
      if (state.token) await expect(page.locator('.side [data-account]')).toContainText('Pat Page')
      if (state.name === 'language offer') await expect(page.locator('#language-offer')).toBeVisible()
      if (state.name === 'city not found') await expect(page.locator('.city-miss')).toBeVisible()
      await expectNoViolations(page, theme)
    }
  })
}

// Best practice beyond WCAG AA: two search landmarks (the city search and the Local page's business
// search) must be told apart by name, at desktop width where both show.
test('landmarks are named apart on every page type', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await seed(page, { language: 'en' })
  await serveProviders(page)
  for (const path of ['/wa/duvall', '/wa/duvall/statuses', '/wa/duvall/roads', '/wa/duvall/local', '/editor', '/settings']) {
    await page.goto(path)
    await expect(page.locator('.search').first()).toBeAttached()
    const results = await axe(page).withRules(['landmark-unique']).analyze()
    expect.soft(violationLines(results), path).toEqual([])
  }
})

test('the open "Notify me" sheet has no violations in either theme, at 360 and 1440 px', async ({ page }) => {
  // Four axe runs.
  test.setTimeout(150_000)
  await seed(page, { language: 'en' })
  await serveProviders(page)
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    for (const theme of THEMES) {
      if (page.url() === 'about:blank') await page.goto('/wa/duvall')
      await page.evaluate((t) => sessionStorage.setItem('e2e:theme', t), theme)
      const quiet = networkQuiet(page)
      await page.reload()
      await quiet.settled()
      await page.getByRole('button', { name: 'Notify me' }).click()
      await expect(page.getByRole('dialog').locator('.btn-primary')).toBeVisible({ timeout: 20_000 })
      // Email chosen too: its field and mode chips are part of the sheet.
      await page.getByRole('radio', { name: /By email/ }).check()
      await expectNoViolations(page, theme)
      await page.keyboard.press('Escape')
    }
  }
})
