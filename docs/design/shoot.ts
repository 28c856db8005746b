// Screenshots of every page type for docs/design.md (before/after of issue 28's design pass).
// Usage: npx node docs/design/shoot.ts <out dir> [base URL]; needs the site on :4399 and the demo API on :8798
// (docs/design.md says how). Weather providers answer from the e2e fixtures; nothing reaches the internet.
import { mkdirSync } from 'node:fs'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import sharp from 'sharp'
import { answer, at, ipaws, kept, nws, wsdot } from '../../tests/e2e/failing-answers.ts'
import { serveProviders } from '../../tests/e2e/providers.ts'

const out = process.argv[2] ?? 'docs/design/after'
const base = process.argv[3] ?? 'http://localhost:4399'
const only = process.env['SHOOT_ONLY']

// [name, path, staff sign-in]; an /embed/ path gets the set's language and theme in its query, a path with
// a scheme (the API's pages, a rendered email file) is opened as it is; SCENES below add steps.
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
  ['embed', '/embed/statuses?place=wa%2Fduvall&lat=47.74&lon=-121.99&size=compact'],
  ['embed-full', '/embed/statuses?place=wa%2Fduvall&lat=47.74&lon=-121.99&size=full&roads=1'],
  ['offline', '/offline'],
  // Written by `node docs/design/email-files.ts` (the API's confirm page and an alert email's HTML part).
  ['email-confirm', `file://${process.cwd()}/.build/email-confirm.html`],
  ['alert-email', `file://${process.cwd()}/.build/alert-email.html`],
  ['404', '/no/such/page'],
  // Issue 38: the "Notify me" sheet open, and the language offer on a Spanish page for an English browser.
  ['notify', '/wa/duvall'],
  ['statuses-offer', '/es/wa/duvall/statuses'],
  ['settings-location', '/settings'],
  // Issue 38, part 1: the failure states (the API's answer and the weather providers stubbed, docs/design.md).
  ['statuses-down', '/wa/duvall/statuses'],
  ['roads-down', '/wa/duvall/roads'],
  ['statuses-stale', '/wa/duvall/statuses'],
  ['weather-down', '/wa/duvall'],
  ['dashboard-down', '/wa/duvall/page'],
]

/** Every covering source failing: nothing known for statuses (NWS last answered 140 minutes ago) and roads. */
const DOWN = answer({
  statuses: { status: 'down', missing: [ipaws, nws(at(140))] },
  roads: { status: 'down', missing: [wsdot] },
})
/** The weather providers (forecast, air, marine, alerts, radar, earthquakes) not answering. */
const weatherDown = async (page: Page): Promise<void> => {
  await page.route(/open-meteo\.com|api\.weather\.gov|earthquake\.usgs\.gov|mesonet\.agron\.iastate\.edu/, (route) =>
    route.abort('internetdisconnected'),
  )
}
const reactionIs = async (page: Page, body: object): Promise<void> => {
  await page.route(/\/api\/reaction\?/, (route) => route.fulfill({ json: body }))
}
/** Pages that need a step: before the visit (storage), after it (open a dialog); `fixed`: the path is not localized. */
const SCENES: Record<string, { fixed?: boolean; before?: (page: Page) => Promise<void>; after?: (page: Page) => Promise<void> }> =
  {
    notify: {
      after: async (page) => {
        await page.locator('#notify').click()
        await page.locator('.notify-sheet .btn-primary').waitFor({ timeout: 20_000 })
        await page.waitForTimeout(300)
      },
    },
    // After the visits above: the last place opened, where "No Location Set" was.
    'settings-location': { after: (page) => page.locator('#location-h').evaluate((el) => el.scrollIntoView()) },
    'statuses-down': { before: (page) => reactionIs(page, DOWN) },
    'roads-down': { before: (page) => reactionIs(page, DOWN) },
    'statuses-stale': {
      before: (page) => reactionIs(page, answer({ statuses: { status: 'down', missing: [nws(at(95))] } }, [kept])),
    },
    'weather-down': { before: weatherDown },
    'dashboard-down': {
      before: async (page) => {
        await weatherDown(page)
        await reactionIs(page, DOWN)
      },
    },
    'statuses-offer': {
      fixed: true,
      before: async (page) => {
        await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
      },
      after: (page) => page.locator('#language-offer').waitFor({ timeout: 15_000 }),
    },
  }
type ShotSet = { width: number; height: number; theme: 'light' | 'dark'; lang: 'en' | 'es' }
const HEIGHTS: Record<number, number> = { 360: 800, 412: 915, 1024: 768, 1440: 900 }
// SHOOT_ALL=1: every width (360, 412, 1024, 1440) in both themes and both languages; SHOOT_FULL=1: the whole page.
// SHOOT_SETS=360:light:en,1440:dark:en,…: those sets only (width:theme:language).
const named = process.env['SHOOT_SETS']?.split(',').map((set): ShotSet => {
  const [width, theme, lang] = set.split(':')
  return {
    width: Number(width),
    height: HEIGHTS[Number(width)] ?? 900,
    theme: theme === 'dark' ? 'dark' : 'light',
    lang: lang === 'es' ? 'es' : 'en',
  }
})
const everySet: ShotSet[] = [360, 412, 1024, 1440].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((theme) =>
    (['en', 'es'] as const).map((lang) => ({ width, height: HEIGHTS[width] ?? 900, theme, lang })),
  ),
)
// SHOOT_WIDTHS=360,1440: those widths in both themes in English, and 360 px in Spanish (issue 38's set).
const widths = process.env['SHOOT_WIDTHS']
  ?.split(',')
  .map(Number)
  .flatMap((width) =>
    (['light', 'dark'] as const).map((theme) => ({ width, height: HEIGHTS[width] ?? 900, theme, lang: 'en' as const })),
  )
const SETS: ShotSet[] =
  named ??
  (widths && [...widths, { width: 360, height: 800, theme: 'light', lang: 'es' }]) ??
  (process.env['SHOOT_ALL']
    ? everySet
    : [
        // SHOOT_38=1: issue 38's sets, 360 instead of 412 px.
        { width: process.env['SHOOT_38'] ? 360 : 412, height: process.env['SHOOT_38'] ? 800 : 915, theme: 'light', lang: 'en' },
        { width: process.env['SHOOT_38'] ? 360 : 412, height: process.env['SHOOT_38'] ? 800 : 915, theme: 'dark', lang: 'en' },
        { width: 1440, height: 900, theme: 'light', lang: 'en' },
        { width: 1440, height: 900, theme: 'dark', lang: 'en' },
        { width: 360, height: 800, theme: 'light', lang: 'es' },
      ])
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
    // The service worker's own requests pass no page route: the failure states' stubbed answers would not apply.
    serviceWorkers: 'block',
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
    const scene = SCENES[name]
    await scene?.before?.(page)
    const embed = path.startsWith('/embed/')
    const external = /^[a-z]+:/.test(path)
    const localized = embed ? `${path}&lang=${set.lang}&theme=${set.theme}` : `/${set.lang}${path === '/' ? '' : path}`
    const url = external
      ? path.replace('.html', `-${set.lang}.html`)
      : `${base}${(set.lang === 'en' || scene?.fixed) && !embed ? path : localized}`
    if (external) await page.emulateMedia({ colorScheme: set.theme })
    // The offline page answers at any address (the service worker serves it); its language comes from the path.
    if (name === 'offline' && set.lang !== 'en')
      await page.route(url, async (route) => route.fulfill({ response: await page.request.get(`${base}${path}`) }))
    await page.goto(url)
    // The widget in its documented frames: 360 x 220 (compact), 600 x 420 (full, with roads).
    if (embed) await page.setViewportSize(name === 'embed' ? { width: 360, height: 220 } : { width: 600, height: 420 })
    await settle(page)
    await scene?.after?.(page)
    const raw = await page.screenshot({ fullPage })
    const file = `${out}/${name}-${set.width}-${set.theme}-${set.lang}.png`
    await sharp(raw)
      .resize({ width: Math.min(page.viewportSize()?.width ?? set.width, 720) })
      .png({ palette: true, colours: 96, compressionLevel: 9 })
      .toFile(file)
    await page.close()
  }
  await context.close()
}
await browser.close()
