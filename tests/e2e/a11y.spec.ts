import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { serveProviders } from './providers.ts'

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
]
for (const theme of ['dark', 'light']) {
  for (const path of pages) {
    test(`${path} has no axe violations (${theme})`, async ({ page }) => {
      const language = path.startsWith('/ja/') ? 'ja' : 'en'
      await page.addInitScript(
        ([t, l]) => {
          localStorage.setItem('porchlight:settings', JSON.stringify({ version: 1, theme: t }))
          localStorage.setItem('i18nextLng', l)
        },
        [theme, language] as const,
      )
      await serveProviders(page)
      await page.goto(path, { waitUntil: 'networkidle' })
      // Bring every lazy island into view so axe checks what visitors see, not skeletons.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 300) {
          window.scrollTo(0, y)
          await new Promise((done) => setTimeout(done, 30))
        }
      })
      await page.waitForLoadState('networkidle')
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
      // The skeleton shimmer animates colours; axe reads contrast from a settled page.
      await page.addStyleTag({ content: '*{animation:none!important}' })
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }
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
for (const theme of ['dark', 'light']) {
  for (const state of states) {
    test(`${state.name} has no axe violations (${theme})`, async ({ page }) => {
      await page.addInitScript(
        ([t, s]) => {
          localStorage.setItem('porchlight:settings', JSON.stringify({ version: 1, theme: t, nightMode: s.night }))
          localStorage.setItem('i18nextLng', s.language)
          if (s.token) localStorage.setItem('porchlight:token', JSON.stringify(s.token))
        },
        [theme, state] as const,
      )
      await serveProviders(page)
      await page.goto(state.path, { waitUntil: 'networkidle' })
      if (state.token) await expect(page.locator('.side [data-account]')).toContainText('Pat Page')
      if (state.name === 'language offer') await expect(page.locator('#language-offer')).toBeVisible()
      if (state.name === 'city not found') await expect(page.locator('.city-miss')).toBeVisible()
      await page.addStyleTag({ content: '*{animation:none!important}' })
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }
}
