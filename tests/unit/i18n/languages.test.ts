// One list of languages (LOCALES in src/lib/routing/routes.ts) drives every place that names them
// (docs/languages.md). Places TypeScript checks (Record<Locale, …>) fail the type check when a language
// is missing; this file covers the rest and names the file to fix.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HEAD_SCRIPT, withLanguages } from '../../../src/components/head-script.ts'
import { dictionaries } from '../../../src/i18n/index.ts'
import { LANGUAGE_NAMES } from '../../../src/i18n/languages.ts'
import { loadDictionary, loadOfferTexts } from '../../../src/i18n/lazy.ts'
import { DICTIONARY_PARTS } from '../../../src/i18n/parts.ts'
import { INTENT_WORDS, SCOPE_WORDS } from '../../../src/lib/assistant/vocabulary.ts'
import { DEFAULT_LOCALE, LOCALES } from '../../../src/lib/routing/routes.ts'

const LIST_FILE = 'src/lib/routing/routes.ts'
const others = LOCALES.filter((l) => l !== DEFAULT_LOCALE)

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path)
    return /\.(ts|tsx|astro|mjs|js)$/.test(name) ? [path] : []
  })
}

/**
 * The lines of a text that spell the site's languages out: every language but English as a list item
 * (quoted, or between `|`, `,`, brackets), as in ['es', 'fr', …], /(es|fr|…)/ or 'en,es,fr,…'.
 * Object keys (`es: 'Hola'`) are not lists: a Record<Locale, …> is checked by TypeScript.
 */
export function listedLanguages(text: string, locales: readonly string[] = others): number[] {
  const item = (code: string) => new RegExp(`(^|['"|,(\\[\\s])${code}(?=['"|,)\\]]|$)`, 'm')
  return text.split('\n').flatMap((line, index) => (locales.every((code) => item(code).test(line)) ? [index + 1] : []))
}

describe('the language list', () => {
  it('the scan finds lists as the code writes them, and not Records', () => {
    expect(listedLanguages("const L = ['en', 'es', 'fr', 'de', 'ja', 'zh'] as const")).toEqual([1])
    expect(listedLanguages('const re = /^(\\/(es|fr|de|ja|zh))?\\/x/')).toEqual([1])
    expect(listedLanguages("x\nBUILD_LOCALES ?? 'en,es,fr,de,ja,zh'")).toEqual([2])
    expect(listedLanguages("{ en: 'No', es: 'Sin', fr: 'Pas', de: 'Kein', ja: '運休', zh: '停运' }")).toEqual([])
    expect(listedLanguages("BUILD_LOCALES: 'en,es,de,ja'")).toEqual([])
  })

  it(`is written once, in ${LIST_FILE}: no other file spells it out`, () => {
    const files = [...sources('src'), ...sources('server'), ...sources('scripts'), 'astro.config.mjs']
    const copies = files
      .filter((file) => file !== LIST_FILE)
      .flatMap((file) => listedLanguages(readFileSync(file, 'utf8')).map((line) => `${file}:${line}`))
    expect(copies, 'import LOCALES from src/lib/routing/routes.ts instead').toEqual([])
    expect(listedLanguages(readFileSync(LIST_FILE, 'utf8'))).toHaveLength(1)
  })

  it('astro.config.mjs takes its i18n locales and the sitemap filter from LOCALES', () => {
    const config = readFileSync('astro.config.mjs', 'utf8')
    expect(config, 'astro.config.mjs').toMatch(/import \{[^}]*\bLOCALES\b[^}]*\} from '\.\/src\/lib\/routing\/routes\.ts'/)
    expect(config, 'astro.config.mjs').toContain('locales: [...LOCALES]')
  })

  it('the inline head script (src/components/head-script.js) detects every language', () => {
    expect(HEAD_SCRIPT, 'src/components/head-script.ts').toContain(`=${JSON.stringify(LOCALES)}`)
    expect(withLanguages("var supported = ['en']\nvar x = 1", ['en', 'eo'])).toBe('var supported = ["en","eo"]\nvar x = 1')
    expect(() => withLanguages('var langs = []', ['en'])).toThrow(/head-script\.js/)
  })
})

describe.each(LOCALES)('%s', (locale) => {
  it(`has a dictionary (src/i18n/${locale}.json) in src/i18n/index.ts`, () => {
    expect(existsSync(`src/i18n/${locale}.json`), `src/i18n/${locale}.json`).toBe(true)
    expect(Object.keys(dictionaries[locale]).length, 'src/i18n/index.ts').toBeGreaterThan(500)
  })

  it('has its dictionary parts and offer in src/i18n/lazy.ts', async () => {
    const texts = await loadDictionary(locale, DICTIONARY_PARTS)
    expect(Object.keys(texts).length, 'src/i18n/lazy.ts').toBe(Object.keys(dictionaries[locale]).length)
    expect((await loadOfferTexts(locale))['language.viewInThis'], 'src/i18n/lazy.ts').toBeTruthy()
  })

  it('has a native name in src/i18n/languages.ts', () => {
    expect(LANGUAGE_NAMES[locale], 'src/i18n/languages.ts').toBeTruthy()
  })

  it("has the assistant's words for every intent and time scope in src/lib/assistant/vocabulary.ts", () => {
    const missing = [...Object.entries(INTENT_WORDS), ...Object.entries(SCOPE_WORDS)]
      .filter(([, table]) => !table[locale]?.length)
      .map(([name]) => name)
    expect(missing, 'src/lib/assistant/vocabulary.ts').toEqual([])
  })
})
