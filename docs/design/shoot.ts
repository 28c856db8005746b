// Screenshots of every page type for docs/design.md (before/after of issue 28's design pass).
// Usage: node docs/design/shoot.ts <out dir> [base URL]; needs the site on :4399 and the demo API on :8798
// (docs/design.md says how). Weather providers answer from the e2e fixtures; nothing reaches the internet.
import { mkdirSync } from 'node:fs'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import sharp from 'sharp'
import { serveProviders } from '../../tests/e2e/providers.ts'

const out = process.argv[2] ?? 'docs/design/after'
const base = process.argv[3] ?? 'http://localhost:4399'
const only = process.env['SHOOT_ONLY']

const PAGES: [string, string, boolean?][] = [
  ['home', '/'],
  ['weather', '/wa/duvall'],
  ['statuses', '/wa/duvall/statuses'],
  ['roads', '/wa/duvall/roads'],
  ['cameras', '/wa/duvall/cameras'],
  ['local', '/wa/duvall/local'],
  ['dashboard', '/wa/duvall/page'],
  ['coordinate', '/z/47.74/-121.98'],
  ['settings', '/settings'],
  ['login', '/login'],
  ['editor', '/editor', true],
  ['coverage', '/coverage'],
  ['widget', '/widget'],
  ['404', '/no/such/page'],
]
type ShotSet = { width: number; height: number; theme: 'light' | 'dark'; lang: 'en' | 'es' }
const HEIGHTS: Record<number, number> = { 360: 800, 412: 915, 1024: 768, 1440: 900 }
// SHOOT_ALL=1: every width (360, 412, 1024, 1440) in both themes and both languages; SHOOT_FULL=1: the whole page.
const SETS: ShotSet[] = process.env['SHOOT_ALL']
  ? [360, 412, 1024, 1440].flatMap((width) =>
      (['light', 'dark'] as const).flatMap((theme) =>
        (['en', 'es'] as const).map((lang) => ({ width, height: HEIGHTS[width] ?? 900, theme, lang })),
      ),
    )
  : [
      // Issue 38's set: 360 and 1440 px, both themes, and 360 px in Spanish.
      { width: 360, height: 800, theme: 'light', lang: 'en' },
      { width: 360, height: 800, theme: 'dark', lang: 'en' },
      { width: 1440, height: 900, theme: 'light', lang: 'en' },
      { width: 1440, height: 900, theme: 'dark', lang: 'en' },
      { width: 360, height: 800, theme: 'light', lang: 'es' },
    ]
const fullPage = Boolean(process.env['SHOOT_FULL'])

async function signIn(context: BrowserContext): Promise<void> {
  const page = await context.newPage()
  await page.goto(`${base}/login`)
  const form = page.locator('#app-login')
  await form.getByLabel(/Email|Correo/).fill('staff@duvall.test')
  await form.getByLabel(/Password|Contraseña/).fill('design-password-1')
  await form.locator('button[type=submit]').first().click()
  await page.waitForURL(/\/editor$/)
  await page.close()
}

async function settle(page: Page): Promise<void> {
  // Scroll through so lazy islands fill in, then back to the top for the first screen.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y)
      await new Promise((done) => setTimeout(done, 120))
    }
    scrollTo(0, 0)
  })
  await page.waitForLoadState('networkidle').catch(() => {})
  // The cards that fill on load (a card's section says aria-busy until its data is in).
  await page
    .waitForFunction(
      () => !document.querySelector('.card[aria-busy="true"]:is(#page-now, #wx-current, #wx-hourly, #roads-list)'),
      null,
      {
        timeout: 15_000,
      },
    )
    .catch(() => {})
  await page.waitForTimeout(600)
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
mkdirSync(out, { recursive: true })
for (const set of SETS) {
  const context = await browser.newContext({
    viewport: { width: set.width, height: set.height },
    locale: set.lang === 'es' ? 'es-ES' : 'en-US',
    timezoneId: 'America/Los_Angeles',
  })
  await context.addInitScript((s) => {
    localStorage.setItem('porchlight:settings', JSON.stringify({ version: 1, theme: s.theme }))
    localStorage.setItem('i18nextLng', s.lang)
  }, set)
  let signedIn = false
  for (const [name, path, staff] of PAGES) {
    if (only && !only.split(',').includes(name)) continue
    if (staff && !signedIn) {
      await signIn(context)
      signedIn = true
    }
    const page = await context.newPage()
    await serveProviders(page)
    const url = `${base}${set.lang === 'en' ? path : `/${set.lang}${path === '/' ? '' : path}`}`
    await page.goto(url)
    await settle(page)
    const raw = await page.screenshot({ fullPage })
    const file = `${out}/${name}-${set.width}-${set.theme}-${set.lang}.png`
    await sharp(raw)
      .resize({ width: Math.min(set.width, 720) })
      .png({ palette: true, colours: 96, compressionLevel: 9 })
      .toFile(file)
    await page.close()
  }
  await context.close()
}
await browser.close()
