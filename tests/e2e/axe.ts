// axe-core for the end-to-end tests: the WCAG 2.1 AA rule set, run the cheap way when it gives the same answer.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The rule tags every axe check in tests/e2e uses. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** axe-core's minified build: the same version and rules as the 1.5 MB source the builder injects by default. */
const AXE_MIN = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * An AxeBuilder for a page. By default @axe-core/playwright injects axe-core's 1.5 MB source, runs
 * axe per frame and merges the results in a blank page it opens for every run (a new tab, axe
 * injected again): about half of each run's time. The site has no frames, so here axe runs once in
 * the page itself (`axe.run`, its "legacy mode"), which for a single frame checks the same rules on
 * the same nodes, from the 0.65 MB minified build. A page that does have frames keeps the per-frame mode.
 * @example const results = await axe(page).withTags(WCAG_AA).analyze()
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page, axeSource: AXE_MIN }).setLegacyMode(page.frames().length === 1)
}

/** Violations as `rule: target, target` lines, for one readable assertion. */
export function violationLines(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/**
 * Resolves once none of the page's requests has been open for `quietMs`: what `networkidle` means
 * after `goto`, usable again later (`waitForLoadState('networkidle')` returns at once on a page that
 * was idle before). Start it before the action whose requests it should wait for.
 * @example const quiet = networkQuiet(page); await scrollThrough(page); await quiet.settled()
 */
export function networkQuiet(page: Page, quietMs = 500, timeoutMs = 20_000): { settled: () => Promise<void> } {
  const open = new Set<unknown>()
  let last = Date.now()
  const opened = (request: unknown) => {
    open.add(request)
    last = Date.now()
  }
  const closed = (request: unknown) => {
    open.delete(request)
    last = Date.now()
  }
  page.on('request', opened)
  page.on('requestfinished', closed)
  page.on('requestfailed', closed)
  return {
    async settled() {
      const started = Date.now()
      try {
        while (open.size > 0 || Date.now() - last < quietMs) {
          if (Date.now() - started > timeoutMs) throw new Error(`network not quiet after ${timeoutMs} ms: ${open.size} open`)
          await page.waitForTimeout(50)
        }
      } finally {
        page.off('request', opened)
        page.off('requestfinished', closed)
        page.off('requestfailed', closed)
      }
    },
  }
}

/**
 * Scrolls the page from top to bottom in half-screen steps, a frame apart, so every island that
 * hydrates when visible (src/islands/hydrate.ts) is seen at least once.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    const step = Math.max(100, Math.floor(window.innerHeight / 2))
    for (let y = 0; y < document.body.scrollHeight; y += step) {
      window.scrollTo(0, y)
      await frame()
    }
  })
}

/**
 * Stops every animation (the skeleton shimmer animates colours; axe reads contrast from a settled page).
 * A constructed stylesheet, not a `<style>` tag: the site's CSP (`style-src 'self'`) refuses inline styles.
 */
export async function stopAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync('*{animation:none!important}')
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  })
}
