// Writes every city page of a build from its (language, section) shell (src/lib/routing/page-fill.ts), and
// checks the fill against the sample pages Astro rendered itself: one differing byte fails the build.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BuildScope } from '../../src/lib/routing/build-scope.ts'
import { fillDifference, fillPage, pageTemplate, SHELL_CITY, type PageTemplate } from '../../src/lib/routing/page-fill.ts'
import { localePrefix } from '../../src/lib/routing/routes.ts'
import { checkRoutes, cityPages, shellPage } from '../../src/lib/routing/page-list.ts'

export type FillResult = { written: number; checked: number }

/** Where a page's file is: dist, the language prefix, the path, `.html` (Astro's `build.format: 'file'`). */
const fileOf = (dist: string, locale: Parameters<typeof localePrefix>[0], path: string): string =>
  join(dist, `${localePrefix(locale)}/${path}.html`)

/**
 * Fills in the scope's city pages under `dist` from the shells Astro wrote there, then removes the
 * shells. A page Astro rendered too (the check sample) is compared, not written; the path of each
 * page written goes to `written` (for the sitemap), and `progress` hears the count now and then.
 */
export function fillCityPages(
  dist: string,
  citiesText: string,
  scope: BuildScope,
  paths: string[] = [],
  progress: (done: number) => void = () => {},
): FillResult {
  const templates = new Map<string, PageTemplate>()
  const shells: string[] = []
  const pages = cityPages(citiesText, scope)
  const sample = checkRoutes(citiesText, scope)
  const made = new Set<string>()
  let [written, checked] = [0, 0]
  for (const page of pages) {
    const key = `${page.locale}|${page.section}`
    let template = templates.get(key)
    if (!template) {
      const shell = fileOf(dist, page.locale, shellPage(page.locale, page.section).path)
      template = pageTemplate(readFileSync(shell, 'utf8'))
      templates.set(key, template)
      shells.push(shell)
    }
    const html = fillPage(template, page.city, page.nearby)
    const file = fileOf(dist, page.locale, page.path)
    const dir = file.slice(0, file.lastIndexOf('/'))
    if (sample.has(page.city.route)) {
      const astro = readFileSync(file, 'utf8')
      if (astro !== html) {
        const where = `${localePrefix(page.locale)}/${page.path} (${page.city.name}, ${page.city.state}; ${file})`
        throw new Error(`page fill: the page ${where} differs from Astro's: ${fillDifference(astro, html, page.city)}`)
      }
      checked++
    } else {
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true })
        made.add(dir)
      }
      writeFileSync(file, html)
      paths.push(`${localePrefix(page.locale)}/${page.path}`)
      written++
    }
    if ((written + checked) % 5000 === 0) progress(written + checked)
  }
  for (const shell of shells) rmSync(shell, { force: true })
  // The shells' section pages sit in a folder named after the stand-in route, one per language.
  for (const locale of scope.locales)
    rmSync(join(dist, `${localePrefix(locale)}/${SHELL_CITY.route}`), { recursive: true, force: true })
  return { written, checked }
}
