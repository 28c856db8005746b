import { transformSync } from 'esbuild'
import { LOCALES } from '../lib/routing/routes.ts'
import source from './head-script.js?raw'

/** The language list the script is written with; the build puts the site's list (LOCALES) in its place. */
const SUPPORTED = /var supported = \[[^\]]*\]/

/**
 * The head script's source with the site's languages in it.
 * @example withLanguages("var supported = ['en']", ['en', 'es']) // 'var supported = ["en","es"]'
 */
export function withLanguages(script: string, locales: readonly string[]): string {
  if (!SUPPORTED.test(script)) throw new Error('head-script.js: no `var supported = [...]` to fill with the languages')
  return script.replace(SUPPORTED, `var supported = ${JSON.stringify(locales)}`)
}

/** The head script, minified once per build process (it is inlined into every page). */
export const HEAD_SCRIPT = transformSync(withLanguages(source, LOCALES), { minify: true, target: 'es2015' }).code.trim()
